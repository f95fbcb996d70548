import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { ASK_OFFLINE_LABEL } from "../../worker/ask/offline-answer";
import { appContext, userContext } from "../../worker/context";
import { configSchema } from "../../worker/env";
import { citationsOf, extractiveDigest, itemsForPrompt, type IntelCitation } from "../../worker/intelligence/digest";
import { getIntelChat } from "../../worker/intelligence-chat/service";
import { searchIntelligence } from "../../worker/intelligence/sources";
import { forgetRecordedOutcomes } from "../../worker/intelligence/sources/last-outcome";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { balance, fakeRequests, readNdjson, tag } from "../conversations/helpers";
import { expectConsoleError } from "../helpers/console";
import { ALL_DOWN, askAt, askOverHttp, ingested, intelEnv, newChat, planner, savedChat, textOf } from "./chat-helpers";
import { fakeSourceVars, NOW, requestsOf, uniqueKey } from "./helpers";

type Chat = { id: string; title: string | null; messageCount: number; createdAt: string; updatedAt: string };
type Message = { role: "user" | "assistant"; content: string; metadata: Record<string, unknown> | null };

/** What the sources hold for a question at NOW, for a planner in Washington: what citations must resolve to. */
async function fetchedItems(query: string) {
  const ctx = { ...appContext(env), config: configSchema.parse(fakeSourceVars()) };
  return (await searchIntelligence(ctx, query, { region: { state: "WA" }, now: NOW })).items;
}

beforeEach(() => forgetRecordedOutcomes());

describe("intelligence chats (CRUD)", () => {
  it("creates, lists newest first, reads and deletes; another user's chat is a 404 on every route", async () => {
    const [me, other] = await Promise.all([planner(0), planner(100)]);
    const first = await newChat(me);
    const second = await newChat(me);

    const list = await json<{ chats: Chat[] }>(await api("/api/intelligence/chats", { user: me }));
    expect(list.chats.map((c) => c.id)).toEqual([second, first]);
    expect(list.chats[0]).toMatchObject({ title: null, messageCount: 0 });

    const read = await api(`/api/intelligence/chats/${first}`, { user: me });
    await expectStatus(read, 200);
    expect(await read.json()).toMatchObject({ chat: { id: first, title: null, messageCount: 0 }, messages: [] });

    for (const [method, path, body] of [
      ["GET", `/api/intelligence/chats/${first}`, undefined],
      ["DELETE", `/api/intelligence/chats/${first}`, undefined],
      ["PUT", `/api/intelligence/chats/${first}/messages`, { question: "Any flood warnings?" }],
      ["POST", `/api/intelligence/chats/${first}/messages`, { question: "Any flood warnings?" }],
    ] as const) {
      const res = await api(path, { method, user: other, body, env: intelEnv({ INTEL_SOURCES: "none" }) });
      await expectStatus(res, 404, `${method} ${path}`);
      expect(await res.json()).toEqual({ message: "Chat not found.", code: "not_found" });
    }
    // The other user was charged nothing and sees none of these chats.
    expect(await balance(other.accountId)).toEqual({ current: 100, pending: 0 });
    expect((await json<{ chats: Chat[] }>(await api("/api/intelligence/chats", { user: other }))).chats).toEqual([]);

    const deleted = await api(`/api/intelligence/chats/${first}`, { method: "DELETE", user: me });
    expect(await deleted.json()).toEqual({ success: true });
    await expectStatus(await api(`/api/intelligence/chats/${first}`, { user: me }), 404);
    await expectStatus(await api(`/api/intelligence/chats/${first}`, { method: "DELETE", user: me }), 404);
    await expectStatus(await api(`/api/intelligence/chats/no-such-chat`, { user: me }), 404);
  });

  it("needs a signed-in user and refuses cross-site writes", async () => {
    const me = await planner(100);
    await expectStatus(await api("/api/intelligence/chats"), 401);
    await expectStatus(await api("/api/intelligence/chats", { method: "POST", body: {} }), 401);
    const chatId = await newChat(me);
    for (const [method, path, body] of [
      ["POST", "/api/intelligence/chats", {}],
      ["DELETE", `/api/intelligence/chats/${chatId}`, undefined],
      ["PUT", `/api/intelligence/chats/${chatId}/messages`, { question: "Any flood warnings?" }],
    ] as const) {
      const res = await api(path, { method, user: me, body, headers: { origin: "https://evil.example" } });
      await expectStatus(res, 403, `${method} ${path}`);
    }
    const sneaky = await api("/api/intelligence/chats", { method: "POST", user: me, body: {}, headers: { "sec-fetch-site": "cross-site" } });
    await expectStatus(sneaky, 403);
    expect((await json<{ chats: Chat[] }>(await api("/api/intelligence/chats", { user: me }))).chats.map((c) => c.id)).toEqual([chatId]);
    expect(await savedChat(chatId)).toEqual([]);
  });
});

describe("asking the intelligence chat", () => {
  it("answers through the provider citing the fetched items: meta, citations, text, done; the prompt carries the items, region, Intelligence Findings and language; saved and reloaded with its citations", async () => {
    const me = await planner(100);
    const t = tag();
    await env.DB.prepare(`UPDATE "Account" SET "customInstructions" = ? WHERE "id" = ?`)
      .bind(JSON.stringify({ language: "es", intelligenceFindings: "Levee L-3 seeps above 17 feet.", focus: `Brackwater County ${t}` }), me.accountId)
      .run();
    const chatId = await newChat(me);
    // The tag that finds the provider's requests rides in the instructions: in the question it would be searched for.
    const question = "What is the latest on the flood?";
    const events = await askAt(me, chatId, question, intelEnv({}, true));

    expect(events.map((e) => e.type).filter((type, i, all) => all.indexOf(type) === i)).toEqual(["meta", "citations", "text", "done"]);
    expect(events[0]).toEqual({ type: "meta", provider: "custom", model: "gpt-4o", label: expect.any(String), offline: false });

    // The numbered citations are the items the sources hold for that question at that instant.
    const items = await fetchedItems("flood");
    const citations = events[1]!.citations as IntelCitation[];
    expect(citations.length).toBeGreaterThan(3);
    expect(citations).toEqual(citationsOf(items));
    expect(new Set(citations.map((c) => c.kind))).toEqual(new Set(["hazard-alert", "earthquake", "disaster-declaration", "news"]));
    for (const c of citations)
      expect(c).toMatchObject({
        title: expect.any(String),
        publisher: expect.any(String),
        url: expect.stringMatching(/^https:\/\//),
        publishedAt: expect.stringMatching(/^2026-/),
      });
    expect(events[1]).toMatchObject({ documents: [], notice: null, sourcesAnswered: true });

    const answer = textOf(events);
    expect(answer).toContain("This is the fake assistant answering");
    const done = events.at(-1)!;
    expect(done).toEqual({ type: "done", messageIndex: 1, usage: { inputTokens: 1200, outputTokens: 850 }, credits: 3 });
    expect(await balance(me.accountId)).toEqual({ current: 97, pending: 0 });

    const [sent] = await fakeRequests(t);
    const system = sent!.messages[0]!.content;
    expect(sent!.model).toBe("gpt-4o");
    expect(system).toContain(itemsForPrompt(items));
    expect(system).toMatch(/Cite every statement/);
    expect(system).toContain("The planner works in Washington (WA).");
    expect(system).toContain("Intelligence Findings: Levee L-3 seeps above 17 feet.");
    expect(system).toContain("Organizational & Regional Focus: Brackwater County");
    expect(system).toContain("Answer in Spanish.");
    expect(sent!.messages.at(-1)).toEqual({ role: "user", content: question });

    // Saved in IntelligenceChat.messages and read back (as a reload does) with the same citations.
    const reloaded = await json<{ chat: Chat; messages: Message[] }>(await api(`/api/intelligence/chats/${chatId}`, { user: me }));
    expect(reloaded.chat).toMatchObject({ title: question, messageCount: 2 });
    expect(reloaded.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(reloaded.messages[0]).toMatchObject({ content: question, metadata: null });
    expect(reloaded.messages[1]).toMatchObject({
      content: answer,
      metadata: { citations, documents: [], notice: null, sourcesAnswered: true, model: "gpt-4o", provider: "custom", query: "flood" },
    });
    expect(reloaded.messages[1]!.metadata).not.toHaveProperty("interrupted");

    // A follow-up: the conversation goes with it, the follow-up's search keeps the topic, the answer is message 3.
    const again = await askAt(me, chatId, "And tomorrow?", intelEnv({}, true));
    expect(again.at(-1)).toMatchObject({ type: "done", messageIndex: 3 });
    const [, followUp] = await fakeRequests(t);
    expect(followUp!.messages.slice(1).map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    const detail = await getIntelChat(userContext(env, me.userId), chatId);
    expect(detail.messages[3]!.metadata?.query).toBe("flood");
    const list = await json<{ chats: Chat[] }>(await api("/api/intelligence/chats", { user: me }));
    expect(list.chats[0]).toMatchObject({ id: chatId, title: reloaded.chat.title, messageCount: 4 });
  });

  it("names the sources that did not answer, in the citations event, the prompt and the saved answer", async () => {
    const me = await planner(100);
    const chatId = await newChat(me);
    const t = tag();
    const events = await askAt(me, chatId, `Flood warnings? ${t}`, intelEnv({ ...fakeSourceVars({ usgs: "500" }), INTEL_RETRIES: "0" }, true));
    const notice = "Not included: USGS answered 500 after 1 attempt.";
    expect(events[1]).toMatchObject({ type: "citations", notice, sourcesAnswered: true });
    expect((events[1]!.citations as IntelCitation[]).some((c) => c.kind === "earthquake")).toBe(false);
    const [sent] = await fakeRequests(t);
    expect(sent!.messages[0]!.content).toContain(notice);
    expect((await savedChat(chatId))![1]!.metadata).toMatchObject({ notice });
  });

  it("offline: the extractive digest of the fetched items, labelled, deterministic and charged", async () => {
    const me = await planner(100);
    const question = "What flood hazards are active?";
    const runs = [];
    for (const chatId of [await newChat(me), await newChat(me)]) runs.push({ chatId, events: await askAt(me, chatId, question, intelEnv()) });
    const [a, b] = runs;
    expect(a!.events[0]).toEqual({ type: "meta", provider: "offline", model: "readyroom-offline", label: ASK_OFFLINE_LABEL, offline: true });
    const items = await fetchedItems("flood");
    expect(a!.events[1]!.citations).toEqual(citationsOf(items));
    const answer = textOf(a!.events);
    expect(answer).toBe(textOf(b!.events));
    expect(answer).toContain(`Here is what the intelligence sources report for "${question}"`);
    expect(answer).toContain(extractiveDigest(items));
    expect(answer).toMatch(/\[1\]/);
    expect(answer).toMatch(/No AI provider is configured/);
    const done = a!.events.at(-1)!;
    expect(done).toMatchObject({ type: "done", messageIndex: 1, credits: expect.any(Number) });
    expect(done.credits as number).toBeGreaterThan(0);
    expect((await savedChat(a!.chatId))![1]!.metadata).toMatchObject({ offline: true, model: "readyroom-offline", citations: citationsOf(items) });
    const spent = (done.credits as number) + (b!.events.at(-1)!.credits as number);
    expect(await balance(me.accountId)).toEqual({ current: 100 - spent, pending: 0 });
  });

  it("with no source reachable, says so and answers from the planner's documents only (provider and offline)", async () => {
    const me = await planner(100);
    const doc = await ingested(me);
    const chatId = await newChat(me);
    const t = tag();
    const res = await askOverHttp(me, chatId, { question: `When is the evacuation of the low-lying zones ordered? ${t}` }, { env: intelEnv(ALL_DOWN, true) });
    await expectStatus(res, 200);
    const events = await readNdjson(res);
    const cited = events[1]!;
    expect(cited).toMatchObject({
      type: "citations",
      citations: [],
      sourcesAnswered: false,
      notice: expect.stringMatching(/^No intelligence source answered: NWS answered 500/),
    });
    const documents = cited.documents as { n: number; documentId: string }[];
    expect(documents.length).toBeGreaterThan(0);
    expect(documents[0]).toMatchObject({ n: 1, documentId: doc.id });
    const answer = textOf(events);
    expect(answer.startsWith(`${cited.notice as string} This answer comes from your own documents only.\n\n`)).toBe(true);
    expect(answer).toContain("This is the fake assistant answering");
    const [sent] = await fakeRequests(t);
    expect(sent!.messages[0]!.content).toContain("Passages from the planner's documents");
    expect(sent!.messages[0]!.content).toContain("river gauge passes 18 feet");
    expect(events.at(-1)).toMatchObject({ type: "done", credits: 3 });
    // The note is part of the saved answer, with the document citations.
    expect((await savedChat(chatId))![1]).toMatchObject({ content: answer, metadata: { sourcesAnswered: false, documents } });

    const offline = await readNdjson(
      await askOverHttp(me, await newChat(me), { question: "When is the evacuation of the low-lying zones ordered?" }, { env: intelEnv(ALL_DOWN) }),
    );
    const text = textOf(offline);
    expect(text).toMatch(/^No intelligence source answered: .* This answer comes from your own documents only\.\n\n/);
    expect(text).toContain("Here is what your documents say about");
    expect(text).toContain("river gauge passes 18 feet. [1]");
  });

  it("with no source configured and no documents, says both", async () => {
    const me = await planner(100, null);
    const events = await readNdjson(
      await askOverHttp(me, await newChat(me), { question: "Any wildfire threats?" }, { env: intelEnv({ INTEL_SOURCES: "none" }) }),
    );
    expect(events[1]).toMatchObject({ citations: [], documents: [], notice: "No intelligence source is configured.", sourcesAnswered: false });
    expect(textOf(events)).toMatch(/^No intelligence source is configured\. This answer comes from your own documents only\./);
    expect(textOf(events)).toMatch(/Upload your plans/);
  });

  it("402 Credit limit exceeded without credits, before any source is asked and before anything is saved", async () => {
    const me = await planner(0);
    const chatId = await newChat(me);
    const key = uniqueKey();
    const res = await askOverHttp(
      me,
      chatId,
      { question: "Flood warnings?" },
      { env: intelEnv(fakeSourceVars({ nws: `ok.${key}`, usgs: `ok.${key}`, openfema: `ok.${key}`, gdelt: `ok.${key}` }), true) },
    );
    await expectStatus(res, 402);
    expect(await apiError(res)).toMatchObject({ message: "Credit limit exceeded", code: "credit_limit_exceeded" });
    expect(await requestsOf(key)).toEqual([]);
    expect(await savedChat(chatId)).toEqual([]);
  });

  it("the model is the default unless the account may choose", async () => {
    const me = await planner(100);
    const none = intelEnv({ INTEL_SOURCES: "none" }, true);
    const defaulted = await readNdjson(await askOverHttp(me, await newChat(me), { question: "Flood warnings?", model: "gpt-4o-mini" }, { env: none }));
    expect(defaulted[0]).toMatchObject({ type: "meta", model: "gpt-4o" });
    await env.DB.prepare(`UPDATE "Account" SET "modelSelectionEnabled" = 1 WHERE "id" = ?`).bind(me.accountId).run();
    const chosen = await readNdjson(await askOverHttp(me, await newChat(me), { question: "Flood warnings?", model: "gpt-4o-mini" }, { env: none }));
    expect(chosen[0]).toMatchObject({ type: "meta", model: "gpt-4o-mini" });
  });

  it("a mid-stream provider failure sends an error event and keeps the partial answer, marked interrupted", async () => {
    expectConsoleError(/^\[intel-chat\] stream interrupted: /);
    const me = await planner(100);
    const chatId = await newChat(me);
    const events = await readNdjson(
      await askOverHttp(me, chatId, { question: "Flood warnings? [fake:fail]" }, { env: intelEnv({ INTEL_SOURCES: "none" }, true) }),
    );
    expect(events.at(-1)).toEqual({ type: "error", message: expect.stringContaining("partial answer was kept"), interrupted: true });
    const saved = (await savedChat(chatId))!;
    expect(saved.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(saved[1]).toMatchObject({ content: textOf(events), metadata: { interrupted: true } });
    const after = await balance(me.accountId);
    expect(after.pending).toBe(0);
    expect(after.current).toBeLessThanOrEqual(99);
  });

  it.each([
    ["no question", {}],
    ["an empty question", { question: "   " }],
    ["a question over 8000 characters", { question: "x".repeat(8001) }],
    ["a question that is not text", { question: 42 }],
    ["a model that is not text", { question: "Floods?", model: 7 }],
  ])("400 for %s, nothing charged or saved", async (_label, body) => {
    const me = await planner(100);
    const chatId = await newChat(me);
    const res = await askOverHttp(me, chatId, body, { env: intelEnv({ INTEL_SOURCES: "none" }) });
    await expectStatus(res, 400);
    expect(await apiError(res)).toMatchObject({ code: "validation_error" });
    expect(await savedChat(chatId)).toEqual([]);
    expect(await balance(me.accountId)).toEqual({ current: 100, pending: 0 });
  });

  it("refuses malformed JSON, an oversized body, fields on create, and a full chat", async () => {
    const me = await planner(100);
    const chatId = await newChat(me);
    await expectStatus(await askOverHttp(me, chatId, undefined, { raw: "{not json" }), 400);
    await expectStatus(await askOverHttp(me, chatId, { question: "x", padding: "y".repeat(70_000) }), 413);
    await expectStatus(await api("/api/intelligence/chats", { method: "POST", user: me, body: { title: "Mine" } }), 400);

    const full = Array.from({ length: 199 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `message ${i}` }));
    await env.DB.prepare(`UPDATE "IntelligenceChat" SET "messages" = ? WHERE "id" = ?`).bind(JSON.stringify(full), chatId).run();
    const res = await askOverHttp(me, chatId, { question: "One more?" }, { env: intelEnv({ INTEL_SOURCES: "none" }) });
    await expectStatus(res, 409);
    expect(await apiError(res)).toMatchObject({ code: "chat_full", message: "This chat is full. Start a new chat to keep asking." });
    expect(await balance(me.accountId)).toEqual({ current: 100, pending: 0 });
  });

  it("accepts a question of exactly 8000 characters", async () => {
    const me = await planner(100);
    const res = await askOverHttp(me, await newChat(me), { question: `flood ${"y".repeat(7994)}` }, { env: intelEnv({ INTEL_SOURCES: "none" }) });
    await expectStatus(res, 200);
    expect((await readNdjson(res)).at(-1)!.type).toBe("done");
  });
});
