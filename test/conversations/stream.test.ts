import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { accounts, conversations, exercises } from "../../worker/db/schema";
import { INTERRUPTED_NOTE } from "../../worker/conversations/framing";
import { createExercise } from "../exercises/helpers";
import { createTestUser, type TestUser } from "../helpers/auth";
import { aiEnv, balance, call, fakeRequests, grant, readNdjson, stripePlan, tag } from "./helpers";

async function setup(credits = 100, exercise: Record<string, unknown> = {}) {
  const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
  if (credits > 0) await grant(user.accountId, credits);
  const id = await createExercise(user, { name: "Harbor Flood TTX", threatType: "Riverine flood", ...exercise });
  return { user, id };
}

const put = (user: TestUser, path: string, body: unknown, options: Parameters<typeof call>[4] = { env: aiEnv() }) => call(user, "PUT", path, body, options);

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
    expect(res.status).toBe(200);
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
    expect(sent.response_format).toBeUndefined();
    expect(sent.messages[0].role).toBe("system");
    expect(sent.messages[0].content).toContain("HSEEP");
    expect(sent.messages[0].content).toContain("Harbor Flood TTX");
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
    expect(res.status).toBe(200);
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
    expect(sent.response_format?.type).toBe("json_schema");
    expect(sent.response_format?.json_schema?.name).toBe("readyroom_module_inject_draft");

    const apply = await call(user, "PUT", `/api/exercises/${id}/update`, { exercise: draft.patch });
    expect(apply.status).toBe(200);
    const row = await getDb(env.DB).select({ modules: exercises.modules }).from(exercises).where(eq(exercises.id, id)).get();
    expect(row?.modules?.[0]?.injects).toEqual((draft.draft as { injects: string[] }).injects);
  });

  it("a mid-stream provider failure keeps the partial text, marks it interrupted and releases the credits", async () => {
    const { user, id } = await setup(50);
    const res = await put(user, `/api/conversations/v2/${id}`, {
      sectionType: "modules",
      purpose: "content",
      messages: [{ role: "user", content: "Draft the modules [fake:fail]" }],
    });
    expect(res.status).toBe(200);
    const events = await readNdjson(res);
    const partial = events.filter((e) => e.type === "text").map((e) => e.delta as string).join("");
    expect(partial.length).toBeGreaterThan(0);
    expect(events.find((e) => e.type === "draft")).toBeUndefined();
    expect(events.find((e) => e.type === "error")).toMatchObject({ code: "interrupted" });
    expect(events[events.length - 1]).toMatchObject({ type: "usage", interrupted: true, credits: 0 });

    expect(await balance(user.accountId)).toEqual({ current: 50, pending: 0 });
    const saved = await savedConversation(id);
    expect(saved?.messages.at(-1)).toMatchObject({ role: "assistant", content: partial, interrupted: true });
  });

  it("v1 ends an interrupted answer with a visible note", async () => {
    const { user, id } = await setup(50);
    const res = await put(user, `/api/conversations/${id}`, {
      sectionType: "objectives",
      purpose: "conversation",
      messages: [{ role: "user", content: "Tighten the objectives [fake:fail]" }],
    });
    const text = await res.text();
    expect(text.endsWith(INTERRUPTED_NOTE)).toBe(true);
    expect(text.length).toBeGreaterThan(INTERRUPTED_NOTE.length);
    expect(await balance(user.accountId)).toEqual({ current: 50, pending: 0 });
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
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ message: "Credit limit exceeded", code: "credit_limit_exceeded" });
    expect(await fakeRequests(t)).toHaveLength(0);
    expect(await savedConversation(id)).toBeUndefined();
  });

  it("a provider refusal before streaming is a 502 JSON error and the credits are released", async () => {
    const { user, id } = await setup(20);
    const res = await put(user, `/api/conversations/${id}`, {
      sectionType: "intro",
      purpose: "conversation",
      messages: [{ role: "user", content: "Hello [fake:error]" }],
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: "ai_provider_error" });
    expect(await balance(user.accountId)).toEqual({ current: 20, pending: 0 });
  });

  it("honours the requested model only when the account has modelSelectionEnabled", async () => {
    const { user, id } = await setup(100);
    const first = tag();
    await (await put(user, `/api/conversations/${id}`, { sectionType: "intro", purpose: "conversation", model: "gpt-4o", messages: [{ role: "user", content: first }] })).text();
    expect((await fakeRequests(first))[0].model).toBe("gemini-2.5-pro");

    await getDb(env.DB).update(accounts).set({ modelSelectionEnabled: true }).where(eq(accounts.id, user.accountId));
    const second = tag();
    await (await put(user, `/api/conversations/${id}`, { sectionType: "intro", purpose: "conversation", model: "gpt-4o", messages: [{ role: "user", content: second }] })).text();
    expect((await fakeRequests(second))[0].model).toBe("gpt-4o");
  });

  it("puts the account's custom instructions and language into the system prompt", async () => {
    const { user, id } = await setup(100);
    const saved = await call(user, "PUT", "/api/profile/custom-instructions", {
      language: "es-MX",
      focus: "Coastal county of 80,000 on the Gulf, bilingual population",
    });
    expect(saved.status).toBeLessThan(300);
    const t = tag();
    await (await put(user, `/api/conversations/${id}`, { sectionType: "description", purpose: "content", messages: [{ role: "user", content: t }] })).text();
    const system = (await fakeRequests(t))[0].messages[0].content;
    expect(system).toContain("Coastal county of 80,000");
    expect(system).toContain("Mexican Spanish");
  });
});

describe("conversation request validation and scoping", () => {
  it("rejects a bad section type, an unknown purpose, and a missing id with the spec's message", async () => {
    const { user, id } = await setup(10);
    const bad = await put(user, `/api/conversations/${id}`, { sectionType: "nope", purpose: "content", messages: [] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "validation_error" });
    const badPurpose = await put(user, `/api/conversations/${id}`, { sectionType: "intro", purpose: "chit-chat", messages: [] });
    expect(badPurpose.status).toBe(400);
    const missing = await put(user, `/api/conversations/v2/`, { sectionType: "intro", purpose: "content", messages: [] });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: "Exercise ID required." });
    const malformed = await call(user, "PUT", `/api/conversations/${id}`, undefined, { env: aiEnv(), raw: "{not json" });
    expect(malformed.status).toBe(400);
  });

  it("another user's exercise is 404 and signed-out callers get 401", async () => {
    const { id } = await setup(10);
    const other = await createTestUser({ plan: "SOLO" });
    await grant(other.accountId, 10);
    const res = await put(other, `/api/conversations/${id}`, { sectionType: "intro", purpose: "content", messages: [] });
    expect(res.status).toBe(404);
    expect(await balance(other.accountId)).toEqual({ current: 10, pending: 0 });
    const anon = await call(null, "PUT", `/api/conversations/${id}`, { sectionType: "intro", purpose: "content", messages: [] });
    expect(anon.status).toBe(401);
  });

  it("GET returns the saved history, optionally one section's", async () => {
    const { user, id } = await setup(100);
    await (await put(user, `/api/conversations/${id}`, { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "one" }] })).text();
    await (await put(user, `/api/conversations/${id}`, { sectionType: "msel_table", purpose: "conversation", messages: [{ role: "user", content: "two" }] })).text();
    const all = (await (await call(user, "GET", `/api/conversations/${id}`)).json()) as { conversation: { messages: unknown[] } };
    expect(all.conversation.messages).toHaveLength(4);
    const one = (await (await call(user, "GET", `/api/conversations/${id}?sectionType=msel_table`)).json()) as { conversation: { messages: { content: string }[] } };
    expect(one.conversation.messages.map((m) => m.content)[0]).toBe("two");
  });
});
