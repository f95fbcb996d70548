import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { campaignExercises, conductSessions, conductTokens } from "../../worker/db/schema";
import { nowDate } from "../../worker/lib/clock";
import { newShareToken } from "../../worker/share/tokens";
import { createCampaign, createExercise } from "../exercises/helpers";
import { ORIGIN } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";

// Live conduct's pages (issue 15): the console and replay (the layout's access rule), the exercise's
// sessions page, and the public player/evaluator page by link token. The live content comes from
// the API and the socket in the browser; these check who gets which page.

const page = (path: string, user?: TestUser) => SELF.fetch(`${ORIGIN}${path}`, { headers: user ? { cookie: user.cookie } : {}, redirect: "manual" });

async function setup() {
  const [owner, outsider] = await Promise.all([
    createTestUser({ plan: "SOLO", onboarded: true, firstName: "Cora", lastName: "Controller" }),
    createTestUser({ plan: "SOLO", onboarded: true, firstName: "Otto", lastName: "Outsider" }),
  ]);
  const exerciseId = await createExercise(owner, { name: "Levee breach TTX" });
  const db = getDb(env.DB);
  const sessionId = crypto.randomUUID();
  await db.insert(conductSessions).values({
    id: sessionId,
    userId: owner.userId,
    exerciseId,
    campaignId: null,
    name: "Levee breach TTX — morning run",
    plan: { exerciseName: "Levee breach TTX", scenario: "The river is rising.", objectives: [], modules: [], items: [] },
  });
  const links = { player: newShareToken(), evaluator: newShareToken(), feedback: newShareToken(), revoked: newShareToken() };
  await db.insert(conductTokens).values([
    { id: crypto.randomUUID(), sessionId, role: "player", label: "EOC Policy Group", token: links.player },
    { id: crypto.randomUUID(), sessionId, role: "evaluator", label: "Evaluator — Mass Care", token: links.evaluator },
    { id: crypto.randomUUID(), sessionId, role: "feedback", label: "Hot wash", token: links.feedback },
    { id: crypto.randomUUID(), sessionId, role: "player", label: "Old group", token: links.revoked, revokedAt: nowDate() },
  ]);
  return { owner, outsider, exerciseId, sessionId, links };
}

describe("conduct pages", () => {
  it("the console and replay open for the exercise's owner and answer 404 to another user", async () => {
    const { owner, outsider, sessionId } = await setup();
    for (const path of [`/conduct/sessions/${sessionId}`, `/conduct/sessions/${sessionId}/replay`]) {
      const res = await page(path, owner);
      expect(res.status, `${path} as the owner`).toBe(200);
      expect(await res.text()).toContain("Levee breach TTX — morning run");
      expect((await page(path, outsider)).status, `${path} as another user`).toBe(404);
    }
    expect((await page(`/conduct/sessions/${crypto.randomUUID()}`, owner)).status).toBe(404);
  });

  it("/exercise/{id}/conduct lists the sessions for the owner (with New conduct session) and is 404 to another user", async () => {
    const { owner, outsider, exerciseId } = await setup();
    const res = await page(`/exercise/${exerciseId}/conduct`, owner);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("New conduct session");
    expect(html).toContain("Levee breach TTX");
    expect((await page(`/exercise/${exerciseId}/conduct`, outsider)).status).toBe(404);
    expect((await page(`/exercise/${crypto.randomUUID()}/conduct`, owner)).status).toBe(404);
    // A campaign the user cannot open is the same 404.
    expect((await page(`/exercise/${exerciseId}/conduct?campaignId=${crypto.randomUUID()}`, owner)).status).toBe(404);
  });

  it("a campaign exercise's conduct page is the same page with ?campaignId=, for the campaign's managers only", async () => {
    const [manager, outsider] = await Promise.all([
      createTestUser({ plan: "TEAM", onboarded: true, firstName: "Mia", lastName: "Manager" }),
      createTestUser({ plan: "TEAM", onboarded: true, firstName: "Otis", lastName: "Outsider" }),
    ]);
    const campaignId = await createCampaign(manager, []);
    const exerciseId = crypto.randomUUID();
    await getDb(env.DB).insert(campaignExercises).values({ id: exerciseId, campaignId, userId: manager.userId, name: "Campaign flood TTX" });
    const res = await page(`/exercise/${exerciseId}/conduct?campaignId=${campaignId}`, manager);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Campaign flood TTX");
    expect(html).toContain("New conduct session");
    expect((await page(`/exercise/${exerciseId}/conduct?campaignId=${campaignId}`, outsider)).status).toBe(404);
    // Without its campaign the id names no personal exercise.
    expect((await page(`/exercise/${exerciseId}/conduct`, manager)).status).toBe(404);
  });

  it("the exercise editor's toolbar links to its conduct page", async () => {
    const { owner, exerciseId } = await setup();
    const html = await (await page(`/exercise/${exerciseId}/intro`, owner)).text();
    expect(html).toContain(`href="/exercise/${exerciseId}/conduct"`);
  });

  it("a player or evaluator link opens without an account and without the app's navigation", async () => {
    const { links } = await setup();
    const player = await page(`/conduct/${links.player}`);
    expect(player.status).toBe(200);
    const html = await player.text();
    expect(html).toContain("EOC Policy Group");
    expect(html).toContain("Levee breach TTX");
    expect(html).toContain('data-role="player"');
    expect(html).not.toContain('id="app-sidebar"');
    expect(html).not.toContain('aria-label="Main"');
    const evaluator = await page(`/conduct/${links.evaluator}`);
    expect(evaluator.status).toBe(200);
    expect(await evaluator.text()).toContain('data-role="evaluator"');
  });

  it("an unknown, malformed or revoked token is 404; a feedback link goes to the feedback form", async () => {
    const { links } = await setup();
    expect((await page(`/conduct/${newShareToken()}`)).status).toBe(404);
    expect((await page("/conduct/not-a-token")).status).toBe(404);
    expect((await page(`/conduct/${links.revoked}`)).status).toBe(404);
    const feedback = await page(`/conduct/${links.feedback}`);
    expect(feedback.status).toBe(302);
    expect(feedback.headers.get("location")).toBe(`/feedback/${links.feedback}`);
  });

  it("the console stays behind sign-in: signed out, /conduct/sessions/{id} goes to the login page", async () => {
    const { sessionId } = await setup();
    const res = await page(`/conduct/sessions/${sessionId}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/login?callbackUrl=");
  });
});
