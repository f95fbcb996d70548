import { Loader2 } from "~/components/ui/icons";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { ApiError } from "~/lib/query";
import { mselImportApi, type MappingTarget, type MselChoices, type MselImportResult, type MselPreview } from "~/lib/msel-import-api";
import { MSEL_COLUMN_LABELS, mselColumns } from "../../../../shared/db/exercise-shapes";
import { HEADER_SEARCH_ROWS, MSEL_FILE_FORMATS } from "../../../../shared/exercises/msel-import";
import { MselPreviewTable } from "./msel-preview-table";

/** The spreadsheet and document types the import reads. */
const ACCEPT = MSEL_FILE_FORMATS.map((f) => `.${f}`).join(",");
const TARGET_LABEL = (target: MappingTarget) => (target === "skip" ? "Skip (not imported)" : MSEL_COLUMN_LABELS[target]);
const HEADER_ROWS = Array.from({ length: HEADER_SEARCH_ROWS }, (_, i) => i + 1);

export type MselImportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Append to this exercise's MSEL; without it the import makes a new exercise. */
  exerciseId?: string;
  onImported: (result: MselImportResult) => void;
};

const messageOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : "Something went wrong. Try again.");

/**
 * Import an MSEL from a planner's own file (issue 32): choose it, check what Readyroom read — the
 * sheet, the header row, each column's mapping (changeable), the first rows as they will be
 * imported, what could not be read — then import. Nothing is written before Import.
 */
export default function MselImportDialog({ open, onOpenChange, exerciseId, onImported }: MselImportDialogProps) {
  const [file, setFile] = React.useState<File | null>(null);
  const [preview, setPreview] = React.useState<MselPreview | null>(null);
  const [name, setName] = React.useState("");
  const [busy, setBusy] = React.useState<"preview" | "import" | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const request = React.useRef(0);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    setName("");
  };

  const load = async (chosen: File, next: MselChoices) => {
    const id = ++request.current;
    setBusy("preview");
    setError(null);
    try {
      const result = await mselImportApi.preview(chosen, next, exerciseId);
      if (id !== request.current) return;
      setPreview(result);
    } catch (err) {
      if (id === request.current) setError(messageOf(err));
    } finally {
      if (id === request.current) setBusy(null);
    }
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setName(chosen.name.replace(/\.[^.]*$/, ""));
    void load(chosen, {});
  };

  const mapping = preview?.columns.map((c) => c.target) ?? [];
  const setTarget = (index: number, target: MappingTarget) => {
    if (!file || !preview) return;
    void load(file, { sheet: preview.sheet, headerRow: preview.headerRow, mapping: mapping.map((t, i) => (i === index ? target : t)) });
  };

  const runImport = async () => {
    if (!file || !preview) return;
    setBusy("import");
    setError(null);
    try {
      const final = { sheet: preview.sheet, headerRow: preview.headerRow, mapping };
      const result = await mselImportApi.import(file, final, exerciseId ? { target: exerciseId } : { target: "new", name: name.trim() });
      reset();
      onImported(result);
    } catch (err) {
      // The file and choices stay: the planner can fix what the message says and import again.
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[92vh] max-w-5xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Import MSEL</DialogTitle>
          <DialogDescription>
            {exerciseId ? "Add the injects of an MSEL file to the end of this exercise's MSEL. " : "Start a new exercise from an MSEL you already have. "}
            Excel (.xlsx, .xls), OpenDocument (.ods), CSV or TSV, or a Word document whose first table is the MSEL. Nothing is saved until you import.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="msel-file">MSEL file</Label>
            <input
              id="msel-file"
              type="file"
              accept={ACCEPT}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-accent"
              onChange={(e) => choose(e.target.files?.[0])}
              disabled={busy === "import"}
            />
          </div>

          {error ? <Alert variant="destructive">{error}</Alert> : null}
          {busy === "preview" && !preview ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Reading {file?.name}…
            </p>
          ) : null}

          {preview ? (
            <PreviewBody
              preview={preview}
              busy={busy === "preview"}
              onSheet={(sheet) => file && void load(file, { sheet })}
              onHeaderRow={(headerRow) => file && void load(file, { sheet: preview.sheet, headerRow })}
              onTarget={setTarget}
            />
          ) : null}

          {preview && !exerciseId ? <Field label="New exercise's name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} /> : null}
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void runImport()} disabled={!preview || busy !== null}>
            {busy === "import" ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {preview ? `Import ${preview.rowCount} ${preview.rowCount === 1 ? "row" : "rows"}` : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({
  preview,
  busy,
  onSheet,
  onHeaderRow,
  onTarget,
}: {
  preview: MselPreview;
  busy: boolean;
  onSheet: (sheet: string) => void;
  onHeaderRow: (row: number) => void;
  onTarget: (index: number, target: MappingTarget) => void;
}) {
  const headerRows = HEADER_ROWS.includes(preview.headerRow) ? HEADER_ROWS : [...HEADER_ROWS, preview.headerRow];
  return (
    <div className="grid gap-4" aria-busy={busy}>
      <p className="text-sm" role="status">
        <strong>{preview.rowCount}</strong> {preview.rowCount === 1 ? "row" : "rows"} to import
        {preview.unreadableCells ? (
          <>
            {" · "}
            <strong>{preview.unreadableCells}</strong> {preview.unreadableCells === 1 ? "date or time" : "dates or times"} kept as written (not readable)
          </>
        ) : null}
        {busy ? <Loader2 className="ml-2 inline size-4 animate-spin" aria-label="Updating the preview" /> : null}
      </p>

      <div className="grid gap-3 sm:grid-cols-2">
        {preview.sheets.length > 1 ? (
          <div className="grid gap-1.5">
            <Label htmlFor="msel-sheet">Sheet</Label>
            <Select value={preview.sheet} onValueChange={onSheet}>
              <SelectTrigger id="msel-sheet">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {preview.sheets.map((s) => (
                  <SelectItem key={s.name} value={s.name}>
                    {s.name}
                    {s.hidden ? " (hidden)" : ""}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor="msel-header-row">Header row</Label>
          <Select value={String(preview.headerRow)} onValueChange={(v) => onHeaderRow(Number(v))}>
            <SelectTrigger id="msel-header-row">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {headerRows.map((r) => (
                <SelectItem key={r} value={String(r)}>
                  Row {r}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Columns</legend>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {preview.columns.map((column, i) => {
            const id = `msel-map-${i}`;
            return (
              <li key={`${column.column}-${column.header}`} className="grid gap-1 rounded-md border bg-card p-2">
                <Label htmlFor={id} className="truncate">
                  <span className="text-muted-foreground">{column.column} · </span>
                  {column.header || "(no header)"}
                </Label>
                <Select value={column.target} onValueChange={(v) => onTarget(i, v as MappingTarget)}>
                  <SelectTrigger id={id} aria-describedby={`${id}-samples`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {[...mselColumns, "skip" as const].map((target) => (
                      <SelectItem key={target} value={target}>
                        {TARGET_LABEL(target)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <p id={`${id}-samples`} className="truncate text-xs text-muted-foreground">
                  {column.samples.length ? column.samples.join(" · ") : "No values"}
                  {column.target !== column.proposed ? ` (proposed: ${TARGET_LABEL(column.proposed)})` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      </fieldset>

      {preview.warnings.length ? (
        <Alert variant="info">
          <ul className="list-disc space-y-1 pl-4">
            {preview.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <MselPreviewTable rows={preview.rows} total={preview.rowCount} />
    </div>
  );
}
