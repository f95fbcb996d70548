import type { Database } from "../db/client";
import { readMembership, type Membership } from "./membership";

export type FeatureFlag = "collaborateEnabled" | "modelSelectionEnabled" | "alertsEnabled" | "betaAskReadyroomActionsEnabled";

/** Whether `featureFlags` (the Account JSON column, parsed or as stored text) turns `name` on. */
export function flagOn(flags: unknown, name: FeatureFlag): boolean {
  let value = flags;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  return Boolean(value && typeof value === "object" && (value as Record<string, unknown>)[name] === true);
}

type FlagColumns = { collaborateEnabled: boolean; modelSelectionEnabled: boolean; featureFlags: unknown };

/** Spec §6: a flag is read from the account (its own column, for the two that have one) or its featureFlags. */
export function accountHasFlag(account: FlagColumns | null | undefined, flag: FeatureFlag): boolean {
  if (!account) return false;
  if (flag === "collaborateEnabled" && account.collaborateEnabled) return true;
  if (flag === "modelSelectionEnabled" && account.modelSelectionEnabled) return true;
  return flagOn(account.featureFlags, flag);
}

/**
 * Whether a user has a feature flag: set on their own account (where the admin CLI's `set-flag
 * --email` writes it) or on the account they work in (a team's account, for its members; the
 * same account getTenancyAccountId picks): the first linked account, or any they own.
 */
export function membershipHasFlag(membership: Pick<Membership, "links">, flag: FeatureFlag): boolean {
  return membership.links.some((link, i) => (i === 0 || link.role === "OWNER") && accountHasFlag(link, flag));
}

export async function userHasFlag(db: Database, userId: string, flag: FeatureFlag): Promise<boolean> {
  return membershipHasFlag(await readMembership(db, userId), flag);
}
