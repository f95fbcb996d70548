import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ArrowRight, ClipboardList, FileText, Radar, UserRoundCog, Users } from "~/components/ui/icons";
import type * as React from "react";
import { z } from "zod";
import { getDashboard } from "../../worker/dashboard/service";
import { ClientFilter } from "~/components/clients/client-filter";
import { SampleBadge } from "~/components/sample/sample-badge";
import { SampleCard } from "~/components/sample/sample-card";
import { ExerciseActions, ExerciseBrowser } from "~/components/exercise/dashboard";
import { CapabilityTrendsCard } from "~/components/improvement/trends-card";
import { TeamBadge } from "~/components/teams/team-badge";
import type { TeamShareView } from "~/lib/teams-api";
import { ThreatsToggle, useThreatsPanel } from "~/components/intelligence/threats-toggle";
import { routeExists } from "~/components/shell/nav";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { requireUserContext } from "~/lib/context.server";
import { readThreatIntelligenceEnabled } from "~/lib/cookies";
import { exercisePagePath } from "~/lib/exercise-paths";
import { readSearchParams } from "~/lib/search-params";
import { listQuerySchema } from "../../worker/exercises/schemas";
import { timed } from "../../worker/lib/server-timing";
import type { loader as rootLoader } from "~/root";
import { useDates } from "~/lib/dates-context";

export const meta: MetaFunction = () => [{ title: "Dashboard · Readyroom" }];

/** Trimmed and cut to the exercise list's 200 characters; empty is absent. */
const searchText = z
  .string()
  .transform((value) => value.trim().slice(0, 200) || undefined)
  .optional()
  .catch(undefined);

/** The dashboard's filters: the exercise list's (GET /api/exercises), under the page's own names. */
const dashboardQuery = z.object({ q: searchText, sort: listQuerySchema.shape.sort.catch("desc"), client: searchText });

/** The page is one service call (worker/dashboard/service.ts); the loader only reads the query. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx, user } = await requireUserContext(args);
  const { q: search, sort, client: clientId } = readSearchParams(args.request, dashboardQuery);
  const dashboard = await timed("dashboard", () => getDashboard(ctx, { search, sort, clientId }));
  const threatsEnabled = readThreatIntelligenceEnabled(args.request.headers.get("cookie"));
  // "Welcome" until the welcome modal has been seen once, "Welcome back" after.
  return { ...dashboard, userId: user.id, firstVisit: !user.onboarded, query: { q: search ?? "", sort }, threatsEnabled };
}

// Fixed locale and zone so the server and the browser print the same date (no hydration mismatch).

export default function DashboardPage() {
  const { day: formatDay } = useDates();
  const data = useLoaderData<typeof loader>();
  const routes = useRouteLoaderData<typeof rootLoader>("root")?.routes ?? [];
  const has = (route: string) => routeExists(routes, route);
  const firstName = data.firstName.trim();
  const [showThreats, setShowThreats] = useThreatsPanel(data.threatsEnabled);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 p-4 sm:p-6 lg:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{[data.firstVisit ? "Welcome" : "Welcome back", firstName].filter(Boolean).join(", ")}</h1>
          <p className="text-muted-foreground">Your exercises, documents and intelligence in one place.</p>
        </div>
        <ThreatsToggle checked={showThreats} onCheckedChange={setShowThreats} />
      </header>

      <SampleCard status={data.sample} />
      {data.profile.filled < data.profile.total && has("account.profile") ? <ProfileHint profile={data.profile} /> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <ExercisesCard data={data} canOpen={has("exercise.$id")} />
        <div className="grid content-start gap-6">
          {data.campaignExercises.length > 0 && has("collaborate.campaigns.$campaignId.exercise.$id") ? (
            <RecentList
              title="Campaign exercises"
              icon={Users}
              total={data.campaignExercises.length}
              emptyTitle=""
              emptyText=""
              allHref={null}
              items={data.campaignExercises.map((e) => ({
                id: e.id,
                title: e.name.trim() || "Untitled exercise",
                meta: `${e.campaignName} · ${formatDay(e.updatedAt)}`,
                badge: e.completed ? "Completed" : null,
                href: exercisePagePath(e, e.resumeStep),
              }))}
            />
          ) : null}
          <RecentList
            title="Recent documents"
            icon={FileText}
            total={data.documents.total}
            emptyTitle="No documents yet"
            emptyText={
              has("documents")
                ? "Upload plans and reports, then ask Ask Readyroom about them."
                : "The document library is coming soon: you will upload plans and reports here and ask Ask Readyroom about them."
            }
            allHref={has("documents") ? "/documents" : null}
            items={data.documents.items.map((d) => ({
              id: d.id,
              title: d.name,
              meta: formatDay(d.createdAt),
              badge: d.processed ? null : "Processing",
              sample: d.sample,
              team: d.team,
            }))}
          />
          {/* Keyed by the report count: when it changes (sample data removed), the card reads its trends again. */}
          {has("improvement") ? <CapabilityTrendsCard key={data.publishedReports} /> : null}
          <div id="threats-panel" hidden={!showThreats}>
            {showThreats ? (
              <RecentList
                title="Threats"
                icon={Radar}
                total={data.briefs.total}
                emptyTitle="No briefs yet"
                emptyText="Save intelligence briefs on the Intelligence page; the latest appear here."
                allHref="/intelligence"
                items={data.briefs.items.map((b) => ({
                  id: b.id,
                  title: b.title,
                  meta: formatDay(b.createdAt),
                  badge: b.shared ? "Shared" : null,
                  sample: b.sample,
                  team: b.team,
                  href: `/intelligence#brief-${b.id}`,
                }))}
              />
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

function ProfileHint({ profile }: { profile: { filled: number; total: number; missing: string[] } }) {
  const percent = Math.round((profile.filled / profile.total) * 100);
  return (
    <Card className="border-primary/30 bg-primary/5">
      <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
        <UserRoundCog className="hidden size-8 shrink-0 text-primary sm:block" aria-hidden />
        <div className="grid flex-1 gap-2">
          <p className="font-medium">Personalize your profile</p>
          <p className="text-sm text-muted-foreground">
            {profile.filled} of {profile.total} profile sections are filled in. Readyroom tailors its answers to what you tell it
            {profile.missing.length > 0 ? `; still empty: ${profile.missing.slice(0, 3).join(", ")}${profile.missing.length > 3 ? " and more" : ""}` : ""}.
          </p>
          <Progress value={percent} label="Profile completeness" className="max-w-sm" />
        </div>
        <Button asChild variant="outline">
          <Link to="/account/profile">
            Complete your profile <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function ExercisesCard({ data, canOpen }: { data: ReturnType<typeof useLoaderData<typeof loader>>; canOpen: boolean }) {
  return (
    <Card className="self-start lg:col-span-2" id="exercises" aria-labelledby="exercises-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="grid gap-1">
          <CardTitle id="exercises-title" className="flex items-center gap-2">
            <ClipboardList className="size-4 text-primary" aria-hidden /> Exercises
          </CardTitle>
          <CardDescription>
            Tabletop exercises you are designing or have completed, and those your team shares.{" "}
            <Link to="/exercises" className="font-medium text-primary underline-offset-4 hover:underline">
              All exercises
            </Link>
          </CardDescription>
        </div>
        {canOpen ? <ExerciseActions userId={data.userId} enterprise={data.enterprise} /> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {data.enterprise && data.clients.length > 0 ? <ClientFilter clients={data.clients} value={data.clientId} /> : null}
        {data.exercises.total === 0 && data.clientId ? (
          <EmptyState
            icon={ClipboardList}
            title="No exercises for this client"
            text="Create one with New exercise and choose this client, or show all clients."
          />
        ) : data.exercises.total === 0 && (data.publishedReports > 0 || data.campaignExercises.length > 0) ? (
          // Beside capability ratings or campaign exercises, "No exercises yet" would read as a contradiction.
          <EmptyState
            icon={ClipboardList}
            title="No exercises of your own yet"
            text="Your capability ratings and campaign exercises are on this page; start an exercise of your own from a blank page or a quick-start template."
          />
        ) : data.exercises.total === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title="No exercises yet"
            text="Build a tabletop exercise step by step, from a blank page or a quick-start template, with the design assistant at your side."
          />
        ) : (
          <ExerciseBrowser
            items={data.exercises.list}
            query={data.query}
            canOpen={canOpen}
            clientNames={Object.fromEntries(data.clients.map((c) => [c.id, c.name]))}
          />
        )}
      </CardContent>
    </Card>
  );
}

type RecentItem = { id: string; title: string; meta: string; badge: string | null; sample?: boolean; href?: string; team?: TeamShareView | null };

function RecentList({
  title,
  icon: Icon,
  total,
  items,
  emptyTitle,
  emptyText,
  allHref,
}: {
  title: string;
  icon: React.ComponentType<{ className?: string }>;
  total: number;
  items: RecentItem[];
  emptyTitle: string;
  emptyText: string;
  allHref: string | null;
}) {
  const headingId = `${title.toLowerCase().replace(/\W+/g, "-")}-title`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle id={headingId} className="flex items-center gap-2">
          <Icon className="size-4 text-primary" aria-hidden /> {title}
        </CardTitle>
        {allHref && total > 0 ? (
          <Link to={allHref} className="text-sm font-medium text-primary hover:underline">
            View all ({total})
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <EmptyState icon={Icon} title={emptyTitle} text={emptyText} compact />
        ) : (
          <ul className="grid gap-2">
            {items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="grid min-w-0">
                  {item.href ? (
                    <Link to={item.href} className="truncate font-medium text-primary hover:underline">
                      {item.title}
                    </Link>
                  ) : (
                    <span className="truncate font-medium">{item.title}</span>
                  )}
                  <span className="text-xs text-muted-foreground">{item.meta}</span>
                </span>
                <span className="flex shrink-0 items-center gap-1">
                  {item.sample ? <SampleBadge /> : null}
                  <TeamBadge team={item.team ?? null} />
                  {item.badge ? <Badge variant="outline">{item.badge}</Badge> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function EmptyState({
  icon: Icon,
  title,
  text,
  compact = false,
}: {
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  text: string;
  compact?: boolean;
}) {
  return (
    <div
      className={
        compact ? "grid justify-items-center gap-1 py-4 text-center" : "grid justify-items-center gap-2 rounded-md border border-dashed py-10 text-center"
      }
    >
      <Icon className="size-6 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
