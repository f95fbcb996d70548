import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { authTokens, teamInvitations } from "../../worker/db/schema";
import { housekeeping } from "../../worker/jobs/housekeeping";
import { api, apiError, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { accept, db, freshEmail, invite, teamOwner } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
/** The pinned instant the cron runs at; the tokens' expiries are set around it, never from today's date. */
const NOW = Date.UTC(2026, 0, 15, 3, 0, 0);

async function invitationRows(ids: string[]) {
  const rows = await db()
    .select({ id: teamInvitations.id, status: teamInvitations.status, updatedAt: teamInvitations.updatedAt, expires: authTokens.expires })
    .from(teamInvitations)
    .leftJoin(authTokens, eq(authTokens.id, teamInvitations.id))
    .where(inArray(teamInvitations.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

describe("housekeeping expires team invitations", () => {
  it("marks PENDING invitations whose link expired as EXPIRED, keeps the live ones, and is idempotent", async () => {
    const owner = await teamOwner(10);
    const stale = await invite(owner, freshEmail("stale"));
    const live = await invite(owner, freshEmail("live"));
    const revoked = await invite(owner, freshEmail("revoked"));
    await api(`/api/teams/invitations/${revoked.invitation.id}`, { method: "DELETE", user: owner });
    // Sent eight days before NOW (so its 7 days ran out a day ago); the other one two days before.
    await db()
      .update(authTokens)
      .set({ expires: new Date(NOW - DAY) })
      .where(eq(authTokens.id, stale.invitation.id));
    await db()
      .update(authTokens)
      .set({ expires: new Date(NOW + 5 * DAY) })
      .where(eq(authTokens.id, live.invitation.id));
    await db()
      .update(authTokens)
      .set({ expires: new Date(NOW - 3 * DAY) })
      .where(eq(authTokens.id, revoked.invitation.id));
    const ids = [stale.invitation.id, live.invitation.id, revoked.invitation.id];

    const summary = await housekeeping(appContext(env), NOW);
    expect(summary).toMatch(/expired [1-9]\d* invitations/);
    const after = await invitationRows(ids);
    expect(after.get(stale.invitation.id)).toMatchObject({ status: "EXPIRED", updatedAt: new Date(NOW) });
    // Its token is dead: still past its expiry (the row stays so the link shows the "expired" page).
    expect(after.get(stale.invitation.id)!.expires!.getTime()).toBeLessThanOrEqual(NOW);
    expect(after.get(live.invitation.id)!.status).toBe("PENDING");
    expect(after.get(revoked.invitation.id)!.status).toBe("REVOKED");

    // A second run (the same time, or a day later) changes nothing it already did.
    await housekeeping(appContext(env), NOW);
    await housekeeping(appContext(env), NOW + DAY);
    const again = await invitationRows(ids);
    expect(again.get(stale.invitation.id)).toMatchObject({ status: "EXPIRED", updatedAt: new Date(NOW) });
    expect(again.get(live.invitation.id)!.status).toBe("PENDING");
    expect(again.get(revoked.invitation.id)!.status).toBe("REVOKED");

    // The expired link is refused and shows its own page; it no longer appears among the pending invitations.
    const invitee = await createTestUser({ email: stale.invitation.email, onboarded: true });
    expect(await apiError(await accept(invitee, stale.token))).toMatchObject({ status: 410, code: "invitation_expired" });
    const { SELF } = await import("cloudflare:test");
    expect(await (await SELF.fetch(`http://localhost/invites?token=${encodeURIComponent(stale.token)}`)).text()).toContain('data-testid="invite-expired"');
    const view = await json(await api("/api/users/team-members", { user: owner }));
    expect(view.pendingInvitations.map((i: { id: string }) => i.id)).not.toContain(stale.invitation.id);
    // A resend is refused too: the admin invites the address again instead.
    expect(await apiError(await api(`/api/teams/invitations/${stale.invitation.id}/resend`, { method: "POST", user: owner }))).toMatchObject({
      status: 409,
      code: "invitation_not_pending",
    });
  });
});
