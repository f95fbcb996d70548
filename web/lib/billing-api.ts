/** Browser calls of /api/billing (spec §7), through the router's own types. */
import type { BillingRoutes } from "../../worker/payments/routes";
import { apiClient, unwrap } from "./api-client";

const billing = apiClient<BillingRoutes>("/api/billing");

type CheckoutBody = Parameters<typeof billing.checkout.$post>[0]["json"];

export const billingApi = {
  usage: () => unwrap(billing.usage.$get()),
  accountInfo: () => unwrap(billing["account-info"].$get()),
  syncSubscription: () => unwrap(billing["sync-subscription"].$post()),
  /** Both answer `{ url }`: the Stripe page the browser goes to next. */
  checkout: (body: CheckoutBody) => unwrap(billing.checkout.$post({ json: body })),
  portal: () => unwrap(billing.portal.$post()),
};
