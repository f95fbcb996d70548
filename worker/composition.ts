import { registerLedgerEventHandler } from "./billing/service";
import { autoRefillHandler } from "./payments/auto-refill";

/**
 * Wiring between features that would otherwise import each other. Imported once by the Worker entry
 * (worker/index.ts) before it serves anything.
 *
 * - The credit ledger's `auto_refill` event is handled by payments (it charges the saved card;
 *   the credits arrive through the Stripe webhook), while payments itself calls billing.
 */
registerLedgerEventHandler("auto_refill", autoRefillHandler);
