import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, campaignParticipants, campaignTokens, contributorExercises } from "../../worker/db/schema";
import { CAMPAIGN_INVITATION_MAIL_KIND } from "../../worker/collaborate/invitations";
import type { CampaignDetailView, InterviewView } from "../../shared/collaborate/views";
import { aiEnv, balance, fakeRequests, grant, stripePlan, tag } from "../conversations/helpers";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, latestMail } from "../helpers/auth";
import { nowMs } from "../../worker/lib/clock";
import {
  answerAll,
  brief,
  collaborateTeam,
  db,
  freshEmail,
  inviteContributor,
  joinAsUser,
  joinTokenSentTo,
  newCampaign,
  pageRequest as SELFfetch,
} from "./campaign-helpers";

describe("campaign access", () => {
  it("managers of the team list, create and read campaigns; plain members, flagless managers and outsiders get 404", async () => {
    const team = await collaborateTeam();
    const manager = await team.member("CAMPAIGN_MANAGER");
    const plain = await team.member("STANDARD_USER");
    const flagless = await team.member("CAMPAIGN_MANAGER", false);
    const outsider = (await collaborateTeam()).owner;

    const campaign = await newCampaign(team.owner);
    expect(campaign).toMatchObject({
      campaignId: campaign.id,
      campaignName: "Sable River flood readiness",
      status: "DRAFT",
      isCreator: true,
      contributors: [],
      invitations: [],
    });
    expect(campaign.parameters).toMatchObject({
      purpose: "exercise",
      hazard: "Riverine flooding",
      synthesisThreadId: null,
      contributorStateHash: null,
      language: "en",
    });
    expect(campaign.createdBy.email).toBe(team.owner.email);

    const listed = await json(await api("/api/collaborate/campaigns", { user: manager }));
    expect(listed.campaigns.map((c: { campaignId: string }) => c.campaignId)).toContain(campaign.id);
    expect((await json(await api("/api/collaborate/campaigns", { user: outsider }))).campaigns.map((c: { campaignId: string }) => c.campaignId)).not.toContain(
      campaign.id,
    );

    // The page's read: any manager of the team. Spec §7's read: the creator only (non-ok for others).
    await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}/manage`, { user: manager }), 200);
    expect((await apiError(await api(`/api/collaborate/campaigns/${campaign.id}`, { user: manager }))).status).toBe(403);
    await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}`, { user: team.owner }), 200);
    for (const who of [plain, flagless, outsider]) {
      await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}`, { user: who }), 404);
      await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}/manage`, { user: who }), 404);
      await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}/invitations`, { user: who, body: { email: freshEmail() } }), 404);
      await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}/close`, { user: who, body: {} }), 404);
      await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}/guide`, { user: who }), 404);
    }
    await expectStatus(await api("/api/collaborate/campaigns", { user: plain, body: { name: "x" } }), 400);
    expect((await apiError(await api("/api/collaborate/campaigns", { user: plain, body: brief() }))).status).toBe(404);
  });

  it("refuses a bad brief with the field's message and creates nothing", async () => {
    const { owner } = await collaborateTeam();
    const bad = await apiError(
      await api("/api/collaborate/campaigns", { user: owner, body: { ...brief(), capabilities: ["Not a capability"], maxContributors: 0 } }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad)).toMatch(/core capabilities|At least one contributor/);
    // A deadline that fits YYYY-MM-DD but is no day would never close the campaign.
    for (const deadline of ["2031-13-45", "2031-02-30", "31-01-2031"]) {
      const res = await apiError(await api("/api/collaborate/campaigns", { user: owner, body: { ...brief(), deadline } }));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res)).toContain("Enter the deadline as a date (YYYY-MM-DD).");
    }
    expect((await json(await api("/api/collaborate/campaigns", { user: owner }))).campaigns).toEqual([]);
  });
});

describe("contributor invitations", () => {
  it("a link works once, for its address; revoked and expired links are refused; the campaign turns ACTIVE", async () => {
    const { owner } = await collaborateTeam();
    const campaign = await newCampaign(owner, { maxContributors: 5 });
    const email = freshEmail();
    const { invitation, token } = await inviteContributor(owner, campaign.id, email, {
      fullName: "Maria Lopez",
      organization: "Fennick County Fire",
      role: "Battalion Chief",
    });
    expect(invitation).toMatchObject({ email, fullName: "Maria Lopez", organization: "Fennick County Fire", role: "Battalion Chief", status: "PENDING" });
    // The secret is only in the mail: the row holds its hash.
    const [row] = await db().select().from(campaignTokens).where(eq(campaignTokens.id, invitation.id));
    expect(row!.token).not.toContain(token);
    expect((await json(await api(`/api/collaborate/campaigns/${campaign.id}/manage`, { user: owner }))).status).toBe("ACTIVE");

    const stranger = await createTestUser();
    expect((await apiError(await api("/api/collaborate/join", { user: stranger, body: { token } }))).code).toBe("wrong_address");
    const invitee = await createTestUser({ email });
    const interviewId = await joinAsUser(invitee, token);
    expect((await apiError(await api("/api/collaborate/join", { user: invitee, body: { token } }))).code).toBe("invitation_used");
    const [participant] = await db()
      .select()
      .from(campaignParticipants)
      .where(and(eq(campaignParticipants.campaignId, campaign.id), eq(campaignParticipants.userId, invitee.userId)));
    expect(participant?.role).toBe("CONTRIBUTOR");
    const detail = (await json(await api(`/api/collaborate/campaigns/${campaign.id}/manage`, { user: owner }))) as CampaignDetailView;
    expect(detail.contributors).toEqual([
      expect.objectContaining({ id: interviewId, regularUserId: invitee.userId, email, fullName: "Maria Lopez", status: "INVITED", completionPercentage: 0 }),
    ]);

    const revokedEmail = freshEmail();
    const revoked = await inviteContributor(owner, campaign.id, revokedEmail);
    const revokeRes = await api(`/api/collaborate/campaigns/${campaign.id}/invitations/${revoked.invitation.id}`, { user: owner, method: "DELETE" });
    expect((await json(revokeRes)).invitation.status).toBe("REVOKED");
    expect(
      (await apiError(await api("/api/collaborate/join", { user: await createTestUser({ email: revokedEmail }), body: { token: revoked.token } }))).code,
    ).toBe("invitation_revoked");

    const lateEmail = freshEmail();
    const late = await inviteContributor(owner, campaign.id, lateEmail);
    await db()
      .update(campaignTokens)
      .set({ expiresAt: new Date(nowMs() - 1000) })
      .where(eq(campaignTokens.id, late.invitation.id));
    const lateUser = await createTestUser({ email: lateEmail });
    expect((await apiError(await api("/api/collaborate/join", { user: lateUser, body: { token: late.token } }))).code).toBe("invitation_expired");
    // A resend gives a new link; the old one stops working.
    await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}/invitations/${late.invitation.id}/resend`, { user: owner, body: {} }), 200);
    const fresh = await joinTokenSentTo(lateEmail);
    expect(fresh).not.toBe(late.token);
    expect((await apiError(await api("/api/collaborate/join", { user: lateUser, body: { token: late.token } }))).code).toBe("invitation_invalid");
    await joinAsUser(lateUser, fresh);

    const actions = (await db().select().from(auditLogs).where(eq(auditLogs.campaignId, campaign.id))).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "campaign.created",
        "campaign.contributor_invited",
        "campaign.contributor_joined",
        "campaign.invitation_revoked",
        "campaign.invitation_resent",
      ]),
    );
  });

  it("invitations sent at once cannot overfill the campaign or go twice to one address", async () => {
    const { owner } = await collaborateTeam();
    const campaign = await newCampaign(owner, { maxContributors: 2 });
    const invite = (email: string) => api(`/api/collaborate/campaigns/${campaign.id}/invitations`, { user: owner, body: { email } });
    const statuses = (await Promise.all([freshEmail(), freshEmail(), freshEmail(), freshEmail()].map(invite))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);

    const other = await newCampaign(owner, { maxContributors: 5 });
    const email = freshEmail();
    const same = await Promise.all([1, 2, 3].map(() => api(`/api/collaborate/campaigns/${other.id}/invitations`, { user: owner, body: { email } })));
    expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await db().select().from(campaignTokens).where(eq(campaignTokens.campaignId, other.id));
    expect(rows).toHaveLength(1);
  });

  it("maxContributors counts contributors and pending links: the next invitation is refused until one is revoked", async () => {
    const { owner } = await collaborateTeam();
    const campaign = await newCampaign(owner, { maxContributors: 2 });
    const first = await inviteContributor(owner, campaign.id, freshEmail());
    await inviteContributor(owner, campaign.id, freshEmail());
    const full = await apiError(await api(`/api/collaborate/campaigns/${campaign.id}/invitations`, { user: owner, body: { email: freshEmail() } }));
    expect(full).toMatchObject({ status: 409, code: "campaign_full" });
    await expectStatus(await api(`/api/collaborate/campaigns/${campaign.id}/invitations/${first.invitation.id}`, { user: owner, method: "DELETE" }), 200);
    await inviteContributor(owner, campaign.id, freshEmail());
    const dup = await apiError(await api(`/api/collaborate/campaigns/${campaign.id}/invitations`, { user: owner, body: { email: first.invitation.email } }));
    expect(dup.status).toBe(409);
  });

  it("renewing expired links takes places again: two renewals at once cannot both take the last one", async () => {
    const { owner } = await collaborateTeam();
    const campaign = await newCampaign(owner, { maxContributors: 2 });
    const a = await inviteContributor(owner, campaign.id, freshEmail());
    const c = await inviteContributor(owner, campaign.id, freshEmail());
    await db()
      .update(campaignTokens)
      .set({ expiresAt: new Date(nowMs() - 1000) })
      .where(inArray(campaignTokens.id, [a.invitation.id, c.invitation.id]));
    await inviteContributor(owner, campaign.id, freshEmail());
    const resend = (id: string) => api(`/api/collaborate/campaigns/${campaign.id}/invitations/${id}/resend`, { user: owner, body: {} });
    const results = await Promise.all([resend(a.invitation.id), resend(c.invitation.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect((await apiError(refused)).code).toBe("campaign_full");
    const resent = (await db().select().from(auditLogs).where(eq(auditLogs.campaignId, campaign.id))).filter((r) => r.action === "campaign.invitation_resent");
    expect(resent).toHaveLength(1);
  });

  it("a new person signs up from the link as a campaign-only contributor and lands in their interview", async () => {
    const { owner } = await collaborateTeam();
    const campaign = await newCampaign(owner);
    const email = freshEmail("campaign-only");
    const { token } = await inviteContributor(owner, campaign.id, email, { fullName: "Tom Okafor", organization: "Alder Flats School District" });
    const page = await SELFfetch(`/collaborate/join?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("join-signup");
    const form = new URLSearchParams({ token, intent: "signup", firstName: "Tom", lastName: "Okafor", password: "a-long-enough-password-1" });
    const res = await SELFfetch(`/collaborate/join?token=${encodeURIComponent(token)}`, { method: "POST", body: form });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/collaborate\/interviews\//);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const interviewId = location.split("/").pop()!;
    const view = (await json(await api(`/api/collaborate/interviews/${interviewId}`, { cookie }))) as InterviewView;
    expect(view).toMatchObject({ campaignName: campaign.campaignName, status: "INVITED", phase: 1 });
    // No "confirm your address" e-mail: the link proved it.
    const kinds = await env.DB.prepare(`SELECT "kind" FROM "EmailOutbox" WHERE "to" = ?`)
      .bind(email)
      .all<{ kind: string }>()
      .then((r) => r.results.map((m) => m.kind));
    expect(kinds).toEqual([CAMPAIGN_INVITATION_MAIL_KIND]);
    const detail = (await json(await api(`/api/collaborate/campaigns/${campaign.id}/manage`, { user: owner }))) as CampaignDetailView;
    expect(detail.contributors).toEqual([
      expect.objectContaining({
        regularUserId: null,
        campaignUserId: expect.any(String),
        email,
        fullName: "Tom Okafor",
        organization: "Alder Flats School District",
      }),
    ]);
    // Their profile's "campaigns you take part in" lists it (spec §7 campaign-participations).
    const mine = await json(await api("/api/users/campaign-participations", { cookie }));
    expect(mine.participations).toEqual([expect.objectContaining({ campaignId: campaign.id, campaignName: campaign.campaignName, role: "CONTRIBUTOR" })]);
    // Campaign-only: /collaborate is open to them without a plan; the dashboard says it comes with a plan and points back to Collaborate.
    expect((await SELFfetch("/collaborate", { cookie })).status).not.toBe(302);
    const dashboard = await SELFfetch("/dashboard", { cookie });
    expect(dashboard.status).toBe(402);
    const html = await dashboard.text();
    expect(html).toContain("This page comes with a Readyroom plan");
    expect(html).toContain('href="/collaborate"');
  });
});

/** A campaign with one contributor who joined and one invitation still waiting to be opened. */
async function joinedAndWaiting() {
  const { owner } = await collaborateTeam();
  const campaign = await newCampaign(owner);
  const email = freshEmail();
  const { token } = await inviteContributor(owner, campaign.id, email);
  const waitingEmail = freshEmail();
  const waiting = await inviteContributor(owner, campaign.id, waitingEmail);
  const contributor = await createTestUser({ email });
  return { owner, campaign, contributor, id: await joinAsUser(contributor, token), waitingEmail, waiting };
}

/** A team with 50 credits, a campaign, and a contributor who joined it: their interview's id. */
async function paidInterview() {
  const { owner } = await collaborateTeam();
  await stripePlan(owner);
  await grant(owner.accountId, 50);
  const campaign = await newCampaign(owner);
  const email = freshEmail();
  const { token } = await inviteContributor(owner, campaign.id, email);
  const contributor = await createTestUser({ email });
  return { owner, contributor, id: await joinAsUser(contributor, token) };
}

describe("interviews", () => {
  it("only the author reads and answers; progress rises; stop and resume; submit once everything is answered", async () => {
    const { owner } = await collaborateTeam();
    const campaign = await newCampaign(owner);
    const email = freshEmail();
    const { token } = await inviteContributor(owner, campaign.id, email);
    const contributor = await createTestUser({ email });
    const id = await joinAsUser(contributor, token);

    for (const who of [owner, await createTestUser()]) {
      await expectStatus(await api(`/api/collaborate/interviews/${id}`, { user: who }), 404);
      await expectStatus(await api(`/api/collaborate/interviews/${id}/answers`, { user: who, body: { answer: "x" } }), 404);
    }
    const start = (await json(await api(`/api/collaborate/interviews/${id}`, { user: contributor }))) as InterviewView;
    expect(start.currentQuestion).toMatch(/role/i);
    expect(start.messages).toHaveLength(2);
    expect((await apiError(await api(`/api/collaborate/interviews/${id}/submit`, { user: contributor, body: {} }))).code).toBe("interview_incomplete");
    await expectStatus(await api(`/api/collaborate/interviews/${id}/answers`, { user: contributor, body: { answer: "   " } }), 400);

    const first = (await json(
      await api(`/api/collaborate/interviews/${id}/answers`, { user: contributor, body: { answer: "Battalion chief, county fire." } }),
    )) as InterviewView;
    expect(first).toMatchObject({ status: "IN_PROGRESS", phase: 1 });
    expect(first.completionPercentage).toBeGreaterThan(0);
    // Resume: a fresh read gives the same place.
    const again = (await json(await api(`/api/collaborate/interviews/${id}`, { user: contributor }))) as InterviewView;
    expect(again.currentQuestion).toBe(first.currentQuestion);
    expect(again.messages).toEqual(first.messages);

    const done = await answerAll(
      contributor,
      id,
      [
        "",
        "The EOP flood annex.",
        "2019 flood: shelters filled fast.",
        "Sandbags run out in a day.",
        "Near the levee road.",
        "Levee slump at 14:00\nShelter at capacity",
        "Who orders the evacuation?",
        "Validate evacuation notice",
      ].slice(1),
    );
    expect(done.canSubmit).toBe(true);
    expect(done.phase).toBe(2);
    const submitted = (await json(await api(`/api/collaborate/interviews/${id}/submit`, { user: contributor, body: {} }))) as InterviewView;
    expect(submitted).toMatchObject({ status: "COMPLETED", completionPercentage: 100, canSubmit: false, currentQuestion: null });
    expect(submitted.submittedAt).toEqual(expect.any(String));
    expect((await apiError(await api(`/api/collaborate/interviews/${id}/answers`, { user: contributor, body: { answer: "more" } }))).code).toBe(
      "interview_submitted",
    );

    const [row] = await db().select().from(contributorExercises).where(eq(contributorExercises.id, id));
    expect(row!.contributions).toMatchObject({
      injects: ["Levee slump at 14:00", "Shelter at capacity"],
      questions: ["Who orders the evacuation?"],
      objectives: ["Validate evacuation notice"],
    });
    // The manager sees status and progress, never answers.
    const detail = await json(await api(`/api/collaborate/campaigns/${campaign.id}/manage`, { user: owner }));
    expect(detail.contributors[0]).toMatchObject({ status: "COMPLETED", completionPercentage: 100 });
    // …and when they answered and submitted to the day only, in both reads (issue 27 item 8): an
    // exact time could match a contributor to their answers in the synthesis.
    const creatorRead = await json(await api(`/api/collaborate/campaigns/${campaign.id}`, { user: owner }));
    for (const seen of [detail.contributors[0], creatorRead.contributors[0]]) {
      expect(seen.submittedAt).toBe(submitted.submittedAt!.slice(0, 10));
      expect(seen.lastMessageAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(JSON.stringify(detail)).not.toContain("Sandbags run out");
    const listed = await json(await api("/api/collaborate/interviews", { user: contributor }));
    expect(listed.interviews).toEqual([expect.objectContaining({ id, campaignId: campaign.id, status: "COMPLETED", completionPercentage: 100 })]);
  });

  it("with an AI provider the next question is the model's words, paid from the campaign team's credits, not the contributor's", async () => {
    const { owner, contributor, id } = await paidInterview();
    const teamBefore = await balance(owner.accountId);
    const mineBefore = await balance(contributor.accountId);
    const marker = tag();
    const res = await api(`/api/collaborate/interviews/${id}/answers`, { user: contributor, body: { answer: `Battalion chief ${marker}` }, env: aiEnv() });
    const view = (await json(await expectStatus(res, 200))) as InterviewView;
    expect(view.currentQuestion).toMatch(/^This is the fake assistant answering/);
    const [request] = await fakeRequests(marker);
    expect(request!.messages[0]!.content).toContain("Which of your agency's plans");
    // The fake reports 2050 tokens: 3 credits, from the team's account.
    expect((await balance(owner.accountId)).current).toBe(teamBefore.current - 3);
    expect(await balance(contributor.accountId)).toEqual(mineBefore);
  });

  it("once the deadline has passed: no new invitations, joins or reminders (the interview is read-only by then)", async () => {
    const { owner, campaign, contributor, id, waitingEmail, waiting } = await joinedAndWaiting();
    // The deadline was the day before yesterday, on the app's (pinned) clock, not the machine's.
    const past = new Date(nowMs() - 2 * 86_400_000).toISOString().slice(0, 10);
    await env.DB.prepare(`UPDATE "Campaign" SET "parameters" = json_set("parameters", '$.deadline', ?) WHERE "id" = ?`).bind(past, campaign.id).run();
    expect((await json(await api(`/api/collaborate/interviews/${id}`, { user: contributor }))).closed).toBe(true);
    expect(await apiError(await api(`/api/collaborate/campaigns/${campaign.id}/invitations`, { user: owner, body: { email: freshEmail() } }))).toMatchObject({
      status: 409,
      code: "campaign_closed",
    });
    expect((await apiError(await api(`/api/collaborate/campaigns/${campaign.id}/reminders`, { user: owner, body: {} }))).code).toBe("campaign_closed");
    expect(
      (await apiError(await api("/api/collaborate/join", { user: await createTestUser({ email: waitingEmail }), body: { token: waiting.token } }))).code,
    ).toBe("campaign_closed");
  });

  it("a double-submitted answer is stored once and the interviewer's turn is paid once", async () => {
    const { owner, contributor, id } = await paidInterview();
    const before = await balance(owner.accountId);
    const send = () => api(`/api/collaborate/interviews/${id}/answers`, { user: contributor, body: { answer: "Battalion chief." }, env: aiEnv() });
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const view = (await json(await api(`/api/collaborate/interviews/${id}`, { user: contributor }))) as InterviewView;
    expect(view.messages.filter((m) => m.role === "user")).toHaveLength(1);
    expect((await balance(owner.accountId)).current).toBe(before.current - 3);
  });

  it("a closed campaign refuses new answers and new contributors", async () => {
    const { owner, campaign, contributor, id, waitingEmail, waiting } = await joinedAndWaiting();
    const closed = await json(await api(`/api/collaborate/campaigns/${campaign.id}/close`, { user: owner, body: {} }));
    expect(closed.campaign.status).toBe("CLOSED");
    expect((await apiError(await api(`/api/collaborate/interviews/${id}/answers`, { user: contributor, body: { answer: "late" } }))).code).toBe(
      "campaign_closed",
    );
    expect((await json(await api(`/api/collaborate/interviews/${id}`, { user: contributor }))).closed).toBe(true);
    expect(
      (await apiError(await api("/api/collaborate/join", { user: await createTestUser({ email: waitingEmail }), body: { token: waiting.token } }))).code,
    ).toBe("campaign_closed");
    expect((await apiError(await api(`/api/collaborate/campaigns/${campaign.id}/invitations`, { user: owner, body: { email: freshEmail() } }))).code).toBe(
      "campaign_closed",
    );
  });

  it("reminders go to those who have not submitted, at most once a day each; the guide downloads as markdown", async () => {
    const { owner } = await collaborateTeam();
    const campaign = await newCampaign(owner, { maxContributors: 5 });
    const emails = [freshEmail(), freshEmail()];
    const ids: string[] = [];
    for (const email of emails) {
      const { token } = await inviteContributor(owner, campaign.id, email);
      ids.push(await joinAsUser(await createTestUser({ email }), token));
    }
    const first = await json(await api(`/api/collaborate/campaigns/${campaign.id}/reminders`, { user: owner, body: {} }));
    expect(first).toEqual({ sent: 2, skipped: 0 });
    expect((await latestMail(emails[0]!, "campaign-reminder"))?.text).toContain(`/collaborate/interviews/${ids[0]}`);
    expect(await json(await api(`/api/collaborate/campaigns/${campaign.id}/reminders`, { user: owner, body: { contributorIds: [ids[0]] } }))).toEqual({
      sent: 0,
      skipped: 1,
    });

    const guide = await api(`/api/collaborate/campaigns/${campaign.id}/guide`, { user: owner });
    expect(guide.headers.get("content-type")).toContain("text/markdown");
    expect(guide.headers.get("content-disposition")).toContain("sable-river-flood-readiness-discussion-guide.md");
    const text = await guide.text();
    expect(text).toContain("# Sable River flood readiness — discussion guide");
    expect(text).toContain("Where would you stage sandbags?");
  });
});
