import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answerStream, settleAnswerCharge, type AnswerStreamHandlers, type TokenUsage } from "../../worker/ai/answer-stream";
import { AiProviderError, type ChatChunk } from "../../worker/ai/types";
import { chargeForAi } from "../../worker/billing/service";
import { userContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { chatMessages, conversations } from "../../worker/db/schema";
import { createExercise } from "../exercises/helpers";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";
import { aiEnv, balance, grant, stripePlan, tag } from "../conversations/helpers";

/**
 * Security: "free AI by disconnecting". A client that reads the answer it wants and then closes
 * the stream must still pay for what the provider consumed (the prompt and the text streamed);
 * only a provider failure before any text is free.
 */

const START = 100;

async function payingUser(): Promise<TestUser> {
  const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
  await grant(user.accountId, START);
  return user;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads NDJSON from the body until the first `text` event, then cancels: the client disconnects. */
async function readFirstTextThenCancel(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  let first: string | null = null;
  while (first === null) {
    const { done, value } = await reader.read();
    if (done) throw new Error("the stream ended before any text event");
    buffered += decoder.decode(value, { stream: true });
    let newline: number;
    while (first === null && (newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!line) continue;
      const event = JSON.parse(line) as { type: string; delta?: string };
      if (event.type === "text") first = event.delta ?? "";
    }
  }
  await reader.cancel();
  return first;
}

/** Settlement runs in the background (waitUntil) after the cancel: polls until `ready` or ~5 s. */
async function eventually<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 50 && !ready(value); i++) {
    await sleep(100);
    value = await read();
  }
  return value;
}

const settledBalance = (user: TestUser) =>
  eventually(
    () => balance(user.accountId),
    (b) => b.pending === 0,
  );

describe("a client that disconnects mid-answer pays for what it consumed", () => {
  it("design assistant: the cancelled answer is charged (≥ 1 credit), nothing stays pending, the partial answer is saved interrupted", async () => {
    const user = await payingUser();
    const id = await createExercise(user, { name: "Harbor Flood TTX", threatType: "Riverine flood" });
    const res = await api(`/api/conversations/v2/${id}`, {
      method: "PUT",
      user,
      env: aiEnv(),
      body: {
        sectionType: "description",
        purpose: "conversation",
        messages: [{ role: "user", content: `How should the flood escalate? [fake:slow] ${tag()}` }],
      },
    });
    await expectStatus(res, 200);
    expect((await balance(user.accountId)).pending).toBeGreaterThan(0);
    const first = await readFirstTextThenCancel(res);
    expect(first.length).toBeGreaterThan(0);

    const after = await settledBalance(user);
    expect(after.pending).toBe(0);
    expect(after.current).toBeLessThanOrEqual(START - 1);

    const saved = await eventually(
      () => getDb(env.DB).select().from(conversations).where(eq(conversations.exerciseId, id)).get(),
      (row) => row?.messages.at(-1)?.role === "assistant",
    );
    const answer = saved?.messages.at(-1);
    expect(answer).toMatchObject({ role: "assistant", interrupted: true });
    expect(answer?.content.startsWith(first)).toBe(true);
  });

  it("Ask Readyroom: the cancelled answer is charged (≥ 1 credit), nothing stays pending, the partial answer is saved interrupted", async () => {
    const user = await payingUser();
    const chat = await api("/api/ask/chats", { method: "POST", user, body: {} });
    await expectStatus(chat, 201);
    const chatId = (await json<{ chat: { id: string } }>(chat)).chat.id;
    const res = await api(`/api/ask/chats/${chatId}/messages`, {
      method: "PUT",
      user,
      env: aiEnv(),
      body: { messages: [{ role: "user", content: `Where are the shelters? [fake:slow] ${tag()}` }] },
    });
    await expectStatus(res, 200);
    expect((await balance(user.accountId)).pending).toBeGreaterThan(0);
    const first = await readFirstTextThenCancel(res);
    expect(first.length).toBeGreaterThan(0);

    const after = await settledBalance(user);
    expect(after.pending).toBe(0);
    expect(after.current).toBeLessThanOrEqual(START - 1);

    const saved = await eventually(
      () => getDb(env.DB).select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(chatMessages.createdAt),
      (rows) => rows.length >= 2,
    );
    expect(saved.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(saved[1]!.metadata).toMatchObject({ interrupted: true });
    expect(saved[1]!.content.startsWith(first)).toBe(true);
  });
});

describe("a provider refusal before any text still costs nothing", () => {
  it("design assistant: 502 and the credits released", async () => {
    expectConsoleError(/^\[ai\] Self-hosted model answered 500/);
    const user = await payingUser();
    const id = await createExercise(user, { name: "Harbor Flood TTX" });
    const res = await api(`/api/conversations/v2/${id}`, {
      method: "PUT",
      user,
      env: aiEnv(),
      body: { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "Hello [fake:error]" }] },
    });
    await expectStatus(res, 502);
    expect(await apiError(res)).toMatchObject({ code: "ai_provider_error" });
    expect(await balance(user.accountId)).toEqual({ current: START, pending: 0 });
  });

  it("Ask Readyroom: 502 and the credits released", async () => {
    expectConsoleError(/^\[ask\] Self-hosted model answered 500/);
    const user = await payingUser();
    const chat = await api("/api/ask/chats", { method: "POST", user, body: {} });
    const chatId = (await json<{ chat: { id: string } }>(chat)).chat.id;
    const res = await api(`/api/ask/chats/${chatId}/messages`, {
      method: "PUT",
      user,
      env: aiEnv(),
      body: { messages: [{ role: "user", content: "Hello [fake:error]" }] },
    });
    await expectStatus(res, 502);
    expect(await apiError(res)).toMatchObject({ code: "ai_provider_error" });
    expect(await balance(user.accountId)).toEqual({ current: START, pending: 0 });
  });
});

/** answerStream itself, with a scripted provider, for the cases the fake server cannot time exactly. */
describe("answerStream settlement rule", () => {
  const encoder = new TextEncoder();

  function recorder() {
    const finishes: { text: string; usage: TokenUsage | null; interrupted: boolean }[] = [];
    const handlers: AnswerStreamHandlers<null> = {
      start: () => [],
      text: (delta) => encoder.encode(delta),
      finish: async (text, usage, interrupted) => {
        finishes.push({ text, usage, interrupted });
        return null;
      },
      done: () => [],
      interrupted: () => [encoder.encode("!")],
    };
    const pending: Promise<unknown>[] = [];
    const options = {
      abort: new AbortController(),
      background: { waitUntil: (p: Promise<unknown>) => void pending.push(p) },
      tag: "[test]",
      promptTokens: 1500,
    };
    return { finishes, handlers, options, settled: () => Promise.all(pending) };
  }

  async function drain(stream: ReadableStream<Uint8Array>): Promise<string> {
    return new TextDecoder().decode(await new Response(stream).arrayBuffer());
  }

  it("a provider failure before any text finishes with no usage (free)", async () => {
    expectConsoleError(/^\[test\] stream interrupted: /);
    const r = recorder();
    // eslint-disable-next-line require-yield -- a provider that fails before its first chunk
    async function* failing(): AsyncIterable<ChatChunk> {
      throw new AiProviderError("dropped", null, "custom");
    }
    expect(await drain(answerStream(failing(), r.handlers, r.options))).toBe("!");
    expect(r.finishes).toEqual([{ text: "", usage: null, interrupted: true }]);
  });

  it("a provider failure after some text is charged for the prompt and the text streamed (estimated)", async () => {
    expectConsoleError(/^\[test\] stream interrupted: /);
    const r = recorder();
    async function* failing(): AsyncIterable<ChatChunk> {
      yield { type: "text", text: "x".repeat(400) };
      throw new AiProviderError("dropped", null, "custom");
    }
    expect(await drain(answerStream(failing(), r.handlers, r.options))).toBe(`${"x".repeat(400)}!`);
    expect(r.finishes).toEqual([{ text: "x".repeat(400), usage: { inputTokens: 1500, outputTokens: 100 }, interrupted: true }]);
  });

  it("a cancel while the provider is being read finishes once, with the text sent so far", async () => {
    const r = recorder();
    let failNext: (err: Error) => void = () => {};
    async function* provider(): AsyncIterable<ChatChunk> {
      yield { type: "text", text: "abcd" };
      // The next chunk only comes (as an abort error) once the stream was cancelled.
      await new Promise<void>((_, reject) => (failNext = reject));
    }
    const stream = answerStream(provider(), r.handlers, r.options);
    r.options.abort.signal.addEventListener("abort", () => failNext(new AiProviderError("aborted", null, "custom")));
    const reader = stream.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("abcd");
    // The pull for the next chunk is in flight when the client goes away.
    await sleep(10);
    await reader.cancel();
    await r.settled();
    await sleep(10);
    expect(r.finishes).toEqual([{ text: "abcd", usage: { inputTokens: 1500, outputTokens: 1 }, interrupted: true }]);
  });

  it("settleAnswerCharge charges at least one credit for an interrupted answer and releases one with no usage", async () => {
    const user = await payingUser();
    const charge = () => chargeForAi(userContext(env, user.userId), { category: "conversation", estimate: 10 });
    expect(await settleAnswerCharge(await charge(), { inputTokens: 0, outputTokens: 0 }, true, "[test]")).toBe(1);
    expect(await balance(user.accountId)).toEqual({ current: START - 1, pending: 0 });
    expect(await settleAnswerCharge(await charge(), { inputTokens: 1500, outputTokens: 600 }, true, "[test]")).toBe(3);
    expect(await balance(user.accountId)).toEqual({ current: START - 4, pending: 0 });
    expect(await settleAnswerCharge(await charge(), null, true, "[test]")).toBe(0);
    expect(await balance(user.accountId)).toEqual({ current: START - 4, pending: 0 });
  });
});
