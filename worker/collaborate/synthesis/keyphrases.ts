import { display, isContent, isNumberish, keyStems, samePhrase, tokens, type Phrase, type WordFilter } from "./phrases";
import { contentStems, stem } from "./text";

/**
 * Key phrases for the extractive synthesis's themes: the multi-word noun phrases ("backup power",
 * "shelter staffing", "Spanish-language alerts") that several contributors used. A small rule-based
 * chunker, no tagger and no dependency: interview answers are short and plain, and a word's part of
 * speech is guessed from stop-words, a few verb and adjective lists and suffixes. One pass over the
 * tokens with a bounded window per token: linear in the text. Pure and deterministic.
 *
 * A phrase is two to four words ending on a noun-like word; a word that frames rather than names
 * ("biggest", "worry", "minutes", "place") never heads one, and a phrase whose words are all noise
 * (the campaign's own question words, generic organisational words, names) is dropped.
 */

/** Verbs that are rarely nouns: they end a phrase ("we need to add staff" has no phrase "add staff"). */
const VERBS = new Set(
  (
    "add adds give gives gave keep keeps tell tells ask asks try tries bring brings brought become became seem seemed hope hopes wish " +
    "expect expects ensure ensures provide provides involve involves handle handles rely relies cause causes mean means meant happen happens " +
    "allow allows went goes let lets put puts sure got gets getting making taking having saying thinking worked works doing done happening " +
    "see sees saw seen look looks looked find finds found send sends sent hear heard start starts began begin ends wait waits stop stops " +
    "needs wants believe believes consider considers remember recall suggest suggests recommend recommends propose proposes focus focuses " +
    "cover covers"
  ).split(/\s+/),
);

/** Words ending in -ly that are nouns (every other -ly word is an adverb and ends a phrase). */
const LY_NOUNS = new Set("supply family assembly ally anomaly monopoly reply rally".split(" "));

/** Adjectives and framing words that may qualify a phrase but never head one. */
const NOT_HEAD = new Set(
  (
    "concern concerns worry worries issue issues problem problems challenge challenges thing things place places minute minutes hour hours " +
    "time times day days week weeks month months year years lot lots part parts kind sort type types way ways bit fact case cases point " +
    "points side end number numbers amount level levels question questions answer answers idea ideas experience today tomorrow morning " +
    "afternoon evening night weekend people person folks situation stuff whole entire available possible likely potential real actual " +
    "adequate sufficient insufficient inadequate reliable unreliable outdated limited clear unclear ready able unable critical main major " +
    "minor key general overall specific certain various additional extra usual typical current existing local regional"
  ).split(/\s+/),
);

/** Evaluative words a phrase does not start with ("biggest worry", "main concern", "real problem"). */
const LEAD_DROP = new Set(
  (
    "biggest largest greatest highest lowest longest shortest worst hardest toughest nearest closest main major real huge serious " +
    "important overall general whole entire usual typical actual current existing"
  ).split(" "),
);

/** Adjective suffixes: such a word qualifies a noun ("trained volunteers") but does not head a phrase. */
const ADJECTIVE_SUFFIX = /..(?:ed|ous|ful|less)$/u;

const MAX_WORDS = 4;
/** A run of phrase words longer than this is read in windows (a list without commas). */
const MAX_RUN = 8;

type Role = "break" | "modifier" | "noun";

function roleOf(w: string, filter: WordFilter): Role {
  const lower = w.toLowerCase();
  if (!isContent(w) || isNumberish(w) || filter.proper.has(lower) || VERBS.has(lower)) return "break";
  // Stop-words the chunker does not know, placeholders ("Respondent 3", "Agency B") and one- or two-letter words.
  if (lower.split(/[-‐]/u).every((part) => contentStems(part).length === 0)) return "break";
  if (lower.endsWith("ly") && !LY_NOUNS.has(lower)) return "break";
  if (NOT_HEAD.has(lower) || LEAD_DROP.has(lower) || ADJECTIVE_SUFFIX.test(lower)) return "modifier";
  return "noun";
}

/** One sentence's candidate phrases: every span of 2–4 words inside a run of phrase words that ends on a noun. */
export function phraseSpans(text: string, filter: WordFilter): string[][] {
  const spans: string[][] = [];
  const flush = (run: { w: string; role: Role }[]) => {
    for (let j = 1; j < run.length; j++) {
      if (run[j]!.role !== "noun") continue;
      for (let i = Math.max(0, j - MAX_WORDS + 1); i < j; i++) {
        if (LEAD_DROP.has(run[i]!.w.toLowerCase())) continue;
        spans.push(run.slice(i, j + 1).map((t) => t.w));
      }
    }
  };
  let run: { w: string; role: Role }[] = [];
  for (const w of tokens(text)) {
    const role = /^[,;:()]$/u.test(w) ? "break" : roleOf(w, filter);
    if (role === "break") {
      flush(run);
      run = [];
      continue;
    }
    run.push({ w, role });
    if (run.length > MAX_RUN) run = run.slice(-MAX_RUN);
  }
  flush(run);
  return spans;
}

export type KeyPhrase = Phrase & {
  /** Distinct contributors who used the phrase, and the units (sentences) it occurs in, by index. */
  respondents: Set<string>;
  units: Set<number>;
  words: number;
};

/**
 * Every phrase used by at least `minSupport` distinct contributors, the most widely used first
 * (then the longer, then the more frequent). `units[i].respondent` is who wrote sentence i.
 */
export function keyPhrases(units: readonly { respondent: string; text: string }[], filter: WordFilter, minSupport: number): KeyPhrase[] {
  const found = new Map<string, { stems: string[]; respondents: Set<string>; units: Set<number>; forms: Map<string, number>; words: number; count: number }>();
  units.forEach((u, index) => {
    for (const span of phraseSpans(u.text, filter)) {
      const stems = keyStems(span, filter);
      if (stems.length === 0) continue;
      const key = span.map((w) => stem(w.toLowerCase())).join(" ");
      const form = span.map((w) => display(w, filter)).join(" ");
      const entry = found.get(key) ?? { stems, respondents: new Set(), units: new Set(), forms: new Map(), words: span.length, count: 0 };
      entry.respondents.add(u.respondent);
      entry.units.add(index);
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
      entry.count += 1;
      found.set(key, entry);
    }
  });
  return [...found.entries()]
    .filter(([, e]) => e.respondents.size >= minSupport)
    .map(([key, e]) => ({
      key,
      text: [...e.forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
      stems: e.stems,
      respondents: e.respondents,
      units: e.units,
      words: e.words,
      count: e.count,
    }))
    .sort((a, b) => b.respondents.size - a.respondents.size || b.words - a.words || b.count - a.count || (a.key < b.key ? -1 : 1))
    .map(({ key: _key, count: _count, ...p }) => p);
}

/** The least support a theme needs: two contributors, or a tenth of a large campaign's. */
export function minimumSupport(contributors: number): number {
  return Math.min(contributors, Math.max(2, Math.ceil(contributors / 10)));
}

/**
 * Distinct themes from ranked key phrases: a phrase naming the same thing as one already chosen
 * (phrases.ts samePhrase), or found mostly in the same sentences, joins it as a related phrase.
 */
export function distinctPhrases(ranked: KeyPhrase[], max: number): { phrase: KeyPhrase; related: KeyPhrase[] }[] {
  const chosen: { phrase: KeyPhrase; related: KeyPhrase[]; units: Set<number> }[] = [];
  for (const p of ranked) {
    const home = chosen.find((c) => samePhrase(c.phrase, p) || [...p.units].filter((u) => c.units.has(u)).length >= 0.6 * p.units.size);
    if (home) {
      // A related phrase says something the theme's own words do not ("shelter backup" beside "backup power" does not).
      const seen = [home.phrase, ...home.related].flatMap((r) => r.stems);
      if (home.related.length < 2 && !p.stems.some((s) => seen.includes(s))) home.related.push(p);
      for (const u of p.units) home.units.add(u);
      continue;
    }
    if (chosen.length >= max) continue;
    chosen.push({ phrase: p, related: [], units: new Set(p.units) });
  }
  return chosen.map(({ phrase, related, units }) => ({ phrase: { ...phrase, units }, related }));
}
