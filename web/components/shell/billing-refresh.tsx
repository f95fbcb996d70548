import { useBillingInfo } from "~/hooks/use-billing";

/** Spec §4: billing info loads on sign-in and every 60 s (with its trial-conversion notice). */
export function BillingRefresh() {
  useBillingInfo({ enabled: true });
  return null;
}
