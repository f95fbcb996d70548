import { Link } from "@remix-run/react";

const LINKS = [
  { to: "/pricing", label: "Pricing" },
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
  { to: "/status", label: "Status" },
  { to: "/api/docs", label: "API", reload: true },
];

/** The footer of the public pages (everything a signed-out visitor sees): where the pricing, terms, privacy and status live. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:px-6">
        <p>Readyroom · preparedness and exercise planning</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LINKS.map(({ to, label, reload }) => (
              <li key={to}>
                <Link
                  to={to}
                  reloadDocument={reload}
                  className="rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
