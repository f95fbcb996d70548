/**
 * Replaying a conduct session from its event log (issue 15), with no React in it: what each event
 * says in words, and what players had seen at any point of the log.
 */
import type { ClockChange, ConductEventKind } from "../../shared/db/conduct-shapes";
import { formatScale } from "./conduct-live";
import type { ConductEventView, ConductModule, TimelineItem } from "../../shared/conduct/views";
import { RATING_DEFINITIONS } from "../../shared/evaluation/model";
import { moduleLabel } from "../../shared/exercises/module-label";

export const EVENT_KIND_LABEL: Record<ConductEventKind, string> = {
  started: "Started",
  paused: "Paused",
  resumed: "Resumed",
  clock: "Clock changed",
  released: "Inject released",
  skipped: "Inject skipped",
  unplanned: "Unplanned inject",
  module: "Module opened",
  answer: "Answer",
  observation: "Observation",
  ended: "Ended",
};

/** The timeline's items by key, with the unplanned ones the log itself carries. */
export function itemsByKey(items: TimelineItem[], events: ConductEventView[]): Map<string, TimelineItem> {
  const map = new Map(items.map((i) => [i.key, i]));
  for (const e of events) if (e.payload.kind === "unplanned") map.set(e.payload.item.key, e.payload.item);
  return map;
}

const moduleName = (modules: ConductModule[], index: number) => moduleLabel(index, modules[index]?.title);

/** A line that ends a sentence once: a title quoted at the end may already carry its full stop ("Released “Levee breach.”"). */
const sentence = (text: string) => (/[.!?…]”?$/.test(text) ? text : `${text}.`);

/** One line per clock change; the time it jumped to is in the event's own scenario time. */
const CLOCK_CHANGE_TEXT: Record<ClockChange, (p: Extract<ConductEventView["payload"], { kind: "clock" }>) => string> = {
  scale: (p) => `The clock now runs at ${formatScale(p.scale)}.`,
  manual: (p) => (p.manualOnly ? "Scheduled injects now wait for a controller's release." : "Scheduled injects are released by the clock again."),
  start: () => "The scenario's start time was set.",
  jump: () => "The clock jumped forward.",
  hotWash: (p) => `The evaluators' hot wash was set to ${p.hotWashMinutes} minutes.`,
};

/** One line for the log. */
export function describeEvent(event: ConductEventView, items: Map<string, TimelineItem>, modules: ConductModule[]): string {
  const p = event.payload;
  switch (p.kind) {
    case "started":
      return "The session started.";
    case "paused":
      return "The clock was paused.";
    case "resumed":
      return "The clock resumed.";
    case "clock":
      return CLOCK_CHANGE_TEXT[p.change](p);
    case "ended":
      return "The session ended.";
    case "released":
      return p.scheduled
        ? `Released “${items.get(p.itemKey)?.title ?? p.itemKey}” on schedule.`
        : sentence(`Released “${items.get(p.itemKey)?.title ?? p.itemKey}”`);
    case "skipped":
      return sentence(`Skipped “${items.get(p.itemKey)?.title ?? p.itemKey}”`);
    case "unplanned":
      return p.released ? `Added unplanned inject “${p.item.title}” and released it.` : sentence(`Added unplanned inject “${p.item.title}”`);
    case "module":
      return `Opened ${moduleName(modules, p.moduleIndex)}.`;
    case "answer": {
      const q = modules[p.moduleIndex]?.questions[p.questionIndex];
      return `Answered ${q ? `“${q}”` : `question ${p.questionIndex + 1} of module ${p.moduleIndex + 1}`}: ${p.text}`;
    }
    case "observation":
      return `${p.capability}${p.rating ? ` — rated ${p.rating} (${RATING_DEFINITIONS[p.rating].label})` : ""}: ${p.text}`;
  }
}

export type PlayersSawView = {
  /** Released injects, newest first. */
  injects: { key: string; title: string; message: string; at: string }[];
  currentModule: number | null;
  answers: { group: string; moduleIndex: number; questionIndex: number; text: string; at: string }[];
  status: "ready" | "running" | "paused" | "ended";
};

/** What players had been shown once the log's events up to and including `upTo` (an index) had happened. */
export function playersSawAt(events: ConductEventView[], items: Map<string, TimelineItem>, upTo: number): PlayersSawView {
  const view: PlayersSawView = { injects: [], currentModule: null, answers: [], status: "ready" };
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  for (const e of sorted.slice(0, Math.max(0, upTo + 1))) {
    const p = e.payload;
    if (p.kind === "started" || p.kind === "resumed") view.status = "running";
    else if (p.kind === "paused") view.status = "paused";
    else if (p.kind === "ended") view.status = "ended";
    else if (p.kind === "released") {
      if (view.injects.some((i) => i.key === p.itemKey)) continue;
      const item = items.get(p.itemKey);
      view.injects.unshift({ key: p.itemKey, title: item?.title ?? p.itemKey, message: item?.message ?? "", at: e.at });
    } else if (p.kind === "unplanned" && p.released) {
      if (view.injects.some((i) => i.key === p.item.key)) continue;
      view.injects.unshift({ key: p.item.key, title: p.item.title, message: p.item.message, at: e.at });
    } else if (p.kind === "module") view.currentModule = p.moduleIndex;
    else if (p.kind === "answer")
      view.answers.push({ group: e.actorLabel, moduleIndex: p.moduleIndex, questionIndex: p.questionIndex, text: p.text, at: e.at });
  }
  return view;
}
