import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { grantCredits } from "../billing/service";
import { synthesisStub } from "../collaborate/synthesis/run";
import { ctxOf } from "../context";
import { notFound } from "../lib/errors";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";

/**
 * The synthesis bench (bench/synthesis.ts). POST / makes, in a team the signed-in user administers
 * (the demo user's), a campaign they created with `contributors` COMPLETED campaign-only
 * contributors (five answers and three proposals each, names and organisations in the text), turns
 * the collaborate flag on and grants the team account credits for the run; the bench then triggers
 * it through the real API and queue. GET /{campaignId} answers the run as the CampaignSynthesis
 * object holds it (with the per-stage timings the state view does not show). Mounted under
 * /api/dev (local and test only).
 */
const input = z.object({ contributors: z.number().int().min(1).max(200).default(5) });

const ANSWER = (n: number, topic: string) =>
  `Contributor ${n} on ${topic}: our shelter plan assumes two sites, but in the last flood the first filled within six hours and the second had no generator fuel. ` +
  `We rely on the county EOC for transport, and the hand-off between dispatch and the Red Cross liaison was unclear. We would test evacuation of the care home on River Road.`;
const KEYS = ["role", "plans", "incidents", "concerns", "q1"] as const;

export const synthesisBenchRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", describe({ summary: "Synthesis bench: seed a campaign", internal: true }), jsonBody(input), async (c) => {
    const { contributors } = c.req.valid("json");
    const ctx = ctxOf(c);
    const db = c.env.DB;
    const team = await db
      .prepare(`SELECT t."id", t."accountId" FROM "Team" t JOIN "TeamMember" tm ON tm."teamId" = t."id" WHERE tm."userId" = ? AND tm."role" = 'ADMIN' LIMIT 1`)
      .bind(ctx.user.id)
      .first<{ id: string; accountId: string }>();
    if (!team) throw notFound("The bench user administers no team.");
    const campaignId = crypto.randomUUID();
    const now = Date.now();
    const parameters = {
      synthesisThreadId: null,
      contributorStateHash: null,
      purpose: "exercise",
      hazard: "Riverine flood",
      scenario: "The Brackwater River crests overnight.",
      capabilities: [],
      questions: [],
      deadline: null,
      language: "en",
    };
    const statements: D1PreparedStatement[] = [
      db
        .prepare(
          `UPDATE "Account" SET "collaborateEnabled" = 1, "featureFlags" = json_set(coalesce("featureFlags", '{}'), '$.collaborateEnabled', json('true')) WHERE "id" IN (?, (SELECT "accountId" FROM "UserAccount" WHERE "userId" = ? ORDER BY "createdAt" LIMIT 1))`,
        )
        .bind(team.accountId, ctx.user.id),
      db
        .prepare(
          `INSERT INTO "Campaign" ("id", "teamId", "name", "parameters", "createdById", "status", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, 'ACTIVE', ?, ?)`,
        )
        .bind(campaignId, team.id, `Bench synthesis ${contributors}`, JSON.stringify(parameters), ctx.user.id, now, now),
    ];
    for (let n = 1; n <= contributors; n++) {
      const authorId = crypto.randomUUID();
      const email = `bench-${authorId}@bench.test`;
      statements.push(
        db
          .prepare(`INSERT INTO "CampaignUser" ("id", "email", "firstName", "lastName") VALUES (?, ?, ?, ?)`)
          .bind(authorId, email, "Bench", `Contributor ${n}`),
        db
          .prepare(
            `INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status", "collectedData", "contributions", "completionPercentage", "submittedAt", "organization") VALUES (?, ?, ?, 'COMPLETED', ?, ?, 100, ?, ?)`,
          )
          .bind(
            crypto.randomUUID(),
            campaignId,
            authorId,
            JSON.stringify({
              answers: KEYS.map((key) => ({
                key,
                phase: 1,
                question: `Question ${key}`,
                answer: `I am Bench Contributor ${n} of Bench Agency ${n}. ${ANSWER(n, key)}`,
              })),
            }),
            JSON.stringify({
              injects: [`Bench Agency ${n} reports its shelter full`],
              questions: ["Who opens the second shelter?"],
              objectives: ["Open a second shelter within two hours"],
            }),
            now + n,
            `Bench Agency ${n}`,
          ),
      );
    }
    for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50));
    await grantCredits(ctx, { accountId: team.accountId, amount: 100 * contributors + 100, idempotencyKey: `bench:synthesis:${campaignId}` });
    return c.json({ campaignId });
  })
  .get("/:campaignId", describe({ summary: "Synthesis bench: the run's state and timings", internal: true }), async (c) => {
    const run = await synthesisStub(c.env, c.req.param("campaignId")).get();
    const { status, progress, error, startedAt, completedAt, timings, contributorCount } = run;
    return c.json({ status, progress, error, startedAt, completedAt, timings, contributorCount });
  });
