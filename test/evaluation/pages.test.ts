import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { nowDate } from "../../worker/lib/clock";
import { newShareToken } from "../../worker/share/tokens";
import { createExercise } from "../exercises/helpers";
import { api, expectStatus, ORIGIN } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createLink, createSession, revokeLink } from "./helpers";

// The evaluation pages' loaders (web/routes/conduct.sessions.$sessionId.eeg|feedback, feedback.$token):
// the session's pages for whoever may open it, 404 for anyone else; the public form by its link only.
// Needs `npm run build` first.

const page = (path: string, user?: TestUser) => SELF.fetch(`${ORIGIN}${path}`, { headers: user ? { cookie: user.cookie } : {}, redirect: "manual" });

let owner: TestUser;
let stranger: TestUser;
let sessionId: string;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser({ plan: "SOLO", onboarded: true }), createTestUser({ plan: "SOLO", onboarded: true })]);
  sessionId = await createSession(owner, await createExercise(owner, { name: "Pages TTX" }));
});

describe("evaluation pages", () => {
  it("the EEG page shows the empty state, then the guides with their ratings key; 404 for another user or an unknown session", async () => {
    const before = await page(`/conduct/sessions/${sessionId}/eeg`, owner);
    expect(before.status).toBe(200);
    const empty = await before.text();
    expect(empty).toContain("No evaluation guides yet");
    expect(empty).toContain("Performed with Major Challenges");
    await expectStatus(await api(`/api/conduct/sessions/${sessionId}/eeg/generate`, { user: owner, body: {} }), 200);
    const html = await (await page(`/conduct/sessions/${sessionId}/eeg`, owner)).text();
    expect(html).toContain("Mass Care Services");
    expect(html).toContain("Red Cross opens the Harlow High School shelter");
    expect((await page(`/conduct/sessions/${sessionId}/eeg`, stranger)).status).toBe(404);
    expect((await page(`/conduct/sessions/${crypto.randomUUID()}/eeg`, owner)).status).toBe(404);
  });

  it("the feedback page shows the empty state to the owner; 404 for another user", async () => {
    const res = await page(`/conduct/sessions/${sessionId}/feedback`, owner);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("No participant feedback yet");
    expect((await page(`/conduct/sessions/${sessionId}/feedback`, stranger)).status).toBe(404);
  });

  it("the public form opens signed out by a feedback link, without the app's navigation; unknown, revoked and player links are 404", async () => {
    // Ended now: the form stays open for days after the end, whatever date the suite runs on.
    const sessionId = await createSession(owner, await createExercise(owner, { name: "Form TTX" }), { endedAt: nowDate() });
    const link = await createLink(sessionId);
    const res = await page(`/feedback/${link.token}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Participant feedback");
    expect(html).toContain("The exercise scenario was plausible and realistic.");
    expect(html).not.toContain('aria-label="Main"');
    const player = await createLink(sessionId, "player");
    expect((await page(`/feedback/${player.token}`)).status).toBe(404);
    expect((await page(`/feedback/${newShareToken()}`)).status).toBe(404);
    await revokeLink(link.id);
    expect((await page(`/feedback/${link.token}`)).status).toBe(404);
  });
});
