/**
 * Type-level proof of the typed client (issue 28 item 3), checked by `npm run typecheck` (this file
 * is compiled, never run). If a view field or a path the browser uses is renamed on the server, a
 * line below stops compiling; if the client's types ever decay to `any`, the `@ts-expect-error`
 * lines stop erroring and fail instead.
 */
import type { BillingRoutes } from "../../worker/payments/routes";
import { apiClient, unwrap } from "../../web/lib/api-client";

const billing = apiClient<BillingRoutes>("/api/billing");

export async function answersAreTheServersViews() {
  const usage = await unwrap(billing.usage.$get());
  const balance: number = usage.currentBalance;
  const subscription: string | null = usage.stripeSubscriptionId;
  // @ts-expect-error -- a field the view does not have
  void usage.balance;
  const { url } = await unwrap(billing.portal.$post());
  const target: string = url;
  return { balance, subscription, target };
}

export async function pathsAndBodiesAreTheRoutersOwn() {
  // @ts-expect-error -- no such path under /api/billing
  await billing.usages.$get();
  // @ts-expect-error -- usage is read with GET only
  await billing.usage.$post();
  // @ts-expect-error -- checkout takes a plan and interval, or a credit pack
  await billing.checkout.$post({ json: { plan: "SOLO" } });
  await billing.checkout.$post({ json: { creditPackId: "pack" } });
}
