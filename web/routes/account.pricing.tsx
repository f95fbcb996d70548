import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import * as React from "react";
import { z } from "zod";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { useBalance, useBillingInfo, type BillingInfo } from "~/hooks/use-billing";
import { requireUserContext } from "~/lib/context.server";
import { readSearchParams } from "~/lib/search-params";
import { ApiError } from "~/lib/query";
import { billingApi } from "~/lib/billing-api";
import { getPricingPage } from "../../worker/payments/pricing-page";
import { formatCredits, formatMoney, IntervalSwitch, PlanCards, type Interval } from "~/components/billing/plan-cards";
import { PLAN_COPY } from "../../shared/billing/plans";
import type { DateFormat } from "~/lib/dates";
import { useDates } from "~/lib/dates-context";

export const meta: MetaFunction = () => [{ title: "Plans and pricing · Readyroom" }];

const searchSchema = z.object({ checkout: z.string().optional().catch(undefined) });

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, user } = await requireUserContext(args);
  const returningFromCheckout = readSearchParams(args.request, searchSchema).checkout === "success";
  return getPricingPage(ctx, user, { returningFromCheckout });
}

/** The sentence under the current plan: trial end, renewal, cancellation, pause, payment trouble. */
function planStatusLine(info: BillingInfo, mode: "stripe" | "off", day: DateFormat["day"]): string | null {
  const formatDate = (iso: string | null) => (iso ? day(iso) : null);
  const periodEnd = formatDate(info.currentPeriodEnd);
  if (info.status === "canceled") return "Your subscription has ended.";
  if (info.isPaused) return "Your plan is paused. Access returns when it is resumed.";
  if (info.status === "past_due") return "Your last payment failed. Update your payment method to keep access.";
  if (info.isTrialPeriod) {
    const trialEnd = formatDate(info.trialEndDate);
    return info.cancelAtPeriodEnd ? `Your trial ends on ${trialEnd} and the plan will not renew.` : `Your trial ends on ${trialEnd}.`;
  }
  if (info.isCanceled && periodEnd) return `Your plan is canceled and ends on ${periodEnd}.`;
  if (periodEnd) return info.source === "admin" ? `Your plan runs until ${periodEnd}.` : `Your plan renews on ${periodEnd}.`;
  if (info.source !== "admin") return null;
  return mode === "off" ? "Your plan is provided by your organisation, which runs this Readyroom server." : "Your plan was granted by an administrator.";
}

function useRedirectAction() {
  const [pending, setPending] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const run = async (id: string, start: () => Promise<{ url: string }>) => {
    setPending(id);
    setError(null);
    try {
      const { url } = await start();
      window.location.assign(url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Request Could Not Be Completed");
      setPending(null);
    }
  };
  return { pending, error, run };
}

export default function PricingPage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { data: info = data.info } = useBillingInfo({ initialData: data.info });
  const { balance } = useBalance({ initialData: data.usage ?? undefined, hasActivePlan: info.hasActivePlan });
  const { catalogue } = data;
  const [interval, setBillingInterval] = React.useState<Interval>(info.currentBillingInterval ?? "MONTHLY");
  // Team plans are bought per seat (the subscription's quantity becomes the team's seats).
  const [seats, setSeats] = React.useState(5);
  const action = useRedirectAction();
  const checkout = params.get("checkout");
  const subscribed = info.source === "stripe" && Boolean(info.stripeSubscriptionId) && info.status !== "canceled" && info.status !== "incomplete";
  const { day } = useDates();
  const statusLine = planStatusLine(info, catalogue.mode, day);
  const usedPercent = balance.totalCredits + balance.usedCredits > 0 ? (balance.usedCredits / (balance.totalCredits + balance.usedCredits)) * 100 : 0;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-4 md:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Plans and pricing</h1>
        <p className="text-sm text-muted-foreground">Readyroom is available as Solo, Team and Enterprise plans, billed monthly or yearly.</p>
      </header>

      {checkout === "success" ? (
        <Alert variant="success">
          <AlertTitle>Thank you</AlertTitle>
          {info.hasActivePlan ? "Your plan is active." : "Your payment is being confirmed by Stripe; your plan activates in a moment."}
        </Alert>
      ) : checkout === "credits" ? (
        <Alert variant="success">
          <AlertTitle>Credits purchased</AlertTitle>
          Your credits are added as soon as Stripe confirms the payment.
        </Alert>
      ) : checkout === "canceled" ? (
        <Alert variant="info">
          <AlertTitle>Checkout canceled</AlertTitle>
          Nothing was charged.
        </Alert>
      ) : null}

      {action.error ? (
        <Alert variant="destructive">
          <AlertTitle>Request Could Not Be Completed</AlertTitle>
          {action.error}
        </Alert>
      ) : null}

      {catalogue.mode === "stripe" && !catalogue.billingConfigured ? (
        <Card>
          <CardHeader>
            <CardTitle>Billing is not configured on this server</CardTitle>
            <CardDescription>Online payment has not been set up for this installation, so plans and credits cannot be bought here.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              An administrator can grant a plan and credits to your account from the server with{" "}
              <code className="rounded bg-muted px-1 py-0.5 text-xs">npm run admin</code>.
            </p>
            <p className="text-muted-foreground">
              Ask the person who runs this Readyroom server to grant a plan to your e-mail address, then reload this page.
            </p>
          </CardContent>
        </Card>
      ) : null}

      <section aria-labelledby="current-plan-heading">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
            <div className="grid gap-1">
              <CardTitle id="current-plan-heading">Your plan</CardTitle>
              <CardDescription>
                {info.currentPlanType
                  ? `${PLAN_COPY[info.currentPlanType].name}${info.currentBillingInterval ? `, billed ${info.currentBillingInterval === "YEARLY" ? "yearly" : "monthly"}` : ""}`
                  : "You do not have a plan yet."}
              </CardDescription>
            </div>
            <Badge variant={info.hasActivePlan ? "success" : "secondary"}>{info.accountLabel}</Badge>
          </CardHeader>
          <CardContent className="grid gap-4 text-sm">
            {statusLine ? <p>{statusLine}</p> : null}
            {info.viaTeam ? <p className="text-muted-foreground">Your plan is provided by your team. Its administrator manages billing.</p> : null}
            <div className="grid gap-2">
              <div className="flex flex-wrap justify-between gap-2">
                <span>Credits used this month: {formatCredits(balance.usedCredits)}</span>
                <span>{balance.hasUnlimitedUsage ? "Unlimited usage" : `Credits left: ${formatCredits(balance.totalCredits)}`}</span>
              </div>
              {balance.hasUnlimitedUsage ? null : <Progress value={usedPercent} label="Share of credits used this month" />}
            </div>
          </CardContent>
          {catalogue.billingConfigured && info.canManageBilling && info.stripeCustomerId ? (
            <CardFooter>
              <Button variant="outline" disabled={action.pending !== null} onClick={() => action.run("portal", billingApi.portal)}>
                {action.pending === "portal" ? "Opening…" : "Manage subscription"}
              </Button>
            </CardFooter>
          ) : null}
        </Card>
      </section>

      <section aria-labelledby="plans-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans-heading" className="text-xl font-semibold">
            Plans
          </h2>
          {catalogue.billingConfigured ? <IntervalSwitch value={interval} onChange={setBillingInterval} /> : null}
        </div>
        {catalogue.mode === "off" ? (
          <p className="text-sm text-muted-foreground">
            Plans on this server are provided by your organisation: there is nothing to buy here. Ask the person who runs it if you need another plan.
          </p>
        ) : catalogue.billingConfigured && catalogue.trialDays > 0 && !info.trialEndDate && !info.stripeSubscriptionId ? (
          <p className="text-sm text-muted-foreground">Every plan starts with a {catalogue.trialDays}-day free trial.</p>
        ) : null}
        <PlanCards
          catalogue={catalogue}
          interval={interval}
          currentPlanType={info.hasActivePlan ? info.currentPlanType : null}
          action={(plan, copy) => {
            if (!catalogue.billingConfigured) return null;
            const isCurrent = info.hasActivePlan && info.currentPlanType === plan.planType && info.currentBillingInterval === plan.interval;
            const id = `checkout-${plan.planType}-${plan.interval}`;
            const perSeat = plan.planType === "TEAM" || plan.planType === "ENTERPRISE";
            if (isCurrent) {
              return perSeat && info.canManageBilling && info.stripeCustomerId ? (
                <Button variant="outline" size="sm" disabled={action.pending !== null} onClick={() => action.run("portal", billingApi.portal)}>
                  Change seats in billing portal
                </Button>
              ) : null;
            }
            if (subscribed) {
              return info.canManageBilling ? (
                <Button variant="outline" disabled={action.pending !== null} onClick={() => action.run("portal", billingApi.portal)}>
                  Change in billing portal
                </Button>
              ) : null;
            }
            return (
              <div className="flex flex-wrap items-end gap-2">
                {perSeat && plan.available ? (
                  <label className="grid gap-1 text-xs text-muted-foreground">
                    Seats
                    <input
                      type="number"
                      min={1}
                      max={500}
                      value={seats}
                      onChange={(e) => setSeats(Math.min(500, Math.max(1, Math.floor(Number(e.target.value) || 1))))}
                      className="h-9 w-20 rounded-md border border-input bg-card px-2 text-sm text-foreground"
                    />
                  </label>
                ) : null}
                <Button
                  disabled={!plan.available || !info.canManageBilling || action.pending !== null}
                  onClick={() =>
                    action.run(id, () =>
                      billingApi.checkout(perSeat ? { plan: plan.planType, interval: plan.interval, seats } : { plan: plan.planType, interval: plan.interval }),
                    )
                  }
                >
                  {action.pending === id ? "Redirecting…" : plan.available ? `Choose ${copy.name}` : "Not available"}
                </Button>
              </div>
            );
          }}
        />
      </section>

      {catalogue.billingConfigured && catalogue.creditPacks.length > 0 ? (
        <section aria-labelledby="credits-heading" className="grid gap-4">
          <h2 id="credits-heading" className="text-xl font-semibold">
            Additional credits
          </h2>
          {!info.hasActivePlan ? (
            <p className="text-sm text-muted-foreground">Credit packs are available once you have an active plan.</p>
          ) : info.blockAdditionalPurchases ? (
            <p className="text-sm text-muted-foreground">Additional credit purchases are turned off for this account.</p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
            {catalogue.creditPacks.map((pack) => {
              const id = `pack-${pack.id}`;
              const label = `Buy ${formatCredits(pack.credits)} credits`;
              return (
                <Card key={pack.id}>
                  <CardHeader>
                    <CardTitle>{formatCredits(pack.credits)} credits</CardTitle>
                    <CardDescription>
                      {formatMoney(pack.amount, pack.currency) ?? "Price unavailable"}, one-time. Purchased credits do not expire.
                    </CardDescription>
                  </CardHeader>
                  <CardFooter>
                    <Button
                      variant="secondary"
                      disabled={!info.hasActivePlan || info.blockAdditionalPurchases || !info.canManageBilling || action.pending !== null}
                      onClick={() => action.run(id, () => billingApi.checkout({ creditPackId: pack.id }))}
                    >
                      {action.pending === id ? "Redirecting…" : label}
                    </Button>
                  </CardFooter>
                </Card>
              );
            })}
          </div>
        </section>
      ) : null}
    </div>
  );
}
