import type { ConductEventPayload } from "../../shared/db/conduct-shapes";
import { conflict } from "../lib/errors";
import { CONDUCT_MESSAGES, type ControllerCommand } from "../../shared/conduct/model";
import { MINUTE_MS } from "../../shared/conduct/scenario-time";
import { dueScenarioMs, hotWashOf, notEnded, scenarioNow, started, type SessionState } from "./state-core";
import { isEvaluationClosed } from "./evaluation-window";

/**
 * The controller's clock commands (issue 30), pure like the rest of state.ts: each becomes one
 * `clock` event carrying the clock's settings after it, which state.ts folds into the state.
 *
 * - scale: scenario time runs at 1x, 2x, 5x, 10x or a custom scale, from the time it has reached;
 * - manual: scheduled injects wait for Release (or go back to the clock);
 * - setStart: before the start only, where scenario time starts ("Day 1 06:00");
 * - jump: forward only, to the next scheduled inject still pending or to a scenario time;
 * - hotWash: how long evaluators may add notes after the end, until that window has closed.
 */

export type ClockCommand = Extract<ControllerCommand, { type: "scale" | "manual" | "setStart" | "jump" | "hotWash" }>;

type ClockPayload = Extract<ConductEventPayload, { kind: "clock" }>;

export function clockCommand(state: SessionState, command: ClockCommand, now: number): ClockPayload {
  const reached = Math.round(scenarioNow(state, now));
  const settings = { scenarioMs: reached, scale: state.clock.scale, manualOnly: state.manualOnly, hotWashMinutes: state.hotWashMinutes };
  switch (command.type) {
    case "scale":
      notEnded(state);
      return { kind: "clock", change: "scale", ...settings, scale: command.scale };
    case "manual":
      notEnded(state);
      return { kind: "clock", change: "manual", ...settings, manualOnly: command.manualOnly };
    case "setStart":
      notEnded(state);
      if (state.status !== "ready") throw conflict(CONDUCT_MESSAGES.startSetOnlyBefore, "already_started");
      return { kind: "clock", change: "start", ...settings, scenarioMs: command.scenarioMinutes * MINUTE_MS };
    case "jump": {
      started(state);
      const target = command.to === "next" ? nextScheduled(state, reached) : command.to * MINUTE_MS;
      if (target === null) throw conflict(CONDUCT_MESSAGES.noInjectToJumpTo, "no_inject_ahead");
      if (target <= reached) throw conflict(CONDUCT_MESSAGES.jumpForwardOnly, "jump_backwards");
      return { kind: "clock", change: "jump", ...settings, scenarioMs: target };
    }
    case "hotWash":
      if (isEvaluationClosed(state.endedAt, now, hotWashOf(state))) throw conflict(CONDUCT_MESSAGES.hotWashClosed, "hot_wash_closed");
      return { kind: "clock", change: "hotWash", ...settings, hotWashMinutes: command.minutes };
  }
}

/** The earliest scenario time of a pending scheduled item ahead of `reached`; null when none is. */
function nextScheduled(state: SessionState, reached: number): number | null {
  let next: number | null = null;
  for (const item of state.items) {
    const due = dueScenarioMs(state, item);
    if (item.status === "pending" && due !== null && due > reached && (next === null || due < next)) next = due;
  }
  return next;
}
