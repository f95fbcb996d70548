import { capabilitiesIn } from "../collaborate/synthesis/capability-keywords";
import type { ConductPlan, EegContent, EegGuide, TimelineItem } from "../../shared/db/conduct-shapes";
import type { PlanSource } from "../../shared/db/exercise-shapes";
import { getCapabilityByName } from "../../shared/exercises/capabilities";
import { bestSentence, groundElement, matchPassage, significantWords } from "../exercises/prompts/grounding";
import type { Passage } from "../exercises/prompts/passages";
import { defaultCriticalTasks } from "./eeg-defaults";
import { capabilityGroups, type CapabilityGroup, type EegObjective } from "./eeg-plan";
import { clip } from "../../shared/lib/clip";

/**
 * The offline Exercise Evaluation Guides: deterministic and extractive, built from the session's
 * frozen plan and the planner's plan passages (hseep.md "Evaluation and improvement"). Per core
 * capability named by the objectives: its objectives; one capability target per objective, worded
 * as the performance to observe; critical tasks from (1) the expected actions of the MSEL items
 * that belong to that objective — by shared words, by the capability's keywords, or because the
 * item is grounded in a passage retrieved for the capability — and (2) sentences of the retrieved
 * passages that support the objective; a doctrinal default when nothing grounds one; and
 * observation prompts (timing, decisions, coordination, resources, communication).
 *
 * Ids are the server's and stable: the same plan and passages give the same ids.
 */

export type EegGrounding = {
  /** An MSEL item's grounding in the exercise (its drafted row's source), by timeline item key. */
  itemSources: ReadonlyMap<string, PlanSource>;
  /** The planner's plan passages retrieved for each capability group, by group id. */
  passages: ReadonlyMap<string, readonly Passage[]>;
};

const NO_GROUNDING: EegGrounding = { itemSources: new Map(), passages: new Map() };

const MAX_TASKS_FROM_ITEMS = 8;
const MAX_TASKS_FROM_PLANS = 3;
const MAX_TASK_CHARS = 600;
const MAX_QUOTE_CHARS = 400;
/** An item belongs to an objective when it scores at least this (shared words, +2 keyword, +2 grounding). */
const MIN_ITEM_SCORE = 2;
/** Words that mark a plan sentence as something someone does (not a definition or a history). */
const ACTION_CUE =
  /\b(will|shall|must|is responsible|are responsible|activates?|notif(?:y|ies)|establish(?:es)?|coordinates?|ensures?|provides?|issues?|opens?|deploys?|requests?|reports?|conducts?|maintains?|directs?)\b/i;

const sentenceCase = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
const withStop = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/**
 * An objective worded as a capability target: the performance an evaluator observes. "Objective 2:"
 * labels and "Demonstrate/Assess/Evaluate the ability (of X) to" lead-ins go; what remains is the
 * measurable action, its trigger and time, and its plan ("in accordance with …").
 */
export function targetText(objective: string): string {
  return withStop(sentenceCase(withoutLeadIn(objective)));
}

/** The objective in single spaces without its "Objective 2:" label and "Demonstrate the ability (of X) to" lead-in. */
export function withoutLeadIn(objective: string): string {
  // Single spaces from here on, so the patterns below match one space where a run could trade
  // characters with what is next to it.
  let t = objective.trim().replace(/\s+/g, " ");
  t = t.replace(/^(objective ?\d*[a-z]? ?[:.)-] ?)/i, "");
  t = t.replace(
    /^(demonstrate|assess|evaluate|examine|exercise|validate|test|discuss|review) (the )?(ability|capability|capacity) (of (.+?) )?to /i,
    (_m, _v, _the, _a, _of, who: string | undefined) => (who ? `${who} ` : ""),
  );
  return t.replace(/^to\s+/i, "");
}

function capabilityTarget(capability: string): string {
  const description = getCapabilityByName(capability)?.description;
  return description ?? `Perform the ${capability} capability as the applicable plans require.`;
}

/** Steps of an expected action: its lines, bullets or sentences (at most three per item). */
export function actionSteps(expectedAction: string): string[] {
  const lines = expectedAction
    .split(/\r?\n|;\s+|(?<=[.!?])\s+(?=[\p{Lu}\p{N}])/u)
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "").trim())
    .filter((l) => l.length >= 3);
  return lines.slice(0, 3).map((l) => withStop(sentenceCase(clip(l, MAX_TASK_CHARS))));
}

function overlapCount(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

type TargetRef = { group: CapabilityGroup; objective: EegObjective; words: Set<string> };

/** The objective an MSEL item belongs to, or null when none scores enough. */
function ownerOf(item: TimelineItem, targets: readonly TargetRef[], grounding: EegGrounding): TargetRef | null {
  const text = `${item.expectedAction ?? ""} ${item.title}`;
  const words = significantWords(text);
  const touched = new Set<string>(capabilitiesIn(text));
  const source = grounding.itemSources.get(item.key);
  let best: TargetRef | null = null;
  let bestScore = MIN_ITEM_SCORE - 1;
  for (const target of targets) {
    let score = overlapCount(words, target.words);
    if (touched.has(target.group.capability)) score += 2;
    if (source && (grounding.passages.get(target.group.id) ?? []).some((p) => p.chunkId === source.chunkId)) score += 2;
    if (score > bestScore) {
      best = target;
      bestScore = score;
    }
  }
  return best;
}

function passageSource(passage: Passage, quote: string): PlanSource {
  return { documentId: passage.documentId, chunkId: passage.chunkId, documentName: passage.documentName, quote: clip(quote, MAX_QUOTE_CHARS) };
}

type DraftTask = { text: string; source: PlanSource | null };

/** Sentences of the capability's plan passages that support this objective and say what someone does. */
function tasksFromPlans(objective: string, passages: readonly Passage[], used: Set<string>): DraftTask[] {
  const out: DraftTask[] = [];
  for (const passage of passages) {
    if (out.length >= MAX_TASKS_FROM_PLANS) break;
    const { sentence, supported } = bestSentence(passage.content, objective);
    const key = sentence.toLowerCase();
    if (!supported || !ACTION_CUE.test(sentence) || used.has(key)) continue;
    used.add(key);
    out.push({ text: withStop(clip(sentence, MAX_TASK_CHARS)), source: passageSource(passage, sentence) });
  }
  return out;
}

function tasksFromItems(items: readonly TimelineItem[], passages: readonly Passage[], grounding: EegGrounding): DraftTask[] {
  const out: DraftTask[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const itemSource = grounding.itemSources.get(item.key) ?? null;
    for (const step of actionSteps(item.expectedAction ?? "")) {
      if (out.length >= MAX_TASKS_FROM_ITEMS || seen.has(step.toLowerCase())) continue;
      seen.add(step.toLowerCase());
      const grounded = itemSource ? { source: itemSource } : groundElement(matchPassage(step, passages), step, passages);
      out.push({ text: step, source: grounded.source ?? null });
    }
  }
  return out;
}

/**
 * "within 30 minutes of the warning": from the first "within/by/no later than/before" of a clause
 * (text between , . ;) that a time unit follows, to the clause's end. Clause by clause: one pattern
 * over the target looked for a unit after every trigger word, quadratic in a clause full of them.
 * (In a clause, if the first trigger has no unit after it, no later one has.)
 */
export function timeLimit(target: string): string | undefined {
  for (const clause of target.split(/[,.;]/)) {
    const trigger = /\b(?:within|by|no later than|before)\s/i.exec(clause);
    if (trigger && /\b(?:minutes?|hours?|days?|operational period)\b/i.test(clause.slice(trigger.index + trigger[0].length)))
      return clause.slice(trigger.index);
  }
  return undefined;
}

/** What an evaluator watches for, per target: timing, decisions, coordination, resources, communication. */
function observationPrompts(target: string, items: readonly TimelineItem[]): string[] {
  const timed = timeLimit(target);
  const plan = /\bin accordance with\s+([^,.;]+)/i.exec(target)?.[1];
  const organisations = [...new Set(items.map((i) => i.responsibleOrganization?.trim() || i.to?.trim()).filter((o): o is string => Boolean(o)))].slice(0, 4);
  const prompts = [
    timed
      ? `Timing: was the target met ${timed.trim()}? Record when each critical task started and was completed.`
      : "Timing: when did players start and complete each critical task? Record the times observed and any delays.",
    "Decisions: which decisions were made, by whom, on what information, and how were they documented?",
    organisations.length
      ? `Coordination: how did ${organisations.join(", ")} coordinate, through which structure, and were roles clear?`
      : "Coordination: who coordinated with whom (agencies, EOC sections, partners), through which structure, and were roles clear?",
    "Resources: which resources were requested, available or missing, and how were requests tracked?",
    "Communication: how was information shared with responders, partners and the public — was it timely, accurate and consistent?",
  ];
  if (plan) prompts.push(`Plans: were actions taken in accordance with ${plan.trim()}? Note any departures and why.`);
  for (const item of items.slice(0, 3)) {
    const label = item.event ? `inject ${item.event}` : `“${clip(item.title, 80)}”`;
    prompts.push(`After ${label}: was the expected action taken (${clip(item.expectedAction ?? "", 160)}), by whom and how quickly?`);
  }
  return prompts.slice(0, 20);
}

/** One capability's guide, before ids. */
type DraftTarget = { text: string; tasks: DraftTask[]; prompts: string[] };

export function buildOfflineEeg(plan: Pick<ConductPlan, "objectives" | "items">, grounding: EegGrounding = NO_GROUNDING): EegContent {
  const groups = capabilityGroups(plan).slice(0, 40);
  const refs: TargetRef[] = groups.flatMap((group) =>
    group.objectives.slice(0, 20).map((objective) => ({
      group,
      objective,
      words: significantWords(`${objective.text ?? ""} ${group.capability}`),
    })),
  );
  const itemsOf = new Map<TargetRef, TimelineItem[]>();
  for (const item of plan.items) {
    if (!item.expectedAction?.trim()) continue;
    const owner = ownerOf(item, refs, grounding);
    if (owner) itemsOf.set(owner, [...(itemsOf.get(owner) ?? []), item]);
  }

  const guides = groups.map((group): EegGuide => {
    const passages = grounding.passages.get(group.id) ?? [];
    const used = new Set<string>();
    const drafts: DraftTarget[] = refs
      .filter((r) => r.group === group)
      .map((ref) => {
        const items = itemsOf.get(ref) ?? [];
        const text = ref.objective.text ? targetText(ref.objective.text) : capabilityTarget(group.capability);
        const tasks = [...tasksFromItems(items, passages, grounding), ...tasksFromPlans(ref.objective.text ?? text, passages, used)];
        const deduped = tasks.filter((t, i) => tasks.findIndex((o) => o.text.toLowerCase() === t.text.toLowerCase()) === i);
        const final = deduped.length ? deduped : defaultCriticalTasks(group.capability).map((t) => ({ text: t, source: null }));
        return { text, tasks: final.slice(0, 30), prompts: observationPrompts(text, items) };
      });
    return toGuide(group, drafts);
  });
  return { guides };
}

/** A drafted guide with the server's ids: target `<guide>-t<n>`, task `<target>-c<n>`. */
export function toGuide(group: CapabilityGroup, targets: readonly DraftTarget[]): EegGuide {
  return {
    id: group.id,
    capability: clip(group.capability, 200),
    objectives: group.objectives
      .map((o) => o.text)
      .filter((o): o is string => Boolean(o))
      .slice(0, 20)
      .map((o) => clip(o, 2_000)),
    targets: targets.slice(0, 20).map((t, i) => {
      const targetId = `${group.id}-t${i + 1}`;
      return {
        id: targetId,
        text: clip(t.text, 2_000),
        criticalTasks: t.tasks.slice(0, 30).map((task, j) => ({ id: `${targetId}-c${j + 1}`, text: clip(task.text, 2_000), source: task.source })),
        prompts: t.prompts.slice(0, 20).map((p) => clip(p, 1_000)),
      };
    }),
  };
}

export type { DraftTarget };
