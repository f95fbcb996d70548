import { Link } from "@remix-run/react";
import { TriangleAlert, LineChart, Loader2 } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable } from "~/components/ui/table";
import { SegmentedControl } from "~/components/ui/segmented-control";
import { useTeam } from "~/hooks/use-team";
import { improvementApi, type CapabilityTrendsView, type CapabilityTrendView, type TrendsView } from "~/lib/improvement-api";
import { RATING_LEVELS, ratingLabel, ratingLevel } from "./labels";
import { useDates } from "~/lib/dates-context";

const VIEWS: readonly { value: TrendsView; label: string }[] = [
  { value: "mine", label: "Mine" },
  { value: "team", label: "Team" },
];

/**
 * The dashboard's "Capability trends" card. Loaded in the browser after the page renders (the
 * dashboard's server render stays as fast as it is): per core capability, its P/S/M/U ratings over
 * time as a small chart with a text alternative, and its open and overdue corrective actions.
 */
export function CapabilityTrendsCard() {
  const { inTeam } = useTeam();
  const [view, setView] = React.useState<TrendsView>("mine");
  const [state, setState] = React.useState<{ data: CapabilityTrendsView | null; error: string | null }>({ data: null, error: null });

  React.useEffect(() => {
    let live = true;
    setState({ data: null, error: null });
    improvementApi
      .trends(view)
      .then((data) => live && setState({ data, error: null }))
      .catch((err: unknown) => live && setState({ data: null, error: err instanceof Error ? err.message : "Could not load the trends." }));
    return () => {
      live = false;
    };
  }, [view]);

  const capabilities = state.data?.capabilities ?? [];
  return (
    <Card aria-labelledby="capability-trends-title" aria-busy={!state.data && !state.error}>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0 pb-3">
        <div className="grid gap-1">
          <CardTitle id="capability-trends-title" className="flex items-center gap-2">
            <LineChart className="size-4 text-primary" aria-hidden /> Capability trends
          </CardTitle>
          <CardDescription>
            {view === "team"
              ? "Ratings from your and your team's shared exercises' published after-action reports."
              : "Ratings from your published after-action reports."}
          </CardDescription>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-2">
          <Link to="/improvement" className="text-sm font-medium text-primary hover:underline">
            Corrective actions
          </Link>
          {inTeam ? <SegmentedControl label="Whose ratings" value={view} options={VIEWS} onChange={setView} /> : null}
        </div>
      </CardHeader>
      <CardContent>
        {state.error ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <TriangleAlert className="size-4" aria-hidden /> {state.error}
          </p>
        ) : !state.data ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading capability trends…
          </p>
        ) : capabilities.length === 0 ? (
          <div className="grid justify-items-center gap-1 py-4 text-center">
            <LineChart className="size-6 text-muted-foreground" aria-hidden />
            <p className="font-medium">Nothing rated yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              {view === "team"
                ? "Neither you nor your team has shared an exercise with a published after-action report yet. Share an exercise with your team from the Exercises page."
                : "Conduct an exercise and publish its after-action report: each core capability's P/S/M/U rating shows here, exercise after exercise."}
            </p>
          </div>
        ) : (
          <CapabilityTrendsList capabilities={capabilities} />
        )}
      </CardContent>
    </Card>
  );
}

/** The trends themselves: one row per capability (chart, latest rating, action counts) and the same data as a table. */
export function CapabilityTrendsList({ capabilities }: { capabilities: CapabilityTrendView[] }) {
  const { day: formatDay } = useDates();
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3">
        {capabilities.map((c) => (
          <TrendRow key={c.capability} trend={c} />
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">Show ratings as a table</summary>
        <DataTable
          className="mt-2"
          caption="Capability ratings by exercise, oldest first"
          columns={[{ header: "Capability" }, { header: "Ratings" }, { header: "Open actions", numeric: true }, { header: "Overdue", numeric: true }]}
          rows={capabilities.map((c) => ({
            key: c.capability,
            header: c.capability,
            cells: [
              c.points.length ? c.points.map((p) => `${p.rating} (${p.exerciseName}, ${formatDay(p.date)})`).join("; ") : "Not rated",
              c.openActions,
              c.overdueActions,
            ],
          }))}
        />
      </details>
    </div>
  );
}

function TrendRow({ trend }: { trend: CapabilityTrendView }) {
  const latest = trend.points.at(-1);
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium">{trend.capability}</span>
      <span className="flex gap-1">
        {trend.openActions > 0 ? <Badge variant="outline">{trend.openActions} open</Badge> : null}
        {trend.overdueActions > 0 ? <Badge variant="destructive">{trend.overdueActions} overdue</Badge> : null}
      </span>
      {trend.points.length > 0 ? (
        <span className="col-span-2 flex items-center gap-3">
          <Sparkline trend={trend} />
          {latest ? (
            <span className="text-xs text-muted-foreground">
              Latest: <span className="font-semibold text-foreground">{latest.rating}</span> ({ratingLabel(latest.rating).toLowerCase()})
            </span>
          ) : null}
        </span>
      ) : (
        <span className="col-span-2 text-xs text-muted-foreground">Not rated yet</span>
      )}
    </li>
  );
}

const W = 160;
const H = 48;
const PAD = 6;
const LABEL_W = 12;

/** P at the top, U at the bottom; one point per exercise, evenly spaced in time order. */
function Sparkline({ trend }: { trend: CapabilityTrendView }) {
  const { day: formatDay } = useDates();
  const n = trend.points.length;
  const x = (i: number) => LABEL_W + PAD + (n === 1 ? (W - LABEL_W - 2 * PAD) / 2 : (i * (W - LABEL_W - 2 * PAD)) / (n - 1));
  const y = (level: number) => PAD + ((3 - level) * (H - 2 * PAD)) / 3;
  const coords = trend.points.map((p, i) => [x(i), y(ratingLevel(p.rating))] as const);
  const description = `${trend.capability} ratings, oldest first: ${trend.points
    .map((p) => `${p.rating} in ${p.exerciseName || "an exercise"} on ${formatDay(p.date)}`)
    .join("; ")}.`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={description} className="shrink-0 overflow-visible text-primary">
      <title>{description}</title>
      {RATING_LEVELS.map((r) => (
        <g key={r.rating}>
          <line x1={LABEL_W} x2={W} y1={y(r.level)} y2={y(r.level)} className="stroke-border" strokeWidth={1} />
          <text x={0} y={y(r.level) + 3} className="fill-muted-foreground" fontSize={9}>
            {r.rating}
          </text>
        </g>
      ))}
      {n > 1 ? <polyline points={coords.map(([px, py]) => `${px},${py}`).join(" ")} fill="none" stroke="currentColor" strokeWidth={2} /> : null}
      {coords.map(([px, py], i) => (
        <circle key={trend.points[i]!.sessionId} cx={px} cy={py} r={3.5} fill="currentColor" />
      ))}
    </svg>
  );
}
