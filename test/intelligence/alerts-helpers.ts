import { env } from "cloudflare:test";
import { grantCredits } from "../../worker/billing/service";
import { appContext, type AppContext } from "../../worker/context";
import { configSchema } from "../../worker/env";
import type { AlertQueue, AlertMessage } from "../../worker/alerts/schedule";
import { createTestUser, type TestUser } from "../helpers/auth";
import { fakeSourceVars } from "./helpers";

/** Turns alertsEnabled on (or off) in the featureFlags of the user's own account, as `npm run admin -- set-flag` does. */
export async function setAlertsFlag(accountId: string, on: boolean) {
  await env.DB.prepare(`UPDATE "Account" SET "featureFlags" = json_set(coalesce("featureFlags", '{}'), '$.alertsEnabled', json(?)) WHERE "id" = ?`)
    .bind(on ? "true" : "false", accountId)
    .run();
}

export async function alertsUser(options: { flag?: boolean; credits?: number; plan?: "SOLO" | "TEAM" | "ENTERPRISE" } = {}): Promise<TestUser> {
  const user = await createTestUser({ plan: options.plan });
  await setAlertsFlag(user.accountId, options.flag ?? true);
  if (options.credits)
    await grantCredits(appContext(env), { accountId: user.accountId, amount: options.credits, idempotencyKey: `test-grant:${crypto.randomUUID()}` });
  return user;
}

/** The app context with every intelligence source pointed at the fakes (AskNews off: no key). */
export function fakeSourcesCtx(): AppContext {
  return { ...appContext(env), config: configSchema.parse({ ...fakeSourceVars() }) };
}

/** The env a queue consumer or cron handler sees with the sources pointed at the fakes. */
export function fakeSourcesEnv(overrides: Record<string, unknown> = {}) {
  return { ...env, ...fakeSourceVars(), ...overrides };
}

/** Stands in for the ALERTS binding where a test reads what the cron sent. */
export function recordingQueue(): AlertQueue & { sent: AlertMessage[]; calls: number } {
  const q = {
    sent: [] as AlertMessage[],
    calls: 0,
    async sendBatch(messages: Iterable<MessageSendRequest<unknown>>) {
      q.calls++;
      for (const m of messages) q.sent.push(m.body as AlertMessage);
    },
  };
  return q;
}

/** Inserts an alert directly (the cron tests choose nextRunAt). */
export async function insertAlert(
  userId: string,
  values: { cadence?: "hourly" | "daily" | "weekly"; nextRunAt: number | null; isActive?: boolean; queryText?: string },
): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(`INSERT INTO "Alert" ("id", "userId", "queryText", "isActive", "cadence", "nextRunAt") VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(id, userId, values.queryText ?? "flood", values.isActive === false ? 0 : 1, values.cadence ?? "daily", values.nextRunAt)
    .run();
  return id;
}

export async function nextRunAt(alertId: string): Promise<number | null> {
  return (await env.DB.prepare(`SELECT "nextRunAt" FROM "Alert" WHERE "id" = ?`).bind(alertId).first<{ nextRunAt: number | null }>())?.nextRunAt ?? null;
}

/** Pauses every alert of these users, so a later cron test elsewhere never picks them up. */
export async function retireAlerts(userIds: string[]) {
  await env.DB.prepare(`UPDATE "Alert" SET "isActive" = 0 WHERE "userId" IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(userIds)).run();
}
