import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getTenancyAccountId } from "../../worker/accounts/service";
import { exercises, teamMembers } from "../../worker/db/schema";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { auditRows, db, freshEmail, invite, joinedMember, memberRow, teamOwner } from "./helpers";

describe("GET /api/users/team-members (spec §7)", () => {
  it("lists members with user id, role, collaborateRole, joined and last active, pending invitations, and seats", async () => {
    const owner = await teamOwner(4);
    const member = await joinedMember(owner, "CAMPAIGN_MANAGER");
    const pending = freshEmail();
    await invite(owner, pending);
    const view = await json(await expectStatus(await api("/api/users/team-members", { user: owner }), 200));
    expect(view).toMatchObject({ teamId: owner.teamId, seats: 4, seatsUsed: 2, seatsReserved: 1, seatsAvailable: 1, canManage: true });
    expect(view.teamMembers).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: owner.userId, email: owner.email }), role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" }),
      expect.objectContaining({ user: expect.objectContaining({ id: member.userId }), role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER" }),
    ]);
    expect(typeof view.teamMembers[0].joinedAt).toBe("string");
    expect(typeof view.teamMembers[0].lastActiveAt).toBe("string");
    expect(view.pendingInvitations).toEqual([expect.objectContaining({ email: pending, status: "PENDING" })]);

    // A member sees the members but not the invitations, and cannot manage.
    const asMember = await json(await api("/api/users/team-members", { user: member }));
    expect(asMember).toMatchObject({ canManage: false, pendingInvitations: [] });
    expect(asMember.teamMembers).toHaveLength(2);
  });

  it("is 404 for a user without a team, and when the team-accounts flag is off", async () => {
    const solo = await createTestUser({ plan: "SOLO", onboarded: true });
    expect(await apiError(await api("/api/users/team-members", { user: solo }))).toMatchObject({ status: 404 });
    const owner = await teamOwner();
    const off = await api("/api/users/team-members", { user: owner, env: { ...env, TEAM_ACCOUNTS_ENABLED: "false" } });
    expect((await apiError(off)).status).toBe(404);
    expect((await apiError(await api("/api/users/team-members"))).status).toBe(401);
  });

  it("GET /api/users/campaign-participations lists the caller's campaigns", async () => {
    const user = await createTestUser({ onboarded: true });
    const body = await json(await expectStatus(await api("/api/users/campaign-participations", { user }), 200));
    expect(body).toEqual({ participations: [] });
  });
});

describe("role rules", () => {
  it("a MEMBER cannot invite, change roles, revoke or remove (403) and nothing changes", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const { invitation } = await invite(owner, freshEmail());
    const tries = [
      api("/api/teams/invitations", { user: member, body: { email: freshEmail() } }),
      api(`/api/teams/members/${owner.userId}`, { method: "PATCH", user: member, body: { role: "MEMBER" } }),
      api(`/api/teams/members/${member.userId}`, { method: "PATCH", user: member, body: { role: "ADMIN" } }),
      api(`/api/teams/invitations/${invitation.id}`, { method: "DELETE", user: member }),
      api(`/api/teams/invitations/${invitation.id}/resend`, { method: "POST", user: member }),
      api(`/api/teams/members/${owner.userId}`, { method: "DELETE", user: member }),
    ];
    for (const res of await Promise.all(tries)) expect((await apiError(res)).status).toBe(403);
    expect(await memberRow(owner.teamId, owner.userId)).toMatchObject({ role: "ADMIN" });
    expect(await memberRow(owner.teamId, member.userId)).toMatchObject({ role: "MEMBER" });
  });

  it("the admin changes a member's collaborate role and team role; each change is audited", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const res = await api(`/api/teams/members/${member.userId}`, { method: "PATCH", user: owner, body: { collaborateRole: "CAMPAIGN_MANAGER" } });
    expect((await json(await expectStatus(res, 200))).member).toMatchObject({ role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER" });
    await expectStatus(await api(`/api/teams/members/${member.userId}`, { method: "PATCH", user: owner, body: { role: "ADMIN" } }), 200);
    expect(await memberRow(owner.teamId, member.userId)).toMatchObject({ role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" });
    const changes = (await auditRows(owner.accountId)).filter((r) => r.action === "team.role_changed");
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({ actorId: owner.userId, targetUserId: member.userId });
    expect(changes.map((c) => c.metadata)).toContainEqual(expect.objectContaining({ to: { role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" } }));
    // Bad input: 400, nothing changes.
    for (const body of [{}, { role: "OWNER" }, { collaborateRole: "BOSS" }]) {
      expect((await apiError(await api(`/api/teams/members/${member.userId}`, { method: "PATCH", user: owner, body }))).status).toBe(400);
    }
    expect(await memberRow(owner.teamId, member.userId)).toMatchObject({ role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" });
  });

  it("the last ADMIN can be neither demoted nor leave (409 last_admin); with a second admin they can", async () => {
    // A team whose account owner is not in it (made before the owner rule): a promoted member is its only admin.
    const owner = await teamOwner();
    const admin = await joinedMember(owner);
    await expectStatus(await api(`/api/teams/members/${admin.userId}`, { method: "PATCH", user: owner, body: { role: "ADMIN" } }), 200);
    const member = await joinedMember(owner);
    await db().delete(teamMembers).where(eq(teamMembers.userId, owner.userId));
    const demote = await apiError(await api(`/api/teams/members/${admin.userId}`, { method: "PATCH", user: admin, body: { role: "MEMBER" } }));
    expect(demote).toMatchObject({ status: 409, code: "last_admin" });
    expect(demote.message).toMatch(/at least one admin/i);
    const leave = await apiError(await api(`/api/teams/members/${admin.userId}`, { method: "DELETE", user: admin }));
    expect(leave).toMatchObject({ status: 409, code: "last_admin" });
    expect(await memberRow(owner.teamId, admin.userId)).toMatchObject({ role: "ADMIN" });

    await expectStatus(await api(`/api/teams/members/${member.userId}`, { method: "PATCH", user: admin, body: { role: "ADMIN" } }), 200);
    await expectStatus(await api(`/api/teams/members/${admin.userId}`, { method: "PATCH", user: admin, body: { role: "MEMBER" } }), 200);
    expect(await memberRow(owner.teamId, admin.userId)).toMatchObject({ role: "MEMBER" });
  });

  it("removing a member: they lose the team's account and plan, keep their own exercises; audited", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const exerciseId = crypto.randomUUID();
    await db()
      .insert(exercises)
      .values({ id: exerciseId, name: "Member's own drill", userId: member.userId } as typeof exercises.$inferInsert);
    await expectStatus(await api(`/api/teams/members/${member.userId}`, { method: "DELETE", user: owner }), 200);
    expect(await memberRow(owner.teamId, member.userId)).toBeNull();
    expect(await getTenancyAccountId(db(), member.userId)).toBe(member.accountId);
    const [kept] = await db().select().from(exercises).where(eq(exercises.id, exerciseId));
    expect(kept?.userId).toBe(member.userId);
    const removed = (await auditRows(owner.accountId)).find((r) => r.action === "team.member_removed");
    expect(removed).toMatchObject({ actorId: owner.userId, targetUserId: member.userId });
  });

  it("a member may leave on their own", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    await expectStatus(await api(`/api/teams/members/${member.userId}`, { method: "DELETE", user: member }), 200);
    expect(await memberRow(owner.teamId, member.userId)).toBeNull();
    expect((await auditRows(owner.accountId)).map((r) => r.action)).toContain("team.member_left");
  });

  it("another team's member or invitation is 404 to an admin", async () => {
    const ours = await teamOwner();
    const theirs = await teamOwner();
    const theirMember = await joinedMember(theirs);
    const { invitation } = await invite(theirs, freshEmail());
    const attempts = [
      api(`/api/teams/members/${theirMember.userId}`, { method: "PATCH", user: ours, body: { role: "ADMIN" } }),
      api(`/api/teams/members/${theirMember.userId}`, { method: "DELETE", user: ours }),
      api(`/api/teams/members/${theirs.userId}`, { method: "DELETE", user: ours }),
      api(`/api/teams/invitations/${invitation.id}`, { method: "DELETE", user: ours }),
      api(`/api/teams/invitations/${invitation.id}/resend`, { method: "POST", user: ours }),
    ];
    for (const res of await Promise.all(attempts)) expect((await apiError(res)).status).toBe(404);
    const [row] = await db().select().from(teamMembers).where(eq(teamMembers.userId, theirMember.userId));
    expect(row).toMatchObject({ teamId: theirs.teamId, role: "MEMBER" });
  });
});

describe("the User management page", () => {
  const page = async (cookie: string) => (await import("cloudflare:test")).SELF.fetch("http://localhost/account/user-management", { headers: { cookie } });

  it("shows team admins their members and the nav item; a plain member and a solo user get 404 and no nav item", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const res = await page(owner.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("User management");
    expect(html).toContain('data-testid="team-members"');
    expect(html).toContain(member.email);
    expect((await page(member.cookie)).status).toBe(404);
    const dashboard = await (await (await import("cloudflare:test")).SELF.fetch("http://localhost/dashboard", { headers: { cookie: member.cookie } })).text();
    expect(dashboard).not.toContain('href="/account/user-management"');
    const solo = await createTestUser({ plan: "SOLO", onboarded: true });
    expect((await page(solo.cookie)).status).toBe(404);
  });
});
