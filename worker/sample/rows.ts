import {
  afterActionReports,
  conductEvents,
  conductSessions,
  conductTokens,
  correctiveActions,
  eegs,
  exercises,
  feedbackResponses,
  intelBriefs,
} from "../db/schema";
import { pickContent } from "../../shared/db/exercise-shapes";
import { newId, randomToken } from "../lib/ids";
import { getTemplate } from "../exercises/templates";
import { BRACKWATER_BRIEFS } from "./brackwater/briefs";
import { aarContent, CONDUCT_EEG, CONDUCT_FEEDBACK } from "./brackwater/conduct-report";
import {
  CONDUCT_SESSION_NAME,
  conductEvents as brackwaterEvents,
  conductPlan,
  conductTimes,
  DAY,
  LEVEE_BREACH,
  MIN,
  type ConductInput,
} from "./brackwater/conduct-session";

/**
 * The rows of a sample workspace, every one marked `sample`, with fresh ids (the demo seed writes
 * the same content with fixed ids: scripts/lib/demo*.ts). Pure: ./workspace.ts writes them.
 */

/** The quick-start template the sample exercise is made from (worker/exercises/templates). */
export const SAMPLE_TEMPLATE_ID = "riverine-flood";

export type SampleOwner = { userId: string; controllerName: string };

export function sampleExerciseRow(owner: SampleOwner, now: number): typeof exercises.$inferInsert {
  const template = getTemplate(SAMPLE_TEMPLATE_ID);
  if (!template) throw new Error(`The sample workspace's template ${SAMPLE_TEMPLATE_ID} is missing`);
  // Structured clone: the templates are module-level constants shared by every request.
  const content = structuredClone(pickContent(template));
  const at = new Date(now - 2 * DAY);
  return {
    ...content,
    id: newId(),
    userId: owner.userId,
    name: template.name,
    isQuickStart: true,
    completed: false,
    metadata: { templateId: SAMPLE_TEMPLATE_ID },
    sample: true,
    createdAt: at,
    updatedAt: at,
  };
}

export function sampleBriefRow(owner: SampleOwner, now: number): typeof intelBriefs.$inferInsert {
  const brief = BRACKWATER_BRIEFS[0];
  const at = new Date(now - brief.daysAgo * DAY);
  // Never shared: a sample has no public page.
  return { id: newId(), userId: owner.userId, title: brief.title, content: brief.content, sample: true, createdAt: at, updatedAt: at };
}

/**
 * The ended tabletop of the sample exercise: its links (revoked, as after any session), the replay
 * log, the EEG, two feedback forms, the published AAR/IP and its three tracked corrective actions
 * (one overdue, one in progress, one completed, from `now`).
 */
export function sampleConductRows(owner: SampleOwner, exerciseId: string, now: number) {
  const sessionId = newId();
  const reportId = newId();
  const eventIds = new Map<number, string>();
  const ids: ConductInput["ids"] = {
    playerTokenId: newId(),
    evaluatorTokenId: newId(),
    feedbackTokenId: newId(),
    eventId: (seq) => eventIds.get(seq) ?? (eventIds.set(seq, newId()), eventIds.get(seq)!),
    feedbackIds: [newId(), newId()],
  };
  const input: ConductInput = { ...owner, exerciseId, campaignId: null, exercise: LEVEE_BREACH, ids };
  const t = conductTimes(now);
  const content = aarContent(input, now);
  const before = new Date(t.startedAt - DAY);
  const session: typeof conductSessions.$inferInsert = {
    id: sessionId,
    userId: owner.userId,
    exerciseId,
    campaignId: null,
    name: CONDUCT_SESSION_NAME,
    status: "ended",
    plan: conductPlan(input),
    startedAt: new Date(t.startedAt),
    endedAt: new Date(t.endedAt),
    sample: true,
    createdAt: before,
    updatedAt: new Date(t.endedAt),
  };
  const tokens: (typeof conductTokens.$inferInsert)[] = [
    { id: ids.playerTokenId, role: "player", label: "EOC Policy Group" },
    { id: ids.evaluatorTokenId, role: "evaluator", label: "Evaluator — Marcus Ortega" },
    { id: ids.feedbackTokenId, role: "feedback", label: "Participant feedback" },
  ].map((k) => ({
    ...k,
    role: k.role as "player" | "evaluator" | "feedback",
    sessionId,
    token: randomToken(32),
    createdAt: before,
    revokedAt: new Date(t.endedAt + DAY),
  }));
  const events: (typeof conductEvents.$inferInsert)[] = brackwaterEvents(input).map((e) => ({
    id: ids.eventId(e.seq),
    sessionId,
    seq: e.seq,
    kind: e.payload.kind,
    at: new Date(t.startedAt + e.minute * MIN),
    actorRole: e.role,
    actorId: e.actor,
    actorLabel: e.label,
    clientKey: e.role === "player" || e.role === "evaluator" ? `sample-${e.seq}` : null,
    payload: e.payload,
  }));
  const eeg: typeof eegs.$inferInsert = { id: newId(), sessionId, content: CONDUCT_EEG, source: "edited", createdAt: before, updatedAt: before };
  const feedback: (typeof feedbackResponses.$inferInsert)[] = CONDUCT_FEEDBACK.map((f, i) => ({
    id: ids.feedbackIds[i as 0 | 1],
    sessionId,
    tokenId: ids.feedbackTokenId,
    clientKey: `sample-feedback-${i + 1}`,
    content: f,
    createdAt: new Date(t.endedAt + (i + 1) * 10 * MIN),
  }));
  const report: typeof afterActionReports.$inferInsert = {
    id: reportId,
    sessionId,
    userId: owner.userId,
    content,
    status: "final",
    source: "edited",
    publishedAt: new Date(t.publishedAt),
    sample: true,
    createdAt: new Date(t.endedAt + 60 * MIN),
    updatedAt: new Date(t.publishedAt),
  };
  const planRow = (rowId: string) => content.improvementPlan.find((r) => r.id === rowId)!;
  const actions: (typeof correctiveActions.$inferInsert)[] = [
    { row: planRow("ip-1"), status: "open" as const, completedAt: null },
    { row: planRow("ip-2"), status: "in_progress" as const, completedAt: null },
    { row: planRow("ip-3"), status: "completed" as const, completedAt: new Date(t.completedAt) },
  ].map((a) => ({
    id: newId(),
    userId: owner.userId,
    sessionId,
    reportId,
    planRowId: a.row.id,
    exerciseId,
    campaignId: null,
    exerciseName: LEVEE_BREACH.name,
    capability: a.row.capability,
    issue: a.row.issue,
    action: a.row.correctiveAction,
    element: a.row.element,
    organization: a.row.organization,
    pointOfContact: a.row.pointOfContact,
    startDate: a.row.startDate || null,
    dueDate: a.row.completionDate || null,
    status: a.status,
    completedAt: a.completedAt,
    sample: true,
    createdAt: new Date(t.publishedAt),
    updatedAt: a.completedAt ?? new Date(t.publishedAt),
  }));
  return { session, tokens, events, eeg, feedback, report, actions };
}
