import { membershipOf, type Membership } from "../accounts/membership";
import type { AppContext, UserContext } from "../context";
import type { CollaborateRole, TeamRole } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";

/** The team-accounts flag (spec §9): off, every team route is "not found" and the UI hides team features. */
export function teamsEnabled(ctx: Pick<AppContext, "config">): boolean {
  return ctx.config.TEAM_ACCOUNTS_ENABLED;
}

function requireTeamsEnabled(ctx: Pick<AppContext, "config">): void {
  if (!teamsEnabled(ctx)) throw notFound("Team accounts are not enabled on this server.");
}

export type CallerTeam = { teamId: string; accountId: string; role: TeamRole; collaborateRole: CollaborateRole };

/**
 * The team the user works in: the one of their tenancy account (the first link, where their plan
 * and credits come from), else their first membership. Null when they are in no team.
 */
export function teamOfMembership(membership: Membership): CallerTeam | null {
  const tenancy = membership.links[0]?.accountId;
  return membership.teams.find((t) => t.accountId === tenancy) ?? membership.teams[0] ?? null;
}

const NOT_IN_TEAM = "You are not a member of a team.";
export const ADMINS_ONLY = "Only the team's admins can manage its members and invitations.";

/** The caller's team, or 404 (flag off, or no team). */
export async function requireCallerTeam(ctx: UserContext): Promise<CallerTeam> {
  requireTeamsEnabled(ctx);
  const team = teamOfMembership(await membershipOf(ctx));
  if (!team) throw notFound(NOT_IN_TEAM);
  return team;
}

/** The caller's team when they are one of its ADMINs; a MEMBER gets 403. */
export async function requireTeamAdmin(ctx: UserContext): Promise<CallerTeam> {
  const team = await requireCallerTeam(ctx);
  if (team.role !== "ADMIN") throw forbidden(ADMINS_ONLY);
  return team;
}
