import type { ConductEventPayload } from "../../shared/db/conduct-shapes";
import { latestAnswers } from "./project";
import { FEED_LIMIT } from "../../shared/conduct/model";
import type { FeedEntryView, ObservationView, PlayerAnswerView } from "../../shared/conduct/views";

/**
 * What a link wrote, read from the session object's own SQLite event log (durable-objects/conduct-session.ts):
 * a player group's latest answers and an evaluator's notes, for their role's state.
 */

export function linkAnswers(sql: SqlStorage, linkId: string): PlayerAnswerView[] {
  const answers = sql
    .exec<{ payload: string; at: number }>("SELECT payload, at FROM events WHERE actorId = ? AND kind = 'answer' ORDER BY seq", linkId)
    .toArray()
    .map((r) => {
      const p = JSON.parse(r.payload) as Extract<ConductEventPayload, { kind: "answer" }>;
      return { moduleIndex: p.moduleIndex, questionIndex: p.questionIndex, text: p.text, at: r.at };
    });
  return latestAnswers(answers);
}

/** Newest first. */
export function linkObservations(sql: SqlStorage, linkId: string): ObservationView[] {
  return sql
    .exec<{ id: string; clientKey: string | null; payload: string; at: number }>(
      "SELECT id, clientKey, payload, at FROM events WHERE actorId = ? AND kind = 'observation' ORDER BY seq DESC",
      linkId,
    )
    .toArray()
    .map((r) => {
      const p = JSON.parse(r.payload) as Extract<ConductEventPayload, { kind: "observation" }>;
      const at = new Date(r.at).toISOString();
      return {
        id: r.id,
        clientKey: r.clientKey,
        capability: p.capability,
        targetId: p.targetId,
        text: p.text,
        rating: p.rating,
        itemKey: p.itemKey,
        at,
        afterPlay: p.afterPlay === true,
      };
    });
}

/** Answers and observations as they arrived, newest first: the console's live feed. */
export function playFeed(sql: SqlStorage): FeedEntryView[] {
  return sql
    .exec<{ id: string; actorId: string | null; actorLabel: string; at: number; scenarioAt: number | null; payload: string }>(
      "SELECT id, actorId, actorLabel, at, scenarioAt, payload FROM events WHERE kind IN ('answer', 'observation') ORDER BY seq DESC LIMIT ?",
      FEED_LIMIT,
    )
    .toArray()
    .map((r) => {
      const p = JSON.parse(r.payload) as Extract<ConductEventPayload, { kind: "answer" | "observation" }>;
      const common = { id: r.id, linkId: r.actorId, label: r.actorLabel, at: new Date(r.at).toISOString(), scenarioAt: r.scenarioAt, text: p.text };
      return p.kind === "answer"
        ? {
            ...common,
            kind: "answer",
            itemKey: p.itemKey ?? null,
            moduleIndex: p.moduleIndex,
            questionIndex: p.questionIndex,
            capability: null,
            rating: null,
            afterPlay: false,
          }
        : {
            ...common,
            kind: "observation",
            itemKey: p.itemKey,
            moduleIndex: null,
            questionIndex: null,
            capability: p.capability,
            rating: p.rating,
            afterPlay: p.afterPlay === true,
          };
    });
}
