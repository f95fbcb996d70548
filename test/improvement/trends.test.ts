import { afterEach, describe, expect, it } from "vitest";
import { clockOffsetMs, shiftClock } from "../../worker/lib/clock";
import type { CapabilityTrendsView } from "../../shared/improvement/views";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { aarContent, insertAction, insertReport, insertSession, pinClock } from "./helpers";

const startOffset = clockOffsetMs();
afterEach(() => shiftClock(startOffset));

describe("capability trends", () => {
  it("rates each capability from the caller's published reports, oldest first; drafts and others' reports are ignored; action counts beside", async () => {
    pinClock("2027-06-15T12:00:00Z");
    const [me, other] = await Promise.all([createTestUser({ plan: "TEAM", onboarded: true }), createTestUser({ plan: "TEAM", onboarded: true })]);
    // Inserted newest first, so the order must come from the dates.
    const second = await insertSession(me.userId, { exerciseName: "Levee FE", endedAt: Date.parse("2027-05-01T16:00:00Z") });
    const first = await insertSession(me.userId, { exerciseName: "Levee TTX", endedAt: Date.parse("2027-02-01T16:00:00Z") });
    const draft = await insertSession(me.userId, { exerciseName: "Draft only", endedAt: Date.parse("2027-03-01T16:00:00Z") });
    const theirs = await insertSession(other.userId, { exerciseName: "Not mine", endedAt: Date.parse("2027-04-01T16:00:00Z") });
    await insertReport(me.userId, second.id, aarContent("Levee FE", { "Operational Coordination": "S", "Public Information and Warning": "P" }));
    await insertReport(me.userId, first.id, aarContent("Levee TTX", { "Operational Coordination": "M", "Mass Care Services": null }));
    await insertReport(me.userId, draft.id, aarContent("Draft only", { "Operational Coordination": "U" }), "draft");
    await insertReport(other.userId, theirs.id, aarContent("Not mine", { "Operational Coordination": "U" }));
    await insertAction({ userId: me.userId, capability: "Operational Coordination", status: "open", dueDate: "2027-06-01" });
    await insertAction({ userId: me.userId, capability: "Operational Coordination", status: "in_progress", dueDate: "2027-07-01" });
    await insertAction({ userId: me.userId, capability: "Operational Coordination", status: "completed", dueDate: "2027-05-01" });
    await insertAction({ userId: me.userId, capability: "Critical Transportation", status: "open", dueDate: null });

    const body = (await json(await expectStatus(await api("/api/improvement/trends", { user: me }), 200))) as CapabilityTrendsView;
    expect(body.capabilities).toEqual([
      { capability: "Critical Transportation", points: [], openActions: 1, overdueActions: 0 },
      {
        capability: "Operational Coordination",
        points: [
          { sessionId: first.id, exerciseName: "Levee TTX", date: "2027-02-01T16:00:00.000Z", rating: "M" },
          { sessionId: second.id, exerciseName: "Levee FE", date: "2027-05-01T16:00:00.000Z", rating: "S" },
        ],
        openActions: 2,
        overdueActions: 1,
      },
      {
        capability: "Public Information and Warning",
        points: [{ sessionId: second.id, exerciseName: "Levee FE", date: "2027-05-01T16:00:00.000Z", rating: "P" }],
        openActions: 0,
        overdueActions: 0,
      },
    ]);
  });

  it("is empty for someone with nothing rated", async () => {
    const me = await createTestUser({ plan: "TEAM", onboarded: true });
    expect(await json(await expectStatus(await api("/api/improvement/trends", { user: me }), 200))).toEqual({ capabilities: [] });
    await expectStatus(await api("/api/improvement/trends"), 401);
  });
});
