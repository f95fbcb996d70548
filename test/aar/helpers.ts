import { env } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import { conductEvents, conductSessions, conductTokens, eegs, feedbackResponses } from "../../worker/db/schema";
import type { ConductEventPayload } from "../../worker/db/conduct-shapes";
import { sampleEeg, sampleInputs, samplePlan } from "../../worker/aar/sample";
import type { TestUser } from "../helpers/auth";

export const db = () => getDb(env.DB);

/** A 256-bit token as written (ConductToken.token is unique). */
const token = () => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");

export type SeededSession = { sessionId: string; observationIds: string[]; answerIds: string[]; feedbackIds: string[] };

/**
 * A conduct session of `owner`, inserted directly (the session object is another part's): the
 * sample plan, two player groups, three evaluators and a feedback link, and `observations`
 * observation events (payloads as the object writes them), answers and three feedback forms from
 * worker/aar/sample.ts. Status "ended" unless told.
 */
export async function seedSession(
  owner: TestUser,
  options: { status?: "ready" | "running" | "ended"; observations?: number; exerciseId?: string; withEeg?: boolean } = {},
): Promise<SeededSession> {
  const sample = sampleInputs(options.observations ?? 12);
  const t0 = sample.session.startedAt!;
  const status = options.status ?? "ended";
  const [session] = await db()
    .insert(conductSessions)
    .values({
      userId: owner.userId,
      exerciseId: options.exerciseId ?? crypto.randomUUID(),
      name: sample.session.name,
      status,
      plan: samplePlan(),
      startedAt: status === "ready" ? null : new Date(t0),
      endedAt: status === "ended" ? new Date(sample.session.endedAt!) : null,
    })
    .returning({ id: conductSessions.id });
  const sessionId = session!.id;
  const links = await db()
    .insert(conductTokens)
    .values(sample.links.map((l) => ({ sessionId, role: l.role, label: l.label, token: token() })))
    .returning({ id: conductTokens.id, label: conductTokens.label });
  const linkId = new Map(links.map((l) => [l.label, l.id]));
  if (options.withEeg !== false) await db().insert(eegs).values({ sessionId, content: sampleEeg(), source: "offline" });

  type Row = typeof conductEvents.$inferInsert;
  const rows: Row[] = [];
  let seq = 0;
  const push = (at: number, actorRole: Row["actorRole"], actorLabel: string, payload: ConductEventPayload) =>
    rows.push({ sessionId, seq: ++seq, kind: payload.kind, at: new Date(at), actorRole, actorId: linkId.get(actorLabel) ?? null, actorLabel, payload });
  push(t0, "controller", "Controller", { kind: "started" });
  for (const p of sample.played) push(p.at, "controller", "Controller", { kind: "released", itemKey: p.key, scheduled: false });
  for (const a of sample.answers) push(a.at, "player", a.group, { kind: "answer", moduleIndex: a.moduleIndex, questionIndex: a.questionIndex, text: a.text });
  for (const o of sample.observations)
    push(o.at, "evaluator", o.actorLabel, { kind: "observation", capability: o.capability, targetId: o.targetId, text: o.text, rating: o.rating, itemKey: o.itemKey });
  if (status === "ended") push(sample.session.endedAt!, "controller", "Controller", { kind: "ended" });
  const ids: { id: string; kind: string }[] = [];
  // D1 binds at most 100 parameters a statement: 9 columns a row → 10 rows a statement.
  for (let i = 0; i < rows.length; i += 10) ids.push(...(await db().insert(conductEvents).values(rows.slice(i, i + 10)).returning({ id: conductEvents.id, kind: conductEvents.kind })));
  const feedback = await db()
    .insert(feedbackResponses)
    .values(sample.feedback.map((f) => ({ sessionId, clientKey: crypto.randomUUID(), content: f.content, createdAt: new Date(f.at) })))
    .returning({ id: feedbackResponses.id });
  return {
    sessionId,
    observationIds: ids.filter((r) => r.kind === "observation").map((r) => r.id),
    answerIds: ids.filter((r) => r.kind === "answer").map((r) => r.id),
    feedbackIds: feedback.map((f) => f.id),
  };
}
