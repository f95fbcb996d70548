import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { auditStatement } from "../audit/log";
import { addressConfirmed, confirmFreshAccount } from "../auth/auth";
import type { AppContext, UserContext } from "../context";
import { rawStatement } from "../db/client";
import { campaigns, campaignTokens, campaignUsers, contributorExercises, users, type Campaign, type CampaignToken } from "../db/schema";
import { nowMs } from "../lib/clock";
import { escapeHtml, getEmailSender } from "../lib/email";
import { conflict, HttpError, notFound } from "../lib/errors";
import { randomToken } from "../lib/ids";
import { hashInvitationToken } from "../teams/invitations";
import { managedCampaign, type ManagedCampaign } from "./access";
import { CAMPAIGN_INVITATION_TTL_MS, type InviteContributorBody } from "./model";
import { readParameters, takesContributions } from "./parameters";
import type { CampaignInvitationView } from "./views";

/**
 * Contributor invitations (spec §3 CampaignToken): one row per invited address, holding a SHA-256
 * of the secret (the secret itself travels only in the e-mailed link /collaborate/join?token=…),
 * the expiry, and who the invitee is (full name, organisation, role). Single use: accepting stamps
 * usedAt in the same batch that creates the contributor, and only if the row was still unused,
 * unrevoked and unexpired and the campaign had room (maxContributors counts contributors and
 * pending invitations). A resend replaces the secret (the old link stops working).
 */

export const CAMPAIGN_INVITATION_MAIL_KIND = "campaign-invitation";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function joinLink(appUrl: string, secret: string): string {
  return `${appUrl.replace(/\/$/, "")}/collaborate/join?token=${encodeURIComponent(secret)}`;
}

export function invitationStatus(row: Pick<CampaignToken, "usedAt" | "revokedAt" | "expiresAt">, now: number): CampaignInvitationView["status"] {
  if (row.revokedAt) return "REVOKED";
  if (row.usedAt) return "USED";
  if (row.expiresAt.getTime() <= now) return "EXPIRED";
  return "PENDING";
}

const NO_ROLE = "CONTRIBUTOR";

export function invitationView(row: CampaignToken, now: number): CampaignInvitationView {
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
function placesTaken(campaignId: string | SQL, now: number) {
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
  const [row] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  return [row?.firstName, row?.lastName].filter(Boolean).join(" ") || row?.email || "A Readyroom user";
}

async function sendCampaignInvitation(ctx: AppContext, input: { to: string; fullName: string | null; campaign: ManagedCampaign; inviter: string; secret: string }) {
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
  if (!takesContributions(campaign, nowMs())) throw conflict("This campaign is closed (by its manager, or its deadline has passed): it takes no new contributors.", "campaign_closed");
}

type InviteState = { taken: number; contributing: number; pending: number };

/** Why an invitation to `email` cannot be made now, or null when it can. */
function inviteRefusal(campaign: ManagedCampaign, email: string, state: InviteState): HttpError | null {
  if (state.contributing) return conflict(`${email} already contributes to this campaign.`, "already_contributor");
  if (state.pending) return conflict(`${email} already has a pending invitation. Resend it from the list instead.`, "already_invited");
  if (campaign.maxContributors !== null && Number(state.taken) >= campaign.maxContributors) {
    return conflict(`The campaign is full: all ${campaign.maxContributors} contributor places are taken or held by pending invitations. Raise the maximum or revoke an invitation.`, "campaign_full");
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
  const { secret, token, expiresAt } = await newSecret(now);
  const id = crypto.randomUUID();
  const row = { id, campaignId, email, token, expiresAt, fullName: input.fullName || null, organization: input.organization || null, role: input.role || NO_ROLE };
  const room = campaign.maxContributors === null ? sql`1` : sql`${placesTaken(campaignId, now)} < ${campaign.maxContributors}`;
  const inserted = sql`EXISTS (SELECT 1 FROM "CampaignToken" WHERE "id" = ${id})`;
  await ctx.db.batch([
    rawStatement(
      ctx.db,
      sql`INSERT INTO "CampaignToken" ("id", "campaignId", "email", "token", "expiresAt", "fullName", "organization", "role")
SELECT ${id}, ${campaignId}, ${email}, ${token}, ${expiresAt.getTime()}, ${row.fullName}, ${row.organization}, ${row.role}
WHERE ${room} AND NOT ${isContributorSql(campaignId, email)} AND NOT ${pendingFor(campaignId, email, now)}`,
    ),
    ctx.db
      .update(campaigns)
      .set({ status: "ACTIVE", updatedAt: new Date(now) })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "DRAFT"), inserted)),
    auditStatement(ctx.db, { accountId: campaign.accountId, actorId: ctx.user.id, campaignId, action: "campaign.contributor_invited", metadata: { invitationId: id, email } }, inserted),
  ]);
  const [stored] = await ctx.db.select({ id: campaignTokens.id }).from(campaignTokens).where(eq(campaignTokens.id, id)).limit(1);
  if (!stored) {
    // Another invitation got there first: say which rule it now breaks.
    throw inviteRefusal(campaign, email, await readState()) ?? conflict("The campaign changed meanwhile. Reload the page and try again.", "campaign_changed");
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
  if (row.expiresAt.getTime() <= now && campaign.maxContributors !== null) {
    // An expired invitation held no place; renewing it takes one.
    const [state] = await ctx.db.select({ taken: placesTaken(campaignId, now) }).from(campaigns).where(eq(campaigns.id, campaignId));
    if (Number(state?.taken ?? 0) >= campaign.maxContributors) throw conflict(`The campaign is full: all ${campaign.maxContributors} contributor places are taken.`, "campaign_full");
  }
  const { secret, token, expiresAt } = await newSecret(now);
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(campaignTokens)
      .set({ token, expiresAt })
      .where(and(eq(campaignTokens.id, row.id), isNull(campaignTokens.usedAt), isNull(campaignTokens.revokedAt)))
      .returning(),
    auditStatement(ctx.db, { accountId: campaign.accountId, actorId: ctx.user.id, campaignId, action: "campaign.invitation_resent", metadata: { invitationId: row.id, email: row.email } }),
  ]);
  const fresh = updated[0];
  if (!fresh) throw conflict("This invitation changed meanwhile (used or revoked). Reload the page.", "invitation_changed");
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
      { accountId: campaign.accountId, actorId: ctx.user.id, campaignId, action: "campaign.invitation_revoked", metadata: { invitationId: row.id, email: row.email } },
      sql`EXISTS (SELECT 1 FROM "CampaignToken" WHERE "id" = ${row.id} AND "revokedAt" = ${now})`,
    ),
  ]);
  const revoked = updated[0];
  if (!revoked) throw conflict("This invitation has already been used: the contributor has joined.", "invitation_used");
  return invitationView(revoked, now);
}

// ---------------------------------------------------------------------------------------------
// Opening and accepting a link (/collaborate/join)

export type JoinState =
  | { kind: "invalid" }
  | { kind: "expired" | "revoked" | "closed"; email: string; campaignName: string }
  | { kind: "used"; email: string; campaignName: string }
  | { kind: "full"; email: string; campaignName: string }
  | { kind: "wrong-address"; email: string; signedInAs: string; campaignName: string }
  | {
      kind: "ready";
      email: string;
      campaignName: string;
      inviterName: string;
      fullName: string | null;
      organization: string | null;
      /** join: one click (signed in as the invitee); sign-in: the address has an account; sign-up: a new, campaign-only person. */
      next: "join" | "sign-in" | "sign-up";
    };

type Found = { token: CampaignToken; campaign: Campaign; inviterName: string; taken: number };

async function findByToken(ctx: AppContext, secret: string | null | undefined): Promise<Found | null> {
  if (!secret || !TOKEN_PATTERN.test(secret)) return null;
  const hash = await hashInvitationToken(secret);
  const now = nowMs();
  const [row] = await ctx.db
    .select({
      token: campaignTokens,
      campaign: campaigns,
      first: users.firstName,
      last: users.lastName,
      creatorEmail: users.email,
      taken: placesTaken(sql`${campaigns.id}`, now),
    })
    .from(campaignTokens)
    .innerJoin(campaigns, eq(campaigns.id, campaignTokens.campaignId))
    .leftJoin(users, eq(users.id, campaigns.createdById))
    .where(eq(campaignTokens.token, hash))
    .limit(1);
  if (!row) return null;
  const inviterName = [row.first, row.last].filter(Boolean).join(" ") || row.creatorEmail || "A Readyroom user";
  return { token: row.token, campaign: row.campaign, inviterName, taken: Number(row.taken) };
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the link leads to for whoever opens it (viewer: the signed-in user, or null). */
export async function inspectCampaignInvitation(ctx: AppContext, secret: string | null | undefined, viewer: { id: string; email: string } | null): Promise<JoinState> {
  const found = await findByToken(ctx, secret);
  if (!found) return { kind: "invalid" };
  const { token, campaign } = found;
  const base = { email: token.email, campaignName: campaign.name };
  if (token.revokedAt) return { kind: "revoked", ...base };
  if (token.usedAt) return { kind: "used", ...base };
  if (token.expiresAt.getTime() <= nowMs()) return { kind: "expired", ...base };
  if (!takesContributions(campaign, nowMs())) return { kind: "closed", ...base };
  if (viewer && !sameAddress(viewer.email, token.email)) return { kind: "wrong-address", signedInAs: viewer.email, ...base };
  // The pending invitation itself holds a place, so "full" means more places are taken than allowed.
  if (campaign.maxContributors !== null && found.taken > campaign.maxContributors) return { kind: "full", ...base };
  let next: "join" | "sign-in" | "sign-up" = "join";
  if (!viewer) {
    const [existing] = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${token.email.toLowerCase()}`).limit(1);
    next = existing ? "sign-in" : "sign-up";
  }
  return { kind: "ready", ...base, inviterName: found.inviterName, fullName: token.fullName, organization: token.organization, next };
}

export function joinError(state: Exclude<JoinState, { kind: "ready" }>): HttpError {
  switch (state.kind) {
    case "invalid":
      return new HttpError(404, "invitation_invalid", "This invitation link is not valid. It may have been replaced by a newer one.");
    case "expired":
      return new HttpError(410, "invitation_expired", "This invitation has expired. Ask the campaign manager to send a new one.");
    case "revoked":
      return new HttpError(410, "invitation_revoked", "This invitation was withdrawn by the campaign manager.");
    case "used":
      return new HttpError(409, "invitation_used", "This invitation has already been used.");
    case "closed":
      return new HttpError(409, "campaign_closed", "This campaign is closed: it takes no new contributors.");
    case "full":
      return new HttpError(409, "campaign_full", "The campaign has no free contributor place. Ask the campaign manager to raise the maximum.");
    case "wrong-address":
      return new HttpError(403, "wrong_address", `This invitation was sent to ${state.email}, but you are signed in as ${state.signedInAs}.`);
  }
}

/**
 * Joins the signed-in invitee to the campaign and returns their interview's id. A Readyroom user
 * becomes a CampaignParticipant and the interview's author; someone who came in as a campaign-only
 * person (a CampaignUser with their address) stays one and their CampaignUser is the author.
 * Everything is checked again inside the batch: the token must still be unused, unrevoked and
 * unexpired and the campaign must have room, so two tabs or a raced accept join once.
 */
export async function acceptCampaignInvitation(ctx: UserContext, secret: string, viewerEmail: string): Promise<{ interviewId: string; campaignId: string }> {
  const state = await inspectCampaignInvitation(ctx, secret, { id: ctx.user.id, email: viewerEmail });
  if (state.kind !== "ready") throw joinError(state);
  const found = (await findByToken(ctx, secret))!;
  const { token, campaign } = found;
  const [campaignUser] = await ctx.db.select({ id: campaignUsers.id }).from(campaignUsers).where(sql`lower(${campaignUsers.email}) = ${viewerEmail.toLowerCase()}`).limit(1);
  const authorId = campaignUser?.id ?? ctx.user.id;
  return joinAs(ctx, { token, campaign, authorId, participantUserId: campaignUser ? null : ctx.user.id, actorId: ctx.user.id }, () =>
    inspectCampaignInvitation(ctx, secret, { id: ctx.user.id, email: viewerEmail }),
  );
}

/**
 * The sign-up path: a new person who got the link becomes a campaign-only contributor (spec §3
 * CampaignUser: their name, organisation, role and language) and joins. Their password is the one
 * they just chose for their Readyroom sign-in (docs/decisions/0015).
 */
export async function acceptAsCampaignUser(
  ctx: AppContext,
  secret: string,
  person: { userId: string; email: string; firstName: string; lastName: string },
): Promise<{ interviewId: string; campaignId: string }> {
  const state = await inspectCampaignInvitation(ctx, secret, { id: person.userId, email: person.email });
  if (state.kind !== "ready") throw joinError(state);
  const found = (await findByToken(ctx, secret))!;
  const params = readParameters(found.campaign.parameters);
  const email = person.email.toLowerCase();
  await ctx.db
    .insert(campaignUsers)
    .values({ email, firstName: person.firstName, lastName: person.lastName, organization: found.token.organization, role: found.token.role, preferredLanguage: params.language })
    .onConflictDoNothing({ target: campaignUsers.email });
  const [campaignUser] = await ctx.db.select({ id: campaignUsers.id }).from(campaignUsers).where(eq(campaignUsers.email, email)).limit(1);
  return joinAs(ctx, { token: found.token, campaign: found.campaign, authorId: campaignUser!.id, participantUserId: null, actorId: person.userId }, () =>
    inspectCampaignInvitation(ctx, secret, { id: person.userId, email: person.email }),
  );
}

async function joinAs(
  ctx: AppContext,
  input: { token: CampaignToken; campaign: Campaign; authorId: string; participantUserId: string | null; actorId: string },
  /** The link's state now, to say why a refused join was refused. */
  stateNow: () => Promise<JoinState>,
): Promise<{ interviewId: string; campaignId: string }> {
  const { token, campaign } = input;
  const now = nowMs();
  const interviewId = crypto.randomUUID();
  const mine = sql`EXISTS (SELECT 1 FROM "CampaignToken" WHERE "id" = ${token.id} AND "usedAt" = ${now})`;
  const roomLeft =
    campaign.maxContributors === null
      ? sql`1`
      : sql`(SELECT count(*) FROM "ContributorExercise" WHERE "campaignId" = ${campaign.id})
          + (SELECT count(*) FROM "CampaignToken" WHERE "campaignId" = ${campaign.id} AND "id" <> ${token.id} AND "usedAt" IS NULL AND "revokedAt" IS NULL AND "expiresAt" > ${now}) < ${campaign.maxContributors}`;
  const [used] = await ctx.db.batch([
    ctx.db
      .update(campaignTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(campaignTokens.id, token.id), isNull(campaignTokens.usedAt), isNull(campaignTokens.revokedAt), sql`${campaignTokens.expiresAt} > ${now}`, roomLeft))
      .returning({ id: campaignTokens.id }),
    rawStatement(ctx.db, sql`INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status", "progress", "collectedData", "contributions", "completionPercentage", "createdAt", "updatedAt")
SELECT ${interviewId}, ${campaign.id}, ${input.authorId}, 'INVITED', '{"step":0,"messages":[]}', '{"answers":[]}', '{"injects":[],"questions":[],"objectives":[]}', 0, ${now}, ${now} WHERE ${mine}
ON CONFLICT ("campaignId", "authorId") DO NOTHING`),
    ...(input.participantUserId
      ? [
          rawStatement(ctx.db, sql`INSERT INTO "CampaignParticipant" ("campaignId", "userId", "role", "joinedAt")
SELECT ${campaign.id}, ${input.participantUserId}, 'CONTRIBUTOR', ${now} WHERE ${mine}
ON CONFLICT DO NOTHING`),
        ]
      : []),
    auditStatement(
      ctx.db,
      { accountId: null, actorId: input.actorId, campaignId: campaign.id, action: "campaign.contributor_joined", metadata: { invitationId: token.id, email: token.email } },
      mine,
    ),
  ]);
  if (used.length === 0) {
    // Someone else got there first, or the last place went: say which.
    const again = await stateNow();
    throw joinError(again.kind === "ready" ? { kind: "full", email: token.email, campaignName: campaign.name } : again);
  }
  // Already a contributor (a second invitation to the same person): their existing interview.
  const [row] = await ctx.db
    .select({ id: contributorExercises.id })
    .from(contributorExercises)
    .where(and(eq(contributorExercises.campaignId, campaign.id), eq(contributorExercises.authorId, input.authorId)))
    .limit(1);
  return { interviewId: row?.id ?? interviewId, campaignId: campaign.id };
}

// ---------------------------------------------------------------------------------------------
// Signing up from a link (the /collaborate/join page)

/**
 * The header the join page sets on its own call of better-auth's sign-up, carrying the link's
 * secret: the link was e-mailed to the address and so proves it, and the page confirms the address
 * itself (confirmCampaignInvitedAddress) — no "confirm your address" e-mail.
 */
export const CAMPAIGN_SIGN_UP_HEADER = "x-readyroom-campaign-invitation";

async function linkProvesAddress(ctx: AppContext, secret: string | null | undefined, email: string): Promise<boolean> {
  const state = await inspectCampaignInvitation(ctx, secret, null);
  return state.kind === "ready" && sameAddress(state.email, email);
}

export async function confirmCampaignInvitedAddress(ctx: AppContext, secret: string, email: string): Promise<string | null> {
  if (!(await linkProvesAddress(ctx, secret, email))) return null;
  return confirmFreshAccount(ctx.db, email);
}

/** The auth feature's verification-mail hook (registered in worker/composition.ts). */
export async function campaignSignUpNeedsNoVerificationMail(ctx: AppContext, request: Request | undefined, user: { id: string; email: string }): Promise<boolean> {
  const secret = request?.headers.get(CAMPAIGN_SIGN_UP_HEADER);
  if (!secret) return false;
  return (await linkProvesAddress(ctx, secret, user.email)) || (await addressConfirmed(ctx.db, user.id));
}
