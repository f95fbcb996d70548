import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitationLimitError } from "../../worker/audit/invitation-limit";
import { authTokens, campaignTokens, teamInvitations, teamMembers } from "../../worker/db/schema";
import { parseConfig } from "../../worker/env";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, latestMail } from "../helpers/auth";
import { collaborateTeam, newCampaign } from "../collaborate/campaign-helpers";
import { db, freshEmail } from "../teams/helpers";
import { INVITATION_MAIL_KIND } from "../../worker/teams/invitations";

// Issue 27 item 17: invitation e-mails (team and campaign, sends and resends) are limited per
// inviter per 24 hours, counted from the audit rows each send writes, checked inside the write.

const limited = { ...env, INVITATIONS_MAX_PER_DAY: "3" };
const call = (path: string, init: Parameters<typeof api>[1]) => api(path, { ...init, env: limited });

async function created(res: Response, status: number, what: string): Promise<Json> {
  return json(await expectStatus(res, status, what));
}

describe("invitation e-mails per inviter per day", () => {
  it("defaults to 50", () => {
    expect(parseConfig({ ...env, INVITATIONS_MAX_PER_DAY: undefined } as never).INVITATIONS_MAX_PER_DAY).toBe(50);
  });

  it("team and campaign sends and resends share the limit; past it every send is 429 with when to try again, and nothing is sent or changed", async () => {
    const team = await collaborateTeam();
    const owner = team.owner;
    const campaign = await newCampaign(owner);
    const teamInvite = (email: string) => call("/api/teams/invitations", { user: owner, body: { email } });
    const campaignInvite = (email: string) => call(`/api/collaborate/campaigns/${campaign.id}/invitations`, { user: owner, body: { email } });

    const first = freshEmail("first");
    const teamInvitation = (await created(await teamInvite(first), 201, "team invite")).invitation as Json;
    await expectStatus(await call(`/api/teams/invitations/${teamInvitation.id}/resend`, { method: "POST", user: owner }), 200, "team resend");
    const contributor = freshEmail("contributor");
    const campaignInvitation = (await created(await campaignInvite(contributor), 201, "campaign invite")).invitation as Json;

    const [tokenBefore] = await db().select({ token: authTokens.token }).from(authTokens).where(eq(authTokens.id, teamInvitation.id));
    const [campaignTokenBefore] = await db().select({ token: campaignTokens.token }).from(campaignTokens).where(eq(campaignTokens.id, campaignInvitation.id));
    const late = freshEmail("late");
    const refusals = [
      await teamInvite(late),
      await call(`/api/teams/invitations/${teamInvitation.id}/resend`, { method: "POST", user: owner }),
      await campaignInvite(late),
      await call(`/api/collaborate/campaigns/${campaign.id}/invitations/${campaignInvitation.id}/resend`, { method: "POST", user: owner }),
    ];
    for (const res of refusals) {
      const error = await apiError(res);
      expect(error).toMatchObject({ status: 429, code: "invitation_limit", limit: 3 });
      expect(error.message).toMatch(
        /^You have sent 3 invitation e-mails in the last 24 hours, the most one person can send in a day\. You can send the next one after \d\d:\d\d UTC \(in about 24 hours\)\.$/,
      );
      expect(typeof error.retryAt).toBe("string");
    }
    expect(
      await db()
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, team.teamId), eq(teamInvitations.email, late))),
    ).toEqual([]);
    expect(await db().select().from(campaignTokens).where(eq(campaignTokens.email, late))).toEqual([]);
    expect(await latestMail(late, INVITATION_MAIL_KIND)).toBeNull();
    // The links already sent keep working: the refused resends replaced nothing.
    expect((await db().select({ token: authTokens.token }).from(authTokens).where(eq(authTokens.id, teamInvitation.id)))[0]).toEqual(tokenBefore);
    expect((await db().select({ token: campaignTokens.token }).from(campaignTokens).where(eq(campaignTokens.id, campaignInvitation.id)))[0]).toEqual(
      campaignTokenBefore,
    );

    // Per inviter: another admin of the same team still sends.
    const colleague = await createTestUser({ onboarded: true });
    await db().insert(teamMembers).values({ teamId: team.teamId, userId: colleague.userId, role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" });
    await expectStatus(await call("/api/teams/invitations", { user: colleague, body: { email: freshEmail("colleagues") } }), 201, "a colleague's invite");

    // Sends older than 24 hours no longer count.
    await env.DB.prepare(`UPDATE "AuditLog" SET "createdAt" = "createdAt" - ? WHERE "actorId" = ?`)
      .bind(25 * 3_600_000, owner.userId)
      .run();
    await expectStatus(await teamInvite(late), 201, "invite after the window");
  });

  it("sends fired at once cannot pass the limit", async () => {
    const team = await collaborateTeam();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call("/api/teams/invitations", { user: team.owner, body: { email: freshEmail(`burst${i}`) } })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    for (const res of answers.filter((r) => r.status !== 201)) expect(await apiError(res)).toMatchObject({ status: 429, code: "invitation_limit" });
    expect(await db().select().from(teamInvitations).where(eq(teamInvitations.teamId, team.teamId))).toHaveLength(3);
  });

  it("says when the oldest counted send leaves the 24 hours", () => {
    const oldest = Date.UTC(2027, 2, 1, 10, 30);
    const hours = invitationLimitError(50, oldest, Date.UTC(2027, 2, 2, 7, 30));
    expect(hours).toMatchObject({ status: 429, code: "invitation_limit", details: { retryAt: "2027-03-02T10:30:00.000Z", retryAfterSeconds: 10_800 } });
    expect(hours.message).toContain("after 10:30 UTC (in about 3 hours)");
    expect(invitationLimitError(50, oldest, Date.UTC(2027, 2, 2, 10, 1)).message).toContain("after 10:30 UTC (in 29 minutes)");
  });
});
