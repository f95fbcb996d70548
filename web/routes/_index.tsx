import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { BookOpenText, ClipboardList, Radar, Users } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = () => [
  { title: "Readyroom — preparedness and exercise planning" },
  { name: "description", content: "Design tabletop exercises, ask questions over your plans and gather threat intelligence." },
];

// Signed-in users with a plan never see this page: the root loader's access guard sends them to /dashboard.
const FEATURES = [
  { icon: ClipboardList, title: "Tabletop exercises", text: "Design HSEEP-style exercises step by step with an AI design assistant." },
  { icon: BookOpenText, title: "Ask Readyroom", text: "Upload plans and reports, then ask questions that are answered from them." },
  { icon: Radar, title: "Threat intelligence", text: "Research threats and keep briefs on the hazards that matter to you." },
  { icon: Users, title: "Collaborate", text: "Run campaigns with your team and turn their input into findings." },
];

export default function Index() {
  return (
    <div className="mx-auto grid max-w-5xl gap-12 px-6 py-16">
      <section className="grid gap-5 text-center">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">Preparedness planning, ready when you are</h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          Readyroom helps emergency managers and preparedness planners design exercises, learn from their plans and stay ahead of threats.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/signup">Create account</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/login">Sign in</Link>
          </Button>
        </div>
      </section>
      <section aria-label="What Readyroom does" className="grid gap-4 sm:grid-cols-2">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <div key={title} className="flex gap-3 rounded-lg border bg-card p-5">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <div className="grid gap-1">
              <h2 className="font-semibold">{title}</h2>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
