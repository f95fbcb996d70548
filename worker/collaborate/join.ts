import { and, eq, isNull, sql } from "drizzle-orm";
import { auditStatement } from "../audit/log";
import { addressConfirmed, confirmFreshAccount } from "../auth/auth";
import type { AppContext, UserContext } from "../context";
import { rawStatement } from "../db/client";
import { campaigns, campaignTokens, campaignUsers, contributorExercises, users, type Campaign, type CampaignToken } from "../db/schema";
import { nowMs } from "../lib/clock";
import { HttpError } from "../lib/errors";
import { hashInvitationToken } from "../teams/invitations";
import { placesTaken } from "./invitations";
import { readParameters, takesContributions } from "./parameters";

/**
 * Opening and accepting a contributor's link (/collaborate/join, POST /api/collaborate/join): what
 * the link leads to for whoever opens it, joining as a Readyroom user or as a new campaign-only
 * person (docs/decisions/0015), and the sign-up hook that spares that person a confirmation
 * e-mail. Inviting, resending and revoking are in ./invitations.ts.
 */

/** The secret in links: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

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
export async function inspectCampaignInvitation(
  ctx: AppContext,
  secret: string | null | undefined,
  viewer: { id: string; email: string } | null,
): Promise<JoinState> {
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
    const [existing] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${token.email.toLowerCase()}`)
      .limit(1);
    next = existing ? "sign-in" : "sign-up";
  }
  return { kind: "ready", ...base, inviterName: found.inviterName, fullName: token.fullName, organization: token.organization, next };
}

function joinError(state: Exclude<JoinState, { kind: "ready" }>): HttpError {
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
  const [campaignUser] = await ctx.db
    .select({ id: campaignUsers.id })
    .from(campaignUsers)
    .where(sql`lower(${campaignUsers.email}) = ${viewerEmail.toLowerCase()}`)
    .limit(1);
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
    // Only who they are: what this invitation says about their organisation and role goes on
    // this campaign's contributor row (joinAs), never on the person another team may invite.
    .values({ email, firstName: person.firstName, lastName: person.lastName, preferredLanguage: params.language })
    .onConflictDoNothing({ target: campaignUsers.email });
  const [campaignUser] = await ctx.db.select({ id: campaignUsers.id }).from(campaignUsers).where(eq(campaignUsers.email, email)).limit(1);
  return joinAs(ctx, { token: found.token, campaign: found.campaign, authorId: campaignUser!.id, participantUserId: null, actorId: person.userId }, () =>
    inspectCampaignInvitation(ctx, secret, { id: person.userId, email: person.email }),
  );
}

/** The invitee's role as the invitation gives it; CONTRIBUTOR is the invitation's "none given". */
const invitedRole = (token: CampaignToken) => (token.role && token.role !== "CONTRIBUTOR" ? token.role : null);

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
      .where(
        and(
          eq(campaignTokens.id, token.id),
          isNull(campaignTokens.usedAt),
          isNull(campaignTokens.revokedAt),
          sql`${campaignTokens.expiresAt} > ${now}`,
          roomLeft,
        ),
      )
      .returning({ id: campaignTokens.id }),
    rawStatement(
      ctx.db,
      sql`INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status", "progress", "collectedData", "contributions", "completionPercentage", "organization", "role", "createdAt", "updatedAt")
SELECT ${interviewId}, ${campaign.id}, ${input.authorId}, 'INVITED', '{"step":0,"messages":[]}', '{"answers":[]}', '{"injects":[],"questions":[],"objectives":[]}', 0, ${token.organization}, ${invitedRole(token)}, ${now}, ${now} WHERE ${mine}
ON CONFLICT ("campaignId", "authorId") DO NOTHING`,
    ),
    ...(input.participantUserId
      ? [
          rawStatement(
            ctx.db,
            sql`INSERT INTO "CampaignParticipant" ("campaignId", "userId", "role", "joinedAt")
SELECT ${campaign.id}, ${input.participantUserId}, 'CONTRIBUTOR', ${now} WHERE ${mine}
ON CONFLICT DO NOTHING`,
          ),
        ]
      : []),
    auditStatement(
      ctx.db,
      {
        accountId: null,
        actorId: input.actorId,
        campaignId: campaign.id,
        action: "campaign.contributor_joined",
        metadata: { invitationId: token.id, email: token.email },
      },
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

/** Confirms only the account this sign-up created (`userId`, from its answer): confirmFreshAccount. */
export async function confirmCampaignInvitedAddress(ctx: AppContext, secret: string, email: string, userId: string): Promise<string | null> {
  if (!(await linkProvesAddress(ctx, secret, email))) return null;
  return confirmFreshAccount(ctx.db, email, userId);
}

/** The auth feature's verification-mail hook (registered in worker/composition.ts). */
export async function campaignSignUpNeedsNoVerificationMail(
  ctx: AppContext,
  request: Request | undefined,
  user: { id: string; email: string },
): Promise<boolean> {
  const secret = request?.headers.get(CAMPAIGN_SIGN_UP_HEADER);
  if (!secret) return false;
  return (await linkProvesAddress(ctx, secret, user.email)) || (await addressConfirmed(ctx.db, user.id));
}
