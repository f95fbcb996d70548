import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { clockOffsetMs, shiftClock } from "../../worker/lib/clock";
import { FEED_MAX_PER_HOUR } from "../../worker/improvement/calendar-feed";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { insertAction, pinClock } from "./helpers";

/**
 * The corrective-action calendar feed (issue 32 item 10): a secret URL per user, made, copied and
 * revoked like a share link; read without sign-in; only its owner's open due dates in it.
 */

const startOffset = clockOffsetMs();
afterEach(() => shiftClock(startOffset));

type Feed = { url: string | null };
const feedOf = async (user: TestUser, method = "GET") =>
  (await json(await expectStatus(await api("/api/improvement/calendar-feed", { method, user }), 200))) as Feed;
/** The feed as a calendar app reads it: no cookie, just the URL. */
const read = (url: string) => api(new URL(url).pathname);

describe("corrective-action calendar feed", () => {
  it("create → subscribe → revoke: the owner's open due dates as all-day events, then 404", async () => {
    pinClock("2027-01-31T18:00:00Z");
    const [me, other] = await Promise.all([createTestUser({ plan: "TEAM", onboarded: true }), createTestUser({ plan: "TEAM", onboarded: true })]);
    const due = await insertAction({
      userId: me.userId,
      dueDate: "2027-02-10",
      status: "open",
      action: "Revise the EOC activation checklist; test it, twice.",
    });
    await insertAction({ userId: me.userId, dueDate: "2027-02-12", status: "in_progress", action: "Train the PIO team" });
    await insertAction({ userId: me.userId, dueDate: "2027-02-01", status: "completed", action: "Already done" });
    await insertAction({ userId: me.userId, dueDate: null, status: "open", action: "No date yet" });
    await insertAction({ userId: other.userId, dueDate: "2027-02-05", status: "open", action: "Someone else's action" });

    expect(await feedOf(me)).toEqual({ url: null });
    const { url } = await feedOf(me, "POST");
    expect(url).toMatch(/\/api\/improvement\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Creating again keeps the link.
    expect(await feedOf(me, "POST")).toEqual({ url });
    expect(await feedOf(me)).toEqual({ url });

    const res = await read(url!);
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = (await res.text()).replace(/\r\n /g, "");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain(`UID:corrective-action-${due.id}@`);
    expect(ics).toContain("DTSTART;VALUE=DATE:20270210\r\nDTEND;VALUE=DATE:20270211\r\nSUMMARY:Due: Revise the EOC activation checklist\\; test it\\, twice.");
    expect(ics).toContain("SUMMARY:Due: Train the PIO team");
    expect(ics).not.toContain("Already done");
    expect(ics).not.toContain("No date yet");
    expect(ics).not.toContain("Someone else's action");

    // Another user's feed has none of mine; their URL is theirs.
    const theirs = (await feedOf(other, "POST")).url!;
    expect(theirs).not.toBe(url);
    const theirIcs = await (await read(theirs)).text();
    expect(theirIcs).toContain("Someone else");
    expect(theirIcs).not.toContain("Revise the EOC");

    expect(await feedOf(me, "DELETE")).toEqual({ url: null });
    const gone = await read(url!);
    await expectStatus(gone, 404);
    expect((await apiError(gone)).message).toMatch(/does not exist or was turned off/);
    // Revoking twice changes nothing; a new feed has a new URL, the old one stays dead.
    expect(await feedOf(me, "DELETE")).toEqual({ url: null });
    const again = (await feedOf(me, "POST")).url!;
    expect(again).not.toBe(url);
    await expectStatus(await read(url!), 404);
    await expectStatus(await read(again), 200);
  });

  it("a malformed or unknown token is 404; managing the feed needs sign-in and a plan", async () => {
    await expectStatus(await api("/api/improvement/calendar/nope.ics"), 404);
    await expectStatus(await api(`/api/improvement/calendar/${"A".repeat(43)}.ics`), 404);
    await expectStatus(await api("/api/improvement/calendar-feed"), 401);
    await expectStatus(await api("/api/improvement/calendar-feed", { method: "POST" }), 401);
    const unpaid = await createTestUser({ plan: null, onboarded: true });
    const res = await api("/api/improvement/calendar-feed", { method: "POST", user: unpaid });
    await expectStatus(res, 402);
    expect(await feedOf(unpaid)).toEqual({ url: null });
  });

  it("a disabled owner's feed is 404, and comes back with the same URL when the account is live again", async () => {
    const me = await createTestUser({ plan: "TEAM", onboarded: true });
    const { url } = await feedOf(me, "POST");
    await env.DB.prepare(`UPDATE "User" SET "disabledAt" = ? WHERE "id" = ?`).bind(Date.parse("2027-01-01T00:00:00Z"), me.userId).run();
    await expectStatus(await read(url!), 404);
    await env.DB.prepare(`UPDATE "User" SET "disabledAt" = NULL WHERE "id" = ?`).bind(me.userId).run();
    await expectStatus(await read(url!), 200);
  });

  it("an owner whose account has no plan any more: the feed is 404", async () => {
    const me = await createTestUser({ plan: "SOLO", onboarded: true });
    const { url } = await feedOf(me, "POST");
    await expectStatus(await read(url!), 200);
    await env.DB.prepare(`DELETE FROM "AccountPlanMetadata" WHERE "accountId" = ?`).bind(me.accountId).run();
    await expectStatus(await read(url!), 404);
  });

  it(`reads past ${FEED_MAX_PER_HOUR} an hour are 429 with Retry-After`, async () => {
    pinClock("2027-03-01T10:00:00Z");
    const me = await createTestUser({ plan: "TEAM", onboarded: true });
    const { url } = await feedOf(me, "POST");
    for (let i = 0; i < FEED_MAX_PER_HOUR; i++) await expectStatus(await read(url!), 200);
    const refused = await read(url!);
    await expectStatus(refused, 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    pinClock("2027-03-01T11:00:01Z");
    await expectStatus(await read(url!), 200);
  });
});
