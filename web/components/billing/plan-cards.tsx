import type * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Check } from "~/components/ui/icons";
import { SegmentedControl } from "~/components/ui/segmented-control";
import { PLAN_COPY, type PlanCopy } from "../../../shared/billing/plans";
import type { Catalogue } from "../../../worker/payments/service";

export type Interval = "MONTHLY" | "YEARLY";
const INTERVALS = [
  { value: "MONTHLY", label: "Monthly" },
  { value: "YEARLY", label: "Yearly" },
] as const;
export type CataloguePlan = Catalogue["plans"][number];

export const formatMoney = (amount: number | null, currency: string | null) =>
  amount == null ? null : new Intl.NumberFormat("en-US", { style: "currency", currency: (currency ?? "usd").toUpperCase() }).format(amount / 100);
export const formatCredits = (n: number) => new Intl.NumberFormat("en-US").format(n);

/** Monthly or yearly, for the prices shown (off mode has no prices, so no switch). */
export function IntervalSwitch({ value, onChange }: { value: Interval; onChange: (value: Interval) => void }) {
  return <SegmentedControl label="Billing interval" value={value} options={INTERVALS} onChange={onChange} />;
}

/**
 * The plans as cards, on the public /pricing page and the in-app /account/pricing page alike: what
 * each includes, its monthly credits and its price (from configuration), or, when billing is off,
 * that the organisation running the server provides it. The footer is the page's own (`action`).
 */
export function PlanCards({
  catalogue,
  interval,
  currentPlanType,
  action,
}: {
  catalogue: Pick<Catalogue, "mode" | "plans" | "monthlyCredits" | "defaultPlan">;
  interval: Interval;
  /** The plan the user has (highlighted), when signed in. */
  currentPlanType?: CataloguePlan["planType"] | null;
  action: (plan: CataloguePlan, copy: PlanCopy) => React.ReactNode;
}) {
  const off = catalogue.mode === "off";
  const plans = catalogue.plans.filter((p) => p.interval === interval);
  return (
    <ul className="grid list-none gap-4 p-0 md:grid-cols-3" aria-label="Plans">
      {plans.map((plan) => {
        const copy = PLAN_COPY[plan.planType];
        const current = currentPlanType === plan.planType;
        const price = formatMoney(plan.amount, plan.currency);
        const titleId = `plan-${plan.planType.toLowerCase()}-title`;
        return (
          <li key={plan.planType} className="grid">
            <Card aria-labelledby={titleId} className={current ? "grid border-primary" : "grid"}>
              <CardHeader>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CardTitle id={titleId}>{copy.name}</CardTitle>
                  {current ? (
                    <Badge variant="outline">Current plan</Badge>
                  ) : off && catalogue.defaultPlan === plan.planType ? (
                    <Badge variant="secondary">Given to every account</Badge>
                  ) : null}
                </div>
                <CardDescription>{copy.description}</CardDescription>
              </CardHeader>
              <CardContent className="grid content-start gap-3 text-sm">
                {off ? (
                  <p className="text-lg font-semibold">Provided by your organisation</p>
                ) : (
                  <p className="text-2xl font-semibold">
                    {price ?? "Price on request"}
                    {price ? <span className="text-sm font-normal text-muted-foreground"> / {interval === "YEARLY" ? "year" : "month"}</span> : null}
                    {price && plan.planType !== "SOLO" ? <span className="text-sm font-normal text-muted-foreground"> per seat</span> : null}
                  </p>
                )}
                <p className="text-muted-foreground">{formatCredits(catalogue.monthlyCredits[plan.planType])} credits a month</p>
                <ul className="grid gap-1.5">
                  {copy.includes.map((item) => (
                    <li key={item} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                      <span>{item}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter className="self-end">{action(plan, copy)}</CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
