/**
 * Seeds the local demo workspace: the fictional Brackwater County (a coastal-river county where
 * the Sable River meets Ostrander Bay), its emergency manager Dana Whitfield with an active TEAM
 * plan, custom instructions about the county, and four sample plan documents in local R2. Dana
 * also has a team (5 seats) with her colleague Marcus Ortega, the campaign "Sable River Flood
 * Readiness 2027" and one campaign exercise in it, so both collaborate views can be tried. On
 * /intelligence she finds four briefs (one shared) and a daily news alert on the Sable River with
 * its latest summary.
 *
 * Idempotent: fixed ids and conflict-tolerant inserts, so `npm start` can run it every time.
 * Things the demo user may change in the app (password, custom instructions, names) are written
 * only on first seed; the plan is re-activated on every run so the demo always signs in to a
 * working workspace. Local only: demo data never reaches a deployed database.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "better-auth/crypto";
import { openLocal, type LocalStore } from "./lib/d1.ts";
import { migrateLocal } from "./lib/migrate-local.ts";
import { DEMO_ALERT } from "./lib/demo-alerts.ts";
import { DEMO_BRIEFS } from "./lib/demo-briefs.ts";
import { DEMO_FINDINGS_CAMPAIGN } from "./lib/demo-campaign.ts";
import { DEMO_CLIENTS, DEMO_CONSULTANT } from "./lib/demo-enterprise.ts";
import { DEMO, DEMO_DOCUMENTS, DEMO_MEMBER, DEMO_OPERATOR, DEMO_TEAM, demoCampaignExercisePath, documentKey, seedSql } from "./lib/demo.ts";
import { DEMO_CONDUCT } from "./lib/demo-conduct.ts";
import { DEMO_EXERCISES } from "./lib/demo-exercises.ts";
import { lit } from "./lib/sql.ts";

export { DEMO } from "./lib/demo.ts";

const BUCKET = "readyroom-uploads";
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Migrates the local database (as `wrangler d1 migrations apply DB --local` does, scripts/lib/migrate-local.ts),
 * then seeds it. `now`: the seed's clock; every seeded date that describes the past lies before it.
 */
export async function seedLocal(persistTo: string, now = Date.now()): Promise<void> {
  const store = await openLocal(persistTo, [BUCKET]);
  try {
    const applied = await migrateLocal(store);
    if (applied.length) console.log(`Applied ${applied.length} migration(s) to the local database: ${applied.join(", ")}.`);
    await seed(store, now);
  } finally {
    await store.close();
  }
}

async function seed(store: LocalStore, now: number): Promise<void> {
  // One query says what is already there.
  const [state] = await store.query<{
    userId: string | null;
    credentials: number;
    memberCredentials: number;
    consultantCredentials: number;
    operatorCredentials: number;
    clients: number;
    docs: string | null;
    briefs: number;
    alert: number;
    planActive: number;
    teamReady: number;
    conducted: number;
    exercises: number;
  }>(
    `SELECT
       (SELECT "id" FROM "User" WHERE "email" = ${lit(DEMO.email)}) AS "userId",
       (SELECT count(*) FROM "Account" a JOIN "User" u ON u."id" = a."userId" WHERE u."email" = ${lit(DEMO.email)} AND a."provider" = 'credential') AS "credentials",
       (SELECT count(*) FROM "Account" a JOIN "User" u ON u."id" = a."userId" WHERE u."email" = ${lit(DEMO_MEMBER.email)} AND a."provider" = 'credential') AS "memberCredentials",
       (SELECT count(*) FROM "Account" a JOIN "User" u ON u."id" = a."userId" WHERE u."email" = ${lit(DEMO_CONSULTANT.email)} AND a."provider" = 'credential') AS "consultantCredentials",
       (SELECT count(*) FROM "Account" a JOIN "User" u ON u."id" = a."userId" WHERE u."email" = ${lit(DEMO_OPERATOR.email)} AND a."provider" = 'credential' AND u."role" = 'admin') AS "operatorCredentials",
       (SELECT count(*) FROM "Client" WHERE "id" IN (${DEMO_CLIENTS.map((c) => lit(c.id)).join(", ")})) AS "clients",
       (SELECT group_concat("id") FROM "Document" WHERE "userId" = ${lit(DEMO.userId)}) AS "docs",
       (SELECT count(*) FROM "IntelBrief" WHERE "id" IN (${DEMO_BRIEFS.map((b) => lit(b.id)).join(", ")})) AS "briefs",
       (SELECT count(*) FROM "Alert" WHERE "id" = ${lit(DEMO_ALERT.id)}) AS "alert",
       (SELECT count(*) FROM "AccountPlanMetadata" WHERE "accountId" = ${lit(DEMO.accountId)} AND "status" = 'active') AS "planActive",
       (SELECT count(*) FROM "AfterActionReport" WHERE "id" = ${lit(DEMO_CONDUCT.reportId)}) AS "conducted",
       (SELECT count(*) FROM "Exercise" WHERE "id" IN (${DEMO_EXERCISES.map((e) => lit(e.id)).join(", ")})) AS "exercises",
       (SELECT count(*) FROM "TeamMember" tm JOIN "Team" t ON t."id" = tm."teamId" JOIN "User" u ON u."id" = tm."userId"
          WHERE t."accountId" = ${lit(DEMO.accountId)} AND u."email" IN (${lit(DEMO.email)}, ${lit(DEMO_MEMBER.email)})) = 2
        AND EXISTS (SELECT 1 FROM "CampaignExercise" WHERE "id" = ${lit(DEMO_TEAM.exerciseId)})
        AND EXISTS (SELECT 1 FROM "Campaign" WHERE "id" = ${lit(DEMO_FINDINGS_CAMPAIGN.campaignId)} AND "insights" IS NOT NULL) AS "teamReady"`,
  );
  if (state!.userId && state!.userId !== DEMO.userId) {
    console.warn(`Seed: ${DEMO.email} exists with another id; leaving it as it is.`);
    return;
  }
  const presentDocs = new Set((state!.docs ?? "").split(",").filter(Boolean));
  const missingDocs = DEMO_DOCUMENTS.filter((doc) => !presentDocs.has(doc.id));
  if (
    state!.userId &&
    state!.credentials > 0 &&
    state!.memberCredentials > 0 &&
    state!.consultantCredentials > 0 &&
    state!.operatorCredentials > 0 &&
    state!.clients === DEMO_CLIENTS.length &&
    state!.planActive > 0 &&
    state!.teamReady &&
    missingDocs.length === 0 &&
    state!.briefs === DEMO_BRIEFS.length &&
    state!.alert === 1 &&
    state!.conducted === 1 &&
    state!.exercises === DEMO_EXERCISES.length
  ) {
    console.log("Seed: the Brackwater County demo workspace is already in place.");
    return;
  }
  // Bytes first, rows second: a Document row never points at a missing object.
  for (const doc of missingDocs) {
    const file = path.join(here, "..", "worker", "sample", "brackwater", "documents", doc.filename);
    if (!existsSync(file)) throw new Error(`Seed: missing sample document ${file}`);
    await store.putObject(BUCKET, documentKey(doc), readFileSync(file), doc.contentType);
  }
  // Hash only when a credential row is missing: a password a demo user changed stays changed.
  const passwordHash =
    state!.credentials > 0 && state!.memberCredentials > 0 && state!.consultantCredentials > 0 && state!.operatorCredentials > 0
      ? ""
      : await hashPassword(DEMO.password);
  await store.exec(seedSql(passwordHash, now));
  console.log(
    state!.userId
      ? "Seed: repaired the demo workspace (plan re-activated; documents, team, campaign and enterprise clients restored)."
      : "Seed: created the Brackwater County demo workspace.",
  );
}

/**
 * The seed writes its documents straight into D1, where no queue reaches them: the running Worker
 * queues them (the local-only POST /api/dev/seed/ingest), as it queues an upload. `npm start` calls
 * this as soon as the Worker answers; `npm run seed` calls it when a server is already running.
 */
export async function queueSeededDocuments(baseURL: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseURL}/api/dev/seed/ingest`, { method: "POST" });
    if (!res.ok) {
      console.error(`Seed: the Worker answered ${res.status} when asked to queue the seeded documents; the Cron's ingest sweep will queue them.`);
      return false;
    }
    const { queued } = (await res.json()) as { queued: number };
    if (queued > 0) console.log(`Seed: ${queued} document(s) queued for ingestion.`);
    return true;
  } catch {
    return false;
  }
}

export function printDemoSignIn(port: string | number = process.env.PORT ?? "8787"): void {
  console.log(
    [
      "",
      "  Readyroom demo sign-in",
      `    URL:      http://localhost:${port}/login`,
      `    Email:    ${DEMO.email}`,
      `    Password: ${DEMO.password}`,
      `    Team member: ${DEMO_MEMBER.email} (same password)`,
      `    Enterprise (clients): ${DEMO_CONSULTANT.email} (same password)`,
      `    Operator (admin console): ${DEMO_OPERATOR.email} (same password) → http://localhost:${port}/admin`,
      `    Campaign exercise: http://localhost:${port}${demoCampaignExercisePath}`,
      "",
    ].join("\n"),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await seedLocal(process.env.READYROOM_STATE_DIR ?? ".wrangler/state");
  const port = process.env.PORT ?? "8787";
  if (!(await queueSeededDocuments(`http://127.0.0.1:${port}`))) console.log("Seed: the documents are queued for ingestion when `npm start` next starts.");
  printDemoSignIn(port);
}
