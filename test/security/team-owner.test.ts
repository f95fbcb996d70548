import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { joinedMember, memberRow, teamOwner } from "../teams/helpers";

// Issue 27 item 6: the account's owner stays its team's ADMIN. One rule (worker/teams/owner.ts)
// answers the team API and the admin console alike.

async function secondAdmin(owner: TestUser & { teamId: string }): Promise<TestUser> {
  const colleague = await joinedMember(owner);
  await expectStatus(await api(`/api/teams/members/${colleague.userId}`, { method: "PATCH", user: owner, body: { role: "ADMIN" } }), 200, "promote");
  return colleague;
}

async function platformAdmin(): Promise<TestUser> {
  const user = await createTestUser();
  await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(user.userId).run();
  return user;
}

describe("the account owner stays the team's ADMIN", () => {
  it("another team ADMIN can neither demote nor remove the owner (409 owner_stays_admin), and nothing changes", async () => {
    const owner = await teamOwner();
    const admin = await secondAdmin(owner);
    const demote = await apiError(await api(`/api/teams/members/${owner.userId}`, { method: "PATCH", user: admin, body: { role: "MEMBER" } }));
    expect(demote).toMatchObject({ status: 409, code: "owner_stays_admin", message: `${owner.email} owns the team's account and stays its admin.` });
    const remove = await apiError(await api(`/api/teams/members/${owner.userId}`, { method: "DELETE", user: admin }));
    expect(remove).toMatchObject({ status: 409, code: "owner_stays_admin" });
    expect(remove.message).toContain("cannot be removed");
    expect(await memberRow(owner.teamId, owner.userId)).toMatchObject({ role: "ADMIN" });
    // Their collaborate role may still change; the team role stays ADMIN.
    await expectStatus(await api(`/api/teams/members/${owner.userId}`, { method: "PATCH", user: admin, body: { collaborateRole: "STANDARD_USER" } }), 200);
    expect(await memberRow(owner.teamId, owner.userId)).toMatchObject({ role: "ADMIN", collaborateRole: "STANDARD_USER" });
  });

  it("the owner cannot demote themselves or leave their own team either; another admin can still be demoted and removed", async () => {
    const owner = await teamOwner();
    const admin = await secondAdmin(owner);
    const self = await apiError(await api(`/api/teams/members/${owner.userId}`, { method: "PATCH", user: owner, body: { role: "MEMBER" } }));
    expect(self).toMatchObject({ status: 409, code: "owner_stays_admin", message: "You own the team's account, so you stay its admin." });
    const leave = await apiError(await api(`/api/teams/members/${owner.userId}`, { method: "DELETE", user: owner }));
    expect(leave).toMatchObject({ status: 409, code: "owner_stays_admin" });
    expect(leave.message).toMatch(/cancel its plan/);
    expect(await memberRow(owner.teamId, owner.userId)).toMatchObject({ role: "ADMIN" });

    await expectStatus(await api(`/api/teams/members/${admin.userId}`, { method: "PATCH", user: owner, body: { role: "MEMBER" } }), 200);
    await expectStatus(await api(`/api/teams/members/${admin.userId}`, { method: "DELETE", user: owner }), 200);
    expect(await memberRow(owner.teamId, admin.userId)).toBeNull();
  });

  it("the members view marks the owner, so the page offers no demotion or removal for them", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const view = await json(await api("/api/users/team-members", { user: member }));
    const byId = new Map((view.teamMembers as Json[]).map((m) => [m.userId, m.accountOwner]));
    expect(byId.get(owner.userId)).toBe(true);
    expect(byId.get(member.userId)).toBe(false);
  });

  it("the admin console refuses the same change with the same rule and message", async () => {
    const owner = await teamOwner();
    const operator = await platformAdmin();
    const res = await api(`/api/admin/teams/${owner.teamId}/members`, { user: operator, body: { email: owner.email, role: "MEMBER" } });
    expect(await apiError(res)).toMatchObject({
      status: 409,
      code: "owner_stays_admin",
      message: `${owner.email} owns the team's account and stays its admin.`,
    });
    expect(await memberRow(owner.teamId, owner.userId)).toMatchObject({ role: "ADMIN" });
  });
});
