import type { ConductModule, EegGuide } from "../../shared/db/conduct-shapes";
import type { ConductSession } from "../db/schema";
import type { SessionAccess } from "./access";
import { dueAt, dueScenarioMs, scenarioNow, type SessionState } from "./state";
import { simulatedSender } from "../../shared/conduct/originator";
import type {
  ClockView,
  FeedEntryView,
  ConductLinkRole,
  ConductLinkView,
  ConnectedView,
  ControllerStateView,
  EvaluatorStateView,
  ObservationView,
  PlayerAnswerView,
  PlayerStateView,
  TimelineItemView,
} from "../../shared/conduct/views";

/**
 * What each role of a session sees (issue 15), from the object's state: pure, so the object builds
 * each view once per change and sends the same text to every socket that shares it. Players never
 * get the timeline itself, the expected actions or another group's answers.
 */

export type SessionMeta = {
  id: string;
  exerciseId: string;
  campaignId: string | null;
  exerciseName: string;
  name: string;
  createdAt: number;
  scenario: string | null;
  modules: ConductModule[];
  objectives: { capability: string | null; objective: string | null }[];
  /** The plan's scenario start (minutes since Day 1 00:00; issue 30): absent in sessions made before it. */
  scenarioStartMinutes?: number | null;
  /** The evaluators' hot wash chosen at creation (minutes); absent: EVALUATION_HOT_WASH_MINUTES. */
  hotWashMinutes?: number;
};

/** A session's meta from its D1 row: what the object is given at creation, and what a recorded session is read with. */
export function sessionMetaOf(row: ConductSession, defaultHotWashMinutes: number): SessionMeta {
  const plan = row.plan;
  return {
    id: row.id,
    exerciseId: row.exerciseId,
    campaignId: row.campaignId,
    exerciseName: plan.exerciseName,
    name: row.name,
    createdAt: row.createdAt.getTime(),
    scenario: plan.scenario,
    modules: plan.modules,
    objectives: plan.objectives,
    scenarioStartMinutes: plan.scenarioStartMinutes ?? null,
    hotWashMinutes: row.hotWashMinutes ?? defaultHotWashMinutes,
  };
}

export type LinkRecord = { id: string; role: ConductLinkRole; label: string; url: string; createdAt: number; revokedAt: number | null };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function clockView(state: SessionState, now: number): ClockView {
  return {
    status: state.status,
    scenarioMs: Math.round(scenarioNow(state, now)),
    asOf: new Date(now).toISOString(),
    scale: state.clock.scale,
    manualOnly: state.manualOnly,
    startScenarioMs: state.startScenarioMs,
    timeOfDay: state.timeOfDay,
    hotWashMinutes: state.hotWashMinutes,
  };
}

export function controllerState(
  meta: SessionMeta,
  state: SessionState,
  input: {
    access: SessionAccess;
    now: number;
    links: LinkRecord[];
    socketsPerLink: Map<string, number>;
    controllers: number;
    feedback: number;
    feed: FeedEntryView[];
  },
): ControllerStateView {
  const items: TimelineItemView[] = state.items.map(({ status, releasedAt, releasedScenarioMs, ...item }) => {
    const due = dueAt(state, { ...item, status, releasedAt }, input.now);
    return {
      ...item,
      status,
      releasedAt: iso(releasedAt),
      releasedScenarioMs: releasedScenarioMs ?? null,
      dueScenarioMs: dueScenarioMs(state, item),
      dueAt: iso(due),
    };
  });
  const links: ConductLinkView[] = input.links.map((l) => ({
    id: l.id,
    role: l.role,
    label: l.label,
    // A link is a key into play: only those who run the session may hand one out.
    url: l.revokedAt === null && input.access === "control" ? l.url : null,
    createdAt: new Date(l.createdAt).toISOString(),
    revokedAt: iso(l.revokedAt),
    connected: input.socketsPerLink.get(l.id) ?? 0,
  }));
  const connected: ConnectedView[] = [];
  if (input.controllers > 0) connected.push({ role: "controller", label: "Controllers", count: input.controllers });
  for (const l of input.links) {
    const count = input.socketsPerLink.get(l.id) ?? 0;
    if (count > 0 && (l.role === "player" || l.role === "evaluator")) connected.push({ role: l.role, label: l.label, count });
  }
  return {
    session: {
      id: meta.id,
      exerciseId: meta.exerciseId,
      campaignId: meta.campaignId,
      exerciseName: meta.exerciseName,
      name: meta.name,
      status: state.status,
      createdAt: new Date(meta.createdAt).toISOString(),
      startedAt: iso(state.startedAt),
      endedAt: iso(state.endedAt),
      access: input.access,
    },
    seq: state.seq,
    clock: clockView(state, input.now),
    scenario: meta.scenario,
    modules: meta.modules,
    currentModule: state.currentModule,
    objectives: meta.objectives,
    items,
    links,
    connected,
    counts: { answers: state.counts.answers, observations: state.counts.observations, feedback: input.feedback },
    feed: input.feed,
  };
}

/** Released items, newest first (ties in release time keep the later one first). */
function releasedNewestFirst(state: SessionState) {
  return state.items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.status === "released" && item.releasedAt !== null)
    .sort((a, b) => b.item.releasedAt! - a.item.releasedAt! || b.index - a.index)
    .map(({ item }) => item);
}

export function playerState(
  meta: SessionMeta,
  state: SessionState,
  link: Pick<LinkRecord, "label">,
  answers: PlayerAnswerView[],
  now: number,
): PlayerStateView {
  const reached = state.currentModule === null ? [] : meta.modules.slice(0, state.currentModule + 1).map((m, index) => ({ ...m, index }));
  return {
    role: "player",
    sessionName: meta.name,
    exerciseName: meta.exerciseName,
    groupLabel: link.label,
    seq: state.seq,
    status: state.status,
    clock: clockView(state, now),
    scenario: meta.scenario,
    modules: reached,
    currentModule: state.currentModule,
    // Built field by field: a player never receives expectedAction, the MSEL's other columns or schedule.
    injects: releasedNewestFirst(state).map((i) => ({
      key: i.key,
      title: i.title,
      message: i.message,
      // The simulated originator: players never read "SimCell".
      from: simulatedSender(i.from),
      to: i.to,
      injectMode: i.injectMode,
      releasedAt: new Date(i.releasedAt!).toISOString(),
      releasedScenarioMs: i.releasedScenarioMs ?? null,
    })),
    answers,
  };
}

export function evaluatorState(
  meta: SessionMeta,
  state: SessionState,
  link: Pick<LinkRecord, "label">,
  input: { now: number; guides: EegGuide[]; observations: ObservationView[]; evaluationClosesAt: number | null },
): EvaluatorStateView {
  return {
    role: "evaluator",
    sessionName: meta.name,
    exerciseName: meta.exerciseName,
    evaluatorLabel: link.label,
    seq: state.seq,
    status: state.status,
    clock: clockView(state, input.now),
    currentModule: state.currentModule,
    modules: meta.modules,
    released: releasedNewestFirst(state).map(({ status: _status, releasedAt, releasedScenarioMs, ...item }) => ({
      ...item,
      releasedAt: new Date(releasedAt!).toISOString(),
      releasedScenarioMs: releasedScenarioMs ?? null,
    })),
    currentItemKey: state.lastReleasedKey,
    guides: input.guides,
    capabilities: [...new Set(meta.objectives.map((o) => o.capability?.trim()).filter((c): c is string => !!c))],
    observations: input.observations,
    evaluationClosesAt: iso(input.evaluationClosesAt),
  };
}

/** A group's latest answer per question, from its answer events in sequence order. */
export function latestAnswers(events: { moduleIndex: number; questionIndex: number; text: string; at: number }[]): PlayerAnswerView[] {
  const latest = new Map<string, PlayerAnswerView>();
  for (const e of events)
    latest.set(`${e.moduleIndex}:${e.questionIndex}`, {
      moduleIndex: e.moduleIndex,
      questionIndex: e.questionIndex,
      text: e.text,
      at: new Date(e.at).toISOString(),
    });
  return [...latest.values()].sort((a, b) => a.moduleIndex - b.moduleIndex || a.questionIndex - b.questionIndex);
}
