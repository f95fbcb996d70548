import type * as React from "react";
import { ContactLink } from "~/components/shell/plan-required";
import type { LegalView } from "../../../worker/legal/service";

/** The plain reading layout of /terms and /privacy: a title, a short lead and numbered sections. */
export function LegalPage({ title, lead, children }: { title: string; lead: React.ReactNode; children: React.ReactNode }) {
  return (
    <article className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6 lg:py-14">
      <header className="grid gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <div className="text-muted-foreground">{lead}</div>
      </header>
      <div className="grid gap-8 leading-7 [&_li]:ml-5 [&_li]:list-disc [&_ul]:grid [&_ul]:gap-1">{children}</div>
    </article>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Acme County OEM", or a description when OPERATOR_NAME is unset. */
export function operatorOf(view: Pick<LegalView, "operatorName">): string {
  return view.operatorName ?? "the operator of this service";
}

/** How to reach the operator: OPERATOR_CONTACT as a link, else who to ask. */
export function ContactLine({ view }: { view: Pick<LegalView, "contact"> }) {
  return view.contact ? <ContactLink contact={view.contact} /> : <>the person who runs Readyroom for your organisation, or who invited you</>;
}
