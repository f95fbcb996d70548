import { useSearchParams } from "@remix-run/react";
import { PlanSourceNote } from "../plan-source";
import { MselImportButton } from "../msel-import/msel-import-button";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { cn } from "~/lib/utils";
import { MSEL_COLUMN_LABELS, mselColumns, type MselColumn } from "../../../../shared/db/exercise-shapes";
import { AddButton, move, RowActions } from "../list-editor";
import type { MselRow, StepEditorProps } from "../types";
import { parseAddedRows } from "../../../../shared/exercises/msel-append";
import { CapImportButton } from "./cap-import";

/** Column widths in rem: short codes stay narrow, the text columns get room. */
const WIDTH: Record<MselColumn, number> = {
  event: 4,
  date: 7,
  time: 5,
  category: 9,
  injectMode: 11,
  synopsis: 16,
  from: 8,
  to: 8,
  message: 20,
  expectedAction: 16,
  responsibleOrganization: 11,
  pocAuthor: 9,
  comment: 12,
};

const LONG = new Set<MselColumn>(["synopsis", "message", "expectedAction", "comment"]);
/** One-line values that can still be long ("Hazardous materials release"): they wrap instead of being cut, and Enter still moves down. */
const WRAPPED = new Set<MselColumn>(["category", "from", "to", "responsibleOrganization", "pocAuthor"]);
const INJECT_MODES = ["E-mail", "Phone", "Radio", "Video", "Paper handout", "Simulated social media", "In person"];

function emptyRow(event: number): MselRow {
  return Object.fromEntries(mselColumns.map((c) => [c, c === "event" ? String(event) : ""])) as MselRow;
}

/**
 * The Master Scenario Events List: every column editable in place, dense and horizontally
 * scrollable. Keyboard: Alt+↑/↓ moves between rows in the same column; Enter in a one-line cell
 * moves down (and adds a row at the end of the table).
 */
export function MselEditor({ exercise, onChange, onImportCap }: StepEditorProps & { onImportCap?: (file: File) => Promise<unknown> }) {
  const rows = exercise.mselTable ?? [];
  const added = useAddedRows(rows.length);
  const tableRef = React.useRef<HTMLTableElement>(null);
  const pendingFocus = React.useRef<{ row: number; col: MselColumn } | null>(null);
  const set = (list: MselRow[]) => onChange({ mselTable: list });

  React.useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${target.row}:${target.col}"]`)?.focus();
  });

  const focusCell = (row: number, col: MselColumn) => {
    const el = tableRef.current?.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`);
    if (el) el.focus();
    else pendingFocus.current = { row, col };
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>, row: number, col: MselColumn) => {
    if (e.altKey && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      e.preventDefault();
      const to = row + (e.key === "ArrowDown" ? 1 : -1);
      if (to >= 0 && to < rows.length) focusCell(to, col);
      return;
    }
    if (e.key === "Enter" && !LONG.has(col) && !e.shiftKey) {
      e.preventDefault();
      if (row === rows.length - 1) {
        pendingFocus.current = { row: row + 1, col };
        set([...rows, emptyRow(rows.length + 1)]);
      } else focusCell(row + 1, col);
    }
  };

  const setCell = (row: number, col: MselColumn, value: string) => set(rows.map((r, i) => (i === row ? { ...r, [col]: value } : r)));
  const isAdded = (i: number) => added !== null && i >= added.from && i <= added.to;

  // Rows just added from a source: brought into view, their synopsis focused for editing.
  React.useEffect(() => {
    if (!added) return;
    const cell = tableRef.current?.querySelector<HTMLElement>(`[data-cell="${added.from}:synopsis"]`);
    cell?.scrollIntoView({ block: "center", inline: "nearest" });
    cell?.focus({ preventScroll: true });
  }, [added?.from, added?.to]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="max-w-prose text-sm text-muted-foreground">
          One row per inject, in time order. Players never see this table: it is for controllers and the SimCell. Alt+↑/↓ moves between rows; Enter moves down.
        </p>
        {/* Campaign exercises have no import route; a read-only one cannot take rows. */}
        {!exercise.campaignId && exercise.access === "edit" ? (
          // The server has appended the rows to the saved MSEL; the editor adds them to the one it holds, so its next save keeps both.
          <MselImportButton exerciseId={exercise.id} onImported={(result) => set([...rows, ...result.rows])} />
        ) : null}
      </div>
      {added ? (
        <Alert variant="info" data-testid="msel-added">
          {added.from === added.to ? `Row ${added.from + 1} was` : `Rows ${added.from + 1}–${added.to + 1} were`} added pre-filled from the source, highlighted
          below: check the wording, and set the time and who receives it.
        </Alert>
      ) : null}
      {/* relative: the sticky row headers otherwise widen the whole page in Chrome. */}
      <div className="relative max-h-[70vh] overflow-auto rounded-md border" role="region" aria-label="MSEL table, scrolls sideways" tabIndex={0}>
        <table ref={tableRef} className="w-max border-collapse text-xs">
          <caption className="sr-only">Master Scenario Events List ({rows.length} rows)</caption>
          <thead className="sticky top-0 z-20 bg-muted">
            <tr>
              <th scope="col" className="sticky left-0 z-10 w-8 bg-muted px-1 py-1.5 text-left font-medium">
                #
              </th>
              {mselColumns.map((c) => (
                <th key={c} scope="col" className="px-2 py-1.5 text-left font-medium">
                  {MSEL_COLUMN_LABELS[c]}
                </th>
              ))}
              <th scope="col" className="px-2 py-1.5 text-left font-medium">
                Plan reference
              </th>
              <th scope="col" className="px-1 py-1.5 text-left font-medium">
                <span className="sr-only">Row actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={mselColumns.length + 3} className="px-3 py-6 text-center text-sm text-muted-foreground">
                  No MSEL rows yet. Add a row, or ask the assistant to draft the MSEL from your modules.
                </td>
              </tr>
            ) : null}
            {rows.map((row, i) => (
              <tr
                key={i}
                className={cn("border-t align-top", isAdded(i) ? "bg-primary/10" : "odd:bg-card even:bg-muted/20")}
                data-added={isAdded(i) ? "" : undefined}
              >
                <th scope="row" className="sticky left-0 z-10 bg-inherit px-1 py-1 text-left font-normal tabular-nums text-muted-foreground">
                  {i + 1}
                </th>
                {mselColumns.map((c) => {
                  const common = {
                    "data-cell": `${i}:${c}`,
                    "aria-label": `${MSEL_COLUMN_LABELS[c]}, row ${i + 1}`,
                    value: row[c] ?? "",
                    style: { width: `${WIDTH[c]}rem` },
                    className: cn(
                      "block rounded-sm border border-transparent bg-transparent px-1.5 py-1 text-left text-xs hover:border-input focus-visible:border-ring focus-visible:bg-card focus-visible:outline-none focus-visible:ring-1 focus-visible:ring-ring disabled:cursor-not-allowed",
                    ),
                    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => onKeyDown(e, i, c),
                  };
                  return (
                    <td key={c} className="p-0.5">
                      {LONG.has(c) || WRAPPED.has(c) ? (
                        <textarea
                          {...common}
                          rows={1}
                          className={cn(common.className, "[field-sizing:content]", LONG.has(c) ? "max-h-24 resize-y" : "resize-none")}
                          onChange={(e) => setCell(i, c, e.target.value)}
                        />
                      ) : (
                        <input {...common} list={c === "injectMode" ? "msel-inject-modes" : undefined} onChange={(e) => setCell(i, c, e.target.value)} />
                      )}
                    </td>
                  );
                })}
                <td className="w-64 max-w-64 p-0.5 align-top">
                  <PlanSourceNote source={row.source} notInPlans={row.notInPlans} label={`MSEL row ${i + 1}`} className="mt-1" />
                </td>
                <td className="p-0.5">
                  <RowActions
                    index={i}
                    count={rows.length}
                    label={`MSEL row ${i + 1}`}
                    onMove={(to) => set(move(rows, i, to))}
                    onDelete={() => set(rows.filter((_, j) => j !== i))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <datalist id="msel-inject-modes">
        {INJECT_MODES.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <div className="flex flex-wrap gap-2">
        <AddButton
          onClick={() => {
            pendingFocus.current = { row: rows.length, col: "event" };
            set([...rows, emptyRow(rows.length + 1)]);
          }}
        >
          Add MSEL row
        </AddButton>
        {onImportCap ? <CapImportButton onImport={onImportCap} /> : null}
      </div>
    </div>
  );
}

/** The rows the URL says were just added (?added=3 or 3-5), while they exist. */
function useAddedRows(count: number) {
  const [params] = useSearchParams();
  const range = parseAddedRows(params.get("added"));
  return range && range.to < count ? range : null;
}
