import { useNavigate } from "@remix-run/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { PlayCircle, Radio } from "~/components/ui/icons";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Skeleton } from "~/components/ui/skeleton";
import { DataTable } from "~/components/ui/table";
import { conductApi, conductKeys, conductPaths } from "~/lib/conduct-api";
import { fieldErrors } from "~/lib/conduct-form";
import { createSessionSchema } from "../../../shared/conduct/model";
import { SessionStatusBadge } from "./session-clock";
import { useDates } from "~/lib/dates-context";

/** An exercise's conduct sessions, and (for whoever may change the exercise) a new one. */
export function ExerciseSessions({ exercise }: { exercise: { id: string; name: string; campaignId: string | null; canControl: boolean } }) {
  const { dayTime: day } = useDates();
  const query = useQuery({
    queryKey: conductKeys.sessions(exercise.id, exercise.campaignId),
    queryFn: () => conductApi.listSessions({ exerciseId: exercise.id, campaignId: exercise.campaignId }),
  });
  const sessions = query.data?.sessions ?? [];
  return (
    <div className="grid gap-4">
      {exercise.canControl ? <NewSessionForm exercise={exercise} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>Each session plays the exercise as it was when the session was made.</CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div role="status" aria-label="Loading sessions">
              <Skeleton className="h-24" />
            </div>
          ) : query.isError ? (
            <Alert variant="destructive">{query.error instanceof Error ? query.error.message : "Could not load the sessions."}</Alert>
          ) : sessions.length === 0 ? (
            <EmptyState icon={Radio} title="No sessions yet" heading="h3">
              {exercise.canControl
                ? "Start a conduct session to run this exercise live with players and evaluators."
                : "Nobody has conducted this exercise yet."}
            </EmptyState>
          ) : (
            <DataTable
              caption={`Conduct sessions of ${exercise.name}`}
              columns={[{ header: "Session" }, { header: "Status" }, { header: "Created" }, { header: "Started" }, { header: "Ended" }, { header: "Open" }]}
              rows={sessions.map((s) => ({
                key: s.id,
                header: s.name,
                cells: [
                  <SessionStatusBadge key="s" status={s.status} />,
                  day(s.createdAt),
                  day(s.startedAt),
                  day(s.endedAt),
                  <span key="o" className="flex flex-wrap gap-2">
                    <a className="text-primary underline-offset-4 hover:underline" href={conductPaths.consolePage(s.id)} aria-label={`Console of ${s.name}`}>
                      Console
                    </a>
                    <a
                      className="text-primary underline-offset-4 hover:underline"
                      href={conductPaths.aarPage(s.id)}
                      aria-label={`After-action report of ${s.name}`}
                    >
                      AAR
                    </a>
                  </span>,
                ],
              }))}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function NewSessionForm({ exercise }: { exercise: { id: string; name: string; campaignId: string | null } }) {
  const navigate = useNavigate();
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const create = useMutation({
    mutationFn: conductApi.createSession,
    onSuccess: (session) => navigate(conductPaths.consolePage(session.id)),
    onError: (err) => setError(err instanceof Error ? err.message : "Could not create the session."),
  });
  // Still busy once created: the console is opening.
  const busy = create.isPending || create.isSuccess;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // A blank name is the server's default ("<exercise name> — <date>").
    const parsed = createSessionSchema.safeParse({ exerciseId: exercise.id, campaignId: exercise.campaignId, name: name.trim() || undefined });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).name ?? parsed.error.issues[0]?.message ?? "Check the name.");
      return;
    }
    setError(null);
    create.mutate(parsed.data);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>New conduct session</CardTitle>
        <CardDescription>Freezes the scenario, modules and MSEL as they are now, and opens the controller&apos;s console.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate aria-label="New conduct session">
          <Field
            className="min-w-60 flex-1"
            label="Session name (optional)"
            description="Left blank: the exercise's name and today's date."
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
            maxLength={200}
            placeholder={exercise.name}
          />
          <Button type="submit" disabled={busy}>
            <PlayCircle aria-hidden /> {busy ? "Creating…" : "New conduct session"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
