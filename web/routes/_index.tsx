import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { SCREEN_HEIGHT, SCREEN_WIDTH, SCREENS } from "~/components/landing/screens";

export const meta: MetaFunction = () => [
  { title: "Readyroom — preparedness and exercise planning" },
  {
    name: "description",
    content:
      "Design HSEEP tabletop exercises with an AI assistant, ask questions of your plans, gather threat intelligence, run exercises live and track the corrective actions that follow.",
  },
];

/** The exercise cycle the product follows, in HSEEP's order. */
const CYCLE = ["Plan with your documents", "Design the exercise", "Conduct it live", "Evaluate with EEGs", "Report in the AAR/IP", "Track corrective actions"];

// Signed-in users never see this page: the root loader's access guard sends them to /dashboard.
export default function Index() {
  const [first, ...rest] = SCREENS;
  return (
    <div className="mx-auto grid max-w-6xl gap-16 px-4 py-12 sm:px-6 lg:py-16">
      <section className="grid items-center gap-8 lg:grid-cols-[5fr_6fr]">
        <div className="grid gap-5">
          <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">Preparedness planning, ready when you are</h1>
          <p className="text-lg text-muted-foreground">
            Readyroom is the workspace for emergency managers and preparedness planners: design HSEEP exercises with an AI design assistant, ask questions of
            your own plans, keep watch on the threats to your jurisdiction, run the exercise live and carry its lessons through to corrective actions.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/signup">Create account</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login">Sign in</Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <Link to="/pricing">See plans and pricing</Link>
            </Button>
          </div>
        </div>
        <figure className="grid gap-2">
          {/* Above the fold, so loaded at once; the others load as they scroll into view. */}
          <img
            src={`/screens/${first.name}.webp`}
            width={SCREEN_WIDTH}
            height={SCREEN_HEIGHT}
            alt={first.alt}
            className="h-auto w-full rounded-lg border bg-card shadow-sm"
          />
          <figcaption className="text-sm text-muted-foreground">The app itself, with the fictional Brackwater County demo workspace.</figcaption>
        </figure>
      </section>

      <section aria-labelledby="cycle-heading" className="grid gap-4">
        <h2 id="cycle-heading" className="text-2xl font-semibold tracking-tight">
          The whole exercise cycle in one place
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {CYCLE.map((step, i) => (
            <li key={step} className="flex items-center gap-3 rounded-lg border bg-card p-3 text-sm font-medium">
              <span className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-xs text-primary-foreground" aria-hidden>
                {i + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="What Readyroom does" className="grid gap-14">
        {rest.map((screen, i) => (
          <article key={screen.name} className="grid items-center gap-6 md:grid-cols-2">
            <div className={i % 2 ? "grid gap-2 md:order-2" : "grid gap-2"}>
              <h2 className="text-2xl font-semibold tracking-tight">{screen.title}</h2>
              <p className="text-muted-foreground">{screen.text}</p>
            </div>
            <figure className="overflow-hidden rounded-lg border bg-card shadow-sm">
              <img
                src={`/screens/${screen.name}.webp`}
                width={SCREEN_WIDTH}
                height={SCREEN_HEIGHT}
                alt={screen.alt}
                loading="lazy"
                decoding="async"
                className="h-auto w-full"
              />
            </figure>
          </article>
        ))}
      </section>

      <section className="grid justify-items-center gap-4 rounded-lg border bg-card px-6 py-10 text-center">
        <h2 className="text-2xl font-semibold tracking-tight">Start with your own plans</h2>
        <p className="max-w-2xl text-muted-foreground">
          Create an account, confirm your address and you are in: the dashboard opens with a welcome that shows you around.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/signup">Create account</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/pricing">Compare plans</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
