import { beforeAll, describe, expect, it } from "vitest";
import { BRIEF_CONTENT_MAX, BRIEF_MESSAGES, BRIEF_TITLE_MAX } from "../../shared/briefs/limits";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { BRIEFS, createBriefOk, insertBriefs, insertChat, T0 } from "./brief-helpers";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" })]);
});

describe("brief CRUD", () => {
  it("creates, reads, edits and deletes a brief", async () => {
    const brief = await createBriefOk(alice, { title: "  Levee L-3 seepage  ", content: "Boils near Alder Flats." });
    expect(brief).toMatchObject({
      title: "Levee L-3 seepage",
      content: "Boils near Alder Flats.",
      chatId: null,
      messageIndex: null,
      shareToken: null,
      sharePath: null,
    });
    expect(typeof brief.id).toBe("string");

    const got = await json(await expectStatus(await api(`${BRIEFS}/${brief.id}`, { user: alice }), 200));
    expect(got.brief).toEqual(brief);

    const edited = await json(
      await expectStatus(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "PATCH", body: { content: "Boils grew overnight." } }), 200),
    );
    expect(edited.brief).toMatchObject({ id: brief.id, title: "Levee L-3 seepage", content: "Boils grew overnight." });
    const retitled = await json(await expectStatus(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "PATCH", body: { title: "L-3 boils" } }), 200));
    expect(retitled.brief).toMatchObject({ title: "L-3 boils", content: "Boils grew overnight." });

    expect(await json(await expectStatus(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "DELETE" }), 200))).toEqual({ success: true });
    expect((await apiError(await api(`${BRIEFS}/${brief.id}`, { user: alice }))).status).toBe(404);
    expect((await apiError(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "DELETE" }))).status).toBe(404);
  });

  it("keeps the chat message a brief came from, when that chat is the caller's", async () => {
    const chatId = await insertChat(alice.userId, 4);
    const brief = await createBriefOk(alice, { chatId, messageIndex: 3 });
    expect(brief).toMatchObject({ chatId, messageIndex: 3 });
  });

  it("lists newest first, a page at a time, with a cursor to the next page", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const day = 24 * 60 * 60 * 1000;
    // Two share one instant: the id breaks the tie, so no brief is skipped or repeated across pages.
    await insertBriefs(user.userId, [
      { title: "oldest", at: T0 },
      { title: "twin a", at: T0 + day },
      { title: "twin b", at: T0 + day },
      { title: "newer", at: T0 + 2 * day },
      { title: "newest", at: T0 + 3 * day },
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await expectStatus(await api(`${BRIEFS}?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { user }), 200);
      const page: Json = await json(res);
      expect(page.briefs.length).toBeLessThanOrEqual(2);
      seen.push(...page.briefs.map((b: Json) => b.title));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.slice(0, 2)).toEqual(["newest", "newer"]);
    expect(seen.slice(2, 4).sort()).toEqual(["twin a", "twin b"]);
    expect(seen[4]).toBe("oldest");

    const all = await json(await api(BRIEFS, { user }));
    expect(all.briefs).toHaveLength(5);
    expect(all.nextCursor).toBeNull();
  });
});

describe("validation", () => {
  const bad: [string, Json, RegExp][] = [
    ["a missing title", { content: "x" }, /^Title is required\.$/],
    ["a blank title", { title: "   ", content: "x" }, /^Title is required\.$/],
    ["a title too long", { title: "t".repeat(BRIEF_TITLE_MAX + 1), content: "x" }, new RegExp(`^${BRIEF_MESSAGES.titleTooLong}`)],
    ["missing content", { title: "t" }, /^Content is required\.$/],
    ["content too long", { title: "t", content: "c".repeat(BRIEF_CONTENT_MAX + 1) }, /^Content must be at most 50000 characters\.$/],
    ["a number for a title", { title: 7, content: "x" }, /^Title is required\.$/],
    ["chatId without messageIndex", { title: "t", content: "x", chatId: "abc" }, /together/],
    ["messageIndex without chatId", { title: "t", content: "x", messageIndex: 0 }, /together/],
    ["a negative messageIndex", { title: "t", content: "x", chatId: "abc", messageIndex: -1 }, /0 or more/],
    ["a fractional messageIndex", { title: "t", content: "x", chatId: "abc", messageIndex: 1.5 }, /whole number/],
  ];
  for (const [label, body, message] of bad) {
    it(`refuses ${label} with a 400 that says why`, async () => {
      const err = await apiError(await api(BRIEFS, { user: alice, body }));
      expect(err.status).toBe(400);
      expect(err.code).toBe("validation_error");
      expect(err.message).toMatch(message);
    });
  }

  it("accepts exactly the limits", async () => {
    const brief = await createBriefOk(alice, { title: "t".repeat(BRIEF_TITLE_MAX), content: "c".repeat(BRIEF_CONTENT_MAX) });
    expect(brief.title).toHaveLength(BRIEF_TITLE_MAX);
  });

  it("refuses malformed JSON, an empty edit and a bad page query with 400s", async () => {
    expect((await apiError(await api(BRIEFS, { user: alice, raw: "{not json" }))).status).toBe(400);
    const brief = await createBriefOk(alice);
    const empty = await apiError(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "PATCH", body: {} }));
    expect([empty.status, empty.message]).toEqual([400, "Give a new title or content."]);
    const blank = await apiError(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "PATCH", body: { title: "" } }));
    expect([blank.status, blank.message]).toEqual([400, BRIEF_MESSAGES.titleRequired]);
    for (const q of ["limit=0", "limit=51", "limit=x", "cursor=nonsense", "cursor=1.%27%20OR%201%3D1"]) {
      expect((await apiError(await api(`${BRIEFS}?${q}`, { user: alice }))).status, q).toBe(400);
    }
  });

  it("refuses a body over the API's limit with a 413, and stores nothing", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const err = await apiError(await api(BRIEFS, { user, body: { title: "huge", content: "c".repeat(1_100_000) } }));
    expect(err.status).toBe(413);
    expect((await json(await api(BRIEFS, { user }))).briefs).toEqual([]);
  });

  it("refuses a chat that is not the caller's (404) or a message it does not hold (400)", async () => {
    const bobsChat = await insertChat(bob.userId, 2);
    const notYours = await apiError(await api(BRIEFS, { user: alice, body: { title: "t", content: "x", chatId: bobsChat, messageIndex: 1 } }));
    expect([notYours.status, notYours.message]).toEqual([404, "Chat not found."]);
    const unknown = await apiError(await api(BRIEFS, { user: alice, body: { title: "t", content: "x", chatId: crypto.randomUUID(), messageIndex: 0 } }));
    expect(unknown.status).toBe(404);
    const ownChat = await insertChat(alice.userId, 2);
    const past = await apiError(await api(BRIEFS, { user: alice, body: { title: "t", content: "x", chatId: ownChat, messageIndex: 2 } }));
    expect([past.status, past.code]).toEqual([400, "validation_error"]);
  });
});

describe("tenancy", () => {
  it("answers 404 to another user on every route and changes nothing", async () => {
    const brief = await createBriefOk(alice, { title: "Alice's brief" });
    await expectStatus(await api(`${BRIEFS}/${brief.id}/share`, { user: alice, method: "POST" }), 200);
    const routes: [string, string, Json?][] = [
      ["GET", ""],
      ["PATCH", "", { title: "hijacked" }],
      ["DELETE", ""],
      ["POST", "/share"],
      ["POST", "/share/rotate"],
      ["DELETE", "/share"],
    ];
    for (const [method, suffix, body] of routes) {
      const err = await apiError(await api(`${BRIEFS}/${brief.id}${suffix}`, { user: bob, method, body }));
      expect([err.status, err.message], `${method} ${suffix}`).toEqual([404, "Brief not found."]);
    }
    const list = await json(await api(BRIEFS, { user: bob }));
    expect(list.briefs.map((b: Json) => b.id)).not.toContain(brief.id);
    const still = await json(await api(`${BRIEFS}/${brief.id}`, { user: alice }));
    expect(still.brief).toMatchObject({ title: "Alice's brief", shareToken: brief.shareToken ?? expect.any(String) });
  });

  it("asks for sign-in (401) when signed out", async () => {
    for (const [method, path] of [
      ["GET", BRIEFS],
      ["POST", BRIEFS],
      ["POST", `${BRIEFS}/x/share`],
    ]) {
      expect((await apiError(await api(path!, { method, body: method === "POST" ? {} : undefined }))).status).toBe(401);
    }
  });
});

describe("origin check on writes", () => {
  it("refuses cross-site writes (403) and allows same-origin ones", async () => {
    const brief = await createBriefOk(alice);
    const cross = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const writes: [string, string, Json?][] = [
      ["POST", BRIEFS, { title: "t", content: "x" }],
      ["PATCH", `${BRIEFS}/${brief.id}`, { title: "t" }],
      ["DELETE", `${BRIEFS}/${brief.id}`],
      ["POST", `${BRIEFS}/${brief.id}/share`],
      ["POST", `${BRIEFS}/${brief.id}/share/rotate`],
      ["DELETE", `${BRIEFS}/${brief.id}/share`],
    ];
    for (const [method, path, body] of writes) {
      const err = await apiError(await api(path, { user: alice, method, body, headers: cross }));
      expect(err.status, `${method} ${path}`).toBe(403);
    }
    const unchanged = await json(await api(`${BRIEFS}/${brief.id}`, { user: alice }));
    expect(unchanged.brief).toEqual(brief);
  });
});
