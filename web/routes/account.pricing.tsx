import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { envOf, requireUser } from "~/lib/auth.server";
import { getPlanStatus } from "../../worker/accounts/plan";
import { getDb } from "../../worker/db/client";

export const meta: MetaFunction = () => [{ title: "Plans and pricing · Readyroom" }];

/** Placeholder until the billing issue replaces this page with Stripe checkout. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const plan = await getPlanStatus(getDb(envOf(args.context).DB), user.id);
  return { hasActivePlan: plan.hasActivePlan, planType: plan.planType, isPaused: plan.isPaused };
}

export default function PricingPage() {
  const { hasActivePlan, planType, isPaused } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto grid max-w-3xl gap-6 p-4 md:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Plans and pricing</h1>
        <p className="text-sm text-muted-foreground">Readyroom is available as Solo, Team and Enterprise plans.</p>
      </header>
      {hasActivePlan ? (
        <Alert variant="success">
          <AlertTitle>Your {planType ? planType.toLowerCase() : ""} plan is active</AlertTitle>
          You have full access to Readyroom.
        </Alert>
      ) : isPaused ? (
        <Alert variant="destructive">
          <AlertTitle>Your plan is paused</AlertTitle>
          Access returns when the plan is resumed.
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Billing is not configured on this server</CardTitle>
          <CardDescription>Online payment has not been set up for this installation, so plans cannot be bought here yet.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <p>
            An administrator can grant a plan to your account from the server with <code className="rounded bg-muted px-1 py-0.5 text-xs">npm run admin</code>.
          </p>
          <p className="text-muted-foreground">Ask the person who runs this Readyroom server to grant a plan to your e-mail address, then reload this page.</p>
        </CardContent>
      </Card>
    </main>
  );
}
