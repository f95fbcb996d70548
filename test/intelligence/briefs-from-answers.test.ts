import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { intelBriefs, intelligenceChats } from "../../worker/db/schema";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { BRIEFS } from "./brief-helpers";

/**
 * "Save as brief" (issue 30 item 6): the server composes a brief from the stored answer under the
 * planner's title — without the search's diagnostics, its sources listed, passages from the
 * planner's own documents marked internal — and refuses to share such a brief until confirmed.
 */

let alice: TestUser;
let bob: TestUser;

const NOTICE = "No intelligence source answered: USGS could not be reached. NWS did not answer within 6 s.";
/** A documents-only answer as the intelligence chat stores it (worker/intelligence-chat: documentsOnlyPreface). */
const documentsAnswer = {
  role: "assistant" as const,
  content: `${NOTICE} This answer comes from your own documents only.\n\nThe county opens the Fairgrounds shelter at a river stage of 29 ft [1].`,
  metadata: {
    citations: [],
    documents: [{ n: 1, chunkId: "c1", documentId: "d1", documentName: "Calloway County EOP", page: 12, snippet: "" }],
    notice: NOTICE,
    sourcesAnswered: false,
    query: "shelter",
    model: "readyroom-offline",
    provider: "offline",
  },
};
const intelAnswer = {
  role: "assistant" as const,
  content: "A flood warning is in force for the Sable River [1]. USGS could not be reached, so earthquakes are not included.",
  metadata: {
    citations: [
      {
        n: 1,
        title: "Flood Warning",
        publisher: "NWS",
        publishedAt: "2027-03-20T12:00:00.000Z",
        url: "https://api.weather.gov/alerts/1",
        kind: "hazard-alert",
      },
    ],
    documents: [],
    notice: "Not included: USGS could not be reached.",
    sourcesAnswered: true,
    query: "flood",
    model: "readyroom-offline",
    provider: "offline",
  },
};

async function chatWith(user: TestUser): Promise<string> {
  const messages = [{ role: "user" as const, content: "Where do we shelter?" }, documentsAnswer, { role: "user" as const, content: "Flood?" }, intelAnswer];
  const [row] = await getDb(env.DB).insert(intelligenceChats).values({ userId: user.userId, messages }).returning({ id: intelligenceChats.id });
  return row!.id;
}

const save = (user: TestUser, body: Json) => api(BRIEFS, { user, body });

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" })]);
});

describe("saving an answer as a brief", () => {
  it("takes the planner's title, leaves out the diagnostics and marks the planner's documents internal", async () => {
    const chatId = await chatWith(alice);
    const { brief } = await json(await expectStatus(await save(alice, { title: "  Fairgrounds shelter trigger ", chatId, messageIndex: 1 }), 201));
    expect(brief.title).toBe("Fairgrounds shelter trigger");
    expect(brief.content).not.toMatch(/could not be reached|did not answer|No intelligence source|own documents only/);
    expect(brief.content).toMatch(/^The county opens the Fairgrounds shelter at a river stage of 29 ft \[1\]\./);
    expect(brief.content).toContain("1. Calloway County EOP, page 12 (internal document)");
    expect(brief.internalSources).toEqual(["Calloway County EOP"]);
  });

  it("a feeds answer keeps its sources and loses the sentence about a feed that failed; nothing internal", async () => {
    const chatId = await chatWith(alice);
    const { brief } = await json(await expectStatus(await save(alice, { title: "Sable River flood", chatId, messageIndex: 3 }), 201));
    expect(brief.content).toContain("A flood warning is in force for the Sable River [1].");
    expect(brief.content).not.toContain("USGS");
    expect(brief.content).toContain("1. [Flood Warning](https://api.weather.gov/alerts/1) — NWS, 20 Mar 2027");
    expect(brief.internalSources).toEqual([]);
  });

  it("refuses a blank or over-long title with a 400 and saves nothing; another user's chat is 404", async () => {
    const chatId = await chatWith(alice);
    const count = async () => (await getDb(env.DB).select().from(intelBriefs).where(eq(intelBriefs.userId, alice.userId))).length;
    const before = await count();
    for (const title of ["   ", "t".repeat(201)]) {
      const err = await apiError(await save(alice, { title, chatId, messageIndex: 1 }));
      expect(err).toMatchObject({ status: 400, code: "validation_error" });
      expect(err.message).toMatch(/^Title (is required|must be at most 200 characters)\.$/);
    }
    expect((await save(bob, { title: "Mine now", chatId, messageIndex: 1 })).status).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe("sharing a brief that quotes internal documents", () => {
  it("answers 409 naming the documents until confirmed, then shares; a brief without them shares at once", async () => {
    const chatId = await chatWith(alice);
    const { brief } = await json(await expectStatus(await save(alice, { title: "Shelter trigger", chatId, messageIndex: 1 }), 201));
    const refused = await apiError(await api(`${BRIEFS}/${brief.id}/share`, { user: alice, method: "POST" }));
    expect(refused).toMatchObject({ status: 409, code: "brief_quotes_internal", internalSources: ["Calloway County EOP"] });
    expect(refused.message).toMatch(/quotes your own documents \(Calloway County EOP\).*confirm/);
    const [row] = await getDb(env.DB).select().from(intelBriefs).where(eq(intelBriefs.id, brief.id));
    expect(row!.shareToken).toBeNull();

    expect((await api(`${BRIEFS}/${brief.id}/share`, { user: bob, method: "POST", body: { confirmInternal: true } })).status).toBe(404);
    expect((await api(`${BRIEFS}/${brief.id}/share`, { user: alice, method: "POST", body: { confirmInternal: "yes" } })).status).toBe(400);
    const shared = await json(
      await expectStatus(await api(`${BRIEFS}/${brief.id}/share`, { user: alice, method: "POST", body: { confirmInternal: true } }), 200),
    );
    expect(shared.brief.sharePath).toMatch(/^\/share\/briefs\//);
    const page = await api(shared.brief.sharePath, {});
    expect(await page.text()).toContain("internal document");

    const plain = await json(await expectStatus(await save(alice, { title: "Written", content: "Our own words." }), 201));
    expect(plain.brief.internalSources).toEqual([]);
    await expectStatus(await api(`${BRIEFS}/${plain.brief.id}/share`, { user: alice, method: "POST" }), 200);
  });
});
