import type { ActorRole, ConductEventPayload, ConductModule, EegGuide, Rating, TimelineItem } from "../db/conduct-shapes";

/**
 * Live conduct's wire types (issue 15): what the API and the session's WebSocket send, and the
 * browser reads (web/ imports them with `import type`). One place, so the two sides cannot drift.
 *
 * API map (all JSON; writes are origin-checked and size-limited; a session is visible to whoever may
 * open its exercise — another user gets 404):
 *   POST /api/conduct/sessions                       CreateSessionInput → 201 ConductSessionView
 *   GET  /api/conduct/sessions?exerciseId=&campaignId= → { sessions: ConductSessionView[] }
 *   GET  /api/conduct/sessions/{id}                  → ControllerStateView
 *   POST /api/conduct/sessions/{id}/commands         ControllerCommand → ControllerStateView (423-free: the object serialises)
 *   GET  /api/conduct/sessions/{id}/socket           WebSocket (controller): ServerMessage<ControllerStateView>
 *   POST /api/conduct/sessions/{id}/links            CreateLinkInput → 201 ConductLinkView
 *   POST /api/conduct/sessions/{id}/links/{linkId}/revoke → ConductLinkView
 *   GET  /api/conduct/sessions/{id}/events           → { events: ConductEventView[] } (the replay, in sequence order)
 * Public, by link token (404 for an unknown or revoked token, the same answer for both):
 *   GET  /api/conduct/t/{token}                      → TokenStateView (player or evaluator)
 *   GET  /api/conduct/t/{token}/socket               WebSocket: ServerMessage<PlayerStateView | EvaluatorStateView>
 *   POST /api/conduct/t/{token}/answers              AnswerInput → SubmitAck (player links)
 *   POST /api/conduct/t/{token}/observations         ObservationInput → SubmitAck (evaluator links; 409 before the start, 400 for a
 *                                                    writtenAt outside the session; 410 once the hot wash after the end has passed,
 *                                                    as for the link's state and socket)
 * Pages: /exercise/{id}/conduct (sessions of an exercise), /conduct/sessions/{id} (console, with tabs
 * eeg, feedback, aar, replay), /conduct/{token} (player or evaluator by the link's role),
 * /feedback/{token} (participant feedback form), /improvement (corrective actions).
 */

export type ConductStatus = "ready" | "running" | "paused" | "ended";
export type ConductLinkRole = "player" | "evaluator" | "feedback";

export type ConductSessionView = {
  id: string;
  exerciseId: string;
  /** Set for a campaign exercise's session. */
  campaignId: string | null;
  exerciseName: string;
  name: string;
  status: ConductStatus;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  /** Whether the caller may run it (write access to the exercise) or only watch and read. */
  access: "control" | "read";
};

/** A timeline item with its state in this session. */
export type TimelineItemView = TimelineItem & {
  status: "pending" | "released" | "skipped";
  releasedAt: string | null;
  /** Scenario time of the release (ms since Day 1 00:00); null before it (or for a release recorded before issue 30). */
  releasedScenarioMs: number | null;
  /** Scenario time it is scheduled at; null when unscheduled (released by hand). */
  dueScenarioMs: number | null;
  /** When the clock will release it (ISO wall time), while running, scheduled and not on manual releases; null otherwise. */
  dueAt: string | null;
};

export type ConductLinkView = {
  id: string;
  role: ConductLinkRole;
  label: string;
  /** The full link to hand out (APP_URL + /conduct/{token} or /feedback/{token}); null once revoked. */
  url: string | null;
  createdAt: string;
  revokedAt: string | null;
  /** Open sockets on this link right now (players and evaluators). */
  connected: number;
};

export type ConnectedView = { role: ActorRole; label: string; count: number };

/**
 * The session's scenario clock (issue 30; shared/conduct/scenario-time.ts): the object does not tick.
 * `scenarioMs` is the scenario time when `asOf` was read; while running, each browser adds the wall
 * time since the state arrived times `scale`, so every screen shows the same time.
 */
export type ClockView = {
  status: ConductStatus;
  /** Scenario time (ms since Day 1 00:00) at `asOf`. */
  scenarioMs: number;
  asOf: string;
  /** Scenario ms per wall ms. */
  scale: number;
  /** Scheduled injects wait for the controller's Release. */
  manualOnly: boolean;
  /** Where scenario time starts (ms since Day 1 00:00). */
  startScenarioMs: number;
  /** Whether the start is a time of day ("Day 1 06:27"); otherwise times read from the start ("T+0:27"). */
  timeOfDay: boolean;
  /** The evaluators' hot wash after the end, in minutes. */
  hotWashMinutes: number;
};

/** An answer or an observation as it arrived, for the console's live feed (newest first). */
export type FeedEntryView = {
  id: string;
  kind: "answer" | "observation";
  /** The link it came from (its player group or evaluator). */
  linkId: string | null;
  label: string;
  at: string;
  /** Scenario time it arrived at; null for one recorded before issue 30. */
  scenarioAt: number | null;
  /** The inject it is tied to (an observation's; for an answer, the inject released most recently when it came). */
  itemKey: string | null;
  text: string;
  /** Answers: the module and question answered. */
  moduleIndex: number | null;
  questionIndex: number | null;
  /** Observations. */
  capability: string | null;
  rating: Rating | null;
  afterPlay: boolean;
};

export type ControllerStateView = {
  session: ConductSessionView;
  /** Highest event sequence number applied; every state the socket sends carries it. */
  seq: number;
  clock: ClockView;
  scenario: string | null;
  modules: ConductModule[];
  /** The module players see now (null before the first). */
  currentModule: number | null;
  objectives: { capability: string | null; objective: string | null }[];
  items: TimelineItemView[];
  links: ConductLinkView[];
  connected: ConnectedView[];
  counts: { answers: number; observations: number; feedback: number };
  /** Answers and observations as they arrived, newest first (the latest FEED_LIMIT). */
  feed: FeedEntryView[];
  /** Recorded straight into D1 (sample or seed, worker/conduct/recorded.ts): ended, with no live console behind it. */
  recorded?: true;
};

/** What a player sees: never the MSEL, the expected actions, or other groups' answers. */
export type PlayerInjectView = {
  key: string;
  title: string;
  message: string;
  from: string | null;
  to: string | null;
  injectMode: string | null;
  releasedAt: string;
  releasedScenarioMs: number | null;
};

export type PlayerAnswerView = { moduleIndex: number; questionIndex: number; text: string; at: string };

export type PlayerStateView = {
  role: "player";
  sessionName: string;
  exerciseName: string;
  groupLabel: string;
  seq: number;
  status: ConductStatus;
  clock: ClockView;
  scenario: string | null;
  /** Modules reached so far (index ≤ currentModule), with their questions. */
  modules: (ConductModule & { index: number })[];
  currentModule: number | null;
  /** Released injects, newest first. */
  injects: PlayerInjectView[];
  /** This group's latest answer per question. */
  answers: PlayerAnswerView[];
};

export type ObservationView = {
  id: string;
  clientKey: string | null;
  capability: string;
  targetId: string | null;
  text: string;
  rating: Rating | null;
  itemKey: string | null;
  at: string;
  /** Written after the session ended, in the hot wash. */
  afterPlay: boolean;
};

/** What an evaluator sees: the released timeline with expected actions, their EEGs and their own notes. */
export type EvaluatorStateView = {
  role: "evaluator";
  sessionName: string;
  exerciseName: string;
  evaluatorLabel: string;
  seq: number;
  status: ConductStatus;
  clock: ClockView;
  currentModule: number | null;
  modules: ConductModule[];
  /** Released items only, newest first, with expected actions. */
  released: (TimelineItem & { releasedAt: string; releasedScenarioMs: number | null })[];
  /** The inject most recently released (what a new observation is tied to). */
  currentItemKey: string | null;
  /** The session's EEGs (worker/evaluation), or an empty list when none is made yet. */
  guides: EegGuide[];
  /** The core capabilities the exercise's objectives name (what to observe before any EEG exists). */
  capabilities: string[];
  observations: ObservationView[];
  /** Once the session has ended: when this link closes (ISO; the session's hot wash after the end). Notes written until then are marked after play. */
  evaluationClosesAt: string | null;
};

export type TokenStateView = PlayerStateView | EvaluatorStateView;

/** Messages on every conduct socket, server → browser. */
export type ServerMessage<State> =
  | { type: "state"; state: State }
  /**
   * The socket's link was revoked or the session deleted: close and show "This link no longer works."
   * With reason "evaluation-closed": an evaluator's hot wash after the end has passed.
   */
  | { type: "gone"; message: string; reason?: "evaluation-closed" };

export type SubmitAck = { ok: true; clientKey: string; seq: number; duplicate: boolean };

export type ConductEventView = {
  id: string;
  seq: number;
  at: string;
  /** Scenario time (ms since Day 1 00:00); null for an event recorded before issue 30. */
  scenarioAt: number | null;
  actorRole: ActorRole;
  actorLabel: string;
  payload: ConductEventPayload;
};

export type { ConductModule, Rating, TimelineItem };
