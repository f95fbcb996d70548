import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { toast } from "./use-toast";
import { billingApi } from "../lib/billing-api";
import type { Usage } from "../../worker/billing/service";
import type { BillingInfo } from "../../worker/payments/service";
import { refetchAfterWrite } from "../lib/query";

export type { BillingInfo, Usage };

/** Spec §3 balance view. */
type BalanceView = { usedCredits: number; totalCredits: number; hasActivePlan: boolean; hasUnlimitedUsage: boolean };

/** Spec §9 timings. */
const BILLING_REFRESH_MS = 60_000;
const BALANCE_POLL_MS = 5_000;
const BALANCE_POLL_TIMES = 6;
/** The browser event that makes the balance refetch (fired e.g. when an AI stream ends). */
const BALANCE_UPDATED_EVENT = "balance-updated";
const TRIAL_NOTICE_PREFIX = "readyroom:trial-converted:";

const billingKeys = {
  info: ["billing", "account-info"] as const,
  usage: ["billing", "usage"] as const,
};

/** Spec §4: trial conversion = previously in trial, now not, with a subscription; or the server says so. */
export function detectTrialConversion(previous: Pick<BillingInfo, "isTrialPeriod"> | undefined, current: BillingInfo): boolean {
  if (current.recentlyConverted) return true;
  return Boolean(previous?.isTrialPeriod && !current.isTrialPeriod && current.stripeSubscriptionId);
}

/** Spec §4: a subscription whose period end (or trial end during a trial) is missing needs a sync. */
export function needsSubscriptionSync(info: BillingInfo): boolean {
  if (!info.stripeSubscriptionId) return false;
  return !info.currentPeriodEnd || (info.isTrialPeriod && !info.trialEndDate);
}

function readFlag(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeFlag(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the notice may show again, nothing else breaks.
  }
}

/**
 * Billing info, loaded on sign-in and every 60 s. It also runs the spec §4 rules: a detected
 * trial conversion sets a local-storage flag and shows a notice once; a subscription missing its
 * period end triggers a sync with Stripe and a refetch.
 */
export function useBillingInfo(options: { enabled?: boolean; initialData?: BillingInfo } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: billingKeys.info,
    queryFn: billingApi.accountInfo,
    refetchInterval: BILLING_REFRESH_MS,
    enabled: options.enabled ?? true,
    initialData: options.initialData,
    // SSR data is fresh for this render; the 60 s cadence takes over afterwards.
    initialDataUpdatedAt: options.initialData ? Date.now() : undefined,
  });
  const info = query.data;
  const previous = React.useRef<BillingInfo | undefined>(undefined);
  const syncedFor = React.useRef<string | null>(null);

  React.useEffect(() => {
    if (!info) return;
    const before = previous.current;
    previous.current = info;
    if (detectTrialConversion(before, info) && info.stripeSubscriptionId) {
      const key = `${TRIAL_NOTICE_PREFIX}${info.stripeSubscriptionId}`;
      if (readFlag(key) === null) writeFlag(key, "pending");
    }
    if (needsSubscriptionSync(info) && syncedFor.current !== info.stripeSubscriptionId) {
      // Once per subscription: if Stripe itself has no period end, asking again will not help.
      syncedFor.current = info.stripeSubscriptionId;
      billingApi
        .syncSubscription()
        .catch(() => undefined)
        .finally(() => void refetchAfterWrite(queryClient, billingKeys.info));
    }
  }, [info, queryClient]);

  React.useEffect(() => {
    if (!info?.stripeSubscriptionId) return;
    const key = `${TRIAL_NOTICE_PREFIX}${info.stripeSubscriptionId}`;
    if (readFlag(key) !== "pending") return;
    writeFlag(key, "shown");
    toast({ title: "Your trial has ended", description: "Your subscription is now active. Thank you for choosing Readyroom." });
  }, [info]);

  return query;
}

const NO_BALANCE: BalanceView = { usedCredits: 0, totalCredits: 0, hasActivePlan: false, hasUnlimitedUsage: false };

/**
 * The balance view of spec §3. A `balance-updated` window event refetches it six times, five
 * seconds apart (the ledger's D1 copy and Stripe webhooks may land a little later). On failure it
 * shows zeros and no plan.
 */
export function useBalance(options: { enabled?: boolean; initialData?: Usage; hasActivePlan?: boolean } = {}) {
  const query = useQuery({
    queryKey: billingKeys.usage,
    queryFn: billingApi.usage,
    enabled: options.enabled ?? true,
    initialData: options.initialData,
    initialDataUpdatedAt: options.initialData ? Date.now() : undefined,
  });
  const { refetch } = query;

  React.useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const onUpdated = () => {
      if (timer) clearInterval(timer);
      let count = 0;
      timer = setInterval(() => {
        count += 1;
        void refetch();
        if (count >= BALANCE_POLL_TIMES && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      }, BALANCE_POLL_MS);
    };
    window.addEventListener(BALANCE_UPDATED_EVENT, onUpdated);
    return () => {
      window.removeEventListener(BALANCE_UPDATED_EVENT, onUpdated);
      if (timer) clearInterval(timer);
    };
  }, [refetch]);

  const balance: BalanceView =
    query.isError || !query.data
      ? NO_BALANCE
      : {
          usedCredits: query.data.monthlySpend,
          totalCredits: query.data.currentBalance,
          hasActivePlan: options.hasActivePlan ?? Boolean(query.data.stripeSubscriptionId),
          hasUnlimitedUsage: query.data.hasUnlimitedUsage,
        };
  return { ...query, balance };
}
