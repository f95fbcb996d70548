import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, History } from "~/components/ui/icons";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField } from "~/components/ui/field";
import { Skeleton } from "~/components/ui/skeleton";
import { conductApi, conductKeys } from "~/lib/conduct-api";
import { formatScenario } from "~/lib/conduct-live";
import { formatWall } from "./session-clock";
import { describeEvent, EVENT_KIND_LABEL, itemsByKey, playersSawAt } from "~/lib/conduct-replay";
import type { ConductEventKind } from "../../../shared/db/conduct-shapes";
import type { ConductSessionView } from "../../../shared/conduct/views";
import { moduleLabel } from "../../../shared/exercises/module-label";

const ACTOR_LABEL = { controller: "Controller", player: "Player group", evaluator: "Evaluator", system: "Clock" } as const;

/** The session's log in order, filtered by kind, and a step-through of what players had seen. */
export function ReplayView({ session }: { session: ConductSessionView }) {
  const events = useQuery({ queryKey: conductKeys.events(session.id), queryFn: () => conductApi.events(session.id) });
  // The plan (titles, modules) comes with the session's state.
  const plan = useQuery({ queryKey: ["conduct", "state", session.id], queryFn: () => conductApi.state(session.id) });
  const [kind, setKind] = React.useState<ConductEventKind | "">("");
  const [step, setStep] = React.useState<number | null>(null);

  if (events.isPending || plan.isPending)
    return (
      <div role="status" aria-label="Loading the replay">
        <Skeleton className="h-64" />
      </div>
    );
  if (events.isError || plan.isError) {
    const err = events.error ?? plan.error;
    return <Alert variant="destructive">{err instanceof Error ? err.message : "Could not load the replay."}</Alert>;
  }
  const log = [...events.data.events].sort((a, b) => a.seq - b.seq);
  if (log.length === 0) {
    return (
      <EmptyState icon={History} title="Nothing to replay yet">
        The log fills as the session runs: every start, release, answer and observation is kept with its time.
      </EmptyState>
    );
  }
  const items = itemsByKey(plan.data.items, log);
  const modules = plan.data.modules;
  const clock = plan.data.clock;
  const kinds = [...new Set(log.map((e) => e.payload.kind))];
  const shown = kind ? log.filter((e) => e.payload.kind === kind) : log;
  const at = step ?? log.length - 1;
  const saw = playersSawAt(log, items, at);
  const atEvent = log[at];

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
      <Card className="min-w-0">
        <CardHeader className="flex-row flex-wrap items-end justify-between gap-2 space-y-0">
          <div>
            <CardTitle>Event log</CardTitle>
            <CardDescription>{log.length} events, in the order they happened.</CardDescription>
          </div>
          <SelectField
            id="replay-kind"
            name="kind"
            label="Show"
            help="Filter by kind of event."
            value={kind}
            onChange={(v) => setKind(v as ConductEventKind | "")}
            options={kinds.map((k) => ({ value: k, label: EVENT_KIND_LABEL[k] }))}
            emptyLabel="All events"
          />
        </CardHeader>
        <CardContent>
          <ol className="grid gap-2" aria-label="Event log">
            {shown.map((e) => {
              const index = log.indexOf(e);
              return (
                <li
                  key={e.id}
                  className="grid gap-1 rounded-md border p-2 text-sm sm:grid-cols-[8rem_1fr]"
                  data-kind={e.payload.kind}
                  aria-current={index === at && step !== null ? "step" : undefined}
                >
                  <span className="grid content-start text-xs text-muted-foreground">
                    <span className="font-mono text-foreground">{formatScenario(clock, e.scenarioAt)}</span>
                    <time dateTime={e.at}>{formatWall(e.at)}</time>
                  </span>
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="outline">{EVENT_KIND_LABEL[e.payload.kind]}</Badge>
                      <span className="text-xs text-muted-foreground">
                        {e.actorLabel || ACTOR_LABEL[e.actorRole]}
                        {e.actorLabel ? ` (${ACTOR_LABEL[e.actorRole]})` : ""}
                      </span>
                      <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={() => setStep(index)}>
                        Show what players saw here
                      </Button>
                    </div>
                    <p className="whitespace-pre-line">{describeEvent(e, items, modules)}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        </CardContent>
      </Card>
      <Card className="min-w-0 lg:sticky lg:top-16 lg:self-start">
        <CardHeader>
          <CardTitle>Step through</CardTitle>
          <CardDescription>What players had been shown after each event.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="flex items-center gap-2">
            <Button size="icon" variant="outline" aria-label="Previous event" disabled={at <= 0} onClick={() => setStep(Math.max(0, at - 1))}>
              <ChevronLeft aria-hidden />
            </Button>
            <p className="flex-1 text-center text-sm" role="status" aria-live="polite">
              Event {at + 1} of {log.length}
              {atEvent ? ` · ${atEvent.scenarioAt !== null ? `${formatScenario(clock, atEvent.scenarioAt)}, ` : ""}${formatWall(atEvent.at)}` : ""}
            </p>
            <Button
              size="icon"
              variant="outline"
              aria-label="Next event"
              disabled={at >= log.length - 1}
              onClick={() => setStep(Math.min(log.length - 1, at + 1))}
            >
              <ChevronRight aria-hidden />
            </Button>
          </div>
          {atEvent ? <p className="text-sm text-muted-foreground">{describeEvent(atEvent, items, modules)}</p> : null}
          <div className="grid gap-1 text-sm">
            <p>
              <span className="font-medium">Module open: </span>
              {saw.currentModule == null ? "none yet" : moduleLabel(saw.currentModule, modules[saw.currentModule]?.title)}
            </p>
            <p className="font-medium">Injects players had ({saw.injects.length})</p>
            {saw.injects.length === 0 ? (
              <p className="text-muted-foreground">None yet.</p>
            ) : (
              <ol className="grid gap-1" aria-label="Injects players had, newest first">
                {saw.injects.map((i) => (
                  <li key={i.key} className="rounded-md border p-2">
                    <span className="font-medium">{i.title}</span>
                    <span className="block text-xs text-muted-foreground">{formatWall(i.at)}</span>
                  </li>
                ))}
              </ol>
            )}
            <p className="font-medium">Answers recorded ({saw.answers.length})</p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
