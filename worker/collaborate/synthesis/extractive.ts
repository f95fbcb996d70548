import type { AnonymizedContribution, Findings } from "../views";
import { CAPABILITY_KEYWORDS, dominantCapability } from "./capability-keywords";
import { capitalise, contentStems, listPhrase, sentences, stem, STOPWORDS, words } from "./text";
import type { Anonymised, SynthesisCampaign } from "./types";

/**
 * The extractive synthesis: what the offline provider answers, and the fallback when a model's
 * output is unusable. Works on anonymised text only.
 *
 * - themes: the content words (stems) the most contributors share, each with the words that
 *   travel with it, how many distinct contributors raised it and 1–3 of their sentences;
 * - gaps: sentences saying something is lacking (shortage, not enough, no backup…), grouped by
 *   their main topic; a gap no contributor's plans mention comes first;
 * - disagreements: a topic some contributors call adequate and others insufficient;
 * - capabilityCoverage: all 32 core capabilities, counting contributors whose text touches each;
 * - recommendedObjectives: one per top gap and theme, plus contributors' own proposals.
 */

/** Saying something falls short. Checked before POSITIVE: "not enough" is not "enough". */
export const NEGATIVE =
  /\b(?:not (?:enough|adequate|sufficient|reliable|ready|reaching|clear|tested)|no (?:backup|system|plan|way|one|redundan\w*)|lack(?:s|ing)?|shortages?|short of|insufficient|inadequate|unreliable|unclear|outdated|at risk|gaps?|fail(?:s|ed|ure)?|cannot|can't|do not have|don't have|doesn't have|overwhelmed|understaffed|too few|limited|weak|poor|broken|worr(?:y|ied)|struggl\w*|never)\b/i;
const POSITIVE = /\b(?:adequate|sufficient|enough|reliable|works? well|working well|effective|solid|strong|robust|tested|drilled|confident|ready|well prepared|in good shape|no problem|quickly|good|fine)\b/i;

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

export function polarity(text: string): -1 | 0 | 1 {
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

/** The most frequent word as written for each stem ("shelters", "shelter" → "shelter"). */
function surfaceForms(contributions: AnonymizedContribution[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const c of contributions)
    for (const a of c.answers)
      for (const w of words(a.answer)) {
        const lower = w.toLowerCase();
        if (lower.length < 3) continue;
        const s = stem(lower);
        const m = counts.get(s) ?? new Map<string, number>();
        // Acronyms keep their capitals ("EOC"); other words are shown in lower case.
        const form = w.length > 1 && w === w.toUpperCase() && /\p{L}/u.test(w) ? w : lower;
        m.set(form, (m.get(form) ?? 0) + 1);
        counts.set(s, m);
      }
  const out = new Map<string, string>();
  for (const [s, m] of counts) out.set(s, [...m].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))[0]![0]);
  return out;
}

const trimQuote = (s: string) => (s.length <= QUOTE_MAX ? s : `${s.slice(0, s.lastIndexOf(" ", QUOTE_MAX - 1))}…`);

/** Up to `max` sentences from distinct respondents, the most on-topic and quotable first. */
function pickQuotes(units: Unit[], terms: string[], max: number): { text: string; respondent: string }[] {
  const scored = units
    .map((u) => ({ u, score: terms.filter((t) => u.stems.has(t)).length * 100 - Math.abs(u.text.length - 110) / 10 }))
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
  const na = Number(/\d+$/.exec(a)?.[0] ?? Number.NaN);
  const nb = Number(/\d+$/.exec(b)?.[0] ?? Number.NaN);
  return Number.isFinite(na) && Number.isFinite(nb) && na !== nb ? na - nb : a < b ? -1 : a > b ? 1 : 0;
}
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function extractiveFindings(campaign: SynthesisCampaign, anon: Anonymised): Findings {
  const contributions = anon.anonymized.contributions;
  const total = contributions.length;
  const units = unitsOf(contributions);
  const surface = surfaceForms(contributions);
  const word = (s: string) => surface.get(s) ?? s;
  const excluded = new Set([...FRAMING, ...contentStems([campaign.hazard, ...campaign.questions, ...contributions.flatMap((c) => c.answers.map((a) => a.question))].join(" "))]);

  // Stem → the units containing it.
  const byStem = new Map<string, Unit[]>();
  for (const u of units)
    for (const s of u.stems) {
      const list = byStem.get(s);
      if (list) list.push(u);
      else byStem.set(s, [u]);
    }
  const reach = (s: string) => new Set((byStem.get(s) ?? []).map((u) => u.respondent)).size;
  const minReach = total >= 3 ? 2 : 1;
  const candidates = [...byStem.keys()]
    .filter((s) => !excluded.has(s) && s.length >= 3 && reach(s) >= minReach)
    .sort((a, b) => reach(b) - reach(a) || byStem.get(b)!.length - byStem.get(a)!.length || (a < b ? -1 : 1));

  // Themes: greedy, a seed whose sentences mostly belong to a theme already joins it.
  type Theme = { seed: string; related: string[]; units: Unit[] };
  const themes: Theme[] = [];
  for (const seed of candidates) {
    if (themes.length >= MAX_THEMES) break;
    const seedUnits = byStem.get(seed)!;
    const home = themes.find((t) => seedUnits.filter((u) => t.units.includes(u)).length >= 0.6 * seedUnits.length);
    if (home) {
      if (home.related.length < 2) home.related.push(seed);
      continue;
    }
    themes.push({ seed, related: [], units: seedUnits });
  }

  const themeViews: Findings["themes"] = themes.map((t) => {
    const respondents = distinct(t.units);
    const negative = distinct(t.units.filter((u) => u.polarity < 0)).length;
    const terms = [t.seed, ...t.related];
    const title = capitalise(t.related.length ? `${word(t.seed)}: ${t.related.map(word).join(", ")}` : word(t.seed));
    return {
      title,
      detail:
        `${plural(respondents.length, "contributor")} of ${total} raised ${word(t.seed)}` +
        (t.related.length ? `, often together with ${listPhrase(t.related.map(word))}` : "") +
        (negative ? `; ${negative} of them describe a shortfall.` : "."),
      contributorCount: respondents.length,
      respondents,
      quotes: pickQuotes(t.units, terms, 3),
    };
  });

  // What a sentence is about: its first content word and the next if that is one too (the subject:
  // "Shelter capacity is not enough…", "There is a shortage of generator fuel…").
  const leadOf = (u: Unit): { key: string; label: string } | null => {
    const ws = words(u.text);
    const isContent = (w: string | undefined) => {
      const lower = w?.toLowerCase() ?? "";
      return lower.length >= 3 && !STOPWORDS.has(lower) && !/^\p{N}+$/u.test(lower) && !excluded.has(stem(lower)) && contentStems(lower).length > 0;
    };
    const i = ws.findIndex(isContent);
    if (i < 0) return null;
    const first = ws[i]!;
    const next = isContent(ws[i + 1]) ? ws[i + 1] : undefined;
    const show = (w: string) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase());
    return { key: stem(first.toLowerCase()), label: next ? `${show(first)} ${show(next)}` : show(first) };
  };
  const leads = new Map<Unit, { key: string; label: string } | null>(units.map((u) => [u, leadOf(u)]));
  const labelOf = (us: Unit[]) => {
    const counts = new Map<string, number>();
    for (const u of us) {
      const l = leads.get(u)?.label;
      if (l) counts.set(l, (counts.get(l) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? "";
  };

  // Gaps: shortfall sentences grouped by what they are about.
  const gapGroups = new Map<string, Unit[]>();
  for (const u of units) {
    const lead = leads.get(u);
    if (u.polarity >= 0 || !lead) continue;
    gapGroups.set(lead.key, [...(gapGroups.get(lead.key) ?? []), u]);
  }
  const covered = (topic: string) => (byStem.get(topic) ?? []).some((u) => u.key === "plans" && u.polarity >= 0);
  const gaps = [...gapGroups]
    .map(([topic, us]) => ({ topic, label: labelOf(us), us, respondents: distinct(us), covered: covered(topic) }))
    .sort((a, b) => Number(a.covered) - Number(b.covered) || b.respondents.length - a.respondents.length || (a.topic < b.topic ? -1 : 1))
    .slice(0, MAX_GAPS);
  const gapViews: Findings["gaps"] = gaps.map((g) => {
    const example = pickQuotes(g.us, [g.topic], 1)[0];
    return {
      title: `${capitalise(g.label)} shortfall`,
      detail:
        `Raised by ${plural(g.respondents.length, "contributor")}` +
        (example ? `, e.g. ${example.respondent}: “${example.text}”` : "") +
        (g.covered ? ` Some contributors' plans mention ${g.label}, but the concern stands.` : ` No contributor's plans cover it.`),
      respondents: g.respondents,
    };
  });

  // Disagreements: the same subject judged adequate by some contributors and short by others.
  const bySubject = new Map<string, Unit[]>();
  for (const u of units) {
    const lead = leads.get(u);
    if (u.polarity === 0 || !lead) continue;
    bySubject.set(lead.key, [...(bySubject.get(lead.key) ?? []), u]);
  }
  const disagreements: Findings["disagreements"] = [];
  const subjects = [...bySubject].sort((a, b) => distinct(b[1]).length - distinct(a[1]).length || (a[0] < b[0] ? -1 : 1));
  for (const [topic, us] of subjects) {
    if (disagreements.length >= MAX_DISAGREEMENTS) break;
    const stance = new Map<string, number>();
    for (const u of us) stance.set(u.respondent, (stance.get(u.respondent) ?? 0) + u.polarity);
    const pos = [...stance].filter(([, v]) => v > 0).map(([r]) => r).sort(byRespondent);
    const neg = [...stance].filter(([, v]) => v < 0).map(([r]) => r).sort(byRespondent);
    if (pos.length === 0 || neg.length === 0) continue;
    const posQuote = pickQuotes(us.filter((u) => u.polarity > 0 && pos.includes(u.respondent)), [topic], 1)[0];
    const negQuote = pickQuotes(us.filter((u) => u.polarity < 0 && neg.includes(u.respondent)), [topic], 1)[0];
    disagreements.push({
      topic: capitalise(labelOf(us)),
      positions: [
        { position: `Adequate${posQuote ? `: “${posQuote.text}”` : ""}`, respondents: pos },
        { position: `Falls short${negQuote ? `: “${negQuote.text}”` : ""}`, respondents: neg },
      ],
    });
  }

  // Coverage: every contributor's whole text, proposals included.
  const fullText = new Map(contributions.map((c) => [c.respondent, [...c.answers.map((a) => a.answer), ...c.proposals.injects, ...c.proposals.questions, ...c.proposals.objectives].join("\n").toLowerCase()]));
  const capabilityCoverage: Findings["capabilityCoverage"] = CAPABILITY_KEYWORDS.map((cap) => {
    const respondents = contributions.filter((c) => cap.keywords.test(fullText.get(c.respondent) ?? "")).map((c) => c.respondent);
    return { capability: cap.name, mission: cap.mission, contributorCount: respondents.length, respondents };
  });

  const recommendedObjectives = objectives(campaign, gaps.map((g) => ({ word: g.label, units: g.us, respondents: g.respondents })), themes.map((t, i) => ({ word: word(t.seed), units: t.units, respondents: themeViews[i]!.respondents })), contributions, capabilityCoverage);

  const summary = summarise(campaign, total, contributions, themeViews, gapViews, capabilityCoverage);
  return { summary, themes: themeViews, gaps: gapViews, disagreements, capabilityCoverage, recommendedObjectives };
}

type Topic = { word: string; units: Unit[]; respondents: string[] };

function objectives(
  campaign: SynthesisCampaign,
  gaps: Topic[],
  themes: Topic[],
  contributions: AnonymizedContribution[],
  coverage: Findings["capabilityCoverage"],
): Findings["recommendedObjectives"] {
  const out: Findings["recommendedObjectives"] = [];
  const hazard = campaign.hazard.trim().toLowerCase() || "the campaign's";
  for (const g of gaps.slice(0, 3)) {
    const capability = dominantCapability([g.word]) ?? dominantCapability(g.units.map((u) => u.text));
    out.push({
      text: `Assess whether partners can close the ${g.word} shortfall${capability ? ` (${capability})` : ""} raised by ${plural(g.respondents.length, "contributor")}.`,
      capability,
      respondents: g.respondents,
    });
  }
  for (const t of themes.slice(0, 3)) {
    if (gaps.some((g) => g.word === t.word)) continue;
    const capability = dominantCapability([t.word]) ?? dominantCapability(t.units.map((u) => u.text));
    out.push({ text: `Validate ${t.word} arrangements across partner agencies under the ${hazard} scenario.`, capability, respondents: t.respondents });
  }
  // Contributors' own objectives, the ones proposed most first.
  const proposed = new Map<string, { text: string; respondents: string[] }>();
  for (const c of contributions)
    for (const o of c.proposals.objectives) {
      const key = o.toLowerCase().replace(/\s+/g, " ").trim();
      const entry = proposed.get(key) ?? { text: o.trim(), respondents: [] };
      if (!entry.respondents.includes(c.respondent)) entry.respondents.push(c.respondent);
      proposed.set(key, entry);
    }
  for (const p of [...proposed.values()].sort((a, b) => b.respondents.length - a.respondents.length).slice(0, 3)) {
    out.push({ text: p.text, capability: dominantCapability([p.text]), respondents: p.respondents.sort(byRespondent) });
  }
  // Capabilities the campaign explores that nobody talked about.
  for (const name of campaign.capabilities) {
    const row = coverage.find((c) => c.capability === name);
    if (row && row.contributorCount === 0 && out.length < MAX_OBJECTIVES) {
      out.push({ text: `Demonstrate ${name}: the campaign explores it but no contributor described how it would be delivered.`, capability: name, respondents: [] });
    }
  }
  return out.slice(0, MAX_OBJECTIVES);
}

function summarise(
  campaign: SynthesisCampaign,
  total: number,
  contributions: AnonymizedContribution[],
  themes: Findings["themes"],
  gaps: Findings["gaps"],
  coverage: Findings["capabilityCoverage"],
): string {
  if (total === 0) return "No contributions to synthesise yet.";
  const agencies = new Set(contributions.map((c) => c.agency).filter((a) => a !== "Unaffiliated")).size;
  const parts = [`${plural(total, "contributor")}${agencies ? ` from ${plural(agencies, "agency", "agencies")}` : ""} answered on ${campaign.hazard.trim() || "the campaign's hazard"}.`];
  if (themes.length) parts.push(`The most shared themes: ${listPhrase(themes.slice(0, 3).map((t) => `${t.title.toLowerCase()} (${t.contributorCount})`))}.`);
  if (gaps.length) parts.push(`Main gaps: ${listPhrase(gaps.slice(0, 3).map((g) => `${g.title.toLowerCase()} (${g.respondents.length})`))}.`);
  const touched = coverage.filter((c) => c.contributorCount > 0).sort((a, b) => b.contributorCount - a.contributorCount);
  if (touched.length) parts.push(`Capabilities most discussed: ${listPhrase(touched.slice(0, 3).map((c) => c.capability))}; ${coverage.length - touched.length} of ${coverage.length} core capabilities were not raised.`);
  return parts.join(" ");
}
