import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getTenancyAccountId } from "../../worker/accounts/service";
import { getPlanStatus } from "../../worker/accounts/plan";
import { authTokens, teamInvitations, userAccounts } from "../../worker/db/schema";
import { nowMs } from "../../worker/lib/clock";
import { hashInvitationToken, INVITATION_MAIL_KIND, INVITATION_SIGN_UP_HEADER } from "../../worker/teams/invitations";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, latestMail, testClientIp } from "../helpers/auth";
import { accept, auditRows, db, freshEmail, invite, memberRow, teamOwner, tokenSentTo } from "./helpers";

describe("team invitations: the lifecycle", () => {
  it("an admin invites by e-mail; the token is stored hashed, expires in 7 days, and the invitee joins once", async () => {
    const owner = await teamOwner();
    const email = freshEmail();
    const { invitation, token } = await invite(owner, email, "CAMPAIGN_MANAGER");
    expect(invitation).toMatchObject({ email, collaborateRole: "CAMPAIGN_MANAGER", status: "PENDING", expired: false });

    const [stored] = await db().select().from(authTokens).where(eq(authTokens.id, invitation.id));
    expect(stored!.purpose).toBe("INVITATION");
    expect(stored!.token).not.toBe(token);
    expect(stored!.token).toBe(await hashInvitationToken(token));
    const days = (stored!.expires.getTime() - new Date(invitation.createdAt).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);

    const invitee = await createTestUser({ email, onboarded: true });
    await expectStatus(await accept(invitee, token), 200, "accept");
    expect(await memberRow(owner.teamId, invitee.userId)).toMatchObject({ role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER" });
    // They now work in the team's account and have its plan.
    expect(await getTenancyAccountId(db(), invitee.userId)).toBe(owner.accountId);
    expect((await getPlanStatus(db(), invitee.userId)).hasActivePlan).toBe(true);
    const [row] = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row).toMatchObject({ status: "ACCEPTED", inviteeId: invitee.userId });

    // Single use: the same link again is "used".
    const again = await apiError(await accept(invitee, token));
    expect(again).toMatchObject({ status: 409, code: "invitation_used" });

    const actions = (await auditRows(owner.accountId)).map((r) => r.action).sort();
    expect(actions).toEqual(["team.invitation_sent", "team.member_joined"]);
  });

  it("an expired invitation is refused (410) and nobody joins", async () => {
    const owner = await teamOwner();
    const email = freshEmail();
    const { invitation, token } = await invite(owner, email);
    await db()
      .update(authTokens)
      .set({ expires: new Date(nowMs() - 60_000 - 10 * 86_400_000) })
      .where(eq(authTokens.id, invitation.id));
    const invitee = await createTestUser({ email, onboarded: true });
    expect(await apiError(await accept(invitee, token))).toMatchObject({ status: 410, code: "invitation_expired" });
    expect(await memberRow(owner.teamId, invitee.userId)).toBeNull();
    // The list marks it expired, so the admin can resend it.
    const view = await json(await api("/api/users/team-members", { user: owner }));
    expect(view.pendingInvitations).toEqual([expect.objectContaining({ id: invitation.id, expired: true })]);
  });

  it("a revoked invitation is refused (410); revoke is audited; the admin's resend gives a new link and the old one dies", async () => {
    const owner = await teamOwner();
    const email = freshEmail();
    const first = await invite(owner, email);
    await expectStatus(await api(`/api/teams/invitations/${first.invitation.id}/resend`, { method: "POST", user: owner }), 200);
    const second = await tokenSentTo(email);
    expect(second).not.toBe(first.token);
    const invitee = await createTestUser({ email, onboarded: true });
    expect(await apiError(await accept(invitee, first.token))).toMatchObject({ status: 404, code: "invitation_invalid" });

    await expectStatus(await api(`/api/teams/invitations/${first.invitation.id}`, { method: "DELETE", user: owner }), 200);
    expect(await apiError(await accept(invitee, second))).toMatchObject({ status: 410, code: "invitation_revoked" });
    expect(await memberRow(owner.teamId, invitee.userId)).toBeNull();
    expect((await auditRows(owner.accountId)).map((r) => r.action)).toEqual(expect.arrayContaining(["team.invitation_resent", "team.invitation_revoked"]));
  });

  it("a user signed in with another address is refused (403 wrong_address) and the invitation stays usable", async () => {
    const owner = await teamOwner();
    const email = freshEmail();
    const { token } = await invite(owner, email);
    const stranger = await createTestUser({ onboarded: true });
    expect(await apiError(await accept(stranger, token))).toMatchObject({ status: 403, code: "wrong_address" });
    expect(await memberRow(owner.teamId, stranger.userId)).toBeNull();
    const invitee = await createTestUser({ email, onboarded: true });
    await expectStatus(await accept(invitee, token), 200);
  });

  it("a full team refuses new invitations (409 team_full) and an accept when the last seat went meanwhile", async () => {
    const owner = await teamOwner(2);
    const a = freshEmail("a");
    const b = freshEmail("b");
    const first = await invite(owner, a);
    // Owner + one pending invitation fill both seats.
    const full = await apiError(await api("/api/teams/invitations", { user: owner, body: { email: b } }));
    expect(full).toMatchObject({ status: 409, code: "team_full" });
    // Seats shrink to one (the owner) before the invitee accepts.
    await env.DB.prepare(`UPDATE "Team" SET "seats" = 1 WHERE "id" = ?`).bind(owner.teamId).run();
    const invitee = await createTestUser({ email: a, onboarded: true });
    expect(await apiError(await accept(invitee, first.token))).toMatchObject({ status: 409, code: "team_full" });
    expect(await memberRow(owner.teamId, invitee.userId)).toBeNull();
    const [row] = await db().select().from(teamInvitations).where(eq(teamInvitations.id, first.invitation.id));
    expect(row!.status).toBe("PENDING");
  });

  it("a garbage or unknown token is 404, and duplicates are refused clearly", async () => {
    const owner = await teamOwner();
    const user = await createTestUser({ onboarded: true });
    expect(await apiError(await accept(user, "not-a-token"))).toMatchObject({ status: 404, code: "invitation_invalid" });
    expect(await apiError(await accept(user, "A".repeat(43)))).toMatchObject({ status: 404, code: "invitation_invalid" });
    const email = freshEmail();
    await invite(owner, email);
    expect(await apiError(await api("/api/teams/invitations", { user: owner, body: { email } }))).toMatchObject({ status: 409, code: "already_invited" });
    expect(await apiError(await api("/api/teams/invitations", { user: owner, body: { email: owner.email } }))).toMatchObject({
      status: 409,
      code: "already_member",
    });
  });

  it("bad input is 400 and writes nothing; a cross-site write is 403", async () => {
    const owner = await teamOwner();
    const before = (await db().select().from(teamInvitations).where(eq(teamInvitations.teamId, owner.teamId))).length;
    for (const body of [{ email: "not-an-address" }, { email: freshEmail(), collaborateRole: "OWNER" }, { email: freshEmail(), extra: 1 }]) {
      expect((await apiError(await api("/api/teams/invitations", { user: owner, body }))).status).toBe(400);
    }
    const bad = await api("/api/teams/invitations", { user: owner, raw: "{not json" });
    expect((await apiError(bad)).code).toBe("invalid_json");
    const crossSite = await api("/api/teams/invitations", { user: owner, body: { email: freshEmail() }, headers: { origin: "https://evil.example" } });
    expect((await apiError(crossSite)).status).toBe(403);
    expect((await db().select().from(teamInvitations).where(eq(teamInvitations.teamId, owner.teamId))).length).toBe(before);
    expect(await auditRows(owner.accountId)).toEqual([]);
  });
});

describe("the /invites page", () => {
  const page = (token: string, cookie?: string) => fetchPage(`/invites?token=${encodeURIComponent(token)}`, cookie);

  it("shows each outcome its own page", async () => {
    const owner = await teamOwner();
    const email = freshEmail();
    const { invitation, token } = await invite(owner, email);
    // A new person: the sign-up form with the address fixed.
    const fresh = await page(token);
    expect(fresh).toContain('data-testid="invite-signup"');
    expect(fresh).toContain(email);
    // Someone else signed in.
    const stranger = await createTestUser({ onboarded: true });
    expect(await page(token, stranger.cookie)).toContain('data-testid="invite-wrong-address"');
    // Unknown link.
    expect(await page("B".repeat(43))).toContain('data-testid="invite-invalid"');
    // Revoked.
    await expectStatus(await api(`/api/teams/invitations/${invitation.id}`, { method: "DELETE", user: owner }), 200);
    expect(await page(token)).toContain('data-testid="invite-revoked"');
  });

  it("a new person signs up and joins in one step, landing with ?inviteAccepted=true", async () => {
    const owner = await teamOwner();
    const email = freshEmail();
    const { token } = await invite(owner, email);
    const form = new URLSearchParams({ intent: "signup", token, firstName: "Priya", lastName: "Natarajan", password: "a-strong-passphrase-1" });
    const res = await (
      await import("cloudflare:test")
    ).SELF.fetch(`http://localhost/invites?token=${encodeURIComponent(token)}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": testClientIp() },
      body: form,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard?inviteAccepted=true");
    expect(res.headers.getSetCookie().join(";")).toMatch(/session_token/);
    const [user] = await env.DB.prepare(`SELECT "id", "emailVerified" FROM "User" WHERE "email" = ?`)
      .bind(email)
      .all<{ id: string; emailVerified: number }>()
      .then((r) => r.results);
    expect(user!.emailVerified).toBe(1);
    expect(await memberRow(owner.teamId, user!.id)).toMatchObject({ role: "MEMBER" });
    const links = await db().select().from(userAccounts).where(eq(userAccounts.userId, user!.id));
    expect(links.map((l) => l.accountId)).toContain(owner.accountId);
    // Used now: the page says so.
    expect(await page(token)).toContain('data-testid="invite-used"');
    // The link already proved the address: the outbox holds the invitation, and no "confirm your address" mail.
    const kinds = await env.DB.prepare(`SELECT "kind" FROM "EmailOutbox" WHERE "to" = ?`)
      .bind(email)
      .all<{ kind: string }>()
      .then((r) => r.results.map((m) => m.kind));
    expect(kinds).toEqual([INVITATION_MAIL_KIND]);
  });

  it("an ordinary sign-up, or one naming an invitation for another address, still gets the confirmation e-mail", async () => {
    const owner = await teamOwner();
    const invited = freshEmail();
    const { token } = await invite(owner, invited);
    const { SELF } = await import("cloudflare:test");
    for (const [email, headers] of [
      [freshEmail("plain"), {}],
      [freshEmail("other"), { [INVITATION_SIGN_UP_HEADER]: token }],
    ] as const) {
      const res = await SELF.fetch("http://localhost/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost", "cf-connecting-ip": testClientIp(), ...headers },
        body: JSON.stringify({ email, password: "a-strong-passphrase-1", firstName: "Sam", lastName: "Okafor" }),
      });
      expect(res.status, email).toBe(200);
      expect(await latestMail(email, "email-verification"), email).not.toBeNull();
    }
  });
});

async function fetchPage(path: string, cookie?: string): Promise<string> {
  const { SELF } = await import("cloudflare:test");
  const res = await SELF.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  return res.text();
}
