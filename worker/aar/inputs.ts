import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { loadAarContext, type AarContext } from "./context";
import type { ConductPlan, EegContent, FeedbackContent, Rating, TimelineItem } from "../../shared/db/conduct-shapes";
import { conductEvents, conductTokens, eegs, type ConductSession } from "../db/schema";
import { feedbackAggregates, feedbackOrganizations, feedbackSample, type FeedbackRow, type StatementMean } from "../evaluation/feedback-stats";

/**
 * Everything a conduct session produced that the After-Action Report rests on, read from D1 (the
 * ConductEvent rows are the session object's mirror, written before it answers). The session row
 * itself comes from findSession; the rest is one D1 batch (events, guide, links) beside the feedback
 * reads: its aggregates over every response and a bounded sample of the written ones.
 *
 * Ids are the rows' own (ConductEvent.id, FeedbackResponse.id): the report's evidence cites them.
 */

/**
 * Feedback forms the report quotes (an even sample of those with written feedback; feedback-stats.ts).
 * Feedback is anonymous and public, so its share of the AI prompt (which the controller pays for)
 * must not grow with how many were posted: 40 forms of at most ~1,300 characters each bound it near
 * 52,000 characters, while the aggregates (count, means, organisations) still cover every response.
 * Most exercises return fewer than 40 forms, and then every one is quoted.
 */
export const AAR_FEEDBACK_SAMPLE = 40;

export type ObservationInput = {
  id: string;
  at: number;
  /** ConductToken id of the evaluator (or the controller's user id); null if unknown. */
  actorId: string | null;
  actorLabel: string;
  capability: string;
  targetId: string | null;
  text: string;
  rating: Rating | null;
  itemKey: string | null;
  /** Written after the session ended, in the evaluators' hot wash (worker/conduct/evaluation-window.ts). */
  afterPlay: boolean;
};

type AnswerInput = { id: string; at: number; group: string; moduleIndex: number; questionIndex: number; text: string };

export type FeedbackInput = { id: string; at: number; content: FeedbackContent };

type PlayedItem = { key: string; title: string; at: number; unplanned: boolean };

export type AarInputs = {
  session: { id: string; name: string; plan: ConductPlan; startedAt: number | null; endedAt: number | null };
  observations: ObservationInput[];
  answers: AnswerInput[];
  /** Injects released during play (planned and unplanned), in order. */
  played: PlayedItem[];
  eeg: EegContent | null;
  /** A sample of the written feedback (at most AAR_FEEDBACK_SAMPLE forms), in submission order. */
  feedback: FeedbackInput[];
  /** Over every response: how many, each statement's mean, the organisations named. */
  feedbackTotals: { total: number; ratings: StatementMean[]; organizations: string[] };
  links: { role: "player" | "evaluator" | "feedback"; label: string }[];
  /** The exercise's threat, sponsor, contacts and addressed organisations (context.ts). */
  context: AarContext;
};

/** The event kinds the report reads; started/paused/etc. carry nothing a finding could cite. */
const READ_KINDS = ["observation", "answer", "released", "unplanned"] as const;

export async function loadAarInputs(db: Database, session: ConductSession): Promise<AarInputs> {
  const feedback = Promise.all([
    feedbackSample(db, session.id, AAR_FEEDBACK_SAMPLE),
    feedbackAggregates(db, session.id),
    feedbackOrganizations(db, session.id),
    loadAarContext(db, session),
  ]);
  const [events, guides, links] = await db.batch([
    db
      .select({
        id: conductEvents.id,
        at: conductEvents.at,
        actorId: conductEvents.actorId,
        actorLabel: conductEvents.actorLabel,
        payload: conductEvents.payload,
      })
      .from(conductEvents)
      .where(and(eq(conductEvents.sessionId, session.id), inArray(conductEvents.kind, [...READ_KINDS])))
      .orderBy(asc(conductEvents.seq)),
    db.select({ content: eegs.content }).from(eegs).where(eq(eegs.sessionId, session.id)).limit(1),
    db
      .select({ role: conductTokens.role, label: conductTokens.label })
      .from(conductTokens)
      .where(eq(conductTokens.sessionId, session.id))
      .orderBy(asc(conductTokens.createdAt), asc(conductTokens.id)),
  ]);
  const [sample, aggregates, organizations, context] = await feedback;
  return fromRows(
    session,
    events,
    guides[0]?.content ?? null,
    { sample, totals: { total: aggregates.total, ratings: aggregates.ratings, organizations } },
    links,
    context,
  );
}

type EventRow = { id: string; at: Date; actorId: string | null; actorLabel: string; payload: (typeof conductEvents.$inferSelect)["payload"] };

/** Rows → inputs; pure, so the bench and node tests build inputs the same way. */
function fromRows(
  session: Pick<ConductSession, "id" | "name" | "plan" | "startedAt" | "endedAt">,
  events: EventRow[],
  eeg: EegContent | null,
  feedback: { sample: FeedbackRow[]; totals: AarInputs["feedbackTotals"] },
  links: AarInputs["links"],
  context: AarContext,
): AarInputs {
  // Unplanned injects join the map as they are added: one may be released later by its key.
  const planned = new Map<string, TimelineItem>(session.plan.items.map((i) => [i.key, i]));
  const observations: ObservationInput[] = [];
  const answers: AnswerInput[] = [];
  const played: PlayedItem[] = [];
  for (const e of events) {
    const at = e.at.getTime();
    const p = e.payload;
    switch (p.kind) {
      case "observation":
        observations.push({
          id: e.id,
          at,
          actorId: e.actorId,
          actorLabel: e.actorLabel,
          capability: p.capability,
          targetId: p.targetId,
          text: p.text,
          rating: p.rating,
          itemKey: p.itemKey,
          afterPlay: p.afterPlay === true,
        });
        break;
      case "answer":
        answers.push({ id: e.id, at, group: e.actorLabel, moduleIndex: p.moduleIndex, questionIndex: p.questionIndex, text: p.text });
        break;
      case "released": {
        const item = planned.get(p.itemKey);
        played.push({ key: p.itemKey, title: item?.title ?? p.itemKey, at, unplanned: false });
        break;
      }
      case "unplanned":
        planned.set(p.item.key, p.item);
        if (p.released) played.push({ key: p.item.key, title: p.item.title, at, unplanned: true });
        break;
      default:
        break;
    }
  }
  return {
    session: {
      id: session.id,
      name: session.name,
      plan: session.plan,
      startedAt: session.startedAt?.getTime() ?? null,
      endedAt: session.endedAt?.getTime() ?? null,
    },
    observations,
    answers,
    played,
    eeg,
    feedback: feedback.sample.map((r) => ({ id: r.id, at: r.createdAt.getTime(), content: r.content })),
    feedbackTotals: feedback.totals,
    links,
    context,
  };
}
