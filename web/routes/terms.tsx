import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContactLine, LegalPage, LegalSection, operatorOf } from "~/components/legal/legal-page";
import { envOf } from "~/lib/auth.server";
import { parseConfig } from "../../worker/env";
import { legalView } from "../../worker/legal/service";

export const meta: MetaFunction = () => [
  { title: "Terms of use · Readyroom" },
  { name: "description", content: "The terms of using Readyroom: accounts, plans and credits, your content, AI output and acceptable use." },
];

/** Public: the operator, contact and billing terms come from configuration (worker/legal). */
export function loader({ context }: LoaderFunctionArgs) {
  return legalView(parseConfig(envOf(context)));
}

export default function TermsPage() {
  const view = useLoaderData<typeof loader>();
  const operator = operatorOf(view);
  return (
    <LegalPage
      title="Terms of use"
      lead={
        <p>
          These terms are between you and {operator}, who runs Readyroom at {view.host}. By creating an account or using the service you agree to them. The{" "}
          <Link to="/privacy">privacy page</Link> explains what happens to your data.
        </p>
      }
    >
      <LegalSection id="service" title="The service">
        <p>
          Readyroom helps emergency managers and preparedness planners design and run exercises (HSEEP-style tabletop exercises, live conduct, evaluation,
          after-action reports and corrective actions), ask questions of their own plans, gather threat intelligence and work with their teams.
        </p>
        <p>
          <strong>Readyroom is a planning and training tool, not an emergency service.</strong> Do not rely on it to respond to a real emergency: follow your
          jurisdiction&apos;s procedures and call your emergency number.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="Your account">
        <ul>
          <li>Give accurate details, keep your password to yourself and turn on a second sign-in factor if your organisation asks for one.</li>
          <li>You are responsible for what is done with your account. Team administrators are responsible for who they invite and the roles they give.</li>
          <li>Tell {operator} at once if you think someone else has used your account.</li>
        </ul>
      </LegalSection>

      <LegalSection id="plans" title="Plans and credits">
        {view.billingMode === "off" ? (
          <p>
            On this server plans are provided by your organisation: every confirmed account receives one, and nothing is charged through Readyroom. Your
            organisation decides who has which plan and may change or end it.
          </p>
        ) : (
          <ul>
            <li>Plans are subscriptions billed in advance, monthly or yearly, through Stripe. Team and Enterprise plans are billed per seat.</li>
            {view.trialDays > 0 ? (
              <li>A first subscription starts with a {view.trialDays}-day free trial; it is charged only if you keep it past the trial.</li>
            ) : null}
            <li>You can change, pause or cancel your subscription in the billing portal; a cancellation takes effect at the end of the period paid for.</li>
          </ul>
        )}
        <p>
          AI features use credits. Each plan brings a monthly allowance, which ends with the month; credits bought separately do not expire. Limits set by your
          account&apos;s administrator apply. When the credits run out, AI features pause until more are available; your work stays.
        </p>
      </LegalSection>

      <LegalSection id="content" title="Your content">
        <p>
          What you put into Readyroom stays yours. You give {operator} only the permission needed to store, process and show it to run the service for you and
          the people you share it with. Upload only material you are allowed to share, and mark or leave out sensitive details your organisation does not want
          stored in a cloud service.
        </p>
      </LegalSection>

      <LegalSection id="ai" title="AI output">
        <p>
          The design assistant, Ask Readyroom and the intelligence features draft text and answers that can be wrong or incomplete, even when they cite your
          documents. Review everything before you use it in an exercise, a plan or a decision; the judgement is yours.
        </p>
      </LegalSection>

      <LegalSection id="use" title="Acceptable use">
        <ul>
          <li>No unlawful, harmful or deceptive content, and nothing that infringes someone else&apos;s rights.</li>
          <li>No attempts to reach other organisations&apos; data, break or overload the service, or get around its limits and sign-in.</li>
          <li>No use of share links or invitations to send spam.</li>
        </ul>
        <p>{operator} may suspend an account that breaks these rules, and will say why when it is safe to.</p>
      </LegalSection>

      <LegalSection id="availability" title="Availability and liability">
        <p>
          {operator} works to keep Readyroom available and your data safe, and shows its state on the <Link to="/status">status page</Link>, but cannot promise
          it will never be interrupted. As far as the law allows, the service is provided as it is, and {operator} is not liable for indirect losses or for
          decisions made on the strength of its output.
        </p>
      </LegalSection>

      <LegalSection id="ending" title="Ending and changes">
        <p>
          You may stop using Readyroom and ask for your account to be closed at any time. If these terms change in a way that matters, you will be told before
          the change applies. Questions about these terms go to <ContactLine view={view} />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
