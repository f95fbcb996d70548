import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { accounts, conversations, exercises } from "../../worker/db/schema";
import { INTERRUPTED_NOTE } from "../../worker/conversations/framing";
import { createExercise } from "../exercises/helpers";
import { api, apiError, expectStatus, json, type ApiInit } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { aiEnv, balance, fakeRequests, grant, readNdjson, stripePlan, tag } from "./helpers";
import { expectConsoleError } from "../helpers/console";

async function setup(credits = 100, exercise: Record<string, unknown> = {}) {
  const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
  if (credits > 0) await grant(user.accountId, credits);
  const id = await createExercise(user, { name: "Harbor Flood TTX", threatType: "Riverine flood", ...exercise });
  return { user, id };
}

const put = (user: TestUser, path: string, body: unknown, options: ApiInit = { env: aiEnv() }) => api(path, { method: "PUT", user, body, ...options });

async function savedConversation(exerciseId: string) {
  return getDb(env.DB).select().from(conversations).where(eq(conversations.exerciseId, exerciseId)).get();
}

describe("PUT /api/conversations/{exerciseId} against an OpenAI-compatible provider", () => {
  it("streams text as generated, holds credits while streaming and settles them from the reported usage", async () => {
    const { user, id } = await setup(100);
    const t = tag();
    const res = await put(user, `/api/conversations/${id}`, {
      sectionType: "description",
      purpose: "conversation",
      messages: [{ role: "user", content: `How should the flood scenario escalate? [fake:slow] ${t}` }],
    });
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("x-ai-provider")).toBe("custom");

    // Headers are back, the first token is not: the reservation is held, nothing spent yet.
    const during = await balance(user.accountId);
    expect(during.current).toBe(100);
    expect(during.pending).toBeGreaterThan(0);

    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let reads = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toContain("This is the fake assistant answering");
    expect(reads).toBeGreaterThan(1);

    // 1200 + 850 tokens reported by the provider = 3 credits; nothing left pending.
    expect(await balance(user.accountId)).toEqual({ current: 97, pending: 0 });

    const saved = await savedConversation(id);
    expect(saved?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(saved?.messages[1]).toMatchObject({ content: text, sectionType: "description", purpose: "conversation", provider: "custom" });
    const row = await getDb(env.DB).select({ conversationId: exercises.conversationId }).from(exercises).where(eq(exercises.id, id)).get();
    expect(row?.conversationId).toBe(saved?.id);

    // Prose chat: no response_format; the prompt carries the doctrine and the exercise.
    const [sent] = await fakeRequests(t);
    expect(sent!.response_format).toBeUndefined();
    expect(sent!.messages[0]!.role).toBe("system");
    expect(sent!.messages[0]!.content).toContain("HSEEP");
    expect(sent!.messages[0]!.content).toContain("Harbor Flood TTX");
  });

  it("v2 streams NDJSON deltas and a validated draft whose patch applies to the exercise in one call", async () => {
    const { user, id } = await setup(100);
    const t = tag();
    const res = await put(user, `/api/conversations/v2/${id}`, {
      sectionType: "module_inject",
      purpose: "content",
      moduleIndex: 0,
      messages: [{ role: "user", content: `Draft the injects ${t}` }],
    });
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    const events = await readNdjson(res);
    expect(events[0]).toMatchObject({ type: "meta", provider: "custom", offline: false, draft: true });
    expect(events.filter((e) => e.type === "text").length).toBeGreaterThan(1);
    const draft = events.find((e) => e.type === "draft")!;
    expect(draft).toMatchObject({ sectionType: "module_inject", moduleIndex: 0 });
    expect((draft.draft as { injects: string[] }).injects.length).toBeGreaterThan(0);
    const last = events[events.length - 1];
    expect(last).toMatchObject({ type: "usage", inputTokens: 1200, outputTokens: 850, credits: 3, interrupted: false });

    // Structured output was requested with the section's JSON Schema.
    const [sent] = await fakeRequests(t);
    expect(sent!.response_format?.type).toBe("json_schema");
    expect(sent!.response_format?.json_schema?.name).toBe("readyroom_module_inject_draft");

    const apply = await api(`/api/exercises/${id}/update`, { method: "PUT", user, body: { exercise: draft.patch } });
    await expectStatus(apply, 200);
    const row = await getDb(env.DB).select({ modules: exercises.modules }).from(exercises).where(eq(exercises.id, id)).get();
    expect(row?.modules?.[0]?.injects).toEqual((draft.draft as { injects: string[] }).injects);
  });

  it("a mid-stream provider failure keeps the partial text, marks it interrupted and charges for what was streamed", async () => {
    expectConsoleError(/^\[ai\] stream interrupted: /);
    const { user, id } = await setup(50);
    const res = await put(user, `/api/conversations/v2/${id}`, {
      sectionType: "modules",
      purpose: "content",
      messages: [{ role: "user", content: "Draft the modules [fake:fail]" }],
    });
    await expectStatus(res, 200);
    const events = await readNdjson(res);
    const partial = events
      .filter((e) => e.type === "text")
      .map((e) => e.delta as string)
      .join("");
    expect(partial.length).toBeGreaterThan(0);
    expect(events.find((e) => e.type === "draft")).toBeUndefined();
    expect(events.find((e) => e.type === "error")).toMatchObject({ code: "interrupted" });
    const usage = events[events.length - 1];
    expect(usage).toMatchObject({ type: "usage", interrupted: true });
    // The text was delivered and kept: charged for the prompt and that text (estimated), at least 1 credit.
    expect(usage!.credits).toBeGreaterThanOrEqual(1);

    expect(await balance(user.accountId)).toEqual({ current: 50 - Number(usage!.credits), pending: 0 });
    const saved = await savedConversation(id);
    expect(saved?.messages.at(-1)).toMatchObject({ role: "assistant", content: partial, interrupted: true });
  });

  it("v1 ends an interrupted answer with a visible note", async () => {
    expectConsoleError(/^\[ai\] stream interrupted: /);
    const { user, id } = await setup(50);
    const res = await put(user, `/api/conversations/${id}`, {
      sectionType: "objectives",
      purpose: "conversation",
      messages: [{ role: "user", content: "Tighten the objectives [fake:fail]" }],
    });
    const text = await res.text();
    expect(text.endsWith(INTERRUPTED_NOTE)).toBe(true);
    expect(text.length).toBeGreaterThan(INTERRUPTED_NOTE.length);
    // The partial text was delivered: charged (at least 1 credit), nothing left pending.
    const after = await balance(user.accountId);
    expect(after.pending).toBe(0);
    expect(after.current).toBeLessThanOrEqual(49);
  });

  it("a malformed JSON draft is reported as a validation error and nothing is applied", async () => {
    const { user, id } = await setup(100, { modules: [{ title: "Module 1", injects: ["Original inject"] }] });
    const res = await put(user, `/api/conversations/v2/${id}`, {
      sectionType: "module_inject",
      purpose: "content",
      messages: [{ role: "user", content: "Draft injects [fake:malformed]" }],
    });
    const events = await readNdjson(res);
    expect(events.find((e) => e.type === "draft")).toBeUndefined();
    const error = events.find((e) => e.type === "error");
    expect(error).toMatchObject({ code: "invalid_draft" });
    expect(String(error?.message)).toContain("Nothing was applied");
    const row = await getDb(env.DB).select({ modules: exercises.modules }).from(exercises).where(eq(exercises.id, id)).get();
    expect(row?.modules?.[0]?.injects).toEqual(["Original inject"]);
    expect((await savedConversation(id))?.messages.at(-1)).toMatchObject({ role: "assistant", draftError: expect.any(String) });
    // The provider did the work and reported it: settled, not left pending.
    expect(await balance(user.accountId)).toEqual({ current: 97, pending: 0 });
  });

  it("answers 402 `Credit limit exceeded` without calling the provider when the account has no credits", async () => {
    const { user, id } = await setup(0);
    const t = tag();
    const res = await put(user, `/api/conversations/${id}`, {
      sectionType: "intro",
      purpose: "content",
      messages: [{ role: "user", content: `Name it ${t}` }],
    });
    await expectStatus(res, 402);
    expect(await apiError(res)).toMatchObject({ message: "Credit limit exceeded", code: "credit_limit_exceeded" });
    expect(await fakeRequests(t)).toHaveLength(0);
    expect(await savedConversation(id)).toBeUndefined();
  });

  it("a provider refusal before streaming is a 502 JSON error and the credits are released", async () => {
    expectConsoleError(/^\[ai\] Self-hosted model answered 500/);
    const { user, id } = await setup(20);
    const res = await put(user, `/api/conversations/${id}`, {
      sectionType: "intro",
      purpose: "conversation",
      messages: [{ role: "user", content: "Hello [fake:error]" }],
    });
    await expectStatus(res, 502);
    expect(await apiError(res)).toMatchObject({ code: "ai_provider_error" });
    expect(await balance(user.accountId)).toEqual({ current: 20, pending: 0 });
  });

  it("honours the requested model only when the account has modelSelectionEnabled", async () => {
    const { user, id } = await setup(100);
    const first = tag();
    await (
      await put(user, `/api/conversations/${id}`, {
        sectionType: "intro",
        purpose: "conversation",
        model: "gpt-4o",
        messages: [{ role: "user", content: first }],
      })
    ).text();
    expect((await fakeRequests(first))[0]!.model).toBe("gemini-2.5-pro");

    await getDb(env.DB).update(accounts).set({ modelSelectionEnabled: true }).where(eq(accounts.id, user.accountId));
    const second = tag();
    await (
      await put(user, `/api/conversations/${id}`, {
        sectionType: "intro",
        purpose: "conversation",
        model: "gpt-4o",
        messages: [{ role: "user", content: second }],
      })
    ).text();
    expect((await fakeRequests(second))[0]!.model).toBe("gpt-4o");
  });

  it("puts the account's custom instructions and language into the system prompt", async () => {
    const { user, id } = await setup(100);
    const saved = await api("/api/profile/custom-instructions", {
      method: "PUT",
      user,
      body: { language: "es-MX", focus: "Coastal county of 80,000 on the Gulf, bilingual population" },
    });
    expect(saved.status).toBeLessThan(300);
    const t = tag();
    await (await put(user, `/api/conversations/${id}`, { sectionType: "description", purpose: "content", messages: [{ role: "user", content: t }] })).text();
    const system = (await fakeRequests(t))[0]!.messages[0]!.content;
    expect(system).toContain("Coastal county of 80,000");
    expect(system).toContain("Mexican Spanish");
  });
});

describe("conversation request validation and scoping", () => {
  it("rejects a bad section type, an unknown purpose, and a missing id with the spec's message", async () => {
    const { user, id } = await setup(10);
    const bad = await put(user, `/api/conversations/${id}`, { sectionType: "nope", purpose: "content", messages: [] });
    await expectStatus(bad, 400);
    expect(await apiError(bad)).toMatchObject({ code: "validation_error" });
    const badPurpose = await put(user, `/api/conversations/${id}`, { sectionType: "intro", purpose: "chit-chat", messages: [] });
    await expectStatus(badPurpose, 400);
    const missing = await put(user, `/api/conversations/v2/`, { sectionType: "intro", purpose: "content", messages: [] });
    await expectStatus(missing, 400);
    expect(await apiError(missing)).toMatchObject({ message: "Exercise ID required." });
    const malformed = await api(`/api/conversations/${id}`, { method: "PUT", user, env: aiEnv(), raw: "{not json" });
    await expectStatus(malformed, 400);
  });

  it("another user's exercise is 404 and signed-out callers get 401", async () => {
    const { id } = await setup(10);
    const other = await createTestUser({ plan: "SOLO" });
    await grant(other.accountId, 10);
    const res = await put(other, `/api/conversations/${id}`, { sectionType: "intro", purpose: "content", messages: [] });
    await expectStatus(res, 404);
    expect(await balance(other.accountId)).toEqual({ current: 10, pending: 0 });
    const anon = await api(`/api/conversations/${id}`, { method: "PUT", body: { sectionType: "intro", purpose: "content", messages: [] } });
    await expectStatus(anon, 401);
  });

  it("GET returns the saved history, optionally one section's", async () => {
    const { user, id } = await setup(100);
    await (await put(user, `/api/conversations/${id}`, { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "one" }] })).text();
    await (
      await put(user, `/api/conversations/${id}`, { sectionType: "msel_table", purpose: "conversation", messages: [{ role: "user", content: "two" }] })
    ).text();
    const all = await json<{ conversation: { messages: unknown[] } }>(await api(`/api/conversations/${id}`, { user }));
    expect(all.conversation.messages).toHaveLength(4);
    const one = await json<{ conversation: { messages: { content: string }[] } }>(await api(`/api/conversations/${id}?sectionType=msel_table`, { user }));
    expect(one.conversation.messages.map((m) => m.content)[0]).toBe("two");
  });
});
