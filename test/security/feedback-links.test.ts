import { env, SELF } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { feedbackResponses } from "../../worker/db/schema";
import { FEEDBACK_TITLES } from "../../shared/evaluation/model";
import type { FeedbackFormView } from "../../shared/evaluation/views";
import { clockOffsetMs, nowDate, nowMs, shiftClock } from "../../worker/lib/clock";
import { createExercise } from "../exercises/helpers";
import { clientKey, createLink, createSession, db, insertFeedback } from "../evaluation/helpers";
import { api, apiError, expectStatus, json, ORIGIN } from "../helpers/api";
import { createTestUser, testClientIp, type TestUser } from "../helpers/auth";

// Issue 27, item 4: a feedback link is public and every response it takes goes into the AAR the
// controller pays for. Posts are limited per link and per client address (429 with Retry-After and
// how long to wait), a session takes at most FEEDBACK_MAX_RESPONSES (409, "This form is full", never
// exceeded by parallel posts), and the form closes FEEDBACK_CLOSE_AFTER_DAYS after the session ends
// (410, "This form is closed").

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const startOffset = clockOffsetMs();
afterEach(() => shiftClock(startOffset));

/** Moves the app's clock to one second into the next minute, so a test's posts share one window. */
function atWindowStart(): void {
  const now = nowMs();
  shiftClock(clockOffsetMs() + (Math.ceil(now / MINUTE) * MINUTE + 1_000 - now));
}

const form = {
  role: "Player",
  organization: "Harlow County EMA",
  strengths: ["Clear briefings"],
  improvements: [],
  correctiveActions: "",
  ratings: { structure: 4 },
  comments: "",
};
const post = (token: string, init: { ip?: string; key?: string; env?: object } = {}) =>
  api(`/api/feedback/${token}`, { body: { clientKey: init.key ?? clientKey(), content: form }, ip: init.ip, env: init.env });
const stored = async (sessionId: string) =>
  (await db().select({ n: count() }).from(feedbackResponses).where(eq(feedbackResponses.sessionId, sessionId)))[0]?.n ?? 0;
const page = async (token: string) => {
  const res = await SELF.fetch(`${ORIGIN}/feedback/${token}`);
  expect(res.status).toBe(200);
  return res.text();
};
const ip = testClientIp;

let owner: TestUser;
beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
});

async function feedbackLink(endedAt = nowDate()): Promise<{ sessionId: string; token: string; id: string }> {
  const sessionId = await createSession(owner, await createExercise(owner, { name: "Flood TTX" }), { endedAt });
  return { sessionId, ...(await createLink(sessionId)) };
}

describe("feedback link rate limits", () => {
  it("a link takes FEEDBACK_MAX_PER_LINK_PER_MINUTE posts a minute, from any address; the next is 429 with Retry-After and stores nothing", async () => {
    const limits = { ...env, FEEDBACK_MAX_PER_LINK_PER_MINUTE: "3" };
    const { sessionId, token } = await feedbackLink();
    atWindowStart();
    for (let i = 0; i < 3; i++) await expectStatus(await post(token, { ip: ip(), env: limits }), 201, `post ${i + 1}`);
    const refused = await expectStatus(await post(token, { ip: ip(), env: limits }), 429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const error = await apiError(refused);
    expect(error.code).toBe("rate_limited");
    expect(error.message).toBe(`Many people are sending this form right now. Wait ${retryAfter} seconds and submit again: what you wrote is still here.`);
    expect(await stored(sessionId)).toBe(3);
    // The next minute, the link takes posts again.
    shiftClock(clockOffsetMs() + MINUTE);
    await expectStatus(await post(token, { ip: ip(), env: limits }), 201);
    expect(await stored(sessionId)).toBe(4);
  });

  it("one client address (CF-Connecting-IP) takes FEEDBACK_MAX_PER_ADDRESS_PER_MINUTE posts a minute across links and sessions", async () => {
    const limits = { ...env, FEEDBACK_MAX_PER_ADDRESS_PER_MINUTE: "2" };
    const [a, b] = await Promise.all([feedbackLink(), feedbackLink()]);
    const address = ip();
    atWindowStart();
    await expectStatus(await post(a.token, { ip: address, env: limits }), 201);
    await expectStatus(await post(b.token, { ip: address, env: limits }), 201);
    const refused = await expectStatus(await post(a.token, { ip: address, env: limits }), 429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await apiError(refused)).message).toMatch(
      /^Too many feedback forms were sent from your network in the last minute\. Wait \d+ seconds? and submit again: what you wrote is still here\.$/,
    );
    // Another address is not held back by it.
    await expectStatus(await post(a.token, { ip: ip(), env: limits }), 201);
    expect([await stored(a.sessionId), await stored(b.sessionId)]).toEqual([2, 1]);
  });
});

describe("a session's feedback cap", () => {
  it("parallel posts never take a session past FEEDBACK_MAX_RESPONSES: the rest get 409 with the form-full message; a stored key is still a duplicate", async () => {
    const limits = { ...env, FEEDBACK_MAX_RESPONSES: "3" };
    const { sessionId, token } = await feedbackLink();
    const keys = Array.from({ length: 8 }, () => clientKey());
    const answers = await Promise.all(keys.map((key) => post(token, { key, ip: ip(), env: limits })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const full = await apiError(answers.find((r) => r.status === 409)!);
    expect(full).toMatchObject({
      code: "feedback_full",
      message: "This form is full: it has taken the 3 responses it can hold. If you still have feedback, send it to the exercise planners directly.",
    });
    expect(await stored(sessionId)).toBe(3);
    const taken = keys[answers.findIndex((r) => r.status === 201)]!;
    expect(await json(await expectStatus(await post(token, { key: taken, ip: ip(), env: limits }), 201))).toEqual({ ok: true, duplicate: true });
    const view = await json<FeedbackFormView>(await expectStatus(await api(`/api/feedback/${token}`, { env: limits }), 200));
    expect(view).toMatchObject({ status: "full", message: full.message, statements: [] });
  });

  it("by default a session takes 500: the page then says the form is full and a post gets 409", async () => {
    const { sessionId, token } = await feedbackLink();
    await insertFeedback(sessionId, 500, nowMs() - DAY);
    const html = await page(token);
    expect(html).toContain(FEEDBACK_TITLES.full);
    expect(html).toContain("it has taken the 500 responses it can hold");
    expect(html).not.toContain("Submit feedback");
    expect((await apiError(await expectStatus(await post(token, { ip: ip() }), 409))).code).toBe("feedback_full");
    expect(await stored(sessionId)).toBe(500);
  });
});

describe("the form closes after the session ends", () => {
  it("stays open FEEDBACK_CLOSE_AFTER_DAYS (7) after the end, then the page says it is closed and a post gets 410", async () => {
    const open = await feedbackLink(new Date(nowMs() - 7 * DAY + 10 * MINUTE));
    await expectStatus(await post(open.token, { ip: ip() }), 201);
    expect(await page(open.token)).toContain("Submit feedback");

    const closed = await feedbackLink(new Date(nowMs() - 7 * DAY - MINUTE));
    const refused = await apiError(await expectStatus(await post(closed.token, { ip: ip() }), 410));
    const message = "This feedback form closed 7 days after the exercise ended. If you still have feedback, send it to the exercise planners directly.";
    expect(refused).toMatchObject({ code: "feedback_closed", message });
    expect(await stored(closed.sessionId)).toBe(0);
    const view = await json<FeedbackFormView>(await api(`/api/feedback/${closed.token}`));
    expect(view).toMatchObject({ status: "closed", message, statements: [] });
    const html = await page(closed.token);
    expect(html).toContain(FEEDBACK_TITLES.closed);
    expect(html).toContain("closed 7 days after the exercise ended");
    expect(html).not.toContain("Submit feedback");
  });

  it("FEEDBACK_CLOSE_AFTER_DAYS moves the closing", async () => {
    const { token } = await feedbackLink(new Date(nowMs() - 2 * DAY));
    const closesAfterOne = { ...env, FEEDBACK_CLOSE_AFTER_DAYS: "1" };
    expect((await apiError(await expectStatus(await post(token, { ip: ip(), env: closesAfterOne }), 410))).message).toContain(
      "closed 1 day after the exercise ended",
    );
    await expectStatus(await post(token, { ip: ip() }), 201);
  });
});
