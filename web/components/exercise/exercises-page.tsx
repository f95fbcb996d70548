import { Form, Link, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { ClipboardList, Search } from "~/components/ui/icons";
import * as React from "react";
import { MselImportButton } from "~/components/exercise/msel-import/msel-import-button";
import { ShareControl } from "~/components/teams/share-control";
import { TeamBadge } from "~/components/teams/team-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input, inputClass } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { exercisePagePath } from "~/lib/exercise-paths";
import { cn } from "~/lib/utils";
import type { ExerciseSource, OpenableExercise, OpenableQuery } from "../../../worker/exercises/openable";
import { useDates } from "~/lib/dates-context";

/**
 * The Exercises page (issue 29 item 4): every exercise the planner may open — their own, their
 * team's shared ones, their clients' and their campaigns' — filtered by source, status and name.
 * The filters are a GET form (the address is the state: shareable, back-button friendly, and it
 * works before the page's script has loaded); with script, a change applies at once.
 */

const SOURCES: { value: "all" | ExerciseSource; label: string }[] = [
  { value: "all", label: "All sources" },
  { value: "mine", label: "Mine" },
  { value: "team", label: "My team's" },
  { value: "client", label: "Clients'" },
  { value: "campaign", label: "Campaigns'" },
];
const STATUSES: { value: OpenableQuery["status"]; label: string }[] = [
  { value: "all", label: "Any status" },
  { value: "in-progress", label: "In progress" },
  { value: "completed", label: "Completed" },
];
const SOURCE_LABEL: Record<ExerciseSource, string> = { mine: "Mine", team: "Team", client: "Client", campaign: "Campaign" };

export function ExercisesPage({ exercises, counts, query }: { exercises: OpenableExercise[]; counts: Record<ExerciseSource, number>; query: OpenableQuery }) {
  const submit = useSubmit();
  const form = React.useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "loading";
  const navigate = useNavigate();
  const apply = () => form.current && submit(form.current, { replace: true, preventScrollReset: true });
  const filtered = query.source !== "all" || query.status !== "all" || query.search !== "";
  const total = Object.values(counts).reduce((a, b) => a + b, 0);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 sm:p-6 lg:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Exercises</h1>
          <p className="text-sm text-muted-foreground">Everything you can open: your own, your team&apos;s, your clients&apos; and your campaigns&apos;.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <MselImportButton size="default" onImported={({ exerciseId }) => navigate(`/exercise/${exerciseId}/msel-table`)} />
          <Button asChild>
            <Link to="/dashboard#exercises">New exercise</Link>
          </Button>
        </div>
      </header>

      <Form ref={form} method="get" role="search" aria-label="Filter exercises" className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="exercise-search">Name</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
            <Input id="exercise-search" name="search" type="search" defaultValue={query.search} maxLength={200} placeholder="Search by name" className="pl-8" />
          </div>
        </div>
        <FilterSelect id="exercise-source" name="source" label="Source" value={query.source} options={SOURCES} onChange={apply} />
        <FilterSelect id="exercise-status" name="status" label="Status" value={query.status} options={STATUSES} onChange={apply} />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Filtering…" : "Filter"}
        </Button>
      </Form>

      <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
        {exercises.length} exercise{exercises.length === 1 ? "" : "s"}
        {filtered ? ` match (${total} in all)` : ""}
      </p>

      {exercises.length === 0 ? (
        <EmptyState icon={ClipboardList} title={filtered ? "No exercises match" : "No exercises yet"}>
          {filtered ? (
            <>
              Try another name or filter, or{" "}
              <Link to="/exercises" className="font-medium text-primary underline-offset-4 hover:underline">
                show every exercise
              </Link>
              .
            </>
          ) : (
            <>
              Start one from a template on the{" "}
              <Link to="/dashboard#exercises" className="font-medium text-primary underline-offset-4 hover:underline">
                dashboard
              </Link>
              . Exercises your team shares with you show here too.
            </>
          )}
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Exercises" aria-busy={busy}>
          {exercises.map((exercise) => (
            <ExerciseItem key={`${exercise.source}-${exercise.id}`} exercise={exercise} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A native select, as the dashboard's client filter: keyboard and screen-reader behaviour for free, and it submits without script. */
function FilterSelect<V extends string>({
  id,
  name,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: () => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name={name} defaultValue={value} key={value} className={cn(inputClass, "h-9 py-1")} onChange={onChange}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ExerciseItem({ exercise }: { exercise: OpenableExercise }) {
  const { day: formatDay } = useDates();
  const [team, setTeam] = React.useState(exercise.team);
  const name = exercise.name.trim() || "Untitled exercise";
  const from =
    exercise.source === "team"
      ? `Shared by ${exercise.from ?? "a colleague"}${exercise.access === "read" ? " (read-only)" : ""}`
      : exercise.source === "client"
        ? `${exercise.from ?? "A client"} (read-only)`
        : exercise.source === "campaign"
          ? `Campaign: ${exercise.from ?? ""}`
          : null;
  return (
    <li className="flex flex-wrap items-center gap-2 pr-2 sm:flex-nowrap" data-testid="exercise-item" data-source={exercise.source}>
      <Link
        to={exercisePagePath({ id: exercise.id, campaignId: exercise.campaignId }, exercise.resumeStep)}
        className="grid min-w-0 flex-1 gap-0.5 px-4 py-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <span className="truncate font-medium">{name}</span>
        <span className="text-xs text-muted-foreground">
          {from ? `${from} · ` : ""}Updated {formatDay(exercise.updatedAt)}
        </span>
      </Link>
      <div className="flex items-center gap-1 pb-2 pl-4 sm:pb-0 sm:pl-0">
        <Badge variant="outline">{SOURCE_LABEL[exercise.source]}</Badge>
        {exercise.source === "mine" ? <TeamBadge team={team} /> : null}
        <Badge variant={exercise.completed ? "success" : "secondary"}>{exercise.completed ? "Completed" : "In progress"}</Badge>
        {exercise.source === "mine" || exercise.source === "team" ? (
          <ShareControl kind="exercise" id={exercise.id} name={name} team={team} mine={exercise.source === "mine"} onChange={setTeam} />
        ) : null}
      </div>
    </li>
  );
}
