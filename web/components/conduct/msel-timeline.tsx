import { ListX, Send, SkipForward } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { focusRow, formatScenario } from "~/lib/conduct-live";
import type { ControllerCommand } from "../../../shared/conduct/model";
import type { ClockView, ConductModule, TimelineItemView } from "../../../shared/conduct/views";
import { formatWall } from "./session-clock";

const STATUS_BADGE: Record<TimelineItemView["status"], { label: string; variant: "secondary" | "success" | "outline" }> = {
  pending: { label: "Pending", variant: "outline" },
  released: { label: "Released", variant: "success" },
  skipped: { label: "Skipped", variant: "secondary" },
};

const SOURCE_LABEL: Record<TimelineItemView["source"], string> = { msel: "MSEL", module: "Module inject", unplanned: "Unplanned" };

/** When an item went out or is due, in scenario time first and the wall clock second. */
function itemTiming(item: TimelineItemView, clock: ClockView): string | null {
  if (item.status === "released" && item.releasedAt) {
    const scenario = item.releasedScenarioMs !== null ? `${formatScenario(clock, item.releasedScenarioMs)} · ` : "";
    return `Released ${scenario}wall clock ${formatWall(item.releasedAt)}`;
  }
  if (item.status !== "pending" || item.dueScenarioMs === null) return null;
  if (item.dueAt) return `Due ${formatScenario(clock, item.dueScenarioMs)} · about ${formatWall(item.dueAt)} on the wall clock at ${clock.scale}x`;
  if (clock.manualOnly) return `Scheduled ${formatScenario(clock, item.dueScenarioMs)} · waits for your Release (manual releases only)`;
  return `Scheduled ${formatScenario(clock, item.dueScenarioMs)}`;
}

/**
 * The MSEL as the session plays it: every item in scenario-time order with its state, and — for a
 * controller while play is on — Release now / Skip on each pending item.
 */
export function MselTimeline({
  items,
  modules,
  clock,
  readOnly,
  busy,
  onCommand,
}: {
  items: TimelineItemView[];
  modules: ConductModule[];
  clock: ClockView;
  readOnly: boolean;
  busy: boolean;
  onCommand: (command: ControllerCommand) => Promise<unknown>;
}) {
  const listRef = React.useRef<HTMLOListElement>(null);
  if (items.length === 0) {
    return (
      <EmptyState icon={ListX} title="No injects on the timeline" heading="h3">
        The exercise had no MSEL rows or module injects when this session was made. Add an unplanned inject to release one.
      </EmptyState>
    );
  }
  const { status } = clock;
  const playing = status === "running" || status === "paused";
  // Release and Skip remove their own buttons: keyboard focus stays on the item, whose badge now says what happened.
  const act = async (command: ControllerCommand & { itemKey: string }) => {
    await onCommand(command);
    focusRow(listRef.current, command.itemKey);
  };
  return (
    <ol ref={listRef} className="grid gap-2" aria-label="Master scenario events list">
      {items.map((item) => {
        const badge = STATUS_BADGE[item.status];
        const moduleTitle = item.moduleIndex != null ? modules[item.moduleIndex]?.title : null;
        return (
          <li
            key={item.key}
            data-row-key={item.key}
            data-item-key={item.key}
            data-status={item.status}
            tabIndex={-1}
            className="grid gap-2 rounded-md border bg-card p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:grid-cols-[7.5rem_1fr_auto] sm:items-start"
          >
            <div className="flex items-center gap-2 text-sm sm:flex-col sm:items-start">
              <span className="font-mono tabular-nums" title="Scenario time">
                {formatScenario(clock, item.dueScenarioMs)}
              </span>
              {item.event ? <span className="text-muted-foreground">Event {item.event}</span> : null}
            </div>
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium">{item.title || "Untitled inject"}</h3>
                <Badge variant={badge.variant}>{badge.label}</Badge>
                <span className="text-xs text-muted-foreground">
                  {SOURCE_LABEL[item.source]}
                  {moduleTitle ? ` · ${moduleTitle}` : ""}
                </span>
              </div>
              <p className="text-sm text-muted-foreground">
                {[item.from ? `From ${item.from}` : null, item.to ? `To ${item.to}` : null, item.injectMode ? `By ${item.injectMode}` : null]
                  .filter(Boolean)
                  .join(" · ") || "No sender or recipient given"}
              </p>
              {item.message && item.message !== item.title ? <p className="whitespace-pre-line text-sm">{item.message}</p> : null}
              {item.expectedAction ? (
                <p className="text-sm">
                  <span className="font-medium">Expected action: </span>
                  {item.expectedAction}
                </p>
              ) : null}
              <p className="text-xs text-muted-foreground">{itemTiming(item, clock)}</p>
            </div>
            {!readOnly && item.status === "pending" && status !== "ended" ? (
              <div className="flex gap-2 sm:flex-col">
                <Button
                  size="sm"
                  disabled={busy || !playing}
                  aria-label={`Release now: ${item.title}`}
                  title={playing ? undefined : "Start the session first."}
                  onClick={() => void act({ type: "release", itemKey: item.key })}
                >
                  <Send aria-hidden /> Release now
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy || !playing}
                  aria-label={`Skip: ${item.title}`}
                  onClick={() => void act({ type: "skip", itemKey: item.key })}
                >
                  <SkipForward aria-hidden /> Skip
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
