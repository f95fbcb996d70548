import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addTeamMemberSql, createTeamSql } from "../../scripts/lib/sql.ts";
import { getTenancyAccountId } from "../../worker/accounts/service";
import { getDb } from "../../worker/db/client";
import { nowMs } from "../../worker/lib/clock";
import { customInstructionsSchema } from "../../shared/profile/model";
import { createCampaign } from "../exercises/helpers";
import { api, apiError, expectStatus, json, ORIGIN } from "../helpers/api";
import { createTestUser, testClientIp, type TestUser } from "../helpers/auth";

// Security item 10: a team's custom instructions live on the team's account and go into the system
// prompt of every member. Only the team's ADMIN (or the account's owner) may change them; a plain
// MEMBER gets 403 saying so, through the API and the profile page's form alike, and changes nothing.

async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

const instructions = (focus: string) => customInstructionsSchema.parse({ focus, threats: "Storm surge", typeOfUse: "Professional" });

/** A team as `npm run admin -- create-team / add-team-member` sets it up: members work in the owner's account. */
async function team() {
  const [owner, member, coAdmin] = await Promise.all([
    createTestUser({ plan: "TEAM", onboarded: true }),
    createTestUser({ onboarded: true }),
    createTestUser({ onboarded: true }),
  ]);
  const teamId = crypto.randomUUID();
  await run(createTeamSql({ email: owner.email, now: nowMs(), id: teamId }));
  await run(addTeamMemberSql({ team: { id: teamId }, email: member.email, role: "MEMBER", collaborateRole: "STANDARD_USER", now: nowMs() }));
  await run(addTeamMemberSql({ team: { id: teamId }, email: coAdmin.email, role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER", now: nowMs() }));
  // Both work in the owner's account, so they share its custom instructions.
  expect(await getTenancyAccountId(getDb(env.DB), member.userId)).toBe(owner.accountId);
  expect(await getTenancyAccountId(getDb(env.DB), coAdmin.userId)).toBe(owner.accountId);
  await expectStatus(await api("/api/profile/custom-instructions", { method: "PUT", user: owner, body: instructions("Brackwater County EOC") }), 200);
  return { owner, member, coAdmin };
}

const read = async (user: TestUser) => json(await api("/api/profile/custom-instructions", { user }));

function postProfileForm(user: TestUser, form: Record<string, string>) {
  return SELF.fetch(`${ORIGIN}/account/profile`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": testClientIp() },
    body: new URLSearchParams(form),
  });
}

describe("team-wide settings: only the team's admin changes them", () => {
  it("a MEMBER's attempt is refused with 403 saying only the admin can, and changes nothing (API and page form)", async () => {
    const { owner, member } = await team();
    const refused = await api("/api/profile/custom-instructions", { method: "PUT", user: member, body: instructions("Hijacked by a member") });
    const error = await apiError(refused);
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/only the team's admin can change/i);

    const form = await postProfileForm(member, { intent: "instructions", focus: "Hijacked through the form", threats: "", typeOfUse: "" });
    expect(form.status).toBe(403);
    expect(await form.text()).toMatch(/only the team(&#x27;|')s admin can change/i);

    for (const user of [owner, member]) expect(await read(user)).toMatchObject({ focus: "Brackwater County EOC", threats: "Storm surge" });

    // The profile page shows them read-only to the member, with the reason; no save button.
    const page = await (await SELF.fetch(`${ORIGIN}/account/profile`, { headers: { cookie: member.cookie } })).text();
    expect(page).toContain("Brackwater County EOC");
    expect(page).toContain('data-testid="team-instructions-read-only"');
    expect(page).toMatch(/only the team(&#x27;|')s admin can change/i);
    expect(page).not.toContain("Save profile");
  });

  it("the team's ADMIN changes them, for every member", async () => {
    const { owner, member, coAdmin } = await team();
    const page = await (await SELF.fetch(`${ORIGIN}/account/profile`, { headers: { cookie: owner.cookie } })).text();
    expect(page).not.toContain('data-testid="team-instructions-read-only"');
    expect(page).toContain("Save profile");

    await expectStatus(await api("/api/profile/custom-instructions", { method: "PUT", user: owner, body: instructions("Changed by the owner-admin") }), 200);
    expect(await read(member)).toMatchObject({ focus: "Changed by the owner-admin" });
    // An ADMIN of the team who does not own the account may as well.
    await expectStatus(await api("/api/profile/custom-instructions", { method: "PUT", user: coAdmin, body: instructions("Changed by the co-admin") }), 200);
    expect(await read(member)).toMatchObject({ focus: "Changed by the co-admin" });
    expect(await read(owner)).toMatchObject({ focus: "Changed by the co-admin" });
  });

  it("a member's own settings still save: their personal details, and instructions of an account of their own", async () => {
    const { member } = await team();
    const details = await api("/api/profile/details", {
      method: "PUT",
      user: member,
      body: { firstName: "Mia", lastName: "Member", organization: "Harbor PD" },
    });
    expect(await json(details)).toMatchObject({ firstName: "Mia", lastName: "Member", organization: "Harbor PD" });

    // A team member whose instructions are their own (they work in their own account) saves them.
    const [lead, colleague] = await Promise.all([createTestUser({ plan: "TEAM" }), createTestUser({ plan: "SOLO" })]);
    await createCampaign(lead, [colleague]);
    expect(await getTenancyAccountId(getDb(env.DB), colleague.userId)).toBe(colleague.accountId);
    await expectStatus(await api("/api/profile/custom-instructions", { method: "PUT", user: colleague, body: instructions("My own focus") }), 200);
    expect(await read(colleague)).toMatchObject({ focus: "My own focus" });
    expect(await read(lead)).not.toMatchObject({ focus: "My own focus" });
  });
});
