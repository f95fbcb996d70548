import { env, SELF } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import { teamMembers, teams } from "../../worker/db/schema";
import { CAMPAIGN_INVITATION_MAIL_KIND } from "../../worker/collaborate/invitations";
import type { CampaignDetailView, InterviewView } from "../../shared/collaborate/views";
import { setCollaborateFlag } from "../exercises/helpers";
import { api, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, latestMail, type TestUser } from "../helpers/auth";

export const db = () => getDb(env.DB);
export const freshEmail = (label = "contributor") => `${label}-${crypto.randomUUID().slice(0, 10)}@example.test`;

export type Team = { owner: TestUser; teamId: string; member(role: "CAMPAIGN_MANAGER" | "STANDARD_USER", flag?: boolean): Promise<TestUser> };

/** A TEAM-plan owner with the collaborate flag, ADMIN and campaign manager of a new team. */
export async function collaborateTeam(): Promise<Team> {
  const owner = await createTestUser({ plan: "TEAM", onboarded: true, firstName: "Dana", lastName: "Whitfield" });
  const teamId = crypto.randomUUID();
  await db().insert(teams).values({ id: teamId, accountId: owner.accountId, seats: 10 });
  await db().insert(teamMembers).values({ teamId, userId: owner.userId, role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" });
  await setCollaborateFlag(owner, true);
  return {
    owner,
    teamId,
    async member(collaborateRole, flag = true) {
      const user = await createTestUser({ onboarded: true });
      await db().insert(teamMembers).values({ teamId, userId: user.userId, role: "MEMBER", collaborateRole });
      await setCollaborateFlag(user, flag);
      return user;
    },
  };
}

export const brief = (over: Json = {}) => ({
  name: "Sable River flood readiness",
  purpose: "exercise",
  hazard: "Riverine flooding",
  scenario: "A levee slumps behind Alder Flats after four days of rain. Residents must leave within hours.",
  capabilities: ["Mass Care Services", "Critical Transportation"],
  questions: ["Where would you stage sandbags?"],
  maxContributors: 3,
  deadline: null,
  language: "en",
  ...over,
});

export async function newCampaign(user: TestUser, over: Json = {}): Promise<CampaignDetailView> {
  const res = await api("/api/collaborate/campaigns", { user, body: brief(over) });
  await expectStatus(res, 201, "create campaign");
  return (await json(res)).campaign as CampaignDetailView;
}

/** Invites through the API; returns the invitation and the secret from the e-mailed link. */
export async function inviteContributor(manager: TestUser, campaignId: string, email: string, extra: Json = {}) {
  const res = await api(`/api/collaborate/campaigns/${campaignId}/invitations`, { user: manager, body: { email, ...extra } });
  await expectStatus(res, 201, "invite contributor");
  return { invitation: (await json(res)).invitation as Json, token: await joinTokenSentTo(email) };
}

export async function joinTokenSentTo(email: string): Promise<string> {
  const mail = await latestMail(email, CAMPAIGN_INVITATION_MAIL_KIND);
  const link = mail?.text.match(/https?:\/\/\S+\/collaborate\/join\?token=(\S+)/);
  if (!link) throw new Error(`no campaign invitation with a /collaborate/join link was sent to ${email}`);
  return decodeURIComponent(link[1]!);
}

/** A Readyroom user who accepted `token` through the API; returns their interview id. */
export async function joinAsUser(user: TestUser, token: string): Promise<string> {
  const res = await api("/api/collaborate/join", { user, body: { token } });
  await expectStatus(res, 201, "join");
  return (await json(res)).interviewId as string;
}

/** Answers every question (each answer from `answers` in turn, or a filler) and returns the last view. */
export async function answerAll(user: TestUser, interviewId: string, answers: string[] = []): Promise<InterviewView> {
  let view = (await json(await api(`/api/collaborate/interviews/${interviewId}`, { user }))) as InterviewView;
  let i = 0;
  while (view.currentQuestion) {
    const res = await api(`/api/collaborate/interviews/${interviewId}/answers`, {
      user,
      body: { answer: answers[i] ?? `Answer ${i + 1}: we rely on the county EOP annex.` },
    });
    await expectStatus(res, 200, `answer ${i + 1}`);
    view = (await json(res)) as InterviewView;
    i++;
  }
  return view;
}

/** A page request as a browser makes it (form posts, no redirects followed), from an address of its own. */
export async function pageRequest(path: string, init: { method?: string; body?: URLSearchParams; cookie?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body) headers["content-type"] = "application/x-www-form-urlencoded";
  return SELF.fetch(`http://localhost${path}`, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" });
}

/** A new person signs up from the invitation link as a campaign-only contributor: their interview id and session cookie. */
export async function signUpFromLink(token: string, firstName: string, lastName: string): Promise<{ interviewId: string; cookie: string }> {
  const form = new URLSearchParams({ token, intent: "signup", firstName, lastName, password: "a-long-enough-password-1" });
  const res = await pageRequest(`/collaborate/join?token=${encodeURIComponent(token)}`, { method: "POST", body: form });
  if (res.status !== 302) throw new Error(`the campaign-only sign-up answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { interviewId: (res.headers.get("location") ?? "").split("/").pop()!, cookie };
}
