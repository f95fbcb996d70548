import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { createTeamSql } from "../../scripts/lib/sql.ts";
import { getDb } from "../../worker/db/client";
import { auditLogs, teamMembers } from "../../worker/db/schema";
import { nowMs } from "../../worker/lib/clock";
import { INVITATION_MAIL_KIND } from "../../worker/teams/invitations";
import { api, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, latestMail, type TestUser } from "../helpers/auth";

export async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

export const db = () => getDb(env.DB);

/** An owner with a TEAM plan and a team of `seats` on their account, as `npm run admin -- create-team` makes it. */
export async function teamOwner(seats = 5): Promise<TestUser & { teamId: string }> {
  const owner = await createTestUser({ plan: "TEAM", onboarded: true, firstName: "Dana", lastName: "Whitfield" });
  const teamId = crypto.randomUUID();
  await run(createTeamSql({ email: owner.email, seats, now: nowMs(), id: teamId }));
  return { ...owner, teamId };
}

export const freshEmail = (label = "invitee") => `${label}-${crypto.randomUUID().slice(0, 10)}@example.test`;

/** Invites through the API and returns the invitation and the secret from the e-mailed link. */
export async function invite(admin: TestUser, email: string, collaborateRole: "CAMPAIGN_MANAGER" | "STANDARD_USER" = "STANDARD_USER") {
  const res = await api("/api/teams/invitations", { user: admin, body: { email, collaborateRole } });
  await expectStatus(res, 201, "invite");
  const { invitation } = await json(res);
  return { invitation: invitation as Json, token: await tokenSentTo(email) };
}

export async function tokenSentTo(email: string): Promise<string> {
  const mail = await latestMail(email, INVITATION_MAIL_KIND);
  const link = mail?.text.match(/https?:\/\/\S+\/invites\?token=(\S+)/);
  if (!link) throw new Error(`no invitation e-mail with an /invites link was sent to ${email}`);
  return decodeURIComponent(link[1]!);
}

export const accept = (user: TestUser, token: string) => api("/api/teams/invitations/accept", { user, body: { token } });

export async function memberRow(teamId: string, userId: string) {
  const [row] = await db()
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

export async function auditRows(accountId: string) {
  return db().select().from(auditLogs).where(eq(auditLogs.accountId, accountId));
}

/** A user who joined `owner`'s team through an invitation. */
export async function joinedMember(owner: TestUser, collaborateRole: "CAMPAIGN_MANAGER" | "STANDARD_USER" = "STANDARD_USER") {
  const email = freshEmail("member");
  const { token } = await invite(owner, email, collaborateRole);
  const user = await createTestUser({ email, onboarded: true });
  await expectStatus(await accept(user, token), 200, "accept");
  return user;
}
