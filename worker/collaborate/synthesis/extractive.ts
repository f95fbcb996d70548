import type { AnonymizedContribution, Findings } from "../../../shared/collaborate/views";
import { CORE_CAPABILITY_NAMES, isCoreCapabilityName, type CoreCapabilityName } from "../../../shared/exercises/capabilities";
import { CAPABILITY_KEYWORDS, dominantCapability } from "./capability-keywords";
import { countWord, NOISE_STEMS, properNouns, samePhrase, statedSubjects, type Phrase, type WordFilter } from "./phrases";
import { distinctPhrases, keyPhrases, minimumSupport } from "./keyphrases";
import { capitalise, contentStems, listPhrase, sentences, stem, words } from "./text";
import type { Anonymised, SynthesisCampaign } from "./types";

/**
 * The extractive synthesis: what the offline provider answers, and the fallback when a model's
 * output is unusable. Works on anonymised text only.
 *
 * - themes: the multi-word key phrases (keyphrases.ts) the most distinct contributors used, at
 *   least two of them (a tenth in a large campaign), each with the phrases that travel with it and
 *   1–3 of their sentences; never a lone word;
 * - gaps: what shortfall clauses are about ("Bus driver staffing is insufficient" → bus driver
 *   staffing; "we lack backup power" → backup power), the same subject merged; a gap no
 *   contributor's plans mention comes first;
 * - disagreements: a subject some contributors call adequate and others short;
 * - capabilityCoverage: all 32 core capabilities, counting contributors whose text touches each;
 * - recommendedObjectives: contributors' own proposals first, then one per top gap and theme; each
 *   names a core capability (the one its words touch, else the campaign's, else Planning).
 * Number words, generic organisational words and proper nouns (a storm's name) never key a theme
 * or a gap (phrases.ts).
 */

/** Saying something falls short. Checked before POSITIVE: "not enough" is not "enough". */
const NEGATIVE =
  /\b(?:not (?:enough|adequate|sufficient|reliable|ready|reaching|clear|tested|planned|prioriti[sz]ed|covered|staffed|funded|available)|(?:is|are) (?:a|an) (?:concern|problem|issue)|ran out|runs? out|delayed|(?:is|are) (?:few|scarce)|no (?:backup|system|plan|way|one|redundan\w*)|lack(?:s|ing)?|shortages?|short of|insufficient|inadequate|unreliable|unclear|outdated|at risk|gaps?|fail(?:s|ed|ure)?|cannot|can't|do not have|don't have|doesn't have|overwhelmed|understaffed|too few|limited|weak|poor|broken|worr(?:y|ied)|struggl\w*|never)\b/i;
const POSITIVE =
  /\b(?:adequate|sufficient|enough|reliable|works? well|working well|effective|solid|strong|robust|tested|drilled|confident|ready|well prepared|in good shape|no problem|quickly|good|fine)\b/i;

/** Stems that frame an answer rather than give its topic (stance words, interview words). */
const FRAMING = new Set(
  (
    "plan agency partner respond response emergency manage management work need use concern worry issue problem lack gap shortage enough " +
    "adequate insufficient sufficient inadequate reliable unreliable outdated limited fail failure risk clear unclear tested ready strong weak " +
    "good fine effective solid robust poor team staff contributor respondent person organization county city " +
    // Verbs and fillers that say what someone did, not what about.
    "keep kept run ran running handle handled talk talked rely relied sign signed rewrite rewritten cover covers serve reach reaching call " +
    "calls called still last arrive happen happened went told ask asked tried try help helped get getting put set lead led take took"
  )
    .split(/\s+/)
    .map(stem),
);

const MAX_THEMES = 6;
const MAX_GAPS = 6;
const MAX_DISAGREEMENTS = 4;
const MAX_OBJECTIVES = 8;
const QUOTE_MAX = 220;

type Unit = { respondent: string; key: string; text: string; stems: Set<string>; polarity: -1 | 0 | 1 };

function polarity(text: string): -1 | 0 | 1 {
  if (NEGATIVE.test(text)) return -1;
  return POSITIVE.test(text) ? 1 : 0;
}

function unitsOf(contributions: AnonymizedContribution[]): Unit[] {
  const units: Unit[] = [];
  for (const c of contributions) {
    for (const a of c.answers) {
      // Proposals (injects, questions, objectives) describe an exercise, not the partner's situation;
      // the role answer mostly says who the contributor is.
      if (a.phase === 2 || a.key === "role") continue;
      for (const s of sentences(a.answer)) {
        const stems = new Set(contentStems(s));
        if (stems.size === 0) continue;
        units.push({ respondent: c.respondent, key: a.key, text: s, stems, polarity: polarity(s) });
      }
    }
  }
  return units;
}

const trimQuote = (s: string) => (s.length <= QUOTE_MAX ? s : `${s.slice(0, s.lastIndexOf(" ", QUOTE_MAX - 1))}…`);

/** Up to `max` sentences from distinct respondents, the most on-topic and quotable first. */
function pickQuotes(units: Unit[], terms: string[], max: number, phrase?: string): { text: string; respondent: string }[] {
  // A sentence naming the phrase itself says it best ("Shelter security staffing is not enough…").
  const names = (u: Unit) => {
    const text = u.text.toLowerCase();
    const p = phrase?.toLowerCase();
    return !p || !text.includes(p) ? 0 : text.startsWith(p) ? 75 : 50;
  };
  const scored = units
    .map((u) => ({ u, score: terms.filter((t) => u.stems.has(t)).length * 100 + names(u) - Math.abs(u.text.length - 110) / 10 }))
    .sort((a, b) => b.score - a.score || (a.u.respondent < b.u.respondent ? -1 : 1));
  const seen = new Set<string>();
  const texts = new Set<string>();
  const out: { text: string; respondent: string }[] = [];
  for (const { u } of scored) {
    const key = u.text.toLowerCase();
    if (seen.has(u.respondent) || texts.has(key) || u.text.length < 20) continue;
    seen.add(u.respondent);
    texts.add(key);
    out.push({ text: trimQuote(u.text), respondent: u.respondent });
    if (out.length >= max) break;
  }
  return out;
}

const distinct = (units: Unit[]) => [...new Set(units.map((u) => u.respondent))].sort(byRespondent);
/** "Respondent 2" before "Respondent 10". */
export function byRespondent(a: string, b: string): number {
  const na = Number(/(?<!\d)\d+$/.exec(a)?.[0] ?? Number.NaN);
  const nb = Number(/(?<!\d)\d+$/.exec(b)?.[0] ?? Number.NaN);
  return Number.isFinite(na) && Number.isFinite(nb) && na !== nb ? na - nb : a < b ? -1 : a > b ? 1 : 0;
}
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A theme or a gap as objectives are drafted from it. */
type Topic = { label: string; stems: string[]; units: Unit[]; respondents: string[] };

/** A clause's subject and stance, with the sentence it came from. */
type Mention = { phrase: Phrase; stance: -1 | 1; unit: Unit };
/** Mentions naming the same thing (phrases.ts samePhrase), under the phrase most contributors used. */
type Group = { label: string; stems: string[]; mentions: Mention[] };

/**
 * Groups mentions by subject, greedily: the most widely used phrases found groups, the others join
 * the first group whose founder names the same thing (no chaining through a short phrase).
 */
function groupMentions(mentions: Mention[]): Group[] {
  const byText = new Map<string, Mention[]>();
  for (const m of mentions) byText.set(m.phrase.text, [...(byText.get(m.phrase.text) ?? []), m]);
  const reach = (ms: Mention[]) => new Set(ms.map((m) => m.unit.respondent)).size;
  const ordered = [...byText].sort(
    (a, b) => reach(b[1]) - reach(a[1]) || b[1][0]!.phrase.stems.length - a[1][0]!.phrase.stems.length || (a[0] < b[0] ? -1 : 1),
  );
  const groups: { founder: Phrase; members: [string, Mention[]][] }[] = [];
  for (const entry of ordered) {
    const phrase = entry[1][0]!.phrase;
    const home = groups.find((g) => samePhrase(g.founder, phrase));
    if (home) home.members.push(entry);
    else groups.push({ founder: phrase, members: [entry] });
  }
  return groups.map((g) => {
    // The label: the phrase most contributors used; then one of two to four words; then the shorter.
    const words = (t: string) => t.split(" ").length;
    const fit = (t: string) => Math.abs(Math.min(Math.max(words(t), 2), 4) - words(t));
    const [label] = [...g.members].sort(
      (a, b) => reach(b[1]) - reach(a[1]) || fit(a[0]) - fit(b[0]) || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1),
    )[0]!;
    return { label, stems: g.founder.stems, mentions: g.members.flatMap(([, ms]) => ms) };
  });
}

/** "All five contributors" / "Two of the five contributors" / "The one contributor". */
function ofTotal(n: number, total: number): string {
  if (total === 1) return "The one contributor";
  if (n === total) return `All ${countWord(total)} contributors`;
  return `${capitalise(countWord(n))} of the ${countWord(total)} contributors`;
}

export function extractiveFindings(campaign: SynthesisCampaign, anon: Anonymised): Findings {
  const contributions = anon.anonymized.contributions;
  const total = contributions.length;
  const units = unitsOf(contributions);
  const allText = contributions.flatMap((c) => [
    ...c.answers.map((a) => a.answer),
    ...c.proposals.injects,
    ...c.proposals.questions,
    ...c.proposals.objectives,
  ]);
  // Proper nouns are names (a storm, a road), not topics; a stem also written in lower case stays a topic ("Route 9" vs "routes").
  const proper = properNouns(allText);
  const commonStems = new Set(
    allText.flatMap((t) =>
      words(t)
        .filter((w) => !proper.has(w.toLowerCase()))
        .map((w) => stem(w.toLowerCase())),
    ),
  );
  const excluded = new Set([
    ...FRAMING,
    ...NOISE_STEMS,
    ...[...proper].map(stem).filter((s) => !commonStems.has(s)),
    ...contentStems([campaign.hazard, ...campaign.questions, ...contributions.flatMap((c) => c.answers.map((a) => a.question))].join(" ")),
  ]);
  const filter: WordFilter = { excludedStems: excluded, proper };

  // Themes: the multi-word phrases the most contributors used (keyphrases.ts), the same thing said
  // in other words merged; none when no phrase is shared widely enough (never a lone word).
  const picked = distinctPhrases(keyPhrases(units, filter, minimumSupport(total)), MAX_THEMES);
  const themes: (Topic & { related: string[] })[] = picked
    .map(({ phrase, related }) => {
      const us = [...phrase.units].sort((a, b) => a - b).map((i) => units[i]!);
      return { label: phrase.text, stems: phrase.stems, units: us, respondents: distinct(us), related: related.map((r) => r.text) };
    })
    // Merged wordings widen a theme's reach: the widest first.
    .sort((a, b) => b.respondents.length - a.respondents.length);
  const themeViews: Findings["themes"] = themes.map((t) => {
    const negative = distinct(t.units.filter((u) => u.polarity < 0)).length;
    const related = t.related;
    return {
      title: capitalise(t.label),
      detail:
        `${ofTotal(t.respondents.length, total)} raised ${t.label}` +
        (related.length ? `, often together with ${listPhrase(related)}` : "") +
        (negative ? `; ${countWord(negative)} of them describe${negative === 1 ? "s" : ""} a shortfall.` : "."),
      contributorCount: t.respondents.length,
      respondents: t.respondents,
      quotes: pickQuotes(t.units, t.stems, 3, t.label),
    };
  });

  // What each clause judges, and how: the subjects of gaps and disagreements.
  const mentions: Mention[] = units.flatMap((u) => statedSubjects(u.text, filter).map(({ phrase, stance }) => ({ phrase, stance, unit: u })));

  // Gaps: shortfall subjects, grouped.
  const covered = (stems: string[]) =>
    units.some((u) => u.key === "plans" && u.polarity >= 0 && stems.filter((s) => u.stems.has(s)).length >= Math.min(2, stems.length));
  const gaps = groupMentions(mentions.filter((m) => m.stance < 0))
    .map((g) => ({ ...g, units: [...new Set(g.mentions.map((m) => m.unit))], respondents: distinct(g.mentions.map((m) => m.unit)), covered: covered(g.stems) }))
    .sort(
      (a, b) =>
        b.respondents.length - a.respondents.length || Number(a.covered) - Number(b.covered) || b.units.length - a.units.length || (a.label < b.label ? -1 : 1),
    )
    .slice(0, MAX_GAPS);
  const gapViews: Findings["gaps"] = gaps.map((g) => {
    const example = pickQuotes(g.units, g.stems, 1, g.label)[0];
    return {
      title: capitalise(g.label),
      detail:
        `Raised by ${plural(g.respondents.length, "contributor")}` +
        (example ? `, e.g. ${example.respondent}: “${example.text}”` : ".") +
        (g.covered ? " Some contributors' plans touch on it, but the concern stands." : " No contributor's plans cover it."),
      respondents: g.respondents,
    };
  });

  // Disagreements: the same subject judged adequate by some contributors and short by others.
  const disagreements: Findings["disagreements"] = [];
  const subjects = groupMentions(mentions).sort(
    (a, b) => distinct(b.mentions.map((m) => m.unit)).length - distinct(a.mentions.map((m) => m.unit)).length || (a.label < b.label ? -1 : 1),
  );
  for (const g of subjects) {
    if (disagreements.length >= MAX_DISAGREEMENTS) break;
    const stance = new Map<string, number>();
    for (const m of g.mentions) stance.set(m.unit.respondent, (stance.get(m.unit.respondent) ?? 0) + m.stance);
    const pos = [...stance]
      .filter(([, v]) => v > 0)
      .map(([r]) => r)
      .sort(byRespondent);
    const neg = [...stance]
      .filter(([, v]) => v < 0)
      .map(([r]) => r)
      .sort(byRespondent);
    if (pos.length === 0 || neg.length === 0) continue;
    const quote = (side: -1 | 1, who: string[]) =>
      pickQuotes(
        g.mentions.filter((m) => m.stance === side && who.includes(m.unit.respondent)).map((m) => m.unit),
        g.stems,
        1,
        g.label,
      )[0];
    const posQuote = quote(1, pos);
    const negQuote = quote(-1, neg);
    disagreements.push({
      topic: capitalise(g.label),
      positions: [
        { position: `Adequate${posQuote ? `: “${posQuote.text}”` : ""}`, respondents: pos },
        { position: `Falls short${negQuote ? `: “${negQuote.text}”` : ""}`, respondents: neg },
      ],
    });
  }

  // Coverage: every contributor's whole text, proposals included.
  const fullText = new Map(
    contributions.map((c) => [
      c.respondent,
      [...c.answers.map((a) => a.answer), ...c.proposals.injects, ...c.proposals.questions, ...c.proposals.objectives].join("\n").toLowerCase(),
    ]),
  );
  const capabilityCoverage: Findings["capabilityCoverage"] = CAPABILITY_KEYWORDS.map((cap) => {
    const respondents = contributions.filter((c) => cap.keywords.test(fullText.get(c.respondent) ?? "")).map((c) => c.respondent);
    return { capability: cap.name, mission: cap.mission, contributorCount: respondents.length, respondents };
  });

  const recommendedObjectives = objectives(
    campaign,
    gaps.map((g) => ({ label: g.label, stems: g.stems, units: g.units, respondents: g.respondents })),
    themes,
    contributions,
    capabilityCoverage,
  );

  const summary = summarise(
    total,
    contributions,
    themeViews,
    gaps.map((g) => g.label),
    capabilityCoverage,
  );
  return { summary, themes: themeViews, gaps: gapViews, disagreements, capabilityCoverage, recommendedObjectives };
}

const MAX_PROPOSED_OBJECTIVES = 5;
/** Objectives are written as exercise documents list them: capitalised, no closing full stop. */
const sentence = (text: string) =>
  capitalise(
    text
      .trim()
      .replace(/\s+/g, " ")
      .replace(/(?<!\.)\.+$/u, ""),
  );

function objectives(
  campaign: SynthesisCampaign,
  gaps: Topic[],
  themes: Topic[],
  contributions: AnonymizedContribution[],
  coverage: Findings["capabilityCoverage"],
): Findings["recommendedObjectives"] {
  const out: (Findings["recommendedObjectives"][number] & { stems: Set<string> })[] = [];
  // Contributors' own objectives first, near-duplicates merged, the ones proposed most first.
  const proposed: { text: string; stems: Set<string>; respondents: string[] }[] = [];
  for (const c of contributions)
    for (const o of c.proposals.objectives) {
      const stems = new Set(contentStems(o));
      // A word or two ("Shelters", "Communications") is a topic, not an objective.
      if (stems.size < 2) continue;
      // Near-identical wording only: "Validate the shelter plan…" and "Validate the radio plan…" stay apart.
      const same = proposed.find((p) => jaccard(p.stems, stems) >= 0.8);
      if (same) {
        if (!same.respondents.includes(c.respondent)) same.respondents.push(c.respondent);
      } else proposed.push({ text: sentence(o), stems, respondents: [c.respondent] });
    }
  const ranked = proposed.map((p, i) => ({ p, i })).sort((a, b) => b.p.respondents.length - a.p.respondents.length || a.i - b.i);
  const fallback = fallbackCapability(campaign, coverage);
  for (const { p } of ranked.slice(0, MAX_PROPOSED_OBJECTIVES)) {
    out.push({
      text: p.text,
      capability: dominantCapability([withoutTrigger(p.text)]) ?? fallback,
      respondents: p.respondents.sort(byRespondent),
      stems: p.stems,
    });
  }
  // Then the top gaps and themes no proposal already covers (the capability is shown beside the text).
  const already = (t: Topic) => out.some((o) => t.stems.every((s) => o.stems.has(s)));
  const capabilityOf = (t: Topic) => dominantCapability([t.label]) ?? dominantCapability(t.units.map((u) => u.text)) ?? fallback;
  for (const g of gaps.slice(0, 3)) {
    if (already(g)) continue;
    out.push({
      text: `Assess how partners would close the gap in ${g.label}`,
      capability: capabilityOf(g),
      respondents: g.respondents,
      stems: new Set(g.stems),
    });
  }
  for (const t of themes.slice(0, 3)) {
    if (already(t)) continue;
    out.push({
      text: `Validate partners' arrangements for ${t.label} under the ${campaign.hazard.trim().toLowerCase() || "campaign's"} scenario`,
      capability: capabilityOf(t),
      respondents: t.respondents,
      stems: new Set(t.stems),
    });
  }
  // Capabilities the campaign explores that nobody talked about.
  for (const name of campaign.capabilities) {
    const row = coverage.find((c) => c.capability === name);
    if (row && row.contributorCount === 0) {
      out.push({
        text: `Demonstrate ${name}: the campaign explores it but no contributor described how it would be delivered`,
        capability: name,
        respondents: [],
        stems: new Set(),
      });
    }
  }
  // Proposals and gaps first, but never at the cost of an unexplored capability of the campaign.
  const unexplored = out.filter((o) => o.respondents.length === 0 && o.text.startsWith("Demonstrate "));
  const kept = out.filter((o) => !unexplored.includes(o)).slice(0, Math.max(0, MAX_OBJECTIVES - unexplored.length));
  return [...kept, ...unexplored].slice(0, MAX_OBJECTIVES).map(({ stems: _s, ...o }) => o);
}

/** "Within 12 hours of the evacuation order": an objective's trigger, which is not what it exercises. */
const TRIGGER = /\b(?:within|in)\s+\S+\s+(?:minutes?|hours?|days?)\s+(?:of|after)\s[^,.;]*/giu;
export const withoutTrigger = (text: string) => text.replace(TRIGGER, " ");

/**
 * The capability an objective whose words name none is filed under: the one of the campaign's own
 * capabilities the most contributors touched, else the one most touched overall, else Planning
 * (every exercise objective belongs to a core capability).
 */
export function fallbackCapability(campaign: Pick<SynthesisCampaign, "capabilities">, coverage: Findings["capabilityCoverage"]): CoreCapabilityName {
  const touched = (names: readonly string[]) =>
    coverage
      .filter((c) => names.includes(c.capability) && isCoreCapabilityName(c.capability))
      .sort((a, b) => b.contributorCount - a.contributorCount || names.indexOf(a.capability) - names.indexOf(b.capability))[0];
  const own = touched(campaign.capabilities);
  if (own) return own.capability as CoreCapabilityName;
  const top = touched(CORE_CAPABILITY_NAMES);
  return top && top.contributorCount > 0 ? (top.capability as CoreCapabilityName) : "Planning";
}

/** Shared stems over all stems. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const x of a) if (b.has(x)) common++;
  return common / Math.max(1, a.size + b.size - common);
}

function summarise(
  total: number,
  contributions: AnonymizedContribution[],
  themes: Findings["themes"],
  gaps: string[],
  coverage: Findings["capabilityCoverage"],
): string {
  if (total === 0) return "No contributions to synthesise yet.";
  const agencies = new Set(contributions.map((c) => c.agency).filter((a) => a !== "Unaffiliated")).size;
  const parts = [
    agencies === total
      ? `${capitalise(countWord(total))} partner ${total === 1 ? "agency" : "agencies"} contributed.`
      : `${capitalise(countWord(total))} ${total === 1 ? "contributor" : "contributors"}${agencies ? ` from ${countWord(agencies)} partner ${agencies === 1 ? "agency" : "agencies"}` : ""} contributed.`,
  ];
  if (themes.length)
    parts.push(`They most often raised ${listPhrase(themes.slice(0, 3).map((t) => `${lowerFirst(t.title)} (${t.contributorCount} of ${total})`))}.`);
  if (gaps.length) parts.push(`The main gaps: ${listPhrase(gaps.slice(0, 3))}.`);
  const touched = coverage.filter((c) => c.contributorCount > 0).sort((a, b) => b.contributorCount - a.contributorCount);
  if (touched.length)
    parts.push(
      `Capabilities most discussed: ${listPhrase(touched.slice(0, 3).map((c) => c.capability))}; ${coverage.length - touched.length} of the ${coverage.length} core capabilities were not raised.`,
    );
  return parts.join(" ");
}

/** "Shelters" → "shelters", but "EOC staffing" stays. */
export function lowerFirst(title: string): string {
  const first = title.split(" ")[0] ?? "";
  return first.length > 1 && first === first.toUpperCase() ? title : title.charAt(0).toLowerCase() + title.slice(1);
}
