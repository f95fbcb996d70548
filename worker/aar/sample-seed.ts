import type { Database } from "../db/client";
import type { ConductEventPayload } from "../../shared/db/conduct-shapes";
import { conductEvents, conductSessions, conductTokens, eegs, feedbackResponses } from "../db/schema";
import { newShareToken } from "../share/tokens";
import { sampleEeg, sampleInputs, samplePlan } from "./sample";

/**
 * Writes the sample conducted exercise (sample.ts) into D1 as the session's object would have: the
 * session row, its links, its guide, the event log (started, released injects, answers,
 * observations, ended) and the feedback forms. For the bench's dev route and the tests, which need
 * a played session without running one (the session object is another part's).
 */

export type SeededSession = { sessionId: string; observationIds: string[]; answerIds: string[]; feedbackIds: string[] };

// D1 binds at most 100 parameters a statement: 10 event columns a row → 9 rows a statement.
const EVENTS_PER_INSERT = 9;

export async function seedSampleSession(
  db: Database,
  input: { userId: string; status?: "ready" | "running" | "ended"; observations?: number; exerciseId?: string; withEeg?: boolean },
): Promise<SeededSession> {
  const sample = sampleInputs(input.observations ?? 12);
  const t0 = sample.session.startedAt!;
  const status = input.status ?? "ended";
  const [session] = await db
    .insert(conductSessions)
    .values({
      userId: input.userId,
      exerciseId: input.exerciseId ?? crypto.randomUUID(),
      name: sample.session.name,
      status,
      plan: samplePlan(),
      startedAt: status === "ready" ? null : new Date(t0),
      endedAt: status === "ended" ? new Date(sample.session.endedAt!) : null,
    })
    .returning({ id: conductSessions.id });
  const sessionId = session!.id;
  const links = await db
    .insert(conductTokens)
    .values(sample.links.map((l) => ({ sessionId, role: l.role, label: l.label, token: newShareToken() })))
    .returning({ id: conductTokens.id, label: conductTokens.label });
  const linkId = new Map(links.map((l) => [l.label, l.id]));
  if (input.withEeg !== false) await db.insert(eegs).values({ sessionId, content: sampleEeg(), source: "offline" });

  type Row = typeof conductEvents.$inferInsert;
  const rows: Row[] = [];
  const push = (at: number, actorRole: Row["actorRole"], actorLabel: string, payload: ConductEventPayload) =>
    rows.push({
      id: crypto.randomUUID(),
      sessionId,
      seq: rows.length + 1,
      kind: payload.kind,
      at: new Date(at),
      actorRole,
      actorId: linkId.get(actorLabel) ?? null,
      actorLabel,
      payload,
    });
  push(t0, "controller", "Controller", { kind: "started" });
  for (const p of sample.played) push(p.at, "controller", "Controller", { kind: "released", itemKey: p.key, scheduled: false });
  for (const a of sample.answers) push(a.at, "player", a.group, { kind: "answer", moduleIndex: a.moduleIndex, questionIndex: a.questionIndex, text: a.text });
  for (const o of sample.observations)
    push(o.at, "evaluator", o.actorLabel, {
      kind: "observation",
      capability: o.capability,
      targetId: o.targetId,
      text: o.text,
      rating: o.rating,
      itemKey: o.itemKey,
    });
  if (status === "ended") push(sample.session.endedAt!, "controller", "Controller", { kind: "ended" });
  const inserts = [];
  for (let i = 0; i < rows.length; i += EVENTS_PER_INSERT) inserts.push(db.insert(conductEvents).values(rows.slice(i, i + EVENTS_PER_INSERT)));
  const feedbackRows = sample.feedback.map((f) => ({
    id: crypto.randomUUID(),
    sessionId,
    clientKey: crypto.randomUUID(),
    content: f.content,
    createdAt: new Date(f.at),
  }));
  const [first, ...rest] = inserts;
  await db.batch([db.insert(feedbackResponses).values(feedbackRows), ...(first ? [first, ...rest] : [])]);
  const idsOf = (kind: Row["kind"]) => rows.filter((r) => r.kind === kind).map((r) => r.id!);
  return { sessionId, observationIds: idsOf("observation"), answerIds: idsOf("answer"), feedbackIds: feedbackRows.map((f) => f.id) };
}
