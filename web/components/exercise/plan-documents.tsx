import { Link } from "@remix-run/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Checklist } from "~/components/ui/checklist";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { documentQueryKeys, documentsApi } from "~/lib/documents-api";
import { exerciseApi, type AssignedDocumentView } from "~/lib/exercise-api";
import { exerciseKey, type ExerciseRef } from "~/lib/exercise-paths";
import { ApiError } from "~/lib/query";

/**
 * The exercise toolbar's "Plans" control (issue 11): the planner's Ready documents with a checkbox
 * each; a checked document grounds the design assistant's drafts for this exercise. With none
 * checked, a personal exercise draws on all the planner's documents and a campaign exercise on none.
 */
export function PlanDocumentsControl({ exercise, readOnly }: { exercise: ExerciseRef; readOnly: boolean }) {
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const queryClient = useQueryClient();
  const assignedKey = ["exercise-documents", exerciseKey(exercise)];
  const assigned = useQuery({ queryKey: assignedKey, queryFn: () => exerciseApi.documents(exercise) });
  const library = useQuery({ queryKey: documentQueryKeys.list, queryFn: () => documentsApi.list(), enabled: open });
  const ready = (library.data?.documents ?? []).filter((d) => d.status.status === "ready");
  const ids = new Set((assigned.data?.documents ?? []).map((d) => d.id));
  const count = ids.size;

  const toggle = async (documentId: string, on: boolean) => {
    setBusy(documentId);
    setError(null);
    try {
      const next = on ? await exerciseApi.assignDocument(exercise, documentId) : await exerciseApi.unassignDocument(exercise, documentId);
      queryClient.setQueryData<{ documents: AssignedDocumentView[] }>(assignedKey, next);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The assignment could not be saved. Try again.");
    } finally {
      setBusy(null);
    }
  };

  const note = exercise.campaignId
    ? "The assistant drafts this team exercise only from the documents checked here."
    : "The assistant drafts from the documents checked here; with none checked it uses your whole library.";

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="plan-documents-button">
          <BookOpen aria-hidden /> Plans{count ? ` (${count} assigned)` : ""}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Plans for this exercise</DialogTitle>
          <DialogDescription>{note} Each drafted inject and question then names the passage it tests, or is flagged “Not in your plans”.</DialogDescription>
        </DialogHeader>
        <Checklist
          idPrefix="plan-doc"
          legend="Documents assigned to this exercise"
          items={ready.map((d) => ({ id: d.id, label: d.name }))}
          checked={ids}
          saving={busy}
          disabled={readOnly}
          loading={library.isPending || assigned.isPending}
          loadingText="Loading your documents…"
          empty={
            <p className="text-sm text-muted-foreground" data-testid="plan-documents-empty">
              You have no ready documents yet.{" "}
              <Link to="/documents" className="font-medium text-primary hover:underline">
                Upload your plans in the Library
              </Link>
              , then assign them here.
            </p>
          }
          error={error}
          onToggle={(id, on) => void toggle(id, on)}
        />
      </DialogContent>
    </Dialog>
  );
}
