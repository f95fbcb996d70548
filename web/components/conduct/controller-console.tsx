import { AlertCircle } from "~/components/ui/icons";
import { Link, useRevalidator } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { useConductSocket } from "~/hooks/use-conduct-socket";
import { toast } from "~/hooks/use-toast";
import { conductApi, conductPaths } from "~/lib/conduct-api";
import { CONDUCT_MESSAGES, type ControllerCommand } from "../../../shared/conduct/model";
import type { ConductSessionView, ControllerStateView } from "../../../shared/conduct/views";
import { ConnectionStatusBadge } from "./connection-status";
import { LinksPanel } from "./links-panel";
import { ModuleSelector } from "./module-selector";
import { MselTimeline } from "./msel-timeline";
import { PlayFeed } from "./play-feed";
import { PresencePanel } from "./presence-panel";
import { SessionClock } from "./session-clock";
import { UnplannedInjectDialog } from "./unplanned-inject-dialog";

/**
 * The controller's console (issue 15): clock, MSEL timeline, modules, links, who is connected and
 * what play has produced, live over the session's socket. A read-only viewer (may open the exercise,
 * not change it) sees the same without the controls.
 */
export function ControllerConsole({ session }: { session: ConductSessionView }) {
  const live = useConductSocket<ControllerStateView>({
    socketPath: conductPaths.controllerSocket(session.id),
    fetchState: React.useCallback(() => conductApi.state(session.id), [session.id]),
    isRecorded: (state) => state.recorded === true,
  });
  const send = useMutation({
    mutationFn: (command: ControllerCommand) => conductApi.command(session.id, command),
    onSuccess: live.accept,
    onError: (err) => toast({ variant: "destructive", title: "The session did not take that", description: err instanceof Error ? err.message : undefined }),
  });
  const busy = send.isPending;
  // Resolves once the state is taken; rejects on a refusal (already shown as a toast) for callers that keep their input.
  const { mutateAsync } = send;
  const run = React.useCallback((command: ControllerCommand) => mutateAsync(command).then(() => undefined), [mutateAsync]);
  // Buttons fire and forget: a refusal is already shown as a toast.
  const onCommand = React.useCallback((command: ControllerCommand) => run(command).catch(() => undefined), [run]);

  const state = live.state;
  // The page frame (name, status badge) comes from the layout's loader: read it again when play changes status.
  const revalidator = useRevalidator();
  const liveStatus = state?.session.status;
  React.useEffect(() => {
    if (liveStatus && liveStatus !== session.status && revalidator.state === "idle") revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidator changes identity every render
  }, [liveStatus, session.status]);

  // Gone (the session, or the caller's access to it: issue 27) replaces what was shown, which may no longer be theirs to see.
  if (live.goneMessage || (!state && live.loadError)) {
    return (
      <Alert variant="destructive">
        <AlertCircle className="mr-2 inline size-4" aria-hidden />
        {live.goneMessage ?? live.loadError}
      </Alert>
    );
  }
  if (state?.recorded) return <RecordedSession sessionId={session.id} />;
  if (!state) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading the console">
        <Skeleton className="h-28" />
        <Skeleton className="h-64" />
      </div>
    );
  }

  const readOnly = state.session.access === "read";
  const status = state.clock.status;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="controller-console" data-status={status} data-seq={state.seq}>
      <div className="grid min-w-0 content-start gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ConnectionStatusBadge status={live.status} />
          {readOnly ? <span className="text-sm text-muted-foreground">You can watch this session; only its controllers can run it.</span> : null}
        </div>
        <SessionClock clock={state.clock} nextDueMs={nextDue(state)} readOnly={readOnly} busy={busy} onCommand={run} />
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
            <div>
              <CardTitle>Timeline</CardTitle>
              <CardDescription>
                {state.items.filter((i) => i.status === "released").length} of {state.items.length} released
              </CardDescription>
            </div>
            {readOnly ? null : <UnplannedInjectDialog disabled={status === "ended"} onCommand={run} />}
          </CardHeader>
          <CardContent>
            <MselTimeline items={state.items} modules={state.modules} clock={state.clock} readOnly={readOnly} busy={busy} onCommand={onCommand} />
          </CardContent>
        </Card>
      </div>
      <div className="grid min-w-0 content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Play so far</CardTitle>
            <CardDescription>Answers and observations as they arrive.</CardDescription>
          </CardHeader>
          <CardContent>
            <PlayFeed state={state} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Participants</CardTitle>
          </CardHeader>
          <CardContent>
            <PresencePanel connected={state.connected} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Modules</CardTitle>
            <CardDescription>Players see a module&apos;s update and questions once you open it.</CardDescription>
          </CardHeader>
          <CardContent>
            <ModuleSelector modules={state.modules} currentModule={state.currentModule} status={status} readOnly={readOnly} busy={busy} onCommand={onCommand} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Links</CardTitle>
            <CardDescription>No account needed: each link opens the player, evaluator or feedback page.</CardDescription>
          </CardHeader>
          <CardContent>
            <LinksPanel sessionId={session.id} links={state.links} readOnly={readOnly} onChanged={() => void live.refresh()} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** Scenario time of the next scheduled inject still pending ahead of the clock (for "Jump to next inject"). */
function nextDue(state: ControllerStateView): number | null {
  const ahead = state.items
    .filter((i) => i.status === "pending" && i.dueScenarioMs !== null && i.dueScenarioMs > state.clock.scenarioMs)
    .map((i) => i.dueScenarioMs!);
  return ahead.length ? Math.min(...ahead) : null;
}

/** An ended session with no live object (sample or seeded): nothing to run, the record is elsewhere. */
function RecordedSession({ sessionId }: { sessionId: string }) {
  return (
    <Card data-testid="recorded-session">
      <CardHeader>
        <CardTitle>This session has ended</CardTitle>
        <CardDescription>{CONDUCT_MESSAGES.recorded}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={conductPaths.replayPage(sessionId)}>Open the replay</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={conductPaths.eegPage(sessionId)}>Open the EEG</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={conductPaths.aarPage(sessionId)}>Open the after-action report</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
