/**
 * A conducted exercise for the demo (issue 15): Dana ran the campaign exercise "Sable River levee
 * breach" as a tabletop — injects released, two player answers, five rated observations — then
 * collected two participant feedback forms and published the After-Action Report / Improvement
 * Plan, whose rows are tracked corrective actions (one overdue, one in progress, one completed), so
 * /improvement and the dashboard's Capability trends card have something to show.
 *
 * Data and SQL only: the session and its log are in worker/sample/brackwater/conduct-session.ts, the
 * EEG, feedback and AAR/IP in conduct-report.ts beside it (every new account's sample workspace
 * writes the same session with fresh ids), and this file writes them as statements with fixed ids (scripts/lib/demo.ts
 * runs them inside seedSql; test/improvement/demo-seed.test.ts checks every JSON column against its
 * schema and the evidence ids against the seeded rows).
 * Deterministic: every instant is derived from the seed's clock `now`, rounded to its UTC day, so
 * one `now` always gives the same rows; fixed ids with ON CONFLICT DO NOTHING, so seeding again
 * changes nothing (and a corrective action Dana closed stays closed). Everyone here is fictional.
 */
import { lit } from "./sql.ts";
import { aarContent, CONDUCT_EEG, CONDUCT_FEEDBACK } from "../../worker/sample/brackwater/conduct-report.ts";
import { CONDUCT_SESSION_NAME, conductEvents, conductPlan, conductTimes, DAY, MIN, type ConductInput } from "../../worker/sample/brackwater/conduct-session.ts";

const id = (n: number) => `5eed0000-0000-4000-8000-000000000${(0x300 + n).toString(16)}`;

/** The demo session's fixed ids. */
export const DEMO_CONDUCT = {
  sessionId: id(0),
  name: CONDUCT_SESSION_NAME,
  playerTokenId: id(1),
  evaluatorTokenId: id(2),
  feedbackTokenId: id(3),
  eegId: id(4),
  reportId: id(5),
  feedbackIds: [id(6), id(7)] as const,
  /** ConductEvent ids are id(0x10 + seq). */
  eventId: (seq: number) => id(0x10 + seq),
  actionIds: { overdue: id(0x40), inProgress: id(0x41), completed: id(0x42) },
} as const;

/** Who ran the demo session and which exercise it played (Dana, her campaign exercise). */
export type DemoConductInput = Omit<ConductInput, "ids">;

export { conductTimes as demoConductTimes };

/** A revoked link's token: deterministic and harmless (revoked links answer 404), 43 URL-safe characters like real ones. */
const revokedToken = (tokenId: string) => `seedrevoked${tokenId.replace(/-/g, "")}`.slice(0, 43).padEnd(43, "0");

export function demoConductSql(demo: DemoConductInput, now: number): string[] {
  const c = DEMO_CONDUCT;
  const input: ConductInput = { ...demo, ids: c };
  const t = conductTimes(now);
  const content = aarContent(input, now);
  const plan = conductPlan(input);
  const isSeedDana = `EXISTS (SELECT 1 FROM "User" WHERE "id" = ${lit(input.userId)})`;
  const sessionExists = `EXISTS (SELECT 1 FROM "ConductSession" WHERE "id" = ${lit(c.sessionId)})`;
  const reportExists = `EXISTS (SELECT 1 FROM "AfterActionReport" WHERE "id" = ${lit(c.reportId)})`;
  const tokens = [
    { id: c.playerTokenId, role: "player", label: "EOC Policy Group" },
    { id: c.evaluatorTokenId, role: "evaluator", label: "Evaluator — Marcus Ortega" },
    { id: c.feedbackTokenId, role: "feedback", label: "Participant feedback" },
  ];
  const ip = (rowId: string) => content.improvementPlan.find((r) => r.id === rowId)!;
  const actions = [
    { id: c.actionIds.overdue, row: ip("ip-1"), status: "open", completedAt: null as number | null },
    { id: c.actionIds.inProgress, row: ip("ip-2"), status: "in_progress", completedAt: null },
    { id: c.actionIds.completed, row: ip("ip-3"), status: "completed", completedAt: t.completedAt },
  ];
  return [
    `INSERT INTO "ConductSession" ("id", "userId", "exerciseId", "campaignId", "name", "status", "plan", "startedAt", "endedAt", "createdAt", "updatedAt")
     SELECT ${lit(c.sessionId)}, ${lit(input.userId)}, ${lit(input.exerciseId)}, ${input.campaignId ? lit(input.campaignId) : "NULL"}, ${lit(
       c.name,
     )}, 'ended', ${lit(JSON.stringify(plan))}, ${t.startedAt}, ${t.endedAt}, ${t.startedAt - DAY}, ${t.endedAt}
     WHERE ${isSeedDana}
     ON CONFLICT DO NOTHING;`,
    ...tokens.map(
      (k) =>
        `INSERT INTO "ConductToken" ("id", "sessionId", "role", "label", "token", "createdAt", "revokedAt")
         SELECT ${lit(k.id)}, ${lit(c.sessionId)}, ${lit(k.role)}, ${lit(k.label)}, ${lit(revokedToken(k.id))}, ${t.startedAt - DAY}, ${t.endedAt + DAY}
         WHERE ${sessionExists}
         ON CONFLICT DO NOTHING;`,
    ),
    ...conductEvents(input).map(
      (e) =>
        `INSERT INTO "ConductEvent" ("id", "sessionId", "seq", "kind", "at", "actorRole", "actorId", "actorLabel", "clientKey", "payload")
         SELECT ${lit(c.eventId(e.seq))}, ${lit(c.sessionId)}, ${e.seq}, ${lit(e.payload.kind)}, ${t.startedAt + e.minute * MIN}, ${lit(e.role)}, ${
           e.actor ? lit(e.actor) : "NULL"
         }, ${lit(e.label)}, ${e.role === "player" || e.role === "evaluator" ? lit(`seed-${e.seq}`) : "NULL"}, ${lit(JSON.stringify(e.payload))}
         WHERE ${sessionExists}
         ON CONFLICT DO NOTHING;`,
    ),
    `INSERT INTO "Eeg" ("id", "sessionId", "content", "source", "createdAt", "updatedAt")
     SELECT ${lit(c.eegId)}, ${lit(c.sessionId)}, ${lit(JSON.stringify(CONDUCT_EEG))}, 'edited', ${t.startedAt - DAY}, ${t.startedAt - DAY}
     WHERE ${sessionExists}
     ON CONFLICT DO NOTHING;`,
    ...CONDUCT_FEEDBACK.map(
      (f, i) =>
        `INSERT INTO "FeedbackResponse" ("id", "sessionId", "tokenId", "clientKey", "content", "createdAt")
         SELECT ${lit(c.feedbackIds[i]!)}, ${lit(c.sessionId)}, ${lit(c.feedbackTokenId)}, ${lit(`seed-feedback-${i + 1}`)}, ${lit(JSON.stringify(f))}, ${
           t.endedAt + (i + 1) * 10 * MIN
         }
         WHERE ${sessionExists}
         ON CONFLICT DO NOTHING;`,
    ),
    `INSERT INTO "AfterActionReport" ("id", "sessionId", "userId", "content", "status", "source", "publishedAt", "createdAt", "updatedAt")
     SELECT ${lit(c.reportId)}, ${lit(c.sessionId)}, ${lit(input.userId)}, ${lit(JSON.stringify(content))}, 'final', 'edited', ${t.publishedAt}, ${
       t.endedAt + 60 * MIN
     }, ${t.publishedAt}
     WHERE ${sessionExists}
     ON CONFLICT DO NOTHING;`,
    ...actions.map(
      (a) =>
        `INSERT INTO "CorrectiveAction" ("id", "userId", "sessionId", "reportId", "planRowId", "exerciseId", "campaignId", "exerciseName", "capability", "issue", "action", "element", "organization", "pointOfContact", "startDate", "dueDate", "status", "completedAt", "createdAt", "updatedAt")
         SELECT ${lit(a.id)}, ${lit(input.userId)}, ${lit(c.sessionId)}, ${lit(c.reportId)}, ${lit(a.row.id)}, ${lit(input.exerciseId)}, ${
           input.campaignId ? lit(input.campaignId) : "NULL"
         }, ${lit(input.exercise.name)}, ${lit(a.row.capability)}, ${lit(a.row.issue)}, ${lit(a.row.correctiveAction)}, ${lit(a.row.element)}, ${lit(
           a.row.organization,
         )}, ${lit(a.row.pointOfContact)}, ${a.row.startDate ? lit(a.row.startDate) : "NULL"}, ${
           a.row.completionDate ? lit(a.row.completionDate) : "NULL"
         }, ${lit(a.status)}, ${a.completedAt ?? "NULL"}, ${t.publishedAt}, ${a.completedAt ?? t.publishedAt}
         WHERE ${reportExists}
         ON CONFLICT DO NOTHING;`,
    ),
  ];
}
