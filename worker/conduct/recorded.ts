import { and, asc, count, eq, inArray, max } from "drizzle-orm";
import type { AppContext } from "../context";
import { conductEvents, type ConductSession } from "../db/schema";
import type { ControllerStateView } from "../../shared/conduct/views";
import type { SessionAccess } from "./access";
import { countFeedback } from "./mirror";
import { controllerState, sessionMetaOf } from "./project";
import { initialState, type SessionState } from "./state";

/**
 * A session recorded straight into D1 — the sample workspace's and the demo seed's ended tabletop —
 * has no live object behind it. Its console is read from what D1 keeps (the plan, the release and
 * skip events, the answer and observation counts), so the replay and the console tell the same
 * story as a session that was run. Nothing in it can be run again: it is `recorded`.
 */
export async function recordedControllerState(
  ctx: AppContext,
  row: ConductSession,
  access: SessionAccess,
  defaultHotWashMinutes: number,
): Promise<ControllerStateView> {
  const [moves, tallies, feedback] = await Promise.all([
    ctx.db
      .select({ seq: conductEvents.seq, at: conductEvents.at, scenarioAt: conductEvents.scenarioAt, payload: conductEvents.payload })
      .from(conductEvents)
      .where(and(eq(conductEvents.sessionId, row.id), inArray(conductEvents.kind, ["released", "skipped", "unplanned", "module", "ended"])))
      .orderBy(asc(conductEvents.seq)),
    ctx.db
      .select({ kind: conductEvents.kind, n: count(), last: max(conductEvents.seq) })
      .from(conductEvents)
      .where(and(eq(conductEvents.sessionId, row.id), inArray(conductEvents.kind, ["answer", "observation"])))
      .groupBy(conductEvents.kind),
    countFeedback(ctx.db, row.id),
  ]);
  const meta = sessionMetaOf(row, defaultHotWashMinutes);
  const hotWashMinutes = meta.hotWashMinutes!;
  const base = initialState({ ...row.plan, hotWashMinutes });
  // The moves that shape the console, folded in order as the object would have applied them.
  const items = [...base.items];
  let currentModule: number | null = null;
  let endScenarioMs = base.startScenarioMs;
  for (const { at, scenarioAt, payload } of moves) {
    const released = { status: "released" as const, releasedAt: at.getTime(), releasedScenarioMs: scenarioAt };
    if (scenarioAt !== null) endScenarioMs = Math.max(endScenarioMs, scenarioAt);
    if (payload.kind === "unplanned") items.push({ ...payload.item, ...(payload.released ? released : { status: "pending", releasedAt: null }) });
    else if (payload.kind === "module") currentModule = payload.moduleIndex;
    else if (payload.kind === "released" || payload.kind === "skipped") {
      const i = items.findIndex((item) => item.key === payload.itemKey);
      if (i >= 0) items[i] = { ...items[i]!, ...(payload.kind === "released" ? released : { status: "skipped" as const }) };
    }
  }
  const endedAt = row.endedAt?.getTime() ?? null;
  const state: SessionState = {
    ...base,
    status: "ended",
    seq: Math.max(0, ...moves.map((m) => m.seq), ...tallies.map((t) => t.last ?? 0)),
    startedAt: row.startedAt?.getTime() ?? null,
    endedAt,
    clock: { ...base.clock, anchorWallMs: endedAt ?? 0, anchorScenarioMs: endScenarioMs },
    currentModule,
    items,
    counts: { answers: tallies.find((t) => t.kind === "answer")?.n ?? 0, observations: tallies.find((t) => t.kind === "observation")?.n ?? 0 },
  };
  const view = controllerState(meta, state, {
    access,
    now: endedAt ?? row.createdAt.getTime(),
    links: [],
    socketsPerLink: new Map(),
    controllers: 0,
    feedback,
    feed: [],
  });
  return { ...view, recorded: true };
}
