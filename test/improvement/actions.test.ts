import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { correctiveActions } from "../../worker/db/schema";
import { clockOffsetMs, shiftClock } from "../../worker/lib/clock";
import { IMPROVEMENT_BODY_LIMIT, IMPROVEMENT_MESSAGES } from "../../shared/improvement/model";
import type { CorrectiveActionListView, CorrectiveActionView } from "../../shared/improvement/views";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { DAY, db, insertAction, insertSession, pinClock } from "./helpers";

const startOffset = clockOffsetMs();
afterEach(() => shiftClock(startOffset));

const list = async (user: TestUser, qs = "") =>
  (await json(await expectStatus(await api(`/api/improvement/actions${qs}`, { user }), 200))) as CorrectiveActionListView;
const patch = (user: TestUser, id: string, body: unknown) => api(`/api/improvement/actions/${id}`, { method: "PATCH", user, body });
/** The clock runs on from the pinned instant while the test does. */
const near = (iso: string | null, at: number) => iso !== null && Date.parse(iso) >= at && Date.parse(iso) < at + 60_000;
const stored = async (id: string) => (await db().select().from(correctiveActions).where(eq(correctiveActions.id, id)))[0]!;

describe("corrective actions: the caller's list", () => {
  it("orders overdue first then by due date, counts by status and overdue, and a due date of today is not yet overdue", async () => {
    pinClock("2027-01-31T18:00:00Z");
    const [me, other] = await Promise.all([createTestUser({ plan: "TEAM", onboarded: true }), createTestUser({ plan: "TEAM", onboarded: true })]);
    const today = await insertAction({ userId: me.userId, dueDate: "2027-01-31", status: "open" });
    const yesterday = await insertAction({ userId: me.userId, dueDate: "2027-01-30", status: "open" });
    const late = await insertAction({ userId: me.userId, dueDate: "2027-01-15", status: "in_progress" });
    const done = await insertAction({
      userId: me.userId,
      dueDate: "2027-01-10",
      status: "completed",
      completedAt: new Date(Date.parse("2027-01-09T10:00:00Z")),
    });
    const undated = await insertAction({ userId: me.userId, dueDate: null, status: "open" });
    const later = await insertAction({ userId: me.userId, dueDate: "2027-02-10", status: "in_progress", capability: "Mass Care Services" });
    await insertAction({ userId: other.userId, dueDate: "2027-01-01", status: "open", issue: "Someone else's issue" });

    const all = await list(me);
    expect(all.actions.map((a) => a.id)).toEqual([late.id, yesterday.id, done.id, today.id, later.id, undated.id]);
    expect(all.actions.filter((a) => a.overdue).map((a) => a.id)).toEqual([late.id, yesterday.id]);
    expect(all.counts).toEqual({ open: 3, in_progress: 2, completed: 1, verified: 0, overdue: 2 });
    expect(JSON.stringify(all)).not.toContain("Someone else's issue");
    expect(all.actions[0]).toMatchObject({ exerciseName: "Levee tabletop", element: "Planning", status: "in_progress", verifiedBy: null, completedAt: null });

    expect((await list(me, "?status=open")).actions.map((a) => a.id)).toEqual([yesterday.id, today.id, undated.id]);
    expect((await list(me, `?capability=${encodeURIComponent("Mass Care Services")}`)).actions.map((a) => a.id)).toEqual([later.id]);
    const overdueOnly = await list(me, "?overdue=true");
    expect(overdueOnly.actions.map((a) => a.id)).toEqual([late.id, yesterday.id]);
    // The counts summarise everything, whatever the filter.
    expect(overdueOnly.counts.open).toBe(3);

    // At midnight UTC the end of the due day has passed.
    pinClock("2027-02-01T00:00:00Z");
    const next = await list(me, "?overdue=true");
    expect(next.actions.map((a) => a.id)).toEqual([late.id, yesterday.id, today.id]);
    expect(next.counts.overdue).toBe(3);
  });

  it("refuses a bad filter with 400 and a signed-out caller with 401", async () => {
    const me = await createTestUser({ plan: "TEAM", onboarded: true });
    const bad = await apiError(await expectStatus(await api("/api/improvement/actions?status=closed", { user: me }), 400));
    expect(bad.code).toBe("validation_error");
    await expectStatus(await api("/api/improvement/actions?overdue=yes", { user: me }), 400);
    await expectStatus(await api("/api/improvement/actions"), 401);
  });
});

describe("corrective actions: updating", () => {
  it("completed stamps completedAt, back to open clears it; other fields are editable", async () => {
    const at = pinClock("2027-03-10T09:30:00Z");
    const me = await createTestUser({ plan: "TEAM", onboarded: true });
    const action = await insertAction({ userId: me.userId, dueDate: "2027-03-01" });
    const completed = (await json(await expectStatus(await patch(me, action.id, { status: "completed" }), 200))) as CorrectiveActionView;
    expect(completed).toMatchObject({ status: "completed", overdue: false, completedByName: "Test User" });
    expect(near(completed.completedAt, at)).toBe(true);

    const edited = (await json(
      await expectStatus(
        await patch(me, action.id, {
          status: "open",
          organization: "Public Works",
          pointOfContact: "Hector Villanueva",
          dueDate: "2027-04-30",
          startDate: "2027-03-15",
          action: "Buy 20,000 sandbags.",
        }),
        200,
      ),
    )) as CorrectiveActionView;
    expect(edited).toMatchObject({
      status: "open",
      completedAt: null,
      completedByName: null,
      organization: "Public Works",
      pointOfContact: "Hector Villanueva",
      dueDate: "2027-04-30",
      startDate: "2027-03-15",
      action: "Buy 20,000 sandbags.",
    });
    expect((await stored(action.id)).completedAt).toBeNull();
  });

  it("verified needs an ended session the caller may read that ended after the action was tracked; refusals change nothing", async () => {
    const at = pinClock("2027-05-20T12:00:00Z");
    const [me, other] = await Promise.all([createTestUser({ plan: "TEAM", onboarded: true }), createTestUser({ plan: "TEAM", onboarded: true })]);
    const trackedAt = Date.parse("2027-04-01T12:00:00Z");
    const action = await insertAction({ userId: me.userId, dueDate: "2027-05-01", status: "in_progress", createdAt: new Date(trackedAt) });
    const before = await stored(action.id);

    const missing = await apiError(await expectStatus(await patch(me, action.id, { status: "verified" }), 400));
    expect(missing.message).toBe(IMPROVEMENT_MESSAGES.verifyNeedsSession);

    const othersSession = await insertSession(other.userId, { endedAt: Date.parse("2027-05-10T12:00:00Z") });
    await expectStatus(await patch(me, action.id, { status: "verified", verifiedBySessionId: othersSession.id }), 404);

    const earlier = await insertSession(me.userId, { endedAt: trackedAt - DAY });
    const tooEarly = await apiError(await expectStatus(await patch(me, action.id, { status: "verified", verifiedBySessionId: earlier.id }), 400));
    expect(tooEarly.message).toBe(IMPROVEMENT_MESSAGES.verifyEarlierSession);

    const running = await insertSession(me.userId, { endedAt: null });
    const notEnded = await apiError(await expectStatus(await patch(me, action.id, { status: "verified", verifiedBySessionId: running.id }), 400));
    expect(notEnded.message).toBe(IMPROVEMENT_MESSAGES.verifyNotEnded);

    const citesWithoutVerifying = await apiError(await expectStatus(await patch(me, action.id, { status: "completed", verifiedBySessionId: earlier.id }), 400));
    expect(citesWithoutVerifying.message).toBe(IMPROVEMENT_MESSAGES.sessionWithoutVerified);

    expect(await stored(action.id)).toEqual(before);

    const later = await insertSession(me.userId, { exerciseName: "Levee functional exercise", name: "FE day 1", endedAt: Date.parse("2027-05-15T16:00:00Z") });
    const verified = (await json(
      await expectStatus(
        await patch(me, action.id, { status: "verified", verifiedBySessionId: later.id, verificationNote: "Checklist used; EOC open in 40 min." }),
        200,
      ),
    )) as CorrectiveActionView;
    expect(verified).toMatchObject({
      status: "verified",
      verifiedBy: { sessionId: later.id, name: "FE day 1", exerciseName: "Levee functional exercise" },
      verificationNote: "Checklist used; EOC open in 40 min.",
      overdue: false,
    });
    expect(near(verified.verifiedAt, at) && near(verified.completedAt, at)).toBe(true);
    expect((await list(me)).counts.verified).toBe(1);

    // Reopening drops the closure.
    const reopened = (await json(await expectStatus(await patch(me, action.id, { status: "in_progress" }), 200))) as CorrectiveActionView;
    expect(reopened).toMatchObject({ status: "in_progress", verifiedAt: null, verifiedBy: null, completedAt: null });
  });

  it("another user's action is 404 and unchanged; bad bodies are 400 or 413 with nothing changed", async () => {
    const [me, other] = await Promise.all([createTestUser({ plan: "TEAM", onboarded: true }), createTestUser({ plan: "TEAM", onboarded: true })]);
    const action = await insertAction({ userId: me.userId, dueDate: "2027-05-01" });
    const before = await stored(action.id);
    const theirs = await apiError(await expectStatus(await patch(other, action.id, { status: "completed" }), 404));
    expect(theirs.message).toBe(IMPROVEMENT_MESSAGES.notFound);
    await expectStatus(await patch(me, crypto.randomUUID(), { status: "completed" }), 404);

    const empty = await apiError(await expectStatus(await patch(me, action.id, {}), 400));
    expect(empty.message).toBe("Nothing to change.");
    const badDate = await apiError(await expectStatus(await patch(me, action.id, { dueDate: "2027-02-30" }), 400));
    expect(badDate.message).toBe("That date does not exist.");
    await expectStatus(await patch(me, action.id, { status: "closed" }), 400);
    await expectStatus(await patch(me, action.id, { element: "Money" }), 400);
    await expectStatus(await patch(me, action.id, { verificationNote: "x".repeat(IMPROVEMENT_BODY_LIMIT + 10) }), 413);
    await expectStatus(await api(`/api/improvement/actions/${action.id}`, { method: "PATCH", user: me, raw: "{not json" }), 400);
    expect(await stored(action.id)).toEqual(before);
  });

  it("GET /sessions lists the caller's own ended sessions, newest first", async () => {
    const [me, other] = await Promise.all([createTestUser({ plan: "TEAM", onboarded: true }), createTestUser({ plan: "TEAM", onboarded: true })]);
    const older = await insertSession(me.userId, { exerciseName: "Bridge TTX", name: "Older", endedAt: Date.parse("2026-10-01T12:00:00Z") });
    const newer = await insertSession(me.userId, { exerciseName: "Levee FE", name: "Newer", endedAt: Date.parse("2026-11-01T12:00:00Z") });
    await insertSession(me.userId, { name: "Still running", endedAt: null });
    await insertSession(other.userId, { name: "Not mine" });
    const body = (await json(await expectStatus(await api("/api/improvement/sessions", { user: me }), 200))) as {
      sessions: { id: string; name: string; exerciseName: string; endedAt: string }[];
    };
    expect(body.sessions).toEqual([
      { id: newer.id, name: "Newer", exerciseName: "Levee FE", endedAt: "2026-11-01T12:00:00.000Z" },
      { id: older.id, name: "Older", exerciseName: "Bridge TTX", endedAt: "2026-10-01T12:00:00.000Z" },
    ]);
  });
});
