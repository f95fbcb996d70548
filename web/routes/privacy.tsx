import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContactLine, LegalPage, LegalSection, operatorOf } from "~/components/legal/legal-page";
import { envOf } from "~/lib/auth.server";
import { parseConfig } from "../../worker/env";
import { legalView } from "../../worker/legal/service";

export const meta: MetaFunction = () => [
  { title: "Privacy · Readyroom" },
  { name: "description", content: "What data Readyroom handles, who processes it, how long it is kept and how to ask about it." },
];

/** Public: the operator, contact, subprocessors and retention come from configuration (worker/legal). */
export function loader({ context }: LoaderFunctionArgs) {
  return legalView(parseConfig(envOf(context)));
}

export default function PrivacyPage() {
  const view = useLoaderData<typeof loader>();
  const operator = operatorOf(view);
  return (
    <LegalPage
      title="Privacy"
      lead={
        <p>
          Readyroom at {view.host} is run by {operator}. This page says, in plain words, what data the service handles for emergency managers and their teams,
          who else processes it, how long it is kept and how to ask about it.
        </p>
      }
    >
      <LegalSection id="data" title="What data we handle">
        <ul>
          <li>
            <strong>Your account:</strong> name, e-mail address, organisation and country; your password as a salted hash (never the password itself); your
            second-factor settings; and your signed-in sessions with the network address and browser they came from.
          </li>
          <li>
            <strong>Your work:</strong> exercises, the plans and reports you upload and the text read from them, your questions to Ask Readyroom and the
            answers, intelligence briefs and news alerts, your profile&apos;s custom instructions, campaign contributions, and the records of exercises you run:
            injects, evaluator observations, participant feedback, after-action reports, improvement plans and corrective actions.
          </li>
          <li>
            <strong>People who join without an account:</strong> players and evaluators open links you give them and need no account; the feedback form asks for
            no name unless the participant writes one. Network addresses are counted for a minute to stop floods of submissions.
          </li>
          <li>
            <strong>Billing:</strong> your plan and your credit use
            {view.billingMode === "stripe" ? "; with a subscription, the Stripe customer it belongs to (card details are held by Stripe, never by us)" : ""}.
          </li>
          <li>
            <strong>Operations:</strong> a record of changes administrators make to accounts (the audit log), and the outcome of scheduled jobs.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="use" title="How it is used">
        <p>
          Your data is used to run the service for you and your team: to store and show your work, to answer your questions from your own documents, to send the
          e-mail your account needs (confirmations, password resets, sign-in codes, invitations, reminders) and to keep the service safe from abuse. It is not
          sold, not used for advertising and not used to train AI models. When an AI provider is configured, the text of a request and the passages it cites are
          sent to that provider to produce the answer, under the provider&apos;s terms for business API use; without one, drafting runs offline on the server.
        </p>
        <p>
          Your work is private to you. It is seen by others only when you share it: with your team, in a campaign, or through a share link, which anyone who has
          it can open until you revoke it.
        </p>
      </LegalSection>

      <LegalSection id="subprocessors" title="Who else processes it">
        <p>These companies and services process data for {operator} to run Readyroom:</p>
        <ul>
          {view.subprocessors.map((s) => (
            <li key={s.name}>
              <strong>{s.name}</strong>: {s.purpose}
              {s.location ? ` (${s.location})` : ""}.
            </li>
          ))}
        </ul>
        {view.publicSources.length > 0 ? (
          <p>
            Threat intelligence reads public data sources ({view.publicSources.join(", ")}). They receive search terms and places, never your account or
            documents.
          </p>
        ) : null}
      </LegalSection>

      <LegalSection id="retention" title="How long it is kept">
        <ul>
          <li>
            Your account and your work: for as long as the account is open. What you delete (a document, an exercise, a brief) is removed from the service at
            once.
          </li>
          <li>
            When you close your account, everything in it is deleted within {view.deletionDays} days, backups included. Work you contributed to a team&apos;s
            campaign stays with the team.
          </li>
          <li>Sessions: a sign-in lasts at most 30 days, and ends sooner when unused or when you sign out.</li>
          <li>Records of sign-in attempts used to stop password guessing: 2 days.</li>
          <li>Share links: until you revoke them, or your plan ends.</li>
          <li>Participant feedback and evaluator notes: with the exercise they belong to.</li>
        </ul>
      </LegalSection>

      <LegalSection id="rights" title="Your choices and rights">
        <p>
          You can correct your details on your profile, export exercises and reports (Word, PDF and JSON), delete your documents and work, and turn on a second
          sign-in factor. To get a copy of your data, have it corrected or deleted, close your account or ask anything about this page, write to{" "}
          <ContactLine view={view} />. You may also complain to your data protection authority.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies">
        <p>
          Readyroom sets only the cookies it needs: the session cookie that keeps you signed in, a short-lived cookie during a second-factor sign-in, and
          cookies that remember your layout (sidebar, panels) and your time zone (so dates are shown in your local time). There are no advertising or tracking
          cookies.
        </p>
      </LegalSection>

      <LegalSection id="security" title="Security">
        <p>
          Connections are encrypted, passwords are stored as hashes, every request is checked against who may see the data, and each organisation&apos;s data is
          kept apart. The <Link to="/status">status page</Link> shows whether the service is working. See also the <Link to="/terms">terms of use</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
