import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { chatMessages } from "../../worker/db/schema";
import { ingestDocument } from "../../worker/documents/ingest";
import { ASK_ACTIONS } from "../../worker/ask/actions/catalogue";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { grant, readNdjson, stripePlan, type NdjsonEvent } from "../conversations/helpers";
import { storeDocument } from "../documents/ingest-helpers";

const EOP =
  "# Roles\nThe Emergency Management Director is responsible for activating the EOC within 2 hours of a flood warning. " +
  "ESF-6 Mass Care is led by the Red Cross, which shall open shelters at Brackwater High School. " +
  "The Sheriff's Office will coordinate evacuation of low-lying zones.\n\n" +
  "# Contacts\nEOC duty officer: (555) 201-4400, eoc@brackwater.gov. Public information officer issues warnings on channel 3.\n\n" +
  "# Resources\nThe county warehouse holds 40 cots and a generator for the shelter.";
const ANNEX =
  "# Flood annex\nPublic Information and Warning: the county issues flood warnings through sirens and text alerts. " +
  "Operational Coordination is done from the EOC, which the director activates when the river passes 18 feet.";

async function flagged(on = true) {
  const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
  await grant(user.accountId, 100);
  if (on)
    await env.DB.prepare(`UPDATE "Account" SET "featureFlags" = ? WHERE "id" = ?`)
      .bind(JSON.stringify({ betaAskReadyroomActionsEnabled: true }), user.accountId)
      .run();
  return user;
}

async function ingested(user: TestUser, filename: string, body: string) {
  const doc = await storeDocument(user.userId, filename, body);
  const result = await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId });
  expect(result.outcome).toBe("ready");
  return doc.id;
}

async function newChat(user: TestUser): Promise<string> {
  const res = await api("/api/ask/chats", { method: "POST", user, body: {} });
  await expectStatus(res, 201);
  return (await json<{ chat: { id: string } }>(res)).chat.id;
}

const runAction = (user: TestUser, chatId: string, actionName: string, documentIds: string[]) =>
  api(`/api/ask/chats/${chatId}/messages`, {
    method: "PUT",
    user,
    body: { messages: [{ role: "user", content: actionName }], isAskReadyroomAction: true, actionName, promptFile: "client-says.md", documentIds },
  });

const textOf = (events: NdjsonEvent[]) =>
  events
    .filter((e) => e.type === "text")
    .map((e) => e.delta as string)
    .join("");

describe("Ask Readyroom named actions", () => {
  it("lists the catalogue only when the flag is on", async () => {
    const [off, on] = await Promise.all([flagged(false), flagged(true)]);
    expect(await json(await api("/api/ask/actions", { user: off }))).toEqual({ enabled: false, actions: [] });
    const listed = await json<{ enabled: boolean; actions: { name: string; description: string; documents: { min: number } }[] }>(
      await api("/api/ask/actions", { user: on }),
    );
    expect(listed.enabled).toBe(true);
    expect(listed.actions.map((a) => a.name)).toEqual(ASK_ACTIONS.map((a) => a.name));
    expect(listed.actions.length).toBeGreaterThanOrEqual(6);
    expect(listed.actions.every((a) => a.description.length > 10)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain("Task:");
  });

  it("refuses an unknown action, the flag off, and compare without exactly two documents — saving nothing", async () => {
    const [me, off] = await Promise.all([flagged(true), flagged(false)]);
    const [chatId, doc] = await Promise.all([newChat(me), ingested(me, "eop.md", EOP)]);
    const unknown = await runAction(me, chatId, "write-a-poem", [doc]);
    await expectStatus(unknown, 400);
    expect(await unknown.json()).toMatchObject({ code: "unknown_action" });

    const offChat = await newChat(off);
    const refused = await runAction(off, offChat, "summarise-plan", []);
    await expectStatus(refused, 400);
    expect(await refused.json()).toMatchObject({ code: "actions_unavailable" });

    const one = await runAction(me, chatId, "compare-plans", [doc]);
    await expectStatus(one, 400);
    expect(await one.json()).toEqual({ message: '"Compare two plans" needs exactly 2 documents selected; 1 selected.', code: "action_documents" });
    const none = await runAction(me, chatId, "roles-responsibilities", []);
    await expectStatus(none, 400);
    expect(await none.json()).toMatchObject({ code: "action_documents" });
    expect(await getDb(env.DB).select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).toEqual([]);
  });

  it("every action answers offline, deterministically, citing the passages, and saves its name and prompt file", async () => {
    const me = await flagged(true);
    const [eop, annex] = await Promise.all([ingested(me, "eop.md", EOP), ingested(me, "flood-annex.md", ANNEX)]);
    for (const action of ASK_ACTIONS) {
      const docs = action.documents.min === 2 ? [eop, annex] : [eop];
      const texts: string[] = [];
      for (let i = 0; i < 2; i++) {
        const chatId = await newChat(me);
        const res = await runAction(me, chatId, action.name, docs);
        await expectStatus(res, 200);
        const events = await readNdjson(res);
        expect(events.at(-1)!.type, action.name).toBe("done");
        const citations = events.find((e) => e.type === "citations")!.citations as { n: number }[];
        expect(citations.length, action.name).toBeGreaterThan(0);
        const text = textOf(events);
        expect(text, action.name).toMatch(/\[\d+\]/);
        for (const m of text.matchAll(/\[(\d+)\]/g))
          expect(
            citations.map((c) => c.n),
            action.name,
          ).toContain(Number(m[1]));
        expect(text, action.name).toContain("No AI provider is configured");
        texts.push(text);
        const saved = await getDb(env.DB).select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(chatMessages.createdAt);
        expect(saved[1]!.metadata, action.name).toMatchObject({ actionName: action.name, promptFile: action.promptFile, offline: true });
      }
      expect(texts[1], action.name).toBe(texts[0]);
    }
  });

  it("offline results carry each action's own extraction", async () => {
    const me = await flagged(true);
    const [eop, annex] = await Promise.all([ingested(me, "eop.md", EOP), ingested(me, "flood-annex.md", ANNEX)]);
    const run = async (name: string, docs: string[]) => textOf(await readNdjson(await runAction(me, await newChat(me), name, docs)));
    expect(await run("roles-responsibilities", [eop])).toMatch(/\| ESF-6 \| .*Red Cross.* \| \[\d\] \|/);
    expect(await run("contacts-resources", [eop])).toContain("(555) 201-4400");
    const gaps = await run("capability-gaps", [eop]);
    expect(gaps).toContain("- Cybersecurity");
    expect(gaps).toMatch(/\| Mass Care Services \| \[\d\]/);
    expect(await run("compare-plans", [eop, annex])).toMatch(/\| Public Information and Warning \| .* \| \[\d\] \|/);
    expect(await run("draft-objectives", [eop])).toMatch(/1\. \*\*.+\*\*: Demonstrate/);
  });
});
