import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { campaignExercises, conversations, teamMembers } from "../../worker/db/schema";
import { createCampaign, setCollaborateFlag } from "../exercises/helpers";
import { api, expectStatus, json, ORIGIN } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";

// Security item 9: spec §6 "Collaborate access requires the collaborate flag and being a team
// admin or a campaign manager". A plain member (MEMBER / STANDARD_USER) of the campaign's team, or
// a manager without the flag, must not read, change, delete, export or spend credits on the
// campaign's exercises: they get the same 404 as for a campaign that does not exist.

const page = (user: TestUser, path: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: user.cookie }, redirect: "manual" });

async function setup() {
  const [admin, manager, plain, unflagged] = await Promise.all([
    createTestUser({ plan: "TEAM", onboarded: true, firstName: "Ada", lastName: "Admin" }),
    createTestUser({ plan: "TEAM", onboarded: true, firstName: "Mani", lastName: "Manager" }),
    createTestUser({ plan: "TEAM", onboarded: true, firstName: "Pat", lastName: "Plain" }),
    createTestUser({ plan: "TEAM", onboarded: true, firstName: "Nora", lastName: "Noflag" }),
  ]);
  const campaignId = await createCampaign(admin, [manager, plain, unflagged]);
  const db = getDb(env.DB);
  for (const u of [manager, unflagged]) {
    await db.update(teamMembers).set({ collaborateRole: "CAMPAIGN_MANAGER" }).where(eq(teamMembers.userId, u.userId));
  }
  await setCollaborateFlag(unflagged, false);
  const name = `Campaign access TTX ${crypto.randomUUID().slice(0, 8)}`;
  const base = `/api/collaborate/campaigns/${campaignId}/exercises`;
  const created = await api(`${base}/create`, { method: "POST", user: admin, body: { exercise: { name, scenario: "Levee overtopping" } } });
  await expectStatus(created, 201, "the admin creates the campaign exercise");
  const { id } = await json<{ id: string }>(created);
  return { admin, manager, plain, unflagged, campaignId, id, name, base, editor: `/collaborate/campaigns/${campaignId}/exercise/${id}` };
}

const row = (id: string) => getDb(env.DB).select().from(campaignExercises).where(eq(campaignExercises.id, id)).get();

/** Every way into a campaign exercise the API offers; each must answer 404 to someone outside the rule. */
function refusedCalls(base: string, id: string): [string, string, unknown?][] {
  return [
    ["GET", `${base}/${id}`],
    ["PUT", `${base}/${id}/update`, { exercise: { name: "Hijacked", scenario: "Overwritten" } }],
    ["GET", `${base}/${id}/export`],
    ["GET", `${base}/${id}/export?format=json`],
    ["POST", `${base}/${id}/feedback`, { feedback: "Not mine to judge" }],
    ["GET", `${base}/${id}/lock`],
    ["POST", `${base}/${id}/lock`],
    ["GET", `${base}/${id}/conversations`],
    ["PUT", `${base}/${id}/conversations`, { sectionType: "intro", messages: [{ role: "user", content: "Draft the intro" }] }],
    ["PUT", `${base}/${id}/conversations/v2`, { sectionType: "intro", messages: [{ role: "user", content: "Draft the intro" }] }],
    ["POST", `${base}/create`, { exercise: { name: "Sneaked in" } }],
    ["DELETE", `${base}/${id}/delete`],
  ];
}

describe("campaign exercises: spec §6 collaborate access", () => {
  it("a plain member of the campaign's team gets 404 everywhere, and nothing changes", async () => {
    const { plain, admin, id, base, editor, name } = await setup();
    const before = await row(id);
    for (const [method, path, body] of refusedCalls(base, id)) {
      await expectStatus(await api(path, { method, user: plain, body }), 404, `${method} ${path} as a plain member`);
    }
    const after = await row(id);
    expect(after).toMatchObject({ name, scenario: "Levee overtopping", lockedByUserId: null });
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
    // No assistant call went through: no conversation was stored for the exercise.
    expect(await getDb(env.DB).select().from(conversations).where(eq(conversations.exerciseId, id))).toEqual([]);

    // The collaborate editor page: 404 at the bare path and at a step.
    expect((await page(plain, editor)).status).toBe(404);
    expect((await page(plain, `${editor}/intro`)).status).toBe(404);
    // Not on their dashboard.
    const dashboard = await page(plain, "/dashboard");
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).not.toContain(name);
    expect(html).not.toContain(editor);

    // The admin still has it.
    await expectStatus(await api(`${base}/${id}`, { user: admin }), 200);
  });

  it("a campaign manager without the collaborateEnabled flag gets 404 too", async () => {
    const { unflagged, id, base, editor, name } = await setup();
    for (const [method, path, body] of refusedCalls(base, id)) {
      await expectStatus(await api(path, { method, user: unflagged, body }), 404, `${method} ${path} as a manager without the flag`);
    }
    expect(await row(id)).toMatchObject({ name });
    expect((await page(unflagged, `${editor}/intro`)).status).toBe(404);
    expect(await (await page(unflagged, "/dashboard")).text()).not.toContain(name);
  });

  it("the team ADMIN and a CAMPAIGN_MANAGER with the flag get in: API, assistant history, editor page, dashboard", async () => {
    const { admin, manager, id, base, editor, name } = await setup();
    for (const user of [admin, manager]) {
      await expectStatus(await api(`${base}/${id}`, { user }), 200, "read");
      await expectStatus(await api(`${base}/${id}/export`, { user }), 200, "export");
      await expectStatus(await api(`${base}/${id}/conversations`, { user }), 200, "assistant history");
      await expectStatus(await api(`${base}/${id}/lock`, { user }), 200, "lock state");
      const step = await page(user, `${editor}/intro`);
      expect(step.status).toBe(200);
      expect(await step.text()).toContain(name);
      const dashboard = await (await page(user, "/dashboard")).text();
      expect(dashboard).toContain("Campaign exercises");
      expect(dashboard).toContain(name);
    }
    expect(await json(await api(`${base}/${id}/update`, { method: "PUT", user: manager, body: { exercise: { scenario: "Managed" } } }))).toEqual({
      success: true,
    });
    expect(await row(id)).toMatchObject({ scenario: "Managed" });
    const own = await api(`${base}/create`, { method: "POST", user: manager, body: { exercise: { name: "Manager's own" } } });
    await expectStatus(own, 201);
    expect(await json(await api(`${base}/${(await json<{ id: string }>(own)).id}/delete`, { method: "DELETE", user: manager }))).toEqual({ success: true });
    expect(await json(await api(`${base}/${id}/delete`, { method: "DELETE", user: admin }))).toEqual({ success: true });
    await expectStatus(await api(`${base}/${id}`, { user: manager }), 404);
  });

  it("the team ADMIN without the flag is refused as well", async () => {
    const { admin, id, base, editor } = await setup();
    await setCollaborateFlag(admin, false);
    await expectStatus(await api(`${base}/${id}`, { user: admin }), 404);
    expect((await page(admin, `${editor}/intro`)).status).toBe(404);
  });
});
