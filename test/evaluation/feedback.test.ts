import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feedbackResponses } from "../../worker/db/schema";
import { CONDUCT_MESSAGES } from "../../shared/conduct/model";
import { FEEDBACK_BODY_LIMIT } from "../../shared/evaluation/model";
import { nowDate } from "../../worker/lib/clock";
import type { FeedbackFormView, FeedbackSummaryView } from "../../shared/evaluation/views";
import { newShareToken } from "../../worker/share/tokens";
import { createExercise } from "../exercises/helpers";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { clientKey, createLink, createSession, db, revokeLink } from "./helpers";

const content = (over: Record<string, unknown> = {}) => ({
  role: "Player",
  organization: "Harlow County EMA",
  strengths: ["Quick EOC activation", "", "Clear briefings"],
  improvements: ["Shelter staffing"],
  correctiveActions: "Train shelter managers.",
  ratings: { structure: 5, scenario: 4 },
  comments: "Good day.",
  ...over,
});

const stored = async (sessionId: string) => db().select().from(feedbackResponses).where(eq(feedbackResponses.sessionId, sessionId));

let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
  stranger = await createTestUser({ plan: "SOLO" });
});

/** Ended now: its form is open (it closes some days after the end), whatever date the suite runs on. */
async function session() {
  return createSession(owner, await createExercise(owner, { name: "Feedback TTX" }), { endedAt: nowDate() });
}

describe("the public feedback form", () => {
  it("shows the form, stores one response per clientKey, and the summary lists it with its means", async () => {
    const id = await session();
    const { token } = await createLink(id);
    const form = await json<FeedbackFormView>(await expectStatus(await api(`/api/feedback/${token}`), 200));
    expect(form).toMatchObject({ sessionName: "Morning run", exerciseName: "Harlow River Flood TTX" });
    expect(form.statements).toHaveLength(6);

    const key = clientKey();
    expect(await json(await expectStatus(await api(`/api/feedback/${token}`, { body: { clientKey: key, content: content() } }), 201))).toEqual({
      ok: true,
      duplicate: false,
    });
    expect(
      await json(await expectStatus(await api(`/api/feedback/${token}`, { body: { clientKey: key, content: content({ comments: "again" }) } }), 201)),
    ).toEqual({ ok: true, duplicate: true });
    const rows = await stored(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content.strengths).toEqual(["Quick EOC activation", "Clear briefings"]);
    expect(rows[0]!.content.comments).toBe("Good day.");

    await expectStatus(
      await api(`/api/feedback/${token}`, { body: { clientKey: clientKey(), content: content({ ratings: { structure: 2, prepared: 3 } }) } }),
      201,
    );
    const summary = await json<FeedbackSummaryView>(await expectStatus(await api(`/api/conduct/sessions/${id}/feedback`, { user: owner }), 200));
    expect(summary.responses).toHaveLength(2);
    expect(summary.ratings.find((r) => r.id === "structure")).toMatchObject({ mean: 3.5, count: 2 });
    expect(summary.ratings.find((r) => r.id === "scenario")).toMatchObject({ mean: 4, count: 1 });
    expect(summary.ratings.find((r) => r.id === "facilitation")).toMatchObject({ mean: null, count: 0 });
  });

  it("a revoked, unknown, malformed or player link is 404 and stores nothing", async () => {
    const id = await session();
    const revoked = await createLink(id);
    await revokeLink(revoked.id);
    const player = await createLink(id, "player");
    const evaluator = await createLink(id, "evaluator");
    for (const token of [revoked.token, player.token, evaluator.token, newShareToken(), "not-a-token"]) {
      const got = await apiError(await expectStatus(await api(`/api/feedback/${token}`), 404, token));
      expect(got.message).toBe(CONDUCT_MESSAGES.linkNotFound);
      await expectStatus(await api(`/api/feedback/${token}`, { body: { clientKey: clientKey(), content: content() } }), 404);
    }
    expect(await stored(id)).toHaveLength(0);
  });

  it("bad input is 400 with nothing stored; an oversized body is 413", async () => {
    const id = await session();
    const { token } = await createLink(id);
    const bad = [
      { content: content() },
      { clientKey: "x", content: content() },
      { clientKey: clientKey(), content: content({ ratings: { structure: 7 } }) },
      { clientKey: clientKey(), content: content({ ratings: { unknown: 3 } }) },
      { clientKey: clientKey(), content: content({ strengths: ["a", "b", "c", "d"] }) },
      { clientKey: clientKey() },
    ];
    for (const body of bad) await expectStatus(await api(`/api/feedback/${token}`, { body }), 400, JSON.stringify(body).slice(0, 80));
    await expectStatus(await api(`/api/feedback/${token}`, { raw: "{nope" }), 400);
    await expectStatus(
      await api(`/api/feedback/${token}`, { body: { clientKey: clientKey(), content: content({ comments: "x".repeat(FEEDBACK_BODY_LIMIT) }) } }),
      413,
    );
    expect(await stored(id)).toHaveLength(0);
  });

  it("the summary is 404 for another user and 401 signed out", async () => {
    const id = await session();
    await expectStatus(await api(`/api/conduct/sessions/${id}/feedback`, { user: stranger }), 404);
    await expectStatus(await api(`/api/conduct/sessions/${id}/feedback`), 401);
    expect(await json(await expectStatus(await api(`/api/conduct/sessions/${id}/feedback`, { user: owner }), 200))).toMatchObject({ responses: [] });
  });
});
