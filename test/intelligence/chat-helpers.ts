import { env } from "cloudflare:test";
import { expect } from "vitest";
import { appContext, userContext } from "../../worker/context";
import { ingestDocument } from "../../worker/documents/ingest";
import type { Env } from "../../worker/env";
import { askIntelligence } from "../../worker/intelligence-chat/service";
import { api, expectStatus, json, type ApiInit } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { grant, readNdjson, stripePlan, type NdjsonEvent } from "../conversations/helpers";
import { storeDocument } from "../documents/ingest-helpers";
import { fakeSourceVars, NOW } from "./helpers";

/** Shared set-up of the intelligence chat tests (test/intelligence/chat*.test.ts). */

const FLOOD_PLAN =
  "# Flood response\nThe county emergency manager orders the evacuation of Brackwater low-lying zones when the river gauge passes 18 feet.\n\n" +
  "# Shelters\nThe Red Cross opens shelters at Brackwater High School and the fairgrounds.";

/** A planner in Washington (the fixtures' state) holding exactly `credits`. */
export async function planner(credits = 100, state: string | null = "WA"): Promise<TestUser> {
  const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
  if (credits > 0) await grant(user.accountId, credits);
  if (state) await env.DB.prepare(`UPDATE "User" SET "state" = ? WHERE "id" = ?`).bind(state, user.userId).run();
  return user;
}

export async function ingested(user: TestUser, filename = "flood-plan.md", body = FLOOD_PLAN) {
  const doc = await storeDocument(user.userId, filename, body);
  const result = await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId });
  expect(result.outcome).toBe("ready");
  return doc;
}

/**
 * The Worker's env with every source pointed at its fake (optionally under scenarios) and no AI
 * provider (offline) unless `ai` is given (test/conversations/helpers.ts aiEnv's values).
 */
export function intelEnv(vars: Record<string, string> = {}, ai = false): Env {
  return {
    ...env,
    ...fakeSourceVars(),
    ...(ai ? { AI_BASE_URL: `${env.FAKE_ORIGIN}/v1`, AI_API_KEY: "sk-fake-test" } : {}),
    ...vars,
  } as Env;
}

/** Every source answering 500 at once, without retries: no source reachable. */
export const ALL_DOWN = { ...fakeSourceVars({ nws: "500", usgs: "500", openfema: "500", gdelt: "500" }), INTEL_RETRIES: "0" };

export async function newChat(user: TestUser, options: ApiInit = {}): Promise<string> {
  const res = await api("/api/intelligence/chats", { method: "POST", user, body: {}, ...options });
  await expectStatus(res, 201);
  return (await json<{ chat: { id: string } }>(res)).chat.id;
}

export const askOverHttp = (user: TestUser, chatId: string, body: unknown, options: ApiInit = {}) =>
  api(`/api/intelligence/chats/${chatId}/messages`, { method: "PUT", user, body, ...options });

/**
 * A question through the service at the fixtures' instant (NOW), as the route asks it: the
 * sources' fixtures are dated 2 March 2026, so the search window is pinned rather than the clock.
 * Resolves once the background work (outcome records, a cancelled answer's bookkeeping) is done.
 */
export async function askAt(user: TestUser, chatId: string, question: string, workerEnv: Env, extra: { model?: string } = {}): Promise<NdjsonEvent[]> {
  const pending: Promise<unknown>[] = [];
  const res = await askIntelligence(userContext(workerEnv, user.userId), {
    background: { waitUntil: (p) => void pending.push(p) },
    chatId,
    body: { question, ...extra },
    now: NOW,
  });
  expect(res.headers.get("content-type")).toContain("application/x-ndjson");
  const events = await readNdjson(res);
  await Promise.all(pending);
  return events;
}

export const textOf = (events: NdjsonEvent[]) =>
  events
    .filter((e) => e.type === "text")
    .map((e) => e.delta as string)
    .join("");

export async function savedChat(chatId: string) {
  const row = await env.DB.prepare(`SELECT "messages" FROM "IntelligenceChat" WHERE "id" = ?`).bind(chatId).first<{ messages: string }>();
  return row ? (JSON.parse(row.messages) as { role: string; content: string; metadata?: Record<string, unknown> }[]) : null;
}
