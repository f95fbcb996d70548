import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";

async function makeAdmin(): Promise<TestUser> {
  const user = await createTestUser();
  await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(user.userId).run();
  return user;
}

const teamOf = async (admin: TestUser, teamId: string) =>
  ((await json(await api("/api/admin/teams", { user: admin }))).teams as Json[]).find((t) => t.id === teamId)!;

describe("admin console: teams and campaigns (the CLI's create-team, add-team-member, create-campaign, list-teams)", () => {
  it("creates a team on an owner's account, adds members within its seats, creates a campaign, and audits each step", async () => {
    const admin = await makeAdmin();
    const owner = await createTestUser({ plan: "TEAM" });
    const colleague = await createTestUser();
    const third = await createTestUser();

    const created = await json(await expectStatus(await api("/api/admin/teams", { user: admin, body: { email: owner.email, seats: 2 } }), 200));
    expect(created.created).toBe(true);
    const teamId = created.teamId as string;
    // Again: the account keeps its team.
    expect(await json(await api("/api/admin/teams", { user: admin, body: { email: owner.email } }))).toMatchObject({ teamId, created: false });

    await expectStatus(
      await api(`/api/admin/teams/${teamId}/members`, { user: admin, body: { email: colleague.email, collaborateRole: "CAMPAIGN_MANAGER" } }),
      200,
    );
    // Two seats, two members: a third is refused, and nothing changes, unless a seat is added.
    const full = await api(`/api/admin/teams/${teamId}/members`, { user: admin, body: { email: third.email } });
    expect(full.status).toBe(409);
    expect((await json(full)).code).toBe("team_full");
    expect((await teamOf(admin, teamId)).members).toHaveLength(2);
    expect(
      await json(await expectStatus(await api(`/api/admin/teams/${teamId}/members`, { user: admin, body: { email: third.email, growSeats: true } }), 200)),
    ).toMatchObject({ members: 3, seats: 3 });
    // The owner stays the team's admin.
    expect((await api(`/api/admin/teams/${teamId}/members`, { user: admin, body: { email: owner.email, role: "MEMBER" } })).status).toBe(409);

    const stranger = await createTestUser();
    expect((await api(`/api/admin/teams/${teamId}/campaigns`, { user: admin, body: { name: "Harbor drill", email: stranger.email } })).status).toBe(409);
    const campaign = await json(
      await expectStatus(
        await api(`/api/admin/teams/${teamId}/campaigns`, { user: admin, body: { name: "Harbor drill", email: colleague.email, status: "ACTIVE" } }),
        201,
      ),
    );

    const team = await teamOf(admin, teamId);
    expect(team.seats).toBe(3);
    expect((team.members as Json[]).map((m) => m.email).sort()).toEqual([owner.email, colleague.email, third.email].sort());
    expect((team.members as Json[]).find((m) => m.email === colleague.email)).toMatchObject({ role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER" });
    expect(team.campaigns).toEqual([{ id: campaign.campaignId, name: "Harbor drill", status: "ACTIVE" }]);

    // The colleague works in the team's account now: its plan reaches them.
    const members = await json(await expectStatus(await api("/api/users/team-members", { user: colleague }), 200));
    expect((members.teamMembers as Json[]).length).toBe(3);

    const audit = await json(await api(`/api/admin/audit?actor=${admin.userId}`, { user: admin }));
    const changes = (audit.entries as Json[]).map((e) => e.action).filter((a) => a !== "admin.team.list");
    expect(changes.reverse()).toEqual([
      "admin.team.create",
      "admin.team.resize",
      "admin.team.add_member",
      "admin.team.add_member",
      "admin.team.create_campaign",
    ]);
  });

  it("answers 404 for an unknown user or team and 400 for bad input, changing nothing", async () => {
    const admin = await makeAdmin();
    const before = ((await json(await api("/api/admin/teams", { user: admin }))).teams as Json[]).length;
    expect((await api("/api/admin/teams", { user: admin, body: { email: "nobody-here@example.test" } })).status).toBe(404);
    expect((await api("/api/admin/teams/no-such-team/members", { user: admin, body: { email: admin.email } })).status).toBe(404);
    for (const body of [{}, { email: "not-an-address" }, { email: admin.email, seats: 0 }, { email: admin.email, extra: 1 }]) {
      expect((await api("/api/admin/teams", { user: admin, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api("/api/admin/teams/x/members", { user: admin, body: { email: admin.email, role: "OWNER" } })).status).toBe(400);
    expect((await api("/api/admin/teams/x/campaigns", { user: admin, body: { email: admin.email, name: "" } })).status).toBe(400);
    expect(((await json(await api("/api/admin/teams", { user: admin }))).teams as Json[]).length).toBe(before);
  });
});
