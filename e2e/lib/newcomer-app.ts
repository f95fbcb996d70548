import path from "node:path";
import { ROOT } from "./server.ts";

/**
 * The newcomer journey's app of its own (e2e/journeys/newcomer.ts): no Stripe keys, so billing is
 * off and every confirmed account has the default plan, as on a fresh `npm start`. BILLING_MODE is
 * named so a developer's own .dev.vars cannot turn it into the Stripe journey. The global set-up
 * starts it in the background; a run that picked other journeys leaves it to the journey.
 */
export const NEWCOMER_APP = { label: "newcomer", logFile: path.join(ROOT, "e2e", "artifacts", "newcomer-server.log"), vars: { BILLING_MODE: "off" } };
