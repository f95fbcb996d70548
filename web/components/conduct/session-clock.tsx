import { Pause, Play, Square } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { elapsedAt, formatElapsed } from "~/lib/conduct-live";
import type { ControllerCommand } from "../../../shared/conduct/model";
import type { ClockView } from "../../../shared/conduct/views";

/** Scenario time that ticks in the browser while the clock runs (the object sends no ticks). */
function useElapsed(clock: ClockView): number {
  // When this clock view arrived (a new view is a new object: every state the socket sends).
  const [received, setReceived] = React.useState(() => ({ clock, at: Date.now() }));
  if (received.clock !== clock) setReceived({ clock, at: Date.now() });
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    if (clock.status !== "running") return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [clock.status, clock.asOf]);
  return elapsedAt(clock, received.at, Math.max(now, received.at));
}

export function ElapsedTime({ clock, className }: { clock: ClockView; className?: string }) {
  const elapsed = useElapsed(clock);
  return (
    <time className={className} dateTime={`PT${Math.floor(elapsed / 1000)}S`} data-testid="scenario-clock">
      {formatElapsed(elapsed)}
    </time>
  );
}

/** The controller's clock: scenario time and Start / Pause / Resume / End (End is confirmed). */
export function SessionClock({
  clock,
  readOnly,
  busy,
  onCommand,
}: {
  clock: ClockView;
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
      <CardContent className="flex flex-wrap items-center gap-3">
        <ElapsedTime clock={clock} className="font-mono text-3xl tabular-nums" />
        <span className="text-sm text-muted-foreground">{STATUS_TEXT[status]}</span>
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
        <ConfirmDialog
          open={confirmEnd}
          onOpenChange={setConfirmEnd}
          title="End this session?"
          description="Play stops for everyone: players and evaluators can no longer send answers or observations, and the clock stops for good. The record stays for the replay and the after-action report."
          confirmLabel="End session"
          busy={busy}
          onConfirm={() => void onCommand({ type: "end" })}
        />
      </CardContent>
    </Card>
  );
}

const STATUS_TEXT: Record<ClockView["status"], string> = {
  ready: "Not started",
  running: "Running",
  paused: "Paused",
  ended: "Ended",
};
