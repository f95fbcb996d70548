import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAarPrompt } from "../../worker/aar/ai-draft";
import { assembleOfflineDraft } from "../../worker/aar/assemble";
import { AAR_FEEDBACK_SAMPLE, loadAarInputs } from "../../worker/aar/inputs";
import { conductSessions } from "../../worker/db/schema";
import { FEEDBACK_RESPONSES_LISTED } from "../../worker/evaluation/feedback";
import type { FeedbackSummaryView } from "../../shared/evaluation/views";
import { nowDate, nowMs } from "../../worker/lib/clock";
import { createExercise } from "../exercises/helpers";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createSession, db, insertFeedback } from "./helpers";

// Issue 27, item 4: the Feedback tab's count and means cover every response (D1 aggregates; it
// used to read the oldest 2,000), and the AAR draft's prompt quotes a bounded sample beside them, so
// its size (what the controller pays for) does not grow with a flood of forms.

const FORMS = 2_500;
/** The prompt's bound: every quoted form at its longest (~1,300 characters) plus the rest of the record. */
const PROMPT_BOUND = AAR_FEEDBACK_SAMPLE * 1_300 + 20_000;

let owner: TestUser;
let sessionId: string;
const from = Date.UTC(2027, 2, 3, 15, 0, 0);
beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
  sessionId = await createSession(owner, await createExercise(owner, { name: "Flooded TTX" }), { endedAt: nowDate() });
  await insertFeedback(sessionId, FORMS, from);
});

describe("feedback at volume", () => {
  it("the summary counts and averages all 2,500 responses and lists the latest, newest first", async () => {
    const summary = await json<FeedbackSummaryView>(await expectStatus(await api(`/api/conduct/sessions/${sessionId}/feedback`, { user: owner }), 200));
    expect(summary.total).toBe(FORMS);
    // Response i rates (i mod 5) + 1: 500 each of 1–5, mean 3.
    expect(summary.ratings.find((r) => r.id === "structure")).toMatchObject({ mean: 3, count: FORMS });
    expect(summary.ratings.find((r) => r.id === "scenario")).toMatchObject({ mean: null, count: 0 });
    expect(summary.responses).toHaveLength(FEEDBACK_RESPONSES_LISTED);
    expect(summary.responses[0]!.id).toBe(`${sessionId}-fb-${FORMS}`);
    expect(summary.responses.at(-1)!.id).toBe(`${sessionId}-fb-${FORMS - FEEDBACK_RESPONSES_LISTED + 1}`);
  });

  it("means are rounded to two decimals over the responses that rated the statement", async () => {
    const other = await createSession(owner, await createExercise(owner, { name: "Means TTX" }), { endedAt: nowDate() });
    // Rates 2, 3, 4 → structure mean 3; then one more of 5 → 3.5; one of 3 → 3.4.
    await insertFeedback(other, 3, nowMs());
    expect((await json<FeedbackSummaryView>(await api(`/api/conduct/sessions/${other}/feedback`, { user: owner }))).ratings[0]).toMatchObject({
      id: "structure",
      mean: 3,
      count: 3,
    });
  });

  it("the AAR's prompt quotes a bounded, evenly spread sample beside the totals of every form", async () => {
    const [session] = await db().select().from(conductSessions).where(eq(conductSessions.id, sessionId));
    const inputs = await loadAarInputs(db(), session!);
    expect(inputs.feedbackTotals.total).toBe(FORMS);
    expect(inputs.feedbackTotals.organizations.sort()).toEqual(["Org 0", "Org 1", "Org 2", "Org 3", "Org 4", "Org 5", "Org 6"]);
    // Only the forms with written feedback (every third) are quoted: 833 of them, sampled down.
    expect(inputs.feedback).toHaveLength(AAR_FEEDBACK_SAMPLE);
    expect(inputs.feedback[0]!.id).toBe(`${sessionId}-fb-3`);
    expect(inputs.feedback.at(-1)!.at).toBeGreaterThan(from + FORMS - (3 * FORMS) / AAR_FEEDBACK_SAMPLE);

    const offline = assembleOfflineDraft(inputs);
    expect(offline.executiveSummary).toContain(`${FORMS} participant feedback forms were returned`);
    const prompt = buildAarPrompt(inputs, offline);
    const user = prompt.messages.find((m) => m.role === "user")!.content;
    expect(user.length).toBeLessThan(PROMPT_BOUND);
    expect([...prompt.markers.keys()].filter((m) => m.startsWith("F"))).toHaveLength(AAR_FEEDBACK_SAMPLE);
    expect(user).toContain(`Participant feedback forms: ${FORMS} returned.`);
    expect(user).toContain(`“The exercise was well structured and organized.” 3 (${FORMS} rated)`);
  });
});
