import { count, eq } from "drizzle-orm";
import type { ActorRole, ConductEventPayload, EegGuide } from "../../shared/db/conduct-shapes";
import type { Database } from "../db/client";
import { conductEvents, conductSessions, eegs, feedbackResponses } from "../db/schema";
import type { ConductStatus } from "../../shared/conduct/views";

/**
 * The session object's D1 side (docs/decisions/0002): the ConductEvent rows and the session's status
 * are copies the object writes before it answers, for lists, the replay, EEGs and the AAR. Inserts are
 * idempotent (the event id is the object's), so a retry after a failed write never doubles a row.
 * Also the two D1 reads the object needs for its views (the EEGs and the feedback count), which
 * other features write.
 */

export type StoredEvent = {
  id: string;
  seq: number;
  at: number;
  scenarioAt: number | null;
  actorRole: ActorRole;
  actorId: string | null;
  actorLabel: string;
  clientKey: string | null;
  payload: ConductEventPayload;
};

export type SessionMirror = { status: ConductStatus; startedAt: number | null; endedAt: number | null; hotWashMinutes: number };

export async function mirrorToD1(db: Database, sessionId: string, events: StoredEvent[], session: SessionMirror): Promise<void> {
  const inserts = events.map((e) =>
    db
      .insert(conductEvents)
      .values({
        id: e.id,
        sessionId,
        seq: e.seq,
        kind: e.payload.kind,
        at: new Date(e.at),
        scenarioAt: e.scenarioAt,
        actorRole: e.actorRole,
        actorId: e.actorId,
        actorLabel: e.actorLabel,
        clientKey: e.clientKey,
        payload: e.payload,
      })
      .onConflictDoNothing(),
  );
  const update = db
    .update(conductSessions)
    .set({
      status: session.status,
      startedAt: session.startedAt === null ? null : new Date(session.startedAt),
      endedAt: session.endedAt === null ? null : new Date(session.endedAt),
      hotWashMinutes: session.hotWashMinutes,
    })
    .where(eq(conductSessions.id, sessionId));
  await db.batch([update, ...inserts]);
}

/** The session's EEGs (worker/evaluation writes them), or none yet. */
export async function readGuides(db: Database, sessionId: string): Promise<EegGuide[]> {
  const [row] = await db.select({ content: eegs.content }).from(eegs).where(eq(eegs.sessionId, sessionId)).limit(1);
  return row?.content.guides ?? [];
}

export async function countFeedback(db: Database, sessionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(feedbackResponses).where(eq(feedbackResponses.sessionId, sessionId));
  return row?.n ?? 0;
}
