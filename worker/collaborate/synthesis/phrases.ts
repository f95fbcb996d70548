import { sentences, stem, STOPWORDS, words } from "./text";

/**
 * Noun-phrase heuristics for the extractive synthesis: which words may name a topic (not number
 * words, not generic organisational words, not proper nouns such as a storm's name), and what a
 * shortfall sentence is about ("Bus driver staffing is insufficient…" → "bus driver staffing";
 * "we lack backup power…" → "backup power"). No tagger: cue words, copulas and a few boundary
 * words are enough for interview answers, which are short and plain. Pure and deterministic.
 */

/** Number words (and "half", "dozen"): a count is never a topic ("Two" was a theme once). */
const NUMBER_WORDS = new Set(
  (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen " +
    "twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands million millions dozen dozens half once " +
    "twice single double triple first second third fourth fifth sixth seventh eighth ninth tenth"
  ).split(/\s+/),
);

/** Words naming the organisations and documents partners work in, which every answer mentions: never a topic on their own. */
const GENERIC_WORDS = new Set(
  (
    "district county agency department plan annex team office city town state division unit bureau program programme chapter " +
    "organization organisation authority government municipality agreement contract document documents paper"
  ).split(/\s+/),
);

/** Stems never used as a theme or gap key (number and generic words, all inflections). */
export const NOISE_STEMS = new Set([...NUMBER_WORDS, ...GENERIC_WORDS].map(stem));

/** Words with hyphens kept ("medical-needs", "wheelchair-accessible"); possessive "'s" dropped. */
const TOKEN = /[\p{L}\p{N}]+(?:[-‐][\p{L}\p{N}]+)*(?:['’][\p{L}]+)?|[,;:()]/gu;

export function tokens(text: string): string[] {
  return (text.match(TOKEN) ?? []).map((w) => w.replace(/['’]s$/iu, ""));
}

const isAcronym = (w: string) => w.length > 1 && /\p{L}/u.test(w) && w === w.toUpperCase();

/**
 * Proper nouns: words (lower-cased) capitalised at every occurrence and at least once not at the
 * start of a sentence ("Odalys", "Route"). Acronyms ("EOC") are topics, not names.
 */
export function properNouns(texts: string[]): Set<string> {
  const capitalisedOnly = new Map<string, boolean>();
  const midSentence = new Set<string>();
  for (const text of texts)
    for (const s of sentences(text))
      words(s).forEach((w, i) => {
        const lower = w.toLowerCase();
        if (!/^\p{L}/u.test(w) || isAcronym(w)) return;
        const capital = /^\p{Lu}/u.test(w);
        capitalisedOnly.set(lower, (capitalisedOnly.get(lower) ?? true) && capital);
        if (capital && i > 0) midSentence.add(lower);
      });
  return new Set([...capitalisedOnly].filter(([w, only]) => only && midSentence.has(w)).map(([w]) => w));
}

/** A phrase as shown ("bus driver staffing") and the stems it is compared by. */
export type Phrase = { text: string; stems: string[] };

/** What the words of a phrase may be: noise (number, generic, proper, excluded) words do not key it. */
export type WordFilter = { excludedStems: Set<string>; proper: Set<string> };

const DETERMINERS = new Set(
  "a an the any our their its this that these those my your his her some all many most only also there so such each every enough more sufficient adequate much".split(
    " ",
  ),
);
const PRONOUNS = new Set("i we you they he she it us them there".split(" "));
const PREPOSITIONS = new Set("for at to of in on with from between during".split(" "));
/** Verbs and clause words that end a noun phrase read backwards (besides stop-words). */
const BOUNDARY = new Set(
  "and or but because while when if that which where who depends depend relies rely opens open report reports reported arrive arrives arrived show shows showed leave leaves stay stays".split(
    " ",
  ),
);
const AUX = new Set(
  "is are was were be been being has have had do does did will would may might can could still also often too simply remain remains seem seems get gets getting become becomes really very".split(
    " ",
  ),
);

/** Cues after which the lacking thing follows ("we lack X", "no X", "not enough X", "a shortage of X"). */
const OBJECT_CUE =
  /\b(?:lack(?:s|ing)?(?: of)?|shortages? of|short of|not enough|too few|no|(?:do|does|did) not have(?: enough)?|(?:don't|doesn't|didn't) have(?: enough)?|need more|insufficient|inadequate|limited)\s+(?=\S)/iu;
/** Cues before which the lacking thing stands ("X is not enough", "X is a gap", "X ran out"). */
const PREDICATE_CUE =
  /\b(?:(?:is|are|was|were|remains?|seems?)\s+(?:(?:still|also|often|simply|really|very|too)\s+)?(?:not (?:enough|adequate|sufficient|reliable|ready|reaching|clear|tested|planned|prioriti[sz]ed|covered|staffed|funded|available|addressed|included)|insufficient|inadequate|unreliable|unclear|outdated|limited|lacking|missing|overwhelmed|understaffed|weak|poor|broken|delayed|few|scarce|at risk|an? (?:gap|concern|problem|issue|weak (?:point|spot)|shortage|shortfall))|ran out|runs? out|fail(?:s|ed)?|(?:cannot|can't|could not|couldn't) (?:cope|keep up)|struggled?|struggles)\b/iu;
/** A modal whose verb's object is what falls short ("we cannot staff security…" → "security"). */
const MODAL_CUE = /\b(?:cannot|can't|could not|couldn't|are unable to|is unable to|unable to)\s+\S+\s+/iu;

/** Clauses of a sentence: a shortfall is judged clause by clause ("X is adequate, but Y is not"). */
export function clauses(sentence: string): string[] {
  return (
    sentence
      // A run of spaces is tried from where it begins (or right after ": ", which takes one of them).
      .split(/;|:\s|,?(?<!(?<!:)\s)\s+but\s+|(?<!(?<!:)\s)\s+because\s+|(?<!(?<!:)\s)\s+although\s+|(?<!(?<!:)\s)\s+whereas\s+|(?<!(?<!:)\s)\s+so that\s+/iu)
      .map((c) => c.trim())
      .filter((c) => c.length > 0)
  );
}

export function display(w: string, filter: WordFilter): string {
  // Part by part: "Spanish-language" keeps its name's capital.
  return w
    .split(/(?<=[-‐])/u)
    .map((part) => {
      const bare = part.replace(/[-‐]$/u, "");
      return isAcronym(bare) || filter.proper.has(bare.toLowerCase()) ? part : part.toLowerCase();
    })
    .join("");
}

export function keyStems(ws: string[], filter: WordFilter): string[] {
  const out: string[] = [];
  for (const w of ws)
    for (const part of w.split(/[-‐]/u)) {
      const lower = part.toLowerCase();
      if (lower.length < 3 || STOPWORDS.has(lower) || filter.proper.has(lower) || /\p{N}/u.test(lower)) continue;
      const s = stem(lower);
      if (!filter.excludedStems.has(s) && !NOISE_STEMS.has(s) && !out.includes(s)) out.push(s);
    }
  return out;
}

export const isContent = (w: string) => {
  const lower = w.toLowerCase();
  return (
    /^\p{L}/u.test(w) &&
    !STOPWORDS.has(lower) &&
    !DETERMINERS.has(lower) &&
    !PRONOUNS.has(lower) &&
    !PREPOSITIONS.has(lower) &&
    !BOUNDARY.has(lower) &&
    !AUX.has(lower)
  );
};
/** "48", "two", "two-day". */
export const isNumberish = (w: string) => /^\p{N}/u.test(w) || NUMBER_WORDS.has(w.toLowerCase().split(/[-‐]/u)[0]!);

/** The noun phrase a list of tokens starts with, plus one short prepositional phrase ("transport for wheelchair users"). */
function leadingPhrase(ts: string[]): string[] {
  let i = 0;
  while (i < ts.length && DETERMINERS.has(ts[i]!.toLowerCase())) i++;
  const out: string[] = [];
  while (i < ts.length && isContent(ts[i]!) && !isNumberish(ts[i]!) && out.length < 4) out.push(ts[i++]!);
  if (out.length === 0) return out;
  const prep = ts[i]?.toLowerCase();
  if (prep && PREPOSITIONS.has(prep)) {
    let j = i + 1;
    while (j < ts.length && DETERMINERS.has(ts[j]!.toLowerCase())) j++;
    const determiners = ts.slice(i + 1, j);
    const pp: string[] = [];
    while (j < ts.length && isContent(ts[j]!) && !isNumberish(ts[j]!) && pp.length < 3) pp.push(ts[j++]!);
    // A time or count ("after 48 hours", "for six hours") qualifies the shortfall, not its subject.
    if (pp.length > 0 && !/^(?:hours?|days?|minutes?|weeks?|times?|nights?)$/iu.test(pp[0]!)) out.push(ts[i]!, ...determiners, ...pp);
  }
  return out;
}

/** The noun phrase a list of tokens ends with (read backwards to a boundary), prepositional phrases included. */
function trailingPhrase(ts: string[]): string[] {
  let end = ts.length;
  while (end > 0 && AUX.has(ts[end - 1]!.toLowerCase())) end--;
  let start = end;
  while (start > 0) {
    const w = ts[start - 1]!;
    const lower = w.toLowerCase();
    if (/^[,;:()]$/u.test(w) || BOUNDARY.has(lower) || PRONOUNS.has(lower) || AUX.has(lower) || isNumberish(w)) break;
    if (PREPOSITIONS.has(lower) || DETERMINERS.has(lower) || isContent(w)) {
      start--;
      continue;
    }
    break;
  }
  let span = ts.slice(start, end);
  // Drop leading determiners and prepositional openers ("In …", "the …").
  while (span.length && (DETERMINERS.has(span[0]!.toLowerCase()) || PREPOSITIONS.has(span[0]!.toLowerCase()))) span = span.slice(1);
  return span.length > 7 ? span.slice(-7) : span;
}

/**
 * What each shortfall clause of a sentence is about, as typed (lower-cased unless a proper noun or
 * acronym). Clauses without a recognised cue give nothing; phrases of noise words only are dropped.
 */
export function shortfallSubjects(sentence: string, filter: WordFilter): Phrase[] {
  const out: Phrase[] = [];
  for (const clause of clauses(sentence)) {
    let ws: string[] = [];
    const predicate = PREDICATE_CUE.exec(clause);
    const object = OBJECT_CUE.exec(clause);
    const modal = MODAL_CUE.exec(clause);
    if (predicate && (!object || predicate.index <= object.index)) {
      ws = trailingPhrase(tokens(clause.slice(0, predicate.index)));
      if (ws.filter(isContent).length === 0) ws = leadingPhrase(tokens(clause.slice(predicate.index + predicate[0].length)));
    }
    if (ws.length === 0 && object) {
      // "insufficient" after a copula is a predicate ("staffing is insufficient"): the subject stands before it.
      const before = tokens(clause.slice(0, object.index));
      const afterCopula = /^(?:insufficient|inadequate|limited)/iu.test(object[0]) && /^(?:is|are|was|were|remains?|seems?)$/iu.test(before.at(-1) ?? "");
      ws = afterCopula ? trailingPhrase(before) : leadingPhrase(tokens(clause.slice(object.index + object[0].length)));
    }
    if (ws.length === 0 && modal) ws = leadingPhrase(tokens(clause.slice(modal.index + modal[0].length)));
    if (ws.length === 0) continue;
    const stems = keyStems(ws, filter);
    if (stems.length === 0) continue;
    out.push({ text: ws.map((w) => display(w, filter)).join(" "), stems });
  }
  return out;
}

/** Saying something is adequate ("X is adequate", "X works well"); checked only on clauses without a shortfall cue. */
const ADEQUATE_CUE =
  /\b(?:(?:is|are|was|were|remains?|seems?)\s+(?:(?:still|also|generally|usually|very|more than)\s+)?(?:adequate|sufficient|enough|reliable|effective|solid|strong|robust|tested|drilled|ready|fine|good|in good shape)|works? well|worked well|working well)\b/iu;
const NOT_ADEQUATE = /\b(?:not|never|no|isn't|aren't|wasn't|weren't)\b/iu;

/** Each clause's subject with its stance: -1 falls short, 1 adequate ("Shelter capacity is adequate, but staffing is not"). */
export function statedSubjects(sentence: string, filter: WordFilter): { phrase: Phrase; stance: -1 | 1 }[] {
  const out: { phrase: Phrase; stance: -1 | 1 }[] = [];
  for (const clause of clauses(sentence)) {
    const short = shortfallSubjects(clause, filter);
    if (short.length) {
      out.push(...short.map((phrase) => ({ phrase, stance: -1 as const })));
      continue;
    }
    const adequate = ADEQUATE_CUE.exec(clause);
    if (!adequate || NOT_ADEQUATE.test(clause)) continue;
    const ws = trailingPhrase(tokens(clause.slice(0, adequate.index)));
    const stems = keyStems(ws, filter);
    if (stems.length) out.push({ phrase: { text: ws.map((w) => display(w, filter)).join(" "), stems }, stance: 1 });
  }
  return out;
}

/**
 * Whether two phrases name the same thing: one's key stems contain the other's ("drivers" and
 * "bus driver staffing"), or they share their head (last) stem and at least one other.
 */
export function samePhrase(a: Phrase, b: Phrase): boolean {
  const [small, large] = a.stems.length <= b.stems.length ? [a, b] : [b, a];
  if (small.stems.every((s) => large.stems.includes(s))) return true;
  const shared = a.stems.filter((s) => b.stems.includes(s));
  return a.stems.at(-1) === b.stems.at(-1) && shared.length >= 2;
}

/** English words for small counts, digits beyond ("Five partner agencies", "12 contributors"). */
export function countWord(n: number): string {
  const small = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
  return small[n] ?? String(n);
}

/** Cut a title at a word boundary: whole when ≤ `keep` characters, else ≤ `max` with "…", never ending on a small word. */
export function shortTitle(text: string, max = 80, keep = 90): string {
  const t = text.trim();
  if (t.length <= keep) return t;
  const ws = t.slice(0, max).split(/\s+/);
  if (!/\s/u.test(t.charAt(max))) ws.pop();
  while (ws.length > 1 && (STOPWORDS.has(ws.at(-1)!.toLowerCase()) || DETERMINERS.has(ws.at(-1)!.toLowerCase()) || PREPOSITIONS.has(ws.at(-1)!.toLowerCase())))
    ws.pop();
  return `${ws.join(" ").replace(/(?<![,;:])[,;:]+$/u, "")}…`;
}
