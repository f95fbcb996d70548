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
export type ClientOption = { id: string; name: string };

export function AssignToExerciseDialog({
  doc,
  clients = [],
  open,
  onOpenChange,
}: {
  doc: DocumentView;
  /** An enterprise planner's clients: a document assigned to one grounds every exercise filed under it. */
  clients?: ClientOption[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const assignmentsKey = ["documents", doc.id, "assignments"];
  const exercises = useQuery({ queryKey: ["exercises", "list"], queryFn: () => exerciseApi.list(), enabled: open });
  const assignments = useQuery({ queryKey: assignmentsKey, queryFn: () => documentsApi.assignments(doc.id), enabled: open });
  const assigned = new Set(assignments.data?.exerciseIds ?? []);
  const assignedClients = new Set(assignments.data?.clientIds ?? []);

  /** One save at a time; the answer is the server's view of both lists. */
  const save = async (
    key: string,
    request: () => Promise<DocumentAssignmentsView | unknown>,
    optimistic: (old: DocumentAssignmentsView) => DocumentAssignmentsView,
  ) => {
    setBusy(key);
    setError(null);
    try {
      await request();
      queryClient.setQueryData<DocumentAssignmentsView>(assignmentsKey, (old) => optimistic(old ?? { exerciseIds: [], clientIds: [] }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The assignment could not be saved. Try again.");
    } finally {
      setBusy(null);
    }
  };
  const toggle = (exerciseId: string, on: boolean) =>
    save(
      exerciseId,
      () => (on ? exerciseApi.assignDocument({ id: exerciseId }, doc.id) : exerciseApi.unassignDocument({ id: exerciseId }, doc.id)),
      (old) => ({ ...old, exerciseIds: on ? [...old.exerciseIds, exerciseId] : old.exerciseIds.filter((id) => id !== exerciseId) }),
    );
  const toggleClient = (clientId: string, on: boolean) =>
    save(
      `client:${clientId}`,
      () => (on ? documentsApi.assignClient(doc.id, clientId) : documentsApi.unassignClient(doc.id, clientId)),
      (old) => ({ ...old, clientIds: on ? [...old.clientIds, clientId] : old.clientIds.filter((id) => id !== clientId) }),
    );

  const list = exercises.data?.exercises ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Assign “{doc.name}” to exercises{clients.length ? " and clients" : ""}
          </DialogTitle>
          <DialogDescription>
            The design assistant drafts a checked exercise’s injects and questions from this plan, and shows the passage each one tests.
            {clients.length ? " Assigned to a client, it grounds every exercise filed under that client." : null}
          </DialogDescription>
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
          error={clients.length ? null : error}
          onToggle={(id, on) => void toggle(id, on)}
        />
        {clients.length ? (
          <Checklist
            idPrefix={`assign-client-${doc.id}`}
            legend="Clients this document is assigned to"
            items={clients.map((c) => ({ id: c.id, label: c.name }))}
            checked={assignedClients}
            saving={busy?.startsWith("client:") ? busy.slice("client:".length) : busy}
            loading={assignments.isPending}
            loadingText="Loading the assignments…"
            empty={null}
            error={error}
            onToggle={(id, on) => void toggleClient(id, on)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
