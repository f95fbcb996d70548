import { env } from "cloudflare:test";
import { getLedgerState, grantCredits } from "../../worker/billing/service";
import { appContext } from "../../worker/context";
import type { TestUser } from "../helpers/auth";

/**
 * The Worker's env with the AI provider pointed at the fake OpenAI-compatible server (a
 * self-hosted endpoint, AI_BASE_URL). The suite's default env has no provider: offline drafting.
 */
export function aiEnv(overrides: Record<string, unknown> = {}) {
  return { ...env, AI_BASE_URL: `${env.FAKE_ORIGIN}/v1`, AI_API_KEY: "sk-fake-test", ...overrides };
}

export async function grant(accountId: string, amount: number) {
  await grantCredits(appContext(env), { accountId, amount, idempotencyKey: `test-grant:${crypto.randomUUID()}` });
}

/**
 * Makes the user's plan Stripe-sourced, so the account holds exactly what the test grants: an
 * admin-granted plan (createTestUser's default) also receives its monthly allowance on first use.
 */
export async function stripePlan<T extends TestUser>(user: T): Promise<T> {
  await env.DB.prepare(`UPDATE "AccountPlanMetadata" SET source = 'stripe' WHERE accountId = ?`).bind(user.accountId).run();
  return user;
}

export async function balance(accountId: string) {
  const state = await getLedgerState(appContext(env), accountId);
  return { current: state.balance.currentBalance, pending: state.balance.pendingSpend };
}

export type NdjsonEvent = { type: string; [key: string]: unknown };

export async function readNdjson(res: Response): Promise<NdjsonEvent[]> {
  // Decoded by hand: workerd warns when .text() reads a body that is not text/*.
  const text = new TextDecoder().decode(await res.arrayBuffer());
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as NdjsonEvent);
}

/** Bodies the fake provider received whose messages contain `tag`. */
export async function fakeRequests(tag: string): Promise<
  {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
  }[]
> {
  const res = await fetch(`${env.FAKE_ORIGIN}/__fake/openai/requests?contains=${encodeURIComponent(tag)}`);
  return ((await res.json()) as { requests: never[] }).requests;
}

export const tag = () => `req-${crypto.randomUUID()}`;
