import { RATING_LABELS, type AarContent, type CapabilityElement, type Evidence, type Rating } from "../../shared/db/conduct-shapes";
import { CAPABILITY_KEYWORDS } from "../collaborate/synthesis/capability-keywords";
import { getCapabilityByName, MISSION_AREAS } from "../../shared/exercises/capabilities";
import { uniqueText } from "../lib/unique-text";
import type { AarInputs, FeedbackInput, ObservationInput } from "./inputs";

/**
 * The offline After-Action Report / Improvement Plan (HSEEP-IP01 layout): assembled extractively
 * from what the session recorded, no model. Pure and deterministic: the same inputs give the same
 * report, ids included, so tests can pin it and a regenerated draft differs only where play did.
 *
 * - Overview from the frozen plan and the session (dates in UTC, from startedAt/endedAt).
 * - One analysis per core capability (the plan's objectives first, then the guide's, then any an
 *   evaluator observed): its rating by RATING RULE below, strengths from observations rated P/S and
 *   feedback strengths, areas for improvement from observations rated M/U, unrated or S-rated notes
 *   with a negative cue (S is "performed, with opportunities to improve"), and feedback improvements. Observations of the same EEG target and polarity are
 *   one finding with several evidence entries.
 * - An Improvement Plan row per area for improvement, its element (POETE) inferred by keywords.
 *
 * RATING RULE (also in the README): each evaluator's final rating of a capability is the last rating
 * they recorded for it; the capability's rating is the most frequent final rating among evaluators,
 * a tie going to the lower performance (U below M below S below P) — a report should not round a
 * split panel up. No rating recorded → null (the planner rates it).
 */

const MAX_FINDINGS = 30;
const MAX_EVIDENCE = 30;
const QUOTE_MAX = 600;

/** Later in the list = lower performance. */
const PERFORMANCE: readonly Rating[] = ["P", "S", "M", "U"];

/** The capability's rating from its rated observations (the rule above). */
export function combinedRating(observations: Pick<ObservationInput, "actorId" | "actorLabel" | "rating" | "at">[]): Rating | null {
  const finals = new Map<string, { rating: Rating; at: number }>();
  for (const o of observations) {
    if (!o.rating) continue;
    const who = o.actorId ?? o.actorLabel;
    const prev = finals.get(who);
    // Ties in time: the later one in the log wins (inputs come in sequence order).
    if (!prev || o.at >= prev.at) finals.set(who, { rating: o.rating, at: o.at });
  }
  if (finals.size === 0) return null;
  const counts = new Map<Rating, number>();
  for (const { rating } of finals.values()) counts.set(rating, (counts.get(rating) ?? 0) + 1);
  let best: Rating | null = null;
  let bestCount = 0;
  for (const r of PERFORMANCE) {
    const n = counts.get(r) ?? 0;
    // `>=`: on a tie the later (lower-performance) rating wins.
    if (n > 0 && n >= bestCount) {
      best = r;
      bestCount = n;
    }
  }
  return best;
}

/**
 * Words that mark an unrated note as a problem. Whole words or stems; lower-cased text. A note
 * with none of them and no rating stays out of the findings (it is still in the replay).
 */
const NEGATIVE_CUE =
  /\b(?:delay(?:ed|s)?|late|slow(?:ly)?|confus\w*|unclear|unaware|did not|didn't|could not|couldn't|was not|wasn't|were not|no one|nobody|lack(?:ed|s|ing)?|missing|missed|gaps?|fail\w*|unable|problems?|issues?|conflict\w*|inconsisten\w*|struggl\w*|difficult\w*|without|not sure|uncertain\w*|breakdown|overwhelm\w*|bottleneck\w*|outdated|incorrect|wrong)\b/;

export const hasNegativeCue = (text: string) => NEGATIVE_CUE.test(text.toLowerCase());

/** POETE keywords; the element with the most hits wins, ties in POETE order, none → Planning. */
const ELEMENT_KEYWORDS: [CapabilityElement, RegExp][] = [
  ["Planning", /\bplan(?:s|ned|ning)?\b|\bprocedur\w*|\bsops?\b|\bpolic(?:y|ies)\b|\bannex\w*|\bprotocols?\b|\bchecklists?\b|\bguidance\b/g],
  [
    "Organization",
    /\bstaffing\b|\bunderstaffed\b|\bshort-staffed\b|\broles?\b|\bresponsibilit\w*|\bpersonnel\b|\bleadership\b|\bwho leads\b|\bliaisons?\b|\bassign\w*|\bchain of command\b|\bteams?\b|\bshifts?\b/g,
  ],
  [
    "Equipment",
    /\bradios?\b|\bequipment\b|\bgenerators?\b|\bphones?\b|\bvehicles?\b|\bsoftware\b|\bsystems?\b|\btools?\b|\brepeaters?\b|\bsupplies\b|\bdevices?\b|\bbatter(?:y|ies)\b/g,
  ],
  ["Training", /\btrain\w*|\bfamiliar\w*|\bunaware\b|\bknowledge\b|\bskills?\b|\bcourses?\b|\bjust-in-time\b|\beducat\w*/g],
  ["Exercises", /\bexercis\w*|\bdrills?\b|\brehears\w*|\btests?\b|\btesting\b|\bfunctional\b|\bfull-scale\b/g],
];

export function inferElement(text: string): CapabilityElement {
  const lower = text.toLowerCase();
  let best: CapabilityElement = "Planning";
  let bestHits = 0;
  for (const [element, re] of ELEMENT_KEYWORDS) {
    const hits = lower.match(re)?.length ?? 0;
    if (hits > bestHits) {
      best = element;
      bestHits = hits;
    }
  }
  return best;
}

const TEMPLATED_ACTION: Record<CapabilityElement, (issue: string) => string> = {
  Planning: (issue) => `Review and update the relevant plan or procedure so that it addresses: ${issue} Brief the affected staff on the change.`,
  Organization: (issue) => `Clarify roles, staffing and responsibilities for: ${issue} Record the decision in the organisation's roster or plan.`,
  Equipment: (issue) => `Assess, procure or repair the equipment involved in: ${issue} Confirm it works in a test before closing.`,
  Training: (issue) => `Train the staff concerned to address: ${issue} Track attendance and confirm understanding.`,
  Exercises: (issue) => `Exercise the capability again to validate the fix for: ${issue}`,
};

/** "2026-11-27" → "27 November 2026"; two days → "26–27 November 2026" or across months/years. */
export function formatDates(startedAt: number | null, endedAt: number | null): string {
  const first = startedAt ?? endedAt;
  const last = endedAt ?? startedAt;
  if (first === null || last === null) return "";
  const fmt = (ms: number) => {
    const d = new Date(ms);
    return { day: d.getUTCDate(), month: MONTHS[d.getUTCMonth()]!, year: d.getUTCFullYear() };
  };
  const a = fmt(first);
  const b = fmt(last);
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  if (a.day !== b.day) return `${a.day}–${b.day} ${a.month} ${a.year}`;
  return `${a.day} ${a.month} ${a.year}`;
}
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function clip(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, " ");
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The first sentence (for a finding's headline), whole up to 300 characters. */
function headline(text: string): string {
  const t = text.trim().replace(/\s+/g, " ");
  const first = t.split(/(?<=[.!?])\s/u)[0] ?? t;
  const line = clip(first, 300);
  return /[.!?…]$/.test(line) ? line : `${line}.`;
}

export const observationEvidence = (o: ObservationInput): Evidence => ({
  kind: "observation",
  id: o.id,
  quote: clip(o.text, QUOTE_MAX),
  at: o.at,
  ...(o.afterPlay ? { afterPlay: true } : {}),
});
const feedbackEvidence = (f: FeedbackInput, text: string): Evidence => ({ kind: "feedback", id: f.id, quote: clip(text, QUOTE_MAX), at: f.at });

let keywordsG: { name: string; keywords: RegExp }[] | undefined;
/** The capability keywords with the g flag (to count hits), compiled once. */
const globalKeywords = () => (keywordsG ??= CAPABILITY_KEYWORDS.map((c) => ({ name: c.name, keywords: new RegExp(c.keywords.source, "g") })));

/** The capability a feedback line is about, among the report's own capabilities (by keyword), else null. */
export function feedbackCapability(text: string, capabilities: readonly string[]): string | null {
  const lower = text.toLowerCase();
  let best: string | null = null;
  let bestHits = 0;
  for (const info of globalKeywords()) {
    if (!capabilities.includes(info.name)) continue;
    const hits = lower.match(info.keywords)?.length ?? 0;
    if (hits > bestHits) {
      best = info.name;
      bestHits = hits;
    }
  }
  return best;
}

type Finding = AarContent["analyses"][number]["strengths"][number];
type Draft = { text: string; analysis: string; evidence: Evidence[] };

/** Observations grouped into findings: same target → one finding; no target → one each. */
function groupObservations(list: ObservationInput[], targetText: Map<string, string>): Draft[] {
  const byTarget = new Map<string, ObservationInput[]>();
  const drafts: { order: number; obs: ObservationInput[] }[] = [];
  list.forEach((o, i) => {
    if (o.targetId) {
      const group = byTarget.get(o.targetId);
      if (group) return void group.push(o);
      const fresh = [o];
      byTarget.set(o.targetId, fresh);
      drafts.push({ order: i, obs: fresh });
    } else drafts.push({ order: i, obs: [o] });
  });
  return drafts.map(({ obs }) => {
    const first = obs[0]!;
    const evaluators = new Set(obs.map((o) => o.actorLabel || o.actorId || "evaluator")).size;
    const target = first.targetId ? targetText.get(first.targetId) : undefined;
    const ratings = obs.map((o) => o.rating).filter((r): r is Rating => r !== null);
    const parts = [
      `Observed ${obs.length === 1 ? "once" : `${obs.length} times`} by ${evaluators} evaluator${evaluators === 1 ? "" : "s"}${ratings.length ? ` (rated ${[...new Set(ratings)].join(", ")})` : ""}.`,
      target ? `Capability target: ${clip(target, 400)}` : "",
      obs.length > 1
        ? `Other notes: ${obs
            .slice(1, 4)
            .map((o) => `“${clip(o.text, 200)}”`)
            .join(" ")}`
        : "",
    ];
    return {
      text: headline(first.text),
      analysis: parts.filter(Boolean).join(" "),
      evidence: obs.slice(0, MAX_EVIDENCE).map(observationEvidence),
    };
  });
}

export function assembleOfflineDraft(inputs: AarInputs): AarContent {
  const { session, observations, feedback, eeg } = inputs;
  const plan = session.plan;

  // Capabilities in report order: the plan's objectives, the guide's, then any observed.
  const capabilities: string[] = [];
  const addCap = (c: string | null | undefined) => {
    const name = (c ?? "").trim();
    if (name && !capabilities.includes(name)) capabilities.push(name);
  };
  for (const o of plan.objectives) addCap(o.capability);
  for (const g of eeg?.guides ?? []) addCap(g.capability);
  for (const o of observations) addCap(o.capability);
  const capList = capabilities.slice(0, 40);

  const targetText = new Map<string, string>();
  for (const g of eeg?.guides ?? []) for (const t of g.targets) targetText.set(t.id, t.text);

  const obsByCap = new Map<string, ObservationInput[]>();
  for (const o of observations) {
    const list = obsByCap.get(o.capability.trim());
    if (list) list.push(o);
    else obsByCap.set(o.capability.trim(), [o]);
  }

  // Feedback lines routed to a capability by keyword; what matches none goes to the first one (the
  // plan's lead capability), so no participant's point is lost from the report.
  const feedbackStrengths = new Map<string, Draft[]>();
  const feedbackImprovements = new Map<string, Draft[]>();
  const suggestedActions = new Map<string, { text: string; evidence: Evidence }[]>();
  const route = (map: Map<string, Draft[]>, f: FeedbackInput, text: string) => {
    const cap = feedbackCapability(text, capList) ?? capList[0];
    if (!cap) return;
    const list = map.get(cap) ?? [];
    list.push({
      text: headline(text),
      analysis: "Raised in participant feedback.",
      evidence: [feedbackEvidence(f, text)],
    });
    map.set(cap, list);
  };
  for (const f of feedback) {
    for (const s of f.content.strengths) if (s.trim()) route(feedbackStrengths, f, s);
    for (const s of f.content.improvements) if (s.trim()) route(feedbackImprovements, f, s);
    const action = f.content.correctiveActions.trim();
    if (action) {
      const cap = feedbackCapability(action, capList);
      const key = cap ?? "";
      const list = suggestedActions.get(key) ?? [];
      list.push({ text: action, evidence: feedbackEvidence(f, action) });
      suggestedActions.set(key, list);
    }
  }

  const objectivesFor = (cap: string) => {
    const out: string[] = [];
    for (const o of plan.objectives) if ((o.capability ?? "").trim() === cap && o.objective?.trim()) out.push(o.objective.trim());
    for (const g of eeg?.guides ?? [])
      if (g.capability.trim() === cap) for (const o of g.objectives) if (o.trim() && !out.includes(o.trim())) out.push(o.trim());
    return out.slice(0, 20);
  };

  const improvementPlan: AarContent["improvementPlan"] = [];
  /** Rows whose corrective action is the template (a participant's suggestion may replace it). */
  const templated = new Set<string>();
  const analyses: AarContent["analyses"] = capList.map((cap, ci) => {
    const obs = obsByCap.get(cap) ?? [];
    // S means "performed, with opportunities to improve": an S note that names a problem is one of those.
    const isWeak = (o: (typeof obs)[number]) => o.rating === "M" || o.rating === "U" || ((o.rating === null || o.rating === "S") && hasNegativeCue(o.text));
    const strong = obs.filter((o) => (o.rating === "P" || o.rating === "S") && !isWeak(o));
    const weak = obs.filter(isWeak);
    const toFindings = (drafts: Draft[], prefix: string): Finding[] =>
      drafts.slice(0, MAX_FINDINGS).map((d, i) => ({
        id: `${prefix}-${ci + 1}-${i + 1}`,
        text: d.text,
        analysis: d.analysis,
        rootCause: "",
        evidence: d.evidence,
      }));
    const strengths = toFindings([...groupObservations(strong, targetText), ...(feedbackStrengths.get(cap) ?? [])], "s");
    const areas = toFindings([...groupObservations(weak, targetText), ...(feedbackImprovements.get(cap) ?? [])], "a");

    const suggestions = suggestedActions.get(cap) ?? [];
    areas.forEach((a, i) => {
      const element = inferElement(`${a.text} ${a.analysis}`);
      const suggestion = suggestions[i];
      const id = `ip-${ci + 1}-${i + 1}`;
      if (!suggestion) templated.add(id);
      improvementPlan.push({
        id,
        capability: cap,
        issue: clip(a.text, 2_000),
        correctiveAction: suggestion ? clip(suggestion.text, 4_000) : TEMPLATED_ACTION[element](clip(a.text, 300)),
        element,
        // The exercise's own organisation, or blank for the planner: never the party an inject
        // named (its MSEL "responsible organization" is often the simulated railway or utility).
        organization: clip(inputs.context.sponsor, 300),
        pointOfContact: "",
        startDate: null,
        completionDate: null,
        findingId: a.id,
      });
    });
    return {
      capability: cap,
      objectives: objectivesFor(cap),
      rating: combinedRating(obs),
      strengths,
      areasForImprovement: areas,
    };
  });
  // Suggested actions no capability matched: offered on rows that still have a templated action.
  const unmatched = suggestedActions.get("") ?? [];
  let u = 0;
  for (const row of improvementPlan) {
    if (u >= unmatched.length) break;
    if (templated.has(row.id)) row.correctiveAction = clip(unmatched[u++]!.text, 4_000);
  }

  const groups = uniqueText(inputs.links.filter((l) => l.role === "player").map((l) => l.label));
  const evaluators = uniqueText(inputs.links.filter((l) => l.role === "evaluator").map((l) => l.label));
  const feedbackOrgs = uniqueText([...inputs.feedbackTotals.organizations, ...feedback.map((f) => f.content.organization)]);
  const missionAreas = MISSION_AREAS.filter((area) => capList.some((c) => getCapabilityByName(c)?.missionAreas.includes(area)));
  const modules = plan.modules.length;
  const released = inputs.played.length;

  const overview: AarContent["overview"] = {
    exerciseName: clip(plan.exerciseName, 300),
    dates: formatDates(session.startedAt, session.endedAt),
    scope: clip(
      `A discussion-based exercise${modules ? ` in ${modules} module${modules === 1 ? "" : "s"}` : ""}, conducted live as session “${session.name}”: ${released} inject${released === 1 ? "" : "s"} released to ${groups.length} player group${groups.length === 1 ? "" : "s"}, observed by ${evaluators.length} evaluator${evaluators.length === 1 ? "" : "s"}.`,
      4_000,
    ),
    missionAreas: [...missionAreas],
    capabilities: capList.map((c) => clip(c, 200)),
    objectives: plan.objectives
      .map((o) => (o.objective ?? "").trim())
      .filter(Boolean)
      .slice(0, 50),
    threatOrHazard: inputs.context.threatOrHazard,
    scenario: (plan.scenario ?? "").trim(),
    sponsor: inputs.context.sponsor,
    // Organisations, never the conduct links' labels (seats in the room: "EOC Policy Group").
    participatingOrganizations: uniqueText([inputs.context.sponsor, ...inputs.context.playerOrganizations, ...feedbackOrgs])
      .slice(0, 200)
      .map((o) => clip(o, 300)),
    pointsOfContact: inputs.context.pointsOfContact,
  };

  return {
    overview,
    executiveSummary: executiveSummary(inputs, analyses, improvementPlan.length, { groups: groups.length, evaluatorLinks: evaluators.length }),
    analyses,
    improvementPlan: improvementPlan.slice(0, 200),
    participants: uniqueText([
      ...groups.map((g) => `${g} (player group)`),
      ...evaluators.map((e) => `${e} (evaluator)`),
      ...feedbackOrgs.map((o) => `${o} (feedback)`),
    ])
      .slice(0, 300)
      .map((p) => clip(p, 300)),
  };
}

function executiveSummary(inputs: AarInputs, analyses: AarContent["analyses"], rows: number, people: { groups: number; evaluatorLinks: number }): string {
  const { session, observations, answers } = inputs;
  const forms = inputs.feedbackTotals.total;
  const dates = formatDates(session.startedAt, session.endedAt);
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const paras: string[] = [];
  // Counted from what was recorded: the evaluators who wrote a note (not the links handed out) and
  // the capabilities their notes are about (not every capability the report lists).
  const observers = new Set(observations.map((o) => o.actorId ?? o.actorLabel)).size;
  const observed = new Set(observations.map((o) => o.capability.trim().toLowerCase())).size;
  const examined = analyses.length;
  const recorded =
    observations.length === 0
      ? `${n(people.evaluatorLinks, "evaluator")} ${people.evaluatorLinks === 1 ? "was" : "were"} assigned`
      : `${n(observers, "evaluator")} recorded ${n(observations.length, "observation")} on ${n(observed, "core capability", "core capabilities")}${examined > observed ? ` of the ${examined} examined` : ""}`;
  paras.push(
    `${session.plan.exerciseName || "The exercise"} was conducted${dates ? ` on ${dates}` : ""} as session “${session.name}”. ${recorded}; ${n(people.groups, "player group")} recorded ${n(answers.length, "answer")} to the discussion questions; ${n(forms, "participant feedback form")} ${forms === 1 ? "was" : "were"} returned.`,
  );
  if (observations.length === 0)
    paras.push(
      "No evaluator observations were recorded during play: the analysis below lists the exercise's capabilities and objectives for the planning team to complete.",
    );
  const rated = analyses.filter((a) => a.rating);
  if (rated.length) paras.push(`Ratings: ${rated.map((a) => `${a.capability} — ${a.rating} (${RATING_LABELS[a.rating!].toLowerCase()})`).join("; ")}.`);
  const strengths = analyses.reduce((s, a) => s + a.strengths.length, 0);
  const areas = analyses.reduce((s, a) => s + a.areasForImprovement.length, 0);
  paras.push(
    `The exercise identified ${n(strengths, "strength")} and ${n(areas, "area for improvement", "areas for improvement")}; the Improvement Plan (Appendix A) lists ${n(rows, "corrective action")}.`,
  );
  const top = (pick: (a: AarContent["analyses"][number]) => Finding[]) =>
    analyses
      .flatMap((a) => pick(a).map((f) => ({ f, cap: a.capability })))
      .sort((x, y) => y.f.evidence.length - x.f.evidence.length)
      .slice(0, 3)
      .map(({ f, cap }) => `${f.text} (${cap})`);
  const majorStrengths = top((a) => a.strengths);
  if (majorStrengths.length) paras.push(`Major strengths:\n${majorStrengths.map((s) => `• ${s}`).join("\n")}`);
  const primaryAreas = top((a) => a.areasForImprovement);
  if (primaryAreas.length) paras.push(`Primary areas for improvement:\n${primaryAreas.map((s) => `• ${s}`).join("\n")}`);
  return clipBlock(paras.join("\n\n"), 20_000);
}

/** Like clip, but keeps the newlines (the summary's paragraphs and bullets). */
function clipBlock(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
