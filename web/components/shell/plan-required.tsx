import { Link } from "@remix-run/react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader } from "~/components/ui/card";
import { Lock } from "~/components/ui/icons";
import type { PlanRequiredReason, PlanRequiredView } from "../../../worker/payments/plan-required";

/** What a page's loader throws when the page needs a plan the user lacks (context.server.ts); root.tsx's ErrorBoundary shows this panel. */
export const PLAN_REQUIRED_STATUS = 402;

/** OPERATOR_CONTACT as a link: an e-mail address gets mailto:, a URL is linked as is. */
export function ContactLink({ contact }: { contact: string }) {
  const href = contact.includes("@") && !contact.includes("/") ? `mailto:${contact}` : /^https?:\/\//.test(contact) ? contact : null;
  return href ? (
    <a href={href} className="font-medium text-primary underline underline-offset-4">
      {contact}
    </a>
  ) : (
    <span className="font-medium">{contact}</span>
  );
}

type Copy = { title: string; body: React.ReactNode; action: { to: string; label: string }; secondary?: { to: string; label: string } };

function copyFor(view: PlanRequiredView): Record<PlanRequiredReason, Copy> {
  const ask = view.contact ? (
    <>
      {" "}
      You can reach them at <ContactLink contact={view.contact} />.
    </>
  ) : null;
  return {
    campaign: {
      title: "This page comes with a Readyroom plan",
      body: "You take part in your organisation's campaigns, and those are all under Collaborate. To design exercises, ask questions of your plans or gather intelligence yourself, your organisation needs to add you to its team, or you can choose a plan of your own.",
      action: { to: "/collaborate", label: "Go to Collaborate" },
      secondary: { to: "/account/pricing", label: "See plans" },
    },
    billing_off: {
      title: "Your account does not have a plan on this server",
      body: (
        <>
          Plans on this Readyroom server are provided by your organisation, and your account has none at the moment, so this page is closed. Ask the person who
          runs Readyroom for your organisation to give your account a plan; your exercises, documents and briefs are kept until then.{ask}
        </>
      ),
      action: { to: "/account/pricing", label: "See your plan" },
    },
    team_plan: {
      title: "Your team's plan is not active",
      body: "Your plan comes from your team, and the team's plan has ended or is paused, so this page is closed. Ask your team's administrator to renew it; your work is kept and opens again as soon as the plan is active.",
      action: { to: "/account/profile", label: "See your team" },
      secondary: { to: "/account/pricing", label: "Choose a plan of your own" },
    },
    not_configured: {
      title: "This page needs a plan",
      body: (
        <>
          Your account does not have a plan yet, and online payment is not set up on this server. Ask its administrator to grant your account a plan; this page
          opens as soon as they have.{ask}
        </>
      ),
      action: { to: "/account/pricing", label: "See your plan" },
    },
    paused: {
      title: "Your plan is paused",
      body: "While your plan is paused this page is closed. Resume the plan from Plans and pricing; your exercises, documents and briefs are all kept.",
      action: { to: "/account/pricing", label: "Resume your plan" },
    },
    ended: {
      title: "Your plan has ended",
      body: "This page needs an active plan. Choose a plan to carry on; your exercises, documents and briefs are all kept.",
      action: { to: "/account/pricing", label: "Choose a plan" },
      secondary: { to: "/pricing", label: "Compare plans" },
    },
    no_plan: {
      title: "Choose a plan to open this page",
      body: `Your account does not have a plan yet. A plan opens the exercise designer, Ask Readyroom over your own plans, threat intelligence, live exercise conduct and after-action reports.${
        view.trialDays > 0 ? ` Every plan starts with a ${view.trialDays}-day free trial.` : ""
      }`,
      action: { to: "/account/pricing", label: view.trialDays > 0 ? "Start your free trial" : "Choose a plan" },
      secondary: { to: "/pricing", label: "Compare plans" },
    },
  };
}

/**
 * What a page that needs a plan shows a signed-in user without one (the access guard's
 * planRequired, root.tsx): why it is closed and the one thing to do next, instead of a redirect.
 */
export function PlanRequired({ view }: { view: PlanRequiredView }) {
  const copy = copyFor(view)[view.reason];
  return (
    <div className="mx-auto grid max-w-2xl p-4 sm:p-6 lg:p-8">
      <Card aria-labelledby="plan-required-title">
        <CardHeader className="gap-3">
          <Lock className="size-6 text-muted-foreground" aria-hidden />
          <h1 id="plan-required-title" className="text-xl font-semibold tracking-tight">
            {copy.title}
          </h1>
          <CardDescription className="text-base text-foreground">{copy.body}</CardDescription>
        </CardHeader>
        <CardFooter className="flex-wrap">
          <Button asChild>
            <Link to={copy.action.to}>{copy.action.label}</Link>
          </Button>
          {copy.secondary ? (
            <Button asChild variant="outline">
              <Link to={copy.secondary.to}>{copy.secondary.label}</Link>
            </Button>
          ) : null}
        </CardFooter>
      </Card>
    </div>
  );
}
