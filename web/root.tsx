// First import of the first route module: Remix evaluates route modules before entry.client, and
// some of them run a schema while loading; zod must be jitless before that (web/lib/zod-jitless.ts).
import "~/lib/zod-jitless";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { QueryClientProvider } from "@tanstack/react-query";
import * as React from "react";
import { SynthesisModalsSlot, SynthesisProvider } from "~/components/collaborate/synthesis-store";
import { AppShell } from "~/components/shell/app-shell";
import { PLAN_REQUIRED_STATUS, PlanRequired } from "~/components/shell/plan-required";
import { LayoutStateProvider } from "~/components/shell/layout-state";
import { Logo } from "~/components/shell/navbar";
import { builtRouteNames } from "~/components/shell/nav.server";
import { Button } from "~/components/ui/button";
import { Toaster } from "~/components/ui/toaster";
import { enforceAccess, envOf } from "~/lib/auth.server";
import { parseConfig } from "../worker/env";
import { contextFor } from "~/lib/request-context.server";
import { membershipOf } from "../worker/accounts/membership";
import { isEnterprise } from "../worker/accounts/plan";
import { labelFor, labelRolesOf } from "../worker/payments/account-label";
import { planRequiredView } from "../worker/payments/plan-required";
import { teamOfMembership } from "../worker/teams/team";
import { parseCookies, readLayoutState } from "~/lib/cookies";
import { dateSettingsFrom, TIME_ZONE_COOKIE } from "~/lib/dates";
import { DateSettingsProvider } from "~/lib/dates-context";
import { useNonce } from "~/lib/nonce";
import { createQueryClient } from "~/lib/query";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Readyroom" }];

/**
 * Every page passes the spec §4 access guard here (redirects are thrown), and the layout cookies
 * are read so the first HTML already has the sidebar and bars in their saved state.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await enforceAccess({ request, context });
  const config = parseConfig(envOf(context));
  // The roles come from the same read as the guard's plan (membershipOf is memoized per page load).
  const membership = access.user ? await membershipOf(contextFor({ request, context }, access.user.id)) : null;
  const roles = membership ? labelRolesOf(membership) : null;
  const team = config.TEAM_ACCOUNTS_ENABLED && membership ? teamOfMembership(membership) : null;
  const teamAdmin = team?.role === "ADMIN";
  const user =
    access.user && roles
      ? {
          id: access.user.id,
          email: access.user.email,
          firstName: access.user.firstName,
          lastName: access.user.lastName,
          accountLabel: labelFor(access.plan, roles),
          isAdmin: access.user.role === "admin",
          teamAdmin,
          /** In a team (team accounts on): the share controls and the team views show. */
          inTeam: Boolean(team),
        }
      : null;
  return {
    user,
    /** This page needs a plan the user does not have: it shows why and what to do instead (guard.ts). */
    planRequired: access.user && access.planRequired && membership ? planRequiredView(config, access.plan, membership, access.isCampaignOnly) : null,
    subscribed: access.user ? access.plan.hasActivePlan : false,
    /** Enterprise accounts see the Clients nav item (spec §6). */
    enterprise: access.user ? isEnterprise(access.plan) : false,
    /** Spec §4/§6: someone only in campaigns (no plan, no team) sees only Collaborate and Account. */
    campaignOnly: access.user ? access.isCampaignOnly : false,
    layout: readLayoutState(request.headers.get("Cookie")),
    /** Dates in the reader's locale and zone, decided once so the server and the browser write the same text. */
    dates: dateSettingsFrom(request.headers.get("Accept-Language"), parseCookies(request.headers.get("Cookie"))[TIME_ZONE_COOKIE]),
    routes: builtRouteNames(),
    /** Spec §9 public runtime configuration: the team-accounts flag. */
    publicConfig: { teamAccountsEnabled: config.TEAM_ACCOUNTS_ENABLED },
  };
}

/** The guard must see every page change, not only the first document request. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has hydrated it (effects run after the commit): only then do the
  // server-rendered buttons and menus answer. The e2e journeys wait for it (e2e/lib/helpers.ts).
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

function Shell({ data, children }: { data: RootData; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const [queryClient] = React.useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SynthesisProvider userId={data.user?.id ?? null}>
        <DateSettingsProvider settings={data.dates}>
          <LayoutStateProvider initial={data.layout} pathname={pathname}>
            <AppShell user={data.user} subscribed={data.subscribed} routes={data.routes} pathname={pathname}>
              {children}
            </AppShell>
          </LayoutStateProvider>
        </DateSettingsProvider>
        <SynthesisModalsSlot userEmail={data.user?.email ?? null} />
      </SynthesisProvider>
      <Toaster />
    </QueryClientProvider>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return <Shell data={data}>{data.planRequired ? <PlanRequired view={data.planRequired} /> : <Outlet />}</Shell>;
}

/** A friendly page for 404s and unexpected errors: never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  // The page's loader stopped because the page needs a plan (web/lib/context.server.ts): the
  // shell stays, and the page says why and what to do.
  if (isRouteErrorResponse(error) && error.status === PLAN_REQUIRED_STATUS && data?.planRequired) {
    return (
      <Shell data={data}>
        <PlanRequired view={data.planRequired} />
      </Shell>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex h-14 items-center border-b bg-card px-4">
        <Link to="/" className="rounded-md px-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Logo />
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center p-6">
        <div className="grid max-w-md gap-4 text-center">
          <p className="text-sm font-semibold text-primary">{status}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{notFound ? "Page not found" : "Something went wrong"}</h1>
          <p className="text-muted-foreground">
            {notFound
              ? "The page you were looking for does not exist or has moved."
              : "We could not load this page. Try again in a moment; if it keeps happening, let us know."}
          </p>
          <div className="flex justify-center gap-2">
            <Button asChild>
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
            {notFound ? null : (
              <Button variant="outline" onClick={() => window.location.reload()}>
                Try again
              </Button>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}
