import { useMutation } from "@tanstack/react-query";
import { ClipboardList, FileDown, Loader2, Plus, Save, Sparkles } from "~/components/ui/icons";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { toast } from "~/hooks/use-toast";
import { DOWNLOAD_SUCCESS_MS } from "~/lib/download";
import { errorMessage, evaluationApi, type EegExportFormat } from "~/lib/evaluation-api";
import type { EegContent } from "../../../shared/db/conduct-shapes";
import type { EegView } from "../../../shared/evaluation/views";
import { EegGuideEditor } from "./eeg-guide-editor";
import { RatingDefinitions } from "./rating-definitions";
import { useUnsavedGuard } from "./use-unsaved-guard";

const SOURCE_LABEL: Record<EegView["source"], string> = { ai: "Drafted with AI", offline: "Drafted offline", edited: "Edited" };

/**
 * The session's Exercise Evaluation Guides (issue 15): generate them from the exercise, edit
 * objectives, targets, critical tasks (with the plan passages they come from) and prompts, save,
 * export as docx or PDF. Generating again over edits asks first; leaving with unsaved changes asks
 * first. Read-only for whoever may only watch the session.
 */
export function EegEditor({ sessionId, canEdit, initial }: { sessionId: string; canEdit: boolean; initial: EegView | null }) {
  const [saved, setSaved] = React.useState<EegView | null>(initial);
  const [draft, setDraft] = React.useState<EegContent | null>(initial?.content ?? null);
  const [confirmRegenerate, setConfirmRegenerate] = React.useState(false);
  const [exporting, setExporting] = React.useState<EegExportFormat | null>(null);
  const dirty = Boolean(saved && draft && JSON.stringify(draft) !== JSON.stringify(saved.content));
  const guard = useUnsavedGuard(dirty);

  const adopt = (view: EegView) => {
    setSaved(view);
    setDraft(view.content);
  };
  const generate = useMutation({
    mutationFn: (replace: boolean) => evaluationApi.generateEeg(sessionId, replace),
    onSuccess: (view) => {
      adopt(view);
      setConfirmRegenerate(false);
      toast({
        title: "Evaluation guides generated",
        description: view.source === "ai" ? "Drafted with AI from the exercise and your plans." : "Drafted offline from the exercise and your plans.",
      });
    },
    onError: (error) => {
      setConfirmRegenerate(false);
      toast({ title: "Could not generate the guides", description: errorMessage(error), variant: "destructive" });
    },
  });
  const save = useMutation({
    mutationFn: (content: EegContent) => evaluationApi.saveEeg(sessionId, content),
    onSuccess: (view) => {
      adopt(view);
      toast({ title: "Evaluation guides saved" });
    },
    onError: (error) => toast({ title: "Could not save the guides", description: errorMessage(error), variant: "destructive" }),
  });

  const onGenerate = () => {
    if (saved && (saved.source === "edited" || dirty)) setConfirmRegenerate(true);
    else generate.mutate(false);
  };
  const onExport = async (format: EegExportFormat) => {
    setExporting(format);
    try {
      await evaluationApi.exportEeg(sessionId, format);
      toast({ title: "Download Successful", duration: DOWNLOAD_SUCCESS_MS });
    } catch (error) {
      toast({ title: "Download failed", description: errorMessage(error), variant: "destructive" });
    } finally {
      setExporting(null);
    }
  };
  const setGuide = (i: number, guide: EegContent["guides"][number] | null) =>
    setDraft((d) => (d ? { guides: guide ? d.guides.map((g, j) => (j === i ? guide : g)) : d.guides.filter((_, j) => j !== i) } : d));

  const busy = generate.isPending || save.isPending;

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="grid content-start gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <h2 className="text-lg font-semibold">Exercise Evaluation Guides</h2>
            {saved ? <Badge variant="secondary">{SOURCE_LABEL[saved.source]}</Badge> : null}
            {dirty ? <Badge variant="outline">Unsaved changes</Badge> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {canEdit ? (
              <Button type="button" variant={saved ? "outline" : "default"} onClick={onGenerate} disabled={busy}>
                {generate.isPending ? <Loader2 className="mr-1 size-4 animate-spin" aria-hidden /> : <Sparkles className="mr-1 size-4" aria-hidden />}
                {generate.isPending ? "Generating…" : saved ? "Regenerate" : "Generate guides"}
              </Button>
            ) : null}
            {canEdit && saved ? (
              <Button type="button" onClick={() => draft && save.mutate(draft)} disabled={!dirty || busy}>
                {save.isPending ? <Loader2 className="mr-1 size-4 animate-spin" aria-hidden /> : <Save className="mr-1 size-4" aria-hidden />}
                {save.isPending ? "Saving…" : "Save"}
              </Button>
            ) : null}
            {saved
              ? (["docx", "pdf"] as const).map((format) => (
                  <Button
                    key={format}
                    type="button"
                    variant="outline"
                    onClick={() => onExport(format)}
                    disabled={exporting !== null || dirty}
                    title={dirty ? "Save your changes before exporting" : undefined}
                  >
                    {exporting === format ? <Loader2 className="mr-1 size-4 animate-spin" aria-hidden /> : <FileDown className="mr-1 size-4" aria-hidden />}
                    {format === "docx" ? "Word" : "PDF"}
                  </Button>
                ))
              : null}
          </div>
        </div>
        {dirty ? <p className="text-sm text-muted-foreground">Save your changes to export them.</p> : null}

        {!saved || !draft ? (
          <EmptyState icon={ClipboardList} title="No evaluation guides yet">
            {canEdit
              ? "Generate them from the exercise: one guide per core capability its objectives name, with capability targets, critical tasks drawn from your plans and the MSEL, and observation prompts."
              : "The session's controller has not generated the evaluation guides yet."}
          </EmptyState>
        ) : draft.guides.length === 0 ? (
          <Alert>
            The guides list no core capability. {canEdit ? "Add one, or give the exercise's objectives a core capability and generate again." : null}
          </Alert>
        ) : (
          draft.guides.map((guide, i) => (
            <EegGuideEditor
              key={guide.id || `new-${i}`}
              guide={guide}
              readOnly={!canEdit}
              onChange={(g) => setGuide(i, g)}
              onRemove={() => setGuide(i, null)}
            />
          ))
        )}
        {canEdit && draft ? (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => setDraft({ guides: [...draft.guides, { id: "", capability: "", objectives: [], targets: [] }] })}
            >
              <Plus className="mr-1 size-4" aria-hidden />
              Add capability guide
            </Button>
          </div>
        ) : null}
      </div>
      <aside aria-label="Ratings key" className="lg:sticky lg:top-4 lg:self-start">
        <RatingDefinitions />
      </aside>

      <ConfirmDialog
        open={confirmRegenerate}
        onOpenChange={setConfirmRegenerate}
        title="Replace your edits?"
        description="Generating again replaces the guides, including the changes you made. This cannot be undone."
        confirmLabel="Generate again"
        busy={generate.isPending}
        busyLabel="Generating…"
        keepOpenWhileBusy
        onConfirm={() => generate.mutate(true)}
      />
      <ConfirmDialog
        open={guard.blocked}
        onOpenChange={(open) => (open ? undefined : guard.stay())}
        title="Leave without saving?"
        description="Your changes to the evaluation guides are not saved."
        confirmLabel="Leave"
        onConfirm={guard.leave}
      />
    </div>
  );
}
