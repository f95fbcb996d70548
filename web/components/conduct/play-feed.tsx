import { MessageSquareText } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { SelectField } from "~/components/ui/field";
import { formatScenario } from "~/lib/conduct-live";
import { RATING_DEFINITIONS } from "../../../shared/evaluation/model";
import { FEED_LIMIT } from "../../../shared/conduct/model";
import type { ClockView, ControllerStateView, FeedEntryView } from "../../../shared/conduct/views";
import { formatWall } from "./session-clock";

/** Which entries the console shows: one group's or evaluator's, one inject's (pure, so it is tested in Node). */
export function filterFeed(feed: FeedEntryView[], filter: { linkId: string; itemKey: string }): FeedEntryView[] {
  return feed.filter((e) => (!filter.linkId || e.linkId === filter.linkId) && (!filter.itemKey || e.itemKey === filter.itemKey));
}

/**
 * What play produces as it arrives (issue 30): each group's answers and each evaluator's observations,
 * newest first, filtered by who sent them and by inject — with the totals beside them.
 */
export function PlayFeed({ state }: { state: Pick<ControllerStateView, "feed" | "items" | "modules" | "links" | "counts" | "clock"> }) {
  const [linkId, setLinkId] = React.useState("");
  const [itemKey, setItemKey] = React.useState("");
  const senders = new Map<string, string>();
  for (const l of state.links) if (l.role !== "feedback") senders.set(l.id, l.label);
  for (const e of state.feed) if (e.linkId && !senders.has(e.linkId)) senders.set(e.linkId, e.label);
  const titles = new Map(state.items.map((i) => [i.key, i.title]));
  const injects = state.items.filter((i) => i.status === "released");
  const shown = filterFeed(state.feed, { linkId, itemKey });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground" data-testid="conduct-counts">
        <span data-count="answers">{state.counts.answers}</span> {state.counts.answers === 1 ? "answer" : "answers"} ·{" "}
        <span data-count="observations">{state.counts.observations}</span> {state.counts.observations === 1 ? "observation" : "observations"} ·{" "}
        <span data-count="feedback">{state.counts.feedback}</span> {state.counts.feedback === 1 ? "feedback form" : "feedback forms"}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField
          id="feed-sender"
          name="sender"
          label="From"
          help="A player group or an evaluator."
          value={linkId}
          onChange={setLinkId}
          options={[...senders].map(([value, label]) => ({ value, label }))}
          emptyLabel="Everyone"
        />
        <SelectField
          id="feed-inject"
          name="inject"
          label="Inject"
          help="What play had reached."
          value={itemKey}
          onChange={setItemKey}
          options={injects.map((i) => ({ value: i.key, label: i.title || "Untitled inject" }))}
          emptyLabel="All injects"
        />
      </div>
      {shown.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <MessageSquareText className="size-4" aria-hidden />
          {state.feed.length === 0 ? "Answers and observations appear here as they arrive." : "Nothing from this group or inject yet."}
        </p>
      ) : (
        <ol className="grid max-h-[32rem] gap-2 overflow-y-auto" aria-label="Answers and observations, newest first" data-testid="play-feed">
          {shown.map((entry) => (
            <FeedItem
              key={entry.id}
              entry={entry}
              clock={state.clock}
              question={questionOf(state.modules, entry)}
              inject={entry.itemKey ? titles.get(entry.itemKey) : undefined}
            />
          ))}
        </ol>
      )}
      {state.feed.length >= FEED_LIMIT ? <p className="text-xs text-muted-foreground">The latest {FEED_LIMIT} are shown; the replay has them all.</p> : null}
    </div>
  );
}

function questionOf(modules: ControllerStateView["modules"], entry: FeedEntryView): string | null {
  if (entry.kind !== "answer" || entry.moduleIndex === null || entry.questionIndex === null) return null;
  return modules[entry.moduleIndex]?.questions[entry.questionIndex] ?? `Question ${entry.questionIndex + 1}`;
}

function FeedItem({ entry, clock, question, inject }: { entry: FeedEntryView; clock: ClockView; question: string | null; inject: string | undefined }) {
  return (
    <li className="grid gap-1 rounded-md border p-2 text-sm" data-feed-kind={entry.kind}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{entry.label}</span>
        <Badge variant="outline">{entry.kind === "answer" ? "Answer" : "Observation"}</Badge>
        {entry.rating ? <Badge variant="secondary">{`${entry.rating} — ${RATING_DEFINITIONS[entry.rating].label}`}</Badge> : null}
        {entry.afterPlay ? <Badge variant="secondary">After play</Badge> : null}
        <span className="ml-auto text-xs text-muted-foreground">
          {entry.scenarioAt !== null ? `${formatScenario(clock, entry.scenarioAt)} · ` : ""}
          <time dateTime={entry.at}>{formatWall(entry.at)}</time>
        </span>
      </div>
      {question ? <p className="text-xs text-muted-foreground">{question}</p> : null}
      {entry.capability ? <p className="text-xs text-muted-foreground">{entry.capability}</p> : null}
      <p className="whitespace-pre-line">{entry.text}</p>
      {inject ? <p className="text-xs text-muted-foreground">During “{inject}”</p> : null}
    </li>
  );
}
