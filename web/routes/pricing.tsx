import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as React from "react";
import { IntervalSwitch, PlanCards, type Interval } from "~/components/billing/plan-cards";
import { Button } from "~/components/ui/button";
import { envOf, getOptionalUser } from "~/lib/auth.server";
import { appContext } from "../../worker/context";
import { getCatalogue } from "../../worker/payments/service";

export const meta: MetaFunction = () => [
  { title: "Pricing · Readyroom" },
  { name: "description", content: "Readyroom's Solo, Team and Enterprise plans: what each includes, its monthly credits and its price." },
];

/** Public: the same catalogue (plans, credits, prices from configuration) the in-app plans page shows. */
export async function loader(args: LoaderFunctionArgs) {
  const [catalogue, user] = await Promise.all([getCatalogue(appContext(envOf(args.context))), getOptionalUser(args)]);
  return { catalogue, signedIn: Boolean(user) };
}

export default function PublicPricingPage() {
  const { catalogue, signedIn } = useLoaderData<typeof loader>();
  const [interval, setInterval] = React.useState<Interval>("MONTHLY");
  const off = catalogue.mode === "off";
  const trial = !off && catalogue.billingConfigured && catalogue.trialDays > 0;
  const start = signedIn ? "/account/pricing" : `/signup?${new URLSearchParams({ callbackUrl: off ? "/dashboard" : "/account/pricing" })}`;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:py-14">
      <header className="grid gap-3 text-center">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Plans and pricing</h1>
        <p className="mx-auto max-w-2xl text-muted-foreground">
          {off
            ? "On this server, plans are provided by your organisation: create your account and it comes with a plan and its monthly credits."
            : `Every plan includes the exercise designer, Ask Readyroom, threat intelligence and live conduct through after-action reports.${
                trial ? ` Start with a ${catalogue.trialDays}-day free trial.` : ""
              }`}
        </p>
        {catalogue.billingConfigured ? (
          <div className="flex justify-center">
            <IntervalSwitch value={interval} onChange={setInterval} />
          </div>
        ) : null}
      </header>
      <PlanCards
        catalogue={catalogue}
        interval={interval}
        action={(plan, copy) => (
          <Button asChild variant={plan.planType === "TEAM" ? "default" : "outline"} className="w-full">
            <Link to={start}>{signedIn ? "See your plan" : off ? "Create your account" : trial ? `Try ${copy.name} free` : `Choose ${copy.name}`}</Link>
          </Button>
        )}
      />
      <p className="text-center text-sm text-muted-foreground">
        Credits pay for AI work (drafting, answers, document reading); each plan&apos;s allowance renews every month. See the <Link to="/terms">terms</Link> and{" "}
        <Link to="/privacy">privacy</Link> pages for the details.
      </p>
    </div>
  );
}
