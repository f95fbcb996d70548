import { Pause, Play, Square } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatScale, formatScenario, scenarioNowOf, SESSION_STATUS_LABEL } from "~/lib/conduct-live";
import type { ControllerCommand } from "../../../shared/conduct/model";
import type { ClockView, ConductStatus } from "../../../shared/conduct/views";
import { ClockControls } from "./clock-controls";

/**
 * Scenario time that ticks in the browser while the session runs (the object sends no ticks), and the
 * wall time beside it. Every page computes it the same way from the clock the server sent.
 */
function useScenarioNow(clock: ClockView): { scenarioMs: number; wallMs: number } {
  // When this clock view arrived (a new view is a new object: every state the socket sends).
  const [received, setReceived] = React.useState(() => ({ clock, at: Date.now() }));
  if (received.clock !== clock) setReceived({ clock, at: Date.now() });
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    setNow(Date.now());
    // The wall time ticks even while the scenario stands still.
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [clock.status, clock.asOf]);
  const wallMs = Math.max(now, received.at);
  return { scenarioMs: scenarioNowOf(clock, received.at, wallMs), wallMs };
}

/** "Day 1 06:27:14", with the wall time second ("7:20 PM on this device"). */
export function ScenarioTime({ clock, className, wall = true }: { clock: ClockView; className?: string; wall?: boolean }) {
  const { scenarioMs, wallMs } = useScenarioNow(clock);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <time
        className={className}
        data-testid="scenario-clock"
        data-scenario-ms={Math.floor(scenarioMs)}
        aria-label={`Scenario time ${formatScenario(clock, scenarioMs)}`}
      >
        {formatScenario(clock, scenarioMs, true)}
      </time>
      {wall ? <span className="text-xs text-muted-foreground">wall clock {formatWall(wallMs)}</span> : null}
    </span>
  );
}

/** A time of day on this device's clock, hours and minutes. */
export function formatWall(ms: number | string): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
}

/** The session's state — Not started, Live, Paused, Ended — apart from this page's connection to it. */
export function SessionStatusBadge({ status }: { status: ConductStatus }) {
  return (
    <Badge variant={status === "running" ? "success" : status === "ended" ? "destructive" : "secondary"} data-session-status={status}>
      <span className="sr-only">Session: </span>
      {SESSION_STATUS_LABEL[status]}
    </Badge>
  );
}

/** The controller's clock: scenario time, Start / Pause / Resume / End (End is confirmed), and the clock's settings. */
export function SessionClock({
  clock,
  nextDueMs,
  readOnly,
  busy,
  onCommand,
}: {
  clock: ClockView;
  /** Scenario time of the next scheduled inject still pending, if any. */
  nextDueMs: number | null;
  readOnly: boolean;
  busy: boolean;
  onCommand: (command: ControllerCommand) => Promise<unknown>;
}) {
  const [confirmEnd, setConfirmEnd] = React.useState(false);
  const { status } = clock;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle id="clock-heading">Scenario clock</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <ScenarioTime clock={clock} className="font-mono text-3xl tabular-nums" />
          <SessionStatusBadge status={status} />
          <span className="text-sm text-muted-foreground" data-testid="clock-mode">
            {formatScale(clock.scale)}
            {clock.manualOnly ? " · manual releases only" : " · injects released on schedule"}
          </span>
          {readOnly ? null : (
            <div className="ml-auto flex flex-wrap gap-2">
              {status === "ready" ? (
                <Button disabled={busy} onClick={() => void onCommand({ type: "start" })}>
                  <Play aria-hidden /> Start
                </Button>
              ) : null}
              {status === "running" ? (
                <Button variant="outline" disabled={busy} onClick={() => void onCommand({ type: "pause" })}>
                  <Pause aria-hidden /> Pause
                </Button>
              ) : null}
              {status === "paused" ? (
                <Button disabled={busy} onClick={() => void onCommand({ type: "resume" })}>
                  <Play aria-hidden /> Resume
                </Button>
              ) : null}
              {status === "running" || status === "paused" ? (
                <Button variant="destructive" disabled={busy} onClick={() => setConfirmEnd(true)}>
                  <Square aria-hidden /> End
                </Button>
              ) : null}
            </div>
          )}
        </div>
        {readOnly ? null : <ClockControls clock={clock} nextDueMs={nextDueMs} busy={busy} onCommand={onCommand} />}
        <ConfirmDialog
          open={confirmEnd}
          onOpenChange={setConfirmEnd}
          title="End this session?"
          description={`Play stops for everyone: players can no longer send answers, and the clock stops for good. Evaluators have ${clock.hotWashMinutes} minutes (the hot wash) to finish their notes, marked as written after play. The record stays for the replay and the after-action report.`}
          confirmLabel="End session"
          busy={busy}
          onConfirm={() => void onCommand({ type: "end" })}
        />
      </CardContent>
    </Card>
  );
}
