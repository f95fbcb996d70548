/**
 * The one rule about the account's owner in its team, used by the team API
 * (worker/teams/service.ts), the admin console (worker/admin/teams.ts) and the admin CLI
 * (scripts/admin.ts): the owner pays for the team, so they stay its ADMIN. Nobody demotes them,
 * another admin cannot remove them, and they cannot leave the team their own account holds (they
 * would stop administering what they pay for). There is no ownership transfer.
 *
 * Pure and import-free: Node runs it with --experimental-strip-types from the CLI.
 */

export const OWNER_STAYS_ADMIN = "owner_stays_admin";

/** A change to one member: a new team role, or removal (`byThemselves`: they are leaving). */
export type MemberChange = { role: string } | { remove: true; byThemselves: boolean };

/** Who the change is about: whether they own the team's account (a UserAccount OWNER row), and how to name them. */
export type ChangedMember = { isAccountOwner: boolean; email: string; isCaller: boolean };

/** Null when the change keeps the owner an ADMIN of their team; otherwise the message of the 409 refusal. */
export function ownerRuleRefusal(member: ChangedMember, change: MemberChange): string | null {
  if (!member.isAccountOwner) return null;
  if ("role" in change) {
    if (change.role === "ADMIN") return null;
    return member.isCaller ? "You own the team's account, so you stay its admin." : `${member.email} owns the team's account and stays its admin.`;
  }
  if (change.byThemselves)
    return "You own the team's account, so you stay its admin and cannot leave its team. To end the team, cancel its plan from the Pricing page.";
  return `${member.email} owns the team's account: they stay its admin and cannot be removed from the team.`;
}
