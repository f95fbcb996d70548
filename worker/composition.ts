import { registerVerificationMailSkip } from "./auth/auth";
import { registerLedgerEventHandler } from "./billing/service";
import { autoRefillHandler } from "./payments/auto-refill";
import { invitedSignUpNeedsNoVerificationMail } from "./teams/invitations";
import { campaignSignUpNeedsNoVerificationMail } from "./collaborate/join";
import { recheckConductAccess } from "./conduct/recheck";
import { onAccessChange } from "./lib/access-changes";

/**
 * Wiring between features that would otherwise import each other. Called by the Worker entry
 * (worker/index.ts) at load, before it serves anything. A call, not a side-effect import:
 * package.json declares the code free of side effects, so a bare `import "./composition"` is
 * dropped by wrangler's bundler (it was, and auto-refill never ran in a deployed Worker).
 *
 * - The credit ledger's `auto_refill` event is handled by payments (it charges the saved card;
 *   the credits arrive through the Stripe webhook), while payments itself calls billing.
 * - A sign-up from a team or campaign invitation needs no "confirm your address" e-mail: teams
 *   and collaborate decide, auth sends the mail, and both depend on auth.
 * - A change to someone's access (teams, clients, the admin console, signing out) re-checks their
 *   open conduct sockets: conduct reads clients and auth, so they cannot call it themselves.
 */
export function composeFeatures(): void {
  registerLedgerEventHandler("auto_refill", autoRefillHandler);
  registerVerificationMailSkip(invitedSignUpNeedsNoVerificationMail);
  registerVerificationMailSkip(campaignSignUpNeedsNoVerificationMail);
  onAccessChange(recheckConductAccess);
}
