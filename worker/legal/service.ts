import { billingMode, type BillingMode, type Config } from "../env";
import { trialDays } from "../payments/config";
import { publicSourcesOf, subprocessorsOf, type Subprocessor } from "./subprocessors";

/** What /terms and /privacy say that depends on the installation: who runs it, how to reach them, who handles data, for how long. */
export type LegalView = {
  operatorName: string | null;
  contact: string | null;
  /** The host people reach the service at (APP_URL). */
  host: string;
  billingMode: BillingMode;
  trialDays: number;
  deletionDays: number;
  subprocessors: Subprocessor[];
  publicSources: string[];
};

export function legalView(config: Config): LegalView {
  return {
    operatorName: config.OPERATOR_NAME ?? null,
    contact: config.OPERATOR_CONTACT ?? null,
    host: new URL(config.APP_URL).host,
    billingMode: billingMode(config),
    trialDays: trialDays(config),
    deletionDays: config.LEGAL_DELETION_DAYS,
    subprocessors: subprocessorsOf(config),
    publicSources: publicSourcesOf(config),
  };
}
