import type { Membership } from "../accounts/membership";
import { planFromMembership } from "../accounts/plan";
import { nowDate } from "../lib/clock";

/**
 * Whether the pages a user shared may be shown (issue 27, M5): the user is not disabled and has an
 * active plan by the app's one rule (accounts/plan.ts planFromMembership: their own account's, else
 * a team's). Decided at serve time from the batch that reads the token (worker/share/stored-page.ts),
 * so a disabled account or an ended plan answers 404 at once, before any purge reaches the edge
 * copies; and its pages come back, with the same links, when the account is live again.
 */
export function ownerMayShow(owner: { disabledAt: number | null }, membership: Membership, now = nowDate()): boolean {
  return owner.disabledAt === null && planFromMembership(membership, now).hasActivePlan;
}
