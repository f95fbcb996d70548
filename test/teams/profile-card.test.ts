import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getPlanStatus } from "../../worker/accounts/plan";
import { campaignParticipants, campaigns } from "../../worker/db/schema";
import { api, apiError, expectStatus } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { auditRows, db, joinedMember, memberRow, teamOwner } from "./helpers";

const profile = async (cookie: string) => (await SELF.fetch("http://localhost/account/profile", { headers: { cookie } })).text();

describe("the profile's Your team card and campaigns", () => {
  it("a member sees their team with Leave team; after leaving, the card is gone and the plan is no longer the team's", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner, "CAMPAIGN_MANAGER");
    expect((await getPlanStatus(db(), member.userId)).hasActivePlan).toBe(true);
    const html = await profile(member.cookie);
    expect(html).toContain('data-testid="your-team"');
    expect(html).toContain("Leave team");
    expect(html).toContain("Campaign manager");
    expect(html).toContain("Dana Whitfield");
    // The admin sees it too, with the way to User management.
    expect(await profile(owner.cookie)).toContain('href="/account/user-management"');

    // The card's action: DELETE their own membership.
    await expectStatus(await api(`/api/teams/members/${member.userId}`, { method: "DELETE", user: member }), 200, "leave");
    expect(await memberRow(owner.teamId, member.userId)).toBeNull();
    expect((await auditRows(owner.accountId)).map((r) => r.action)).toContain("team.member_left");
    expect(await profile(member.cookie)).not.toContain('data-testid="your-team"');
    expect((await getPlanStatus(db(), member.userId)).hasActivePlan).toBe(false);
    expect((await apiError(await api("/api/users/team-members", { user: member }))).status).toBe(404);
    // The account's owner stays its admin: the card says so instead of offering Leave team, and the API refuses.
    const ownerCard = await profile(owner.cookie);
    expect(ownerCard).toContain('data-testid="owner-stays"');
    expect(ownerCard).not.toContain("Leave team");
    const refused = await apiError(await api(`/api/teams/members/${owner.userId}`, { method: "DELETE", user: owner }));
    expect(refused).toMatchObject({ status: 409, code: "owner_stays_admin", message: expect.stringContaining("stay its admin") });
  });

  it("a user without a team sees no team card; campaigns they take part in are listed", async () => {
    const solo = await createTestUser({ plan: "SOLO", onboarded: true });
    const html = await profile(solo.cookie);
    expect(html).not.toContain('data-testid="your-team"');
    expect(html).not.toContain('data-testid="campaign-participations"');

    const owner = await teamOwner();
    const campaignId = crypto.randomUUID();
    await db().insert(campaigns).values({ id: campaignId, teamId: owner.teamId, name: "Coastal flood tabletop", status: "ACTIVE", createdById: owner.userId });
    await db().insert(campaignParticipants).values({ campaignId, userId: owner.userId, role: "CAMPAIGN_MANAGER" });
    const withCampaign = await profile(owner.cookie);
    expect(withCampaign).toContain('data-testid="campaign-participations"');
    expect(withCampaign).toContain("Coastal flood tabletop");
  });
});
