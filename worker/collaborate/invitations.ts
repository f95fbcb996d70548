import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { assertInvitationAllowance, underInvitationLimit } from "../audit/invitation-limit";
import { auditStatement } from "../audit/log";
import type { AppContext, UserContext } from "../context";
import { rawStatement } from "../db/client";
import { campaigns, campaignTokens, users, type Campaign, type CampaignToken } from "../db/schema";
import { nowMs } from "../lib/clock";
import { escapeHtml, getEmailSender } from "../lib/email";
import { conflict, HttpError, notFound } from "../lib/errors";
import { randomToken } from "../lib/ids";
import { hashInvitationToken } from "../teams/invitations";
import { managedCampaign, type ManagedCampaign } from "./access";
import { CAMPAIGN_INVITATION_TTL_MS, type InviteContributorBody } from "../../shared/collaborate/model";
import { readParameters, takesContributions } from "./parameters";
import type { CampaignInvitationView } from "../../shared/collaborate/views";

/**
 * Contributor invitations (spec §3 CampaignToken): one row per invited address, holding a SHA-256
 * of the secret (the secret itself travels only in the e-mailed link /collaborate/join?token=…),
 * the expiry, and who the invitee is (full name, organisation, role). Single use: accepting stamps
 * usedAt in the same batch that creates the contributor, and only if the row was still unused,
 * unrevoked and unexpired and the campaign had room (maxContributors counts contributors and
 * pending invitations). A resend replaces the secret (the old link stops working). Opening and
 * accepting a link: ./join.ts.
 */

export const CAMPAIGN_INVITATION_MAIL_KIND = "campaign-invitation";

function joinLink(appUrl: string, secret: string): string {
  return `${appUrl.replace(/\/$/, "")}/collaborate/join?token=${encodeURIComponent(secret)}`;
}

function invitationStatus(row: Pick<CampaignToken, "usedAt" | "revokedAt" | "expiresAt">, now: number): CampaignInvitationView["status"] {
  if (row.revokedAt) return "REVOKED";
  if (row.usedAt) return "USED";
  if (row.expiresAt.getTime() <= now) return "EXPIRED";
  return "PENDING";
}

const NO_ROLE = "CONTRIBUTOR";

function invitationView(row: CampaignToken, now: number): CampaignInvitationView {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    organization: row.organization,
    role: row.role === NO_ROLE ? null : row.role,
    status: invitationStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function invitationsOf(ctx: AppContext, campaignId: string): Promise<CampaignInvitationView[]> {
  const rows = await ctx.db.select().from(campaignTokens).where(eq(campaignTokens.campaignId, campaignId)).orderBy(campaignTokens.expiresAt);
  const now = nowMs();
  return rows.map((r) => invitationView(r, now));
}

/** Places taken: contributors, plus invitations still waiting (unused, unrevoked, unexpired). */
export function placesTaken(campaignId: string | SQL, now: number) {
  return sql<number>`((SELECT count(*) FROM "ContributorExercise" WHERE "campaignId" = ${campaignId})
    + (SELECT count(*) FROM "CampaignToken" WHERE "campaignId" = ${campaignId} AND "usedAt" IS NULL AND "revokedAt" IS NULL AND "expiresAt" > ${now}))`;
}

/** Whether `email` already contributes to the campaign (as a Readyroom user or a campaign-only person). */
function isContributorSql(campaignId: string, email: string) {
  return sql<number>`EXISTS (SELECT 1 FROM "ContributorExercise" ce
    LEFT JOIN "User" u ON u."id" = ce."authorId" LEFT JOIN "CampaignUser" cu ON cu."id" = ce."authorId"
    WHERE ce."campaignId" = ${campaignId} AND lower(coalesce(u."email", cu."email")) = ${email.toLowerCase()})`;
}

async function newSecret(now: number) {
  const secret = randomToken(32);
  return { secret, token: await hashInvitationToken(secret), expiresAt: new Date(now + CAMPAIGN_INVITATION_TTL_MS) };
}

async function inviterName(ctx: UserContext): Promise<string> {
  const [row] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1);
  return [row?.firstName, row?.lastName].filter(Boolean).join(" ") || row?.email || "A Readyroom user";
}

async function sendCampaignInvitation(
  ctx: AppContext,
  input: { to: string; fullName: string | null; campaign: ManagedCampaign; inviter: string; secret: string },
) {
  const link = joinLink(ctx.config.APP_URL, input.secret);
  const params = readParameters(input.campaign.parameters);
  const days = Math.round(CAMPAIGN_INVITATION_TTL_MS / 86_400_000);
  const greeting = input.fullName ? `Hello ${input.fullName},` : "Hello,";
  const deadline = params.deadline ? ` Please contribute by ${params.deadline}.` : "";
  const about = params.hazard ? ` about ${params.hazard}` : "";
  await getEmailSender(ctx.env, ctx.config).send({
    to: input.to,
    kind: CAMPAIGN_INVITATION_MAIL_KIND,
    subject: `${input.inviter} asks for your input: ${input.campaign.name}`,
    text: `${greeting}\n\n${input.inviter} invited you to contribute to “${input.campaign.name}”${about} on Readyroom. A short guided interview asks about your role, your agency's plans and experience, and your ideas for an exercise. What you write is anonymised before it is analysed.${deadline}\n\nStart your contribution: ${link}\n\nThe link works once and expires in ${days} days. If you were not expecting it, ignore this e-mail.`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(input.inviter)} invited you to contribute to “${escapeHtml(input.campaign.name)}”${escapeHtml(about)} on Readyroom. A short guided interview asks about your role, your agency's plans and experience, and your ideas for an exercise. What you write is anonymised before it is analysed.${escapeHtml(deadline)}</p><p><a href="${escapeHtml(link)}">Start your contribution</a></p><p>The link works once and expires in ${days} days. If you were not expecting it, ignore this e-mail.</p>`,
  });
}

function assertOpen(campaign: Campaign): void {
  if (!takesContributions(campaign, nowMs()))
    throw conflict("This campaign is closed (by its manager, or its deadline has passed): it takes no new contributors.", "campaign_closed");
}

type InviteState = { taken: number; contributing: number; pending: number };

/** Why an invitation to `email` cannot be made now, or null when it can. */
function inviteRefusal(campaign: ManagedCampaign, email: string, state: InviteState): HttpError | null {
  if (state.contributing) return conflict(`${email} already contributes to this campaign.`, "already_contributor");
  if (state.pending) return conflict(`${email} already has a pending invitation. Resend it from the list instead.`, "already_invited");
  if (campaign.maxContributors !== null && Number(state.taken) >= campaign.maxContributors) {
    return conflict(
      `The campaign is full: all ${campaign.maxContributors} contributor places are taken or held by pending invitations. Raise the maximum or revoke an invitation.`,
      "campaign_full",
    );
  }
  return null;
}

function pendingFor(campaignId: string, email: string, now: number) {
  return sql<number>`EXISTS (SELECT 1 FROM "CampaignToken" WHERE "campaignId" = ${campaignId} AND lower("email") = ${email} AND "usedAt" IS NULL AND "revokedAt" IS NULL AND "expiresAt" > ${now})`;
}

/**
 * Invites one address to contribute (managers of the campaign's team) and e-mails the link. The
 * rules (not already contributing, no pending link for the address, a free place) are checked
 * first for a clear message, and again inside the insert itself: two invitations sent at once
 * (two managers, a double click) cannot both take the last place or both go to one address.
 */
export async function inviteContributor(ctx: UserContext, campaignId: string, input: InviteContributorBody): Promise<CampaignInvitationView> {
  const campaign = await managedCampaign(ctx, campaignId);
  assertOpen(campaign);
  const now = nowMs();
  const email = input.email.toLowerCase();
  const readState = async () => {
    const [state] = await ctx.db
      .select({ taken: placesTaken(campaignId, now), contributing: isContributorSql(campaignId, email), pending: pendingFor(campaignId, email, now) })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    if (!state) throw notFound("Campaign not found.");
    return state;
  };
  const refused = inviteRefusal(campaign, email, await readState());
  if (refused) throw refused;
  await assertInvitationAllowance(ctx, ctx.user.id, now);
  const { secret, token, expiresAt } = await newSecret(now);
  const id = crypto.randomUUID();
  const row = {
    id,
    campaignId,
    email,
    token,
    expiresAt,
    fullName: input.fullName || null,
    organization: input.organization || null,
    role: input.role || NO_ROLE,
  };
  const room = campaign.maxContributors === null ? sql`1` : sql`${placesTaken(campaignId, now)} < ${campaign.maxContributors}`;
  const inserted = sql`EXISTS (SELECT 1 FROM "CampaignToken" WHERE "id" = ${id})`;
  await ctx.db.batch([
    rawStatement(
      ctx.db,
      sql`INSERT INTO "CampaignToken" ("id", "campaignId", "email", "token", "expiresAt", "fullName", "organization", "role")
SELECT ${id}, ${campaignId}, ${email}, ${token}, ${expiresAt.getTime()}, ${row.fullName}, ${row.organization}, ${row.role}
WHERE ${room} AND NOT ${isContributorSql(campaignId, email)} AND NOT ${pendingFor(campaignId, email, now)} AND ${underInvitationLimit(ctx, ctx.user.id, now)}`,
    ),
    ctx.db
      .update(campaigns)
      .set({ status: "ACTIVE", updatedAt: new Date(now) })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "DRAFT"), inserted)),
    auditStatement(
      ctx.db,
      { accountId: campaign.accountId, actorId: ctx.user.id, campaignId, action: "campaign.contributor_invited", metadata: { invitationId: id, email } },
      inserted,
    ),
  ]);
  const [stored] = await ctx.db.select({ id: campaignTokens.id }).from(campaignTokens).where(eq(campaignTokens.id, id)).limit(1);
  if (!stored) {
    // Another invitation got there first: say which rule it now breaks.
    const again = inviteRefusal(campaign, email, await readState());
    if (again) throw again;
    await assertInvitationAllowance(ctx, ctx.user.id, now);
    throw conflict("The campaign changed meanwhile. Reload the page and try again.", "campaign_changed");
  }
  await sendCampaignInvitation(ctx, { to: email, fullName: row.fullName, campaign, inviter: await inviterName(ctx), secret });
  return invitationView({ ...row, usedAt: null, revokedAt: null }, now);
}

async function invitationOf(ctx: UserContext, campaignId: string, invitationId: string): Promise<{ campaign: ManagedCampaign; row: CampaignToken }> {
  const campaign = await managedCampaign(ctx, campaignId);
  const [row] = await ctx.db
    .select()
    .from(campaignTokens)
    .where(and(eq(campaignTokens.id, invitationId), eq(campaignTokens.campaignId, campaignId)))
    .limit(1);
  if (!row) throw notFound("Invitation not found.");
  return { campaign, row };
}

/** A new link and a fresh expiry; the previous link stops working. Not for used or revoked invitations. */
export async function resendContributorInvitation(ctx: UserContext, campaignId: string, invitationId: string): Promise<CampaignInvitationView> {
  const { campaign, row } = await invitationOf(ctx, campaignId, invitationId);
  assertOpen(campaign);
  if (row.usedAt) throw conflict("This invitation has already been used.", "invitation_used");
  if (row.revokedAt) throw conflict("This invitation was revoked. Invite the address again instead.", "invitation_revoked");
  const now = nowMs();
  const full = () => conflict(`The campaign is full: all ${campaign.maxContributors} contributor places are taken.`, "campaign_full");
  // A pending link holds its place already; an expired one held none, so renewing it takes one —
  // checked first for a clear message, and again inside the update so two renewals at once cannot
  // both take the last place.
  const room =
    campaign.maxContributors === null ? sql`1` : sql`(${campaignTokens.expiresAt} > ${now} OR ${placesTaken(campaignId, now)} < ${campaign.maxContributors})`;
  if (row.expiresAt.getTime() <= now && campaign.maxContributors !== null) {
    const [state] = await ctx.db
      .select({ taken: placesTaken(campaignId, now) })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    if (Number(state?.taken ?? 0) >= campaign.maxContributors) throw full();
  }
  await assertInvitationAllowance(ctx, ctx.user.id, now);
  const { secret, token, expiresAt } = await newSecret(now);
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(campaignTokens)
      .set({ token, expiresAt })
      .where(
        and(eq(campaignTokens.id, row.id), isNull(campaignTokens.usedAt), isNull(campaignTokens.revokedAt), room, underInvitationLimit(ctx, ctx.user.id, now)),
      )
      .returning(),
    auditStatement(
      ctx.db,
      {
        accountId: campaign.accountId,
        actorId: ctx.user.id,
        campaignId,
        action: "campaign.invitation_resent",
        metadata: { invitationId: row.id, email: row.email },
      },
      sql`EXISTS (SELECT 1 FROM "CampaignToken" WHERE "id" = ${row.id} AND "token" = ${token})`,
    ),
  ]);
  const fresh = updated[0];
  if (!fresh) {
    await assertInvitationAllowance(ctx, ctx.user.id, now);
    const [again] = await ctx.db.select().from(campaignTokens).where(eq(campaignTokens.id, row.id)).limit(1);
    if (again && !again.usedAt && !again.revokedAt) throw full();
    throw conflict("This invitation changed meanwhile (used or revoked). Reload the page.", "invitation_changed");
  }
  await sendCampaignInvitation(ctx, { to: row.email, fullName: row.fullName, campaign, inviter: await inviterName(ctx), secret });
  return invitationView(fresh, now);
}

/** Withdraws an unused invitation: its link then says so, and its place frees up. */
export async function revokeContributorInvitation(ctx: UserContext, campaignId: string, invitationId: string): Promise<CampaignInvitationView> {
  const { campaign, row } = await invitationOf(ctx, campaignId, invitationId);
  if (row.usedAt) throw conflict("This invitation has already been used: the contributor has joined.", "invitation_used");
  if (row.revokedAt) return invitationView(row, nowMs());
  const now = nowMs();
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(campaignTokens)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(campaignTokens.id, row.id), isNull(campaignTokens.usedAt), isNull(campaignTokens.revokedAt)))
      .returning(),
    auditStatement(
      ctx.db,
      {
        accountId: campaign.accountId,
        actorId: ctx.user.id,
        campaignId,
        action: "campaign.invitation_revoked",
        metadata: { invitationId: row.id, email: row.email },
      },
      sql`EXISTS (SELECT 1 FROM "CampaignToken" WHERE "id" = ${row.id} AND "revokedAt" = ${now})`,
    ),
  ]);
  const revoked = updated[0];
  if (!revoked) throw conflict("This invitation has already been used: the contributor has joined.", "invitation_used");
  return invitationView(revoked, now);
}
