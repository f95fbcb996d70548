import { addressConfirmed, confirmFreshAccount } from "../auth/auth";
import { rawStatement } from "../db/client";
import { and, eq, ne, sql } from "drizzle-orm";
import { assertInvitationAllowance, underInvitationLimit } from "../audit/invitation-limit";
import { auditStatement } from "../audit/log";
import type { AppContext, UserContext } from "../context";
import { authTokens, teamInvitations, teamMembers, teams, users, type CollaborateRole, type TeamInvitation } from "../db/schema";
import { nowMs } from "../lib/clock";
import { escapeHtml, getEmailSender } from "../lib/email";
import { conflict, HttpError, notFound } from "../lib/errors";
import { randomToken } from "../lib/ids";
import { requireTeamAdmin, teamsEnabled } from "./team";
import { notifyTeammateJoined } from "../notifications/events";

/**
 * Team invitations (spec §3 TeamInvitation, AuthToken purpose INVITATION). An invitation is a
 * TeamInvitation row and one AuthToken row with the SAME id: the token row holds a SHA-256 of the
 * secret (never the secret), the expiry (7 days) and, as its required user, the inviter. The secret
 * travels only in the e-mailed link, /invites?token=<secret>. A resend replaces the secret and the
 * expiry (the old link stops working). Single use: accepting moves the invitation from PENDING to
 * ACCEPTED in the same batch that adds the member, and only if it was still PENDING.
 */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_MAIL_KIND = "team-invitation";
/** The secret in links: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function hashInvitationToken(secret: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function invitationLink(appUrl: string, secret: string): string {
  return `${appUrl.replace(/\/$/, "")}/invites?token=${encodeURIComponent(secret)}`;
}

/** A fresh secret for a link, the hash to store and the link's expiry. */
async function newSecret(now: number) {
  const secret = randomToken(32);
  return { secret, token: await hashInvitationToken(secret), expires: new Date(now + INVITATION_TTL_MS) };
}

async function sendInvitationMail(
  ctx: AppContext,
  input: { to: string; inviter: { firstName: string; lastName: string; email: string }; secret: string; expires: Date },
) {
  const link = invitationLink(ctx.config.APP_URL, input.secret);
  const who = [input.inviter.firstName, input.inviter.lastName].filter(Boolean).join(" ") || input.inviter.email;
  const days = Math.round(INVITATION_TTL_MS / 86_400_000);
  await getEmailSender(ctx.env, ctx.config).send({
    to: input.to,
    kind: INVITATION_MAIL_KIND,
    subject: `${who} invited you to their team on Readyroom`,
    text: `${who} (${input.inviter.email}) invited you to join their team on Readyroom.\n\nAccept the invitation: ${link}\n\nThe link works once and expires in ${days} days. If you were not expecting it, ignore this e-mail.`,
    html: `<p>${escapeHtml(who)} (${escapeHtml(input.inviter.email)}) invited you to join their team on Readyroom.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>The link works once and expires in ${days} days. If you were not expecting it, ignore this e-mail.</p>`,
  });
}

async function inviterOf(ctx: UserContext) {
  const [row] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1);
  if (!row) throw notFound("User not found.");
  return row;
}

/** Invitations holding a seat: PENDING with a token that has not expired. */
function activePendingCount(teamId: string, now: number) {
  return sql<number>`(SELECT count(*) FROM "TeamInvitation" i JOIN "AuthToken" t ON t."id" = i."id" WHERE i."teamId" = ${teamId} AND i."status" = 'PENDING' AND t."expires" > ${now})`;
}

const memberCount = (teamId: string) => sql<number>`(SELECT count(*) FROM "TeamMember" WHERE "teamId" = ${teamId})`;

export type InvitationView = {
  id: string;
  email: string;
  collaborateRole: CollaborateRole;
  status: TeamInvitation["status"];
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
};

type InviteState = { seats: number; members: number; pending: number; isMember: number; invited: number };

/** Why `email` cannot be invited to the team now, or null when it can. */
function inviteRefusal(email: string, state: InviteState): HttpError | null {
  if (state.isMember) return conflict(`${email} is already a member of the team.`, "already_member");
  if (state.invited) return conflict(`${email} already has a pending invitation. Resend it from the list instead.`, "already_invited");
  if (Number(state.members) + Number(state.pending) >= state.seats) {
    return conflict(`All ${state.seats} seats are taken or held by pending invitations. Add seats to invite more people.`, "team_full");
  }
  return null;
}

/**
 * Invites an address to the caller's team (admins only) and e-mails the link. The rules (not a
 * member, no pending invitation for the address, a seat free once members and pending invitations
 * are counted; the inviter's daily limit of invitation e-mails, ../audit/invitation-limit.ts) are
 * checked first for a clear message, and again inside the insert itself: D1 runs one batch at a
 * time, so invitations sent at once (two admins, a double click, a script) cannot reserve more
 * seats than the team has, invite one address twice, or pass the limit.
 */
export async function inviteToTeam(ctx: UserContext, input: { email: string; collaborateRole: CollaborateRole }): Promise<InvitationView> {
  const team = await requireTeamAdmin(ctx);
  const now = nowMs();
  const isMember = sql<number>`EXISTS (SELECT 1 FROM "TeamMember" tm JOIN "User" u ON u."id" = tm."userId" WHERE tm."teamId" = ${team.teamId} AND lower(u."email") = ${input.email})`;
  const invited = sql<number>`EXISTS (SELECT 1 FROM "TeamInvitation" WHERE "teamId" = ${team.teamId} AND "status" = 'PENDING' AND lower("email") = ${input.email})`;
  const readState = async (): Promise<InviteState> => {
    const [state] = await ctx.db
      .select({ seats: teams.seats, members: memberCount(team.teamId), pending: activePendingCount(team.teamId, now), isMember, invited })
      .from(teams)
      .where(eq(teams.id, team.teamId));
    if (!state) throw notFound("Team not found.");
    return state;
  };
  const refused = inviteRefusal(input.email, await readState());
  if (refused) throw refused;
  await assertInvitationAllowance(ctx, ctx.user.id, now);
  const inviter = await inviterOf(ctx);
  const id = crypto.randomUUID();
  const { secret, token, expires } = await newSecret(now);
  const inserted = sql`EXISTS (SELECT 1 FROM "TeamInvitation" WHERE "id" = ${id})`;
  const [written] = await ctx.db.batch([
    rawStatement(
      ctx.db,
      sql`INSERT INTO "TeamInvitation" ("id", "teamId", "inviterId", "email", "collaborateRole", "status")
SELECT ${id}, ${team.teamId}, ${ctx.user.id}, ${input.email}, ${input.collaborateRole}, 'PENDING'
WHERE ${memberCount(team.teamId)} + ${activePendingCount(team.teamId, now)} < (SELECT "seats" FROM "Team" WHERE "id" = ${team.teamId}) AND NOT ${isMember} AND NOT ${invited}
AND ${underInvitationLimit(ctx, ctx.user.id, now)}`,
    ),
    rawStatement(
      ctx.db,
      sql`INSERT INTO "AuthToken" ("id", "token", "expires", "userId", "purpose") SELECT ${id}, ${token}, ${expires.getTime()}, ${ctx.user.id}, 'INVITATION' WHERE ${inserted}`,
    ),
    auditStatement(
      ctx.db,
      {
        accountId: team.accountId,
        actorId: ctx.user.id,
        action: "team.invitation_sent",
        metadata: { teamId: team.teamId, invitationId: id, email: input.email, collaborateRole: input.collaborateRole },
      },
      inserted,
    ),
  ]);
  if (!written.meta.changes) {
    // Another invitation got there first: say which rule it now breaks.
    const again = inviteRefusal(input.email, await readState());
    if (again) throw again;
    await assertInvitationAllowance(ctx, ctx.user.id, now);
    throw conflict("The team changed meanwhile. Reload the page and try again.", "team_changed");
  }
  await sendInvitationMail(ctx, { to: input.email, inviter, secret, expires });
  return {
    id,
    email: input.email,
    collaborateRole: input.collaborateRole,
    status: "PENDING",
    createdAt: new Date(now).toISOString(),
    expiresAt: expires.toISOString(),
    expired: false,
  };
}

async function pendingInvitationOfTeam(ctx: UserContext, teamId: string, invitationId: string) {
  const [row] = await ctx.db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId)))
    .limit(1);
  // Another team's invitation is as unknown as a missing one.
  if (!row) throw notFound("Invitation not found.");
  if (row.status !== "PENDING") throw conflict(`This invitation is no longer pending (it was ${row.status.toLowerCase()}).`, "invitation_not_pending");
  return row;
}

/** A new link and a fresh 7 days for a pending invitation (within the inviter's daily limit); the previous link stops working. */
export async function resendInvitation(ctx: UserContext, invitationId: string): Promise<InvitationView> {
  const team = await requireTeamAdmin(ctx);
  const row = await pendingInvitationOfTeam(ctx, team.teamId, invitationId);
  const now = nowMs();
  await assertInvitationAllowance(ctx, ctx.user.id, now);
  const inviter = await inviterOf(ctx);
  const { secret, token, expires } = await newSecret(now);
  // The new link is stored only while the inviter is under the daily limit (checked again here, so
  // resends at once cannot slip past it); the rest of the batch follows the stored link.
  const renewed = sql`EXISTS (SELECT 1 FROM "AuthToken" WHERE "id" = ${row.id} AND "token" = ${token})`;
  const [stored] = await ctx.db.batch([
    rawStatement(
      ctx.db,
      sql`INSERT INTO "AuthToken" ("id", "token", "expires", "userId", "purpose") SELECT ${row.id}, ${token}, ${expires.getTime()}, ${ctx.user.id}, 'INVITATION'
WHERE ${underInvitationLimit(ctx, ctx.user.id, now)}
ON CONFLICT ("id") DO UPDATE SET "token" = excluded."token", "expires" = excluded."expires", "userId" = excluded."userId", "updatedAt" = ${now}`,
    ),
    ctx.db
      .update(teamInvitations)
      .set({ updatedAt: new Date(now) })
      .where(and(eq(teamInvitations.id, row.id), renewed)),
    auditStatement(
      ctx.db,
      {
        accountId: team.accountId,
        actorId: ctx.user.id,
        action: "team.invitation_resent",
        metadata: { teamId: team.teamId, invitationId: row.id, email: row.email },
      },
      renewed,
    ),
  ]);
  if (!stored.meta.changes) {
    await assertInvitationAllowance(ctx, ctx.user.id, now);
    throw conflict("This invitation changed meanwhile. Reload the page and try again.", "invitation_changed");
  }
  await sendInvitationMail(ctx, { to: row.email, inviter, secret, expires });
  return {
    id: row.id,
    email: row.email,
    collaborateRole: row.collaborateRole,
    status: "PENDING",
    createdAt: row.createdAt.toISOString(),
    expiresAt: expires.toISOString(),
    expired: false,
  };
}

/** Withdraws a pending invitation: its link then shows the "revoked" page. */
export async function revokeInvitation(ctx: UserContext, invitationId: string): Promise<{ revoked: true }> {
  const team = await requireTeamAdmin(ctx);
  const row = await pendingInvitationOfTeam(ctx, team.teamId, invitationId);
  const [done] = await ctx.db.batch([
    ctx.db
      .update(teamInvitations)
      .set({ status: "REVOKED", updatedAt: new Date(nowMs()) })
      .where(and(eq(teamInvitations.id, row.id), eq(teamInvitations.status, "PENDING")))
      .returning({ id: teamInvitations.id }),
    auditStatement(
      ctx.db,
      {
        accountId: team.accountId,
        actorId: ctx.user.id,
        action: "team.invitation_revoked",
        metadata: { teamId: team.teamId, invitationId: row.id, email: row.email },
      },
      sql`EXISTS (SELECT 1 FROM "TeamInvitation" WHERE "id" = ${row.id} AND "status" = 'REVOKED')`,
    ),
  ]);
  if (done.length === 0) throw conflict("This invitation is no longer pending.", "invitation_not_pending");
  return { revoked: true };
}

// ---------------------------------------------------------------------------------------------
// Accepting (/invites and POST /api/teams/invitations/accept)

/** What a link leads to, for the /invites page; each outcome has its own page. */
export type InvitationState =
  | { kind: "invalid" }
  | { kind: "expired"; email: string }
  | { kind: "revoked"; email: string }
  | { kind: "used"; email: string }
  | { kind: "full"; email: string; inviterName: string }
  | { kind: "already-in-team"; email: string }
  | { kind: "wrong-address"; email: string; signedInAs: string }
  | {
      kind: "ready";
      email: string;
      inviterName: string;
      collaborateRole: CollaborateRole;
      /** signed-in: one click joins; sign-in: the address has an account, sign in first; sign-up: a new person. */
      next: "join" | "sign-in" | "sign-up";
    };

type Found = { invitation: TeamInvitation; expires: Date; seats: number; members: number; inviterName: string; accountId: string };

async function findByToken(ctx: AppContext, secret: string | null | undefined): Promise<Found | null> {
  if (!secret || !TOKEN_PATTERN.test(secret)) return null;
  const hash = await hashInvitationToken(secret);
  const [row] = await ctx.db
    .select({
      invitation: teamInvitations,
      expires: authTokens.expires,
      seats: teams.seats,
      accountId: teams.accountId,
      members: sql<number>`(SELECT count(*) FROM "TeamMember" WHERE "teamId" = ${teamInvitations.teamId})`,
      inviterFirst: users.firstName,
      inviterLast: users.lastName,
      inviterEmail: users.email,
    })
    .from(authTokens)
    .innerJoin(teamInvitations, eq(teamInvitations.id, authTokens.id))
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.inviterId))
    .where(and(eq(authTokens.token, hash), eq(authTokens.purpose, "INVITATION")))
    .limit(1);
  if (!row) return null;
  const inviterName = [row.inviterFirst, row.inviterLast].filter(Boolean).join(" ") || row.inviterEmail || "A Readyroom user";
  return { invitation: row.invitation, expires: row.expires, seats: row.seats, members: Number(row.members), inviterName, accountId: row.accountId };
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The state of the link for whoever opens it (viewer: the signed-in user, or null). */
export async function inspectInvitation(
  ctx: AppContext,
  secret: string | null | undefined,
  viewer: { id: string; email: string } | null,
): Promise<InvitationState> {
  if (!teamsEnabled(ctx)) return { kind: "invalid" };
  const found = await findByToken(ctx, secret);
  if (!found) return { kind: "invalid" };
  const { invitation } = found;
  const email = invitation.email;
  if (invitation.status === "REVOKED") return { kind: "revoked", email };
  if (invitation.status === "ACCEPTED" || invitation.status === "DECLINED") return { kind: "used", email };
  if (invitation.status === "EXPIRED" || found.expires.getTime() <= nowMs()) return { kind: "expired", email };
  if (viewer && !sameAddress(viewer.email, email)) return { kind: "wrong-address", email, signedInAs: viewer.email };
  if (viewer) {
    const [other] = await ctx.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, viewer.id), ne(teamMembers.teamId, invitation.teamId)))
      .limit(1);
    if (other) return { kind: "already-in-team", email };
  }
  const alreadyMember = viewer ? await isMember(ctx, invitation.teamId, viewer.id) : false;
  if (!alreadyMember && found.members >= found.seats) return { kind: "full", email, inviterName: found.inviterName };
  let next: "join" | "sign-in" | "sign-up" = "join";
  if (!viewer) {
    const [existing] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    next = existing ? "sign-in" : "sign-up";
  }
  return { kind: "ready", email, inviterName: found.inviterName, collaborateRole: invitation.collaborateRole, next };
}

async function isMember(ctx: AppContext, teamId: string, userId: string) {
  const [row] = await ctx.db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** The error each refusal answers with on the API (the page shows its own page instead). */
function invitationError(state: Exclude<InvitationState, { kind: "ready" }>): HttpError {
  switch (state.kind) {
    case "invalid":
      return new HttpError(404, "invitation_invalid", "This invitation link is not valid. It may have been replaced by a newer one.");
    case "expired":
      return new HttpError(410, "invitation_expired", "This invitation has expired. Ask the team's admin to send a new one.");
    case "revoked":
      return new HttpError(410, "invitation_revoked", "This invitation was withdrawn by the team's admin.");
    case "used":
      return new HttpError(409, "invitation_used", "This invitation has already been used.");
    case "full":
      return new HttpError(409, "team_full", "The team has no free seat. Ask its admin to add seats, then open the link again.");
    case "already-in-team":
      return new HttpError(409, "already_in_team", "You are already a member of another team. Leave it before joining this one.");
    case "wrong-address":
      return new HttpError(403, "wrong_address", `This invitation was sent to ${state.email}, but you are signed in as ${state.signedInAs}.`);
  }
}

/**
 * Joins the caller to the invitation's team. Everything is checked again in the batch itself:
 * the invitation must still be PENDING (single use, even against a concurrent accept), the
 * team must have a free seat, and the caller must still be in no other team. The member also gets a MEMBER link to the team's account, so they
 * work in it (its plan and credits: worker/accounts/service.ts).
 */
export async function acceptInvitation(ctx: UserContext, secret: string, viewerEmail: string): Promise<{ teamId: string }> {
  const state = await inspectInvitation(ctx, secret, { id: ctx.user.id, email: viewerEmail });
  if (state.kind !== "ready") throw invitationError(state);
  const found = (await findByToken(ctx, secret))!;
  const { invitation } = found;
  const now = nowMs();
  const stamp = new Date(now);
  const userId = ctx.user.id;
  const teamId = invitation.teamId;
  const mine = sql`EXISTS (SELECT 1 FROM "TeamInvitation" WHERE "id" = ${invitation.id} AND "status" = 'ACCEPTED' AND "inviteeId" = ${userId} AND "updatedAt" = ${now})`;
  const [accepted] = await ctx.db.batch([
    ctx.db
      .update(teamInvitations)
      .set({ status: "ACCEPTED", inviteeId: userId, updatedAt: stamp })
      .where(
        and(
          eq(teamInvitations.id, invitation.id),
          eq(teamInvitations.status, "PENDING"),
          sql`(EXISTS (SELECT 1 FROM "TeamMember" WHERE "teamId" = ${teamId} AND "userId" = ${userId}) OR ${memberCount(teamId)} < (SELECT "seats" FROM "Team" WHERE "id" = ${teamId}))`,
          // Still in no other team: two invitations from two teams accepted at once cannot both join.
          sql`NOT EXISTS (SELECT 1 FROM "TeamMember" WHERE "userId" = ${userId} AND "teamId" <> ${teamId})`,
        ),
      )
      .returning({ id: teamInvitations.id }),
    rawStatement(
      ctx.db,
      sql`INSERT INTO "TeamMember" ("id", "teamId", "userId", "role", "collaborateRole", "joinedAt")
SELECT ${crypto.randomUUID()}, ${teamId}, ${userId}, 'MEMBER', ${invitation.collaborateRole}, ${now} WHERE ${mine}
ON CONFLICT ("teamId", "userId") DO NOTHING`,
    ),
    rawStatement(
      ctx.db,
      sql`INSERT INTO "UserAccount" ("userId", "accountId", "role", "createdAt")
SELECT ${userId}, ${found.accountId}, 'MEMBER', ${now} WHERE ${mine}
ON CONFLICT DO NOTHING`,
    ),
    auditStatement(
      ctx.db,
      {
        accountId: found.accountId,
        actorId: userId,
        targetUserId: userId,
        action: "team.member_joined",
        metadata: { teamId, invitationId: invitation.id, email: invitation.email, collaborateRole: invitation.collaborateRole },
      },
      mine,
    ),
  ]);
  if (accepted.length === 0) {
    // Someone else got there first, or the last seat went: say which.
    const again = await inspectInvitation(ctx, secret, { id: userId, email: viewerEmail });
    throw invitationError(again.kind === "ready" ? { kind: "used", email: invitation.email } : again);
  }
  await notifyTeammateJoined(ctx, { teamId, userId });
  return { teamId };
}

/**
 * For the sign-up-and-join flow: the invitation link proves the address is the invitee's (the
 * link was e-mailed there), so the account just created for it needs no second confirmation
 * e-mail. Only a ready invitation for exactly this address, and only the account this sign-up
 * created (`userId`, from its answer: confirmFreshAccount), is confirmed.
 */
export async function confirmInvitedAddress(ctx: AppContext, secret: string, email: string, userId: string): Promise<string | null> {
  if (!(await invitationProvesAddress(ctx, secret, email))) return null;
  return confirmFreshAccount(ctx.db, email, userId);
}

/**
 * The header the /invites sign-up sets on its own call of better-auth's sign-up (worker/auth/service.ts
 * callAuth), carrying the invitation secret. better-auth's sign-up sends its "confirm your address"
 * e-mail itself; worker/auth/auth.ts skips it when this header holds a link that proves the address
 * (the /invites action then confirms the address: confirmInvitedAddress). Sent by anyone else, it can
 * only spare a mail to an address whose invitation link the sender already holds.
 */
export const INVITATION_SIGN_UP_HEADER = "x-readyroom-invitation";

/**
 * The auth feature's verification-mail hook (registered in worker/composition.ts): the /invites
 * sign-up carries its invitation link, which was e-mailed to this address and so proves it; that
 * page confirms the address itself, so no second "confirm your address" e-mail. In production the
 * mail is sent after the answer, possibly once the page has confirmed the address and accepted
 * the invitation, so an address confirmed by then counts too.
 */
export async function invitedSignUpNeedsNoVerificationMail(
  ctx: AppContext,
  request: Request | undefined,
  user: { id: string; email: string },
): Promise<boolean> {
  const invitation = request?.headers.get(INVITATION_SIGN_UP_HEADER);
  if (!invitation) return false;
  return (await invitationProvesAddress(ctx, invitation, user.email)) || (await addressConfirmed(ctx.db, user.id));
}

/** Does this invitation link prove `email` is its owner's: a ready invitation (pending, unexpired, a free seat) sent to exactly this address. */
async function invitationProvesAddress(ctx: AppContext, secret: string | null | undefined, email: string): Promise<boolean> {
  const state = await inspectInvitation(ctx, secret, null);
  return state.kind === "ready" && sameAddress(state.email, email);
}
