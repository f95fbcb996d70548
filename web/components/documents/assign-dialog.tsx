import { Link } from "@remix-run/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { Checklist } from "~/components/ui/checklist";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { documentsApi, type DocumentAssignmentsView, type DocumentView } from "~/lib/documents-api";
import { exerciseApi } from "~/lib/exercise-api";
import { ApiError } from "~/lib/query";

/**
 * "Assign to exercise…" from the library (issue 11): the planner's exercises with a checkbox each;
 * a checked exercise's design assistant drafts from this document. Same API as the exercise
 * toolbar's Plans control.
 */
export function AssignToExerciseDialog({ doc, open, onOpenChange }: { doc: DocumentView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const assignmentsKey = ["documents", doc.id, "assignments"];
  const exercises = useQuery({ queryKey: ["exercises", "list"], queryFn: () => exerciseApi.list(), enabled: open });
  const assignments = useQuery({ queryKey: assignmentsKey, queryFn: () => documentsApi.assignments(doc.id), enabled: open });
  const assigned = new Set(assignments.data?.exerciseIds ?? []);

  const toggle = async (exerciseId: string, on: boolean) => {
    setBusy(exerciseId);
    setError(null);
    try {
      if (on) await exerciseApi.assignDocument({ id: exerciseId }, doc.id);
      else await exerciseApi.unassignDocument({ id: exerciseId }, doc.id);
      queryClient.setQueryData<DocumentAssignmentsView>(assignmentsKey, (old) => ({
        clientIds: old?.clientIds ?? [],
        exerciseIds: on ? [...(old?.exerciseIds ?? []), exerciseId] : (old?.exerciseIds ?? []).filter((id) => id !== exerciseId),
      }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The assignment could not be saved. Try again.");
    } finally {
      setBusy(null);
    }
  };

  const list = exercises.data?.exercises ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign “{doc.name}” to exercises</DialogTitle>
          <DialogDescription>The design assistant drafts a checked exercise’s injects and questions from this plan, and shows the passage each one tests.</DialogDescription>
        </DialogHeader>
        <Checklist
          idPrefix={`assign-${doc.id}`}
          legend="Exercises this document is assigned to"
          items={list.map((ex) => ({ id: ex.id, label: ex.name.trim() || "Untitled exercise" }))}
          checked={assigned}
          saving={busy}
          loading={exercises.isPending || assignments.isPending}
          loadingText="Loading your exercises…"
          empty={
            <p className="text-sm text-muted-foreground">
              You have no exercises yet.{" "}
              <Link to="/dashboard" className="font-medium text-primary hover:underline">
                Create one on the dashboard
              </Link>
              .
            </p>
          }
          error={error}
          onToggle={(id, on) => void toggle(id, on)}
        />
      </DialogContent>
    </Dialog>
  );
}
