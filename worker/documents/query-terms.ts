import { stemmer } from "stemmer";
import { derivedWords, irregularVerbForms, isDescribingWord, lexicalAlternatives, spellingVariant } from "./lexicon";
import { PARTICLES, phrasalEquivalents } from "./phrasal-verbs";
import { synonymAlternatives } from "./synonyms";

/**
 * What a question asks about, as retrieval matches it: one concept per topic word, each with the
 * forms that count as a match (inflections through a stem prefix, the word joined with or split
 * from its neighbour, emergency-management synonyms and acronyms). Pure; the FTS5 query and the
 * passage scoring in relevance.ts both read the same concepts, so what is retrieved and what is
 * judged relevant cannot disagree.
 */

/**
 * One way to match a concept: a sequence of word stems (a phrase), or one stem prefix; `fts` is
 * the same form as an FTS5 string (phrases in the words as typed: the porter tokenizer stems them).
 * `weight`: how much of the concept a match through this form counts for (1: the word itself, an
 * inflection, a compound or a field synonym; DERIVED_WEIGHT: its relative in another part of speech;
 * LEXICAL_WEIGHT: a general-English paraphrase).
 */
type Form = { words: string[]; prefix: boolean; fts: string; weight: number };

/**
 * A match through a WordNet synonym or broader term counts for this share of the concept: enough
 * to find a passage that says "children" for "kids", never enough to outrank one in the
 * question's own words. Chosen on the development set (test/documents/retrieval-questions.ts).
 */
export const LEXICAL_WEIGHT = 0.4;

/**
 * A match through the word's relative in another part of speech ("users" → "use") counts for this
 * share: nearly the word itself, below it. Development sets (keyword): Halden first citation 12 → 13
 * of 19, any 15 → 16, fact 14 → 15, wrongly declined 4 → 3; Brackwater and Orrin unchanged (1 gave
 * the same citations with more passages of other topics cited, 0.4 none of the gain).
 */
export const DERIVED_WEIGHT = 0.7;

export interface QueryConcept {
  /** The words as the planner typed them (for display and tests). */
  text: string;
  forms: Form[];
  /**
   * Numbers, codes ("L-3", "FNKL1"), names ("Greywell") and numbered designations ("Condition
   * II"): the terms that say which passage answers, where common words only say what it is about.
   */
  specific: boolean;
  /** Mostly a verb or adverb in English ("bring", "bitterly"): what is done or how, not what about. */
  describing?: boolean;
}

/** Words that carry no topic in a planner's question. */
const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could do does did for from had has have how i if in into is it its " +
    "me my of on or our should so than that the their them then there these they this those to us was we were " +
    "what when where which who whom why will with would you your about say says said please any all " +
    "many much some there's what's who's whats don't doesn't isn't aren't can't won't didn't wasn't weren't doc document documents plan plans mention mentions mentioned " +
    "happen happens happened need needs get got know find give list show describe explain according " +
    // Words that frame the kind of answer wanted (who, where, how big) rather than its topic: a
    // plan says "ESF 6 … (primary)", not "leads"; "612 square miles", not "big".
    "handle handles handled lead leads leading charge responsible located location big large small size long " +
    "often go goes going take takes taken make makes use used using work works supposed kind able ever still " +
    "like look looks new current currently exactly well really also just worst best " +
    "along during before after within across around near between through over under upon via per against among toward towards " +
    // Conjunctions, pronouns, determiners and modals: they join or point, and name nothing a plan is about.
    "because since while although though unless whether everyone everybody anyone anybody someone somebody nobody " +
    "everything anything something nothing he she him her his hers mine ours yours theirs myself ourselves themselves itself " +
    "each every other another such both either neither own same might must shall being am " +
    // "How fast", "how soon", "how quickly": the answer's shape (a duration, answer-shape.ts), not its topic.
    "fast soon quickly " +
    // Placeholders for what the planner does not name ("the non-essential stuff").
    "stuff things thing"
  )
    .trim()
    .split(/\s+/),
);

/** "Tell me…", "tell us about…": the words after "tell" that make it a request, not a topic. */
const FRAMED_BY_TELL = new Set(["me", "us"]);

/** Nouns a Roman numeral follows as a designation ("Condition II", "Phase I", "Annex IV"). */
const DESIGNATORS = new Set(
  "condition level phase annex tier type category stage part section class zone appendix attachment volume chapter article title".split(" "),
);
const ROMAN = /^(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)$/;
/** "Zone B", "Annex F", "Level 2": a designator followed by a letter, numeral or number. */
const DESIGNATION = /^(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII|\p{Lu}|\p{N}{1,3})$/u;

const MAX_CONCEPTS = 12;
const MAX_FORMS = 14;
const MAX_WORD = 40;

/** A word's index form: the Porter stem the FTS5 porter tokenizer stores, lower-cased. */
export function stem(word: string): string {
  return stemmer(word.toLowerCase());
}

/**
 * The prefix that matches every inflection of a word in the index. FTS5 does not stem prefix
 * queries, and Porter treats a doubled consonant differently by suffix ("staffs" → "staff",
 * "staffing" → "staf"), so the stem loses a final doubled letter.
 */
function stemPrefix(word: string): string {
  const s = stem(word);
  return s.length > 4 && s.at(-1) === s.at(-2) && !/[aeiou]/.test(s.at(-1) ?? "") ? s.slice(0, -1) : s;
}

type Token = { raw: string; lower: string; index: number; sentenceStart: boolean };

function tokenize(question: string): Token[] {
  const tokens: Token[] = [];
  // Codes like "L-3", "AF-1" or "SR-9" stay one token; the index splits them into a phrase.
  const re = /[\p{L}\p{N}]+(?:[-‐][\p{L}\p{N}]+)*(?:['’]\p{L}+)?|[.!?;:]/gu;
  let sentenceStart = true;
  for (const m of question.matchAll(re)) {
    if (/^[.!?;:]$/.test(m[0])) {
      sentenceStart = true;
      continue;
    }
    // "county's" is "county"; "don't" stays one word (a stop-word).
    const raw = m[0]
      .replace(/['’]s$/i, "")
      .replace(/’/g, "'")
      .slice(0, MAX_WORD);
    tokens.push({ raw, lower: raw.toLowerCase(), index: tokens.length, sentenceStart });
    sentenceStart = false;
  }
  return tokens;
}

const isNumberish = (w: string) => /\p{N}/u.test(w);
const isCapitalised = (w: string) => /^\p{Lu}/u.test(w);
const isAcronym = (w: string) => w.length >= 2 && /^[\p{Lu}\p{N}]+$/u.test(w) && /\p{L}/u.test(w);

// Words contain only letters and digits (the tokenizer's split), so no quote can appear inside
// an FTS string and nothing the planner typed becomes FTS5 syntax.
const ftsWords = (words: string[]) =>
  words
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean)
    .join(" ");

function wordForm(word: string): Form {
  // Numbers and codes match exactly ("18" must not match "180"); words by their stem prefix.
  if (isNumberish(word) || word.length < 4) return phraseForm([word]);
  const prefix = stemPrefix(word);
  return { words: [prefix], prefix: true, fts: `"${ftsWords([prefix])}"*`, weight: 1 };
}

function phraseForm(words: string[]): Form {
  return { words: words.map(indexForm), prefix: false, fts: `"${ftsWords(words)}"`, weight: 1 };
}

/** A general-English alternative: one word by its inflections, a phrase exactly; counted for less. */
function lexicalForm(words: string[]): Form {
  return { ...(words.length === 1 ? wordForm(words[0]!) : phraseForm(words)), weight: LEXICAL_WEIGHT };
}

/** How the index stores a word: numbers as they are, words by their Porter stem. */
const indexForm = (w: string) => (isNumberish(w) ? w.toLowerCase() : stem(w));

/**
 * A short word matches exactly, and Porter stems "bus" as "bu" but "buses" as "buse": a three-letter
 * word ending in "s" ("bus", "gas") also matches its plural. (Not the other way: "bases" and
 * "cases" are "base" and "case", which the stem prefix already meets.)
 */
function numberForms(word: string): Form[] {
  return /^[a-z]{2}s$/.test(word) && !word.endsWith("ss") ? [phraseForm([`${word}es`])] : [];
}

/**
 * Porter strips an agent's "-er" ("responders" → "respond") but not a patient's "-ee": "evacuees"
 * stems as "evacue", which "evacuation" and "evacuate" ("evacu") do not start with. Such a word
 * also matches what its root starts ("evacuee" → "evacu*", "trainee" → "train*"), as the word's
 * relative in another part of speech counts.
 */
function patientNounForms(word: string): Form[] {
  const noun = word.endsWith("ees") ? word.slice(0, -1) : word;
  return PATIENT_NOUNS.has(noun) ? [{ ...wordForm(noun.slice(0, -2)), weight: DERIVED_WEIGHT }] : [];
}

/** The "-ee" nouns of a root verb ("degree", "committee", "Tennessee" are not: they are listed). */
const PATIENT_NOUNS = new Set(
  "evacuee trainee employee attendee designee detainee retiree enrollee returnee appointee nominee licensee grantee assignee".split(" "),
);

/**
 * "non-essential": a plan sets what is not essential against what is ("all other functions may be
 * deferred"), in the passage about the essential ones. The word after "non-" counts as a paraphrase.
 */
function negatedForms(parts: string[]): Form[] {
  return parts.length === 2 && parts[0]!.toLowerCase() === "non" && !isNumberish(parts[1]!) ? [lexicalForm([parts[1]!.toLowerCase()])] : [];
}

/**
 * A noun made of a verb and its particle ("backups", "lockdown", "cleanup", "shutdown") also meets
 * the verb as a plan writes it ("backed up nightly", "locked down"), as the word's relative in
 * another part of speech counts.
 */
function particleSplitForms(word: string): Form[] {
  const noun = word.endsWith("s") ? word.slice(0, -1) : word;
  for (const particle of PARTICLES) {
    if (!noun.endsWith(particle)) continue;
    const verb = noun.slice(0, -particle.length);
    if (verb.length >= 3 && !STOPWORDS.has(verb) && !isNumberish(verb)) {
      return [{ ...phraseForm([verb, particle]), weight: DERIVED_WEIGHT }];
    }
  }
  return [];
}

/** "floodplain" → "flood plain" (and its other two-part splits with parts of at least 4 letters). */
function splitForms(word: string): Form[] {
  if (word.length < 8 || isNumberish(word)) return [];
  const forms: Form[] = [];
  for (let i = 4; i <= word.length - 4; i++) forms.push(phraseForm([word.slice(0, i), word.slice(i)]));
  return forms.slice(0, 4);
}

function dedupe(forms: Form[]): Form[] {
  const seen = new Set<string>();
  return forms.filter((f) => {
    const key = `${f.prefix ? "p" : "x"}:${f.words.join(" ")}`;
    if (seen.has(key) || f.words.some((w) => !w) || f.fts === '""' || f.fts === '""*') return false;
    seen.add(key);
    return true;
  });
}

/** The question's concepts, most specific first kept when there are too many. */
export function analyzeQuestion(question: string): QueryConcept[] {
  const tokens = tokenize(question);
  const concepts: QueryConcept[] = [];
  const topical = (t: Token) =>
    (!STOPWORDS.has(t.lower) && !(!t.sentenceStart && PARTICLES.has(t.lower))) || (t.raw !== t.lower && isAcronym(t.raw) && t.raw !== "I");
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    // "go back", "show up": one concept, met by the verb a plan writes ("return", "arrive"). A verb
    // is how, not what: no passage holding it weighs as phrasing (relevance.ts), never declines.
    const equivalents = next && !next.sentenceStart ? phrasalEquivalents(t.lower, next.lower) : null;
    if (next && equivalents) {
      // The verb alone ("clean", "keep") meets less than the pair: "hand" is not "hand out".
      const own = STOPWORDS.has(t.lower) ? [] : [{ ...wordForm(t.lower), weight: DERIVED_WEIGHT }];
      const forms = [phraseForm([t.lower, next.lower]), ...own, ...equivalents.map((w) => (w.includes("-") ? phraseForm(w.split("-")) : wordForm(w)))];
      concepts.push({ text: `${t.raw} ${next.raw}`, forms: dedupe(forms), specific: false, describing: true });
      i++;
      continue;
    }
    // "Condition II": the numeral is what distinguishes it, so the pair is one phrase.
    if (next && ((DESIGNATORS.has(t.lower) && DESIGNATION.test(next.raw)) || (ROMAN.test(next.raw) && isCapitalised(t.raw) && !t.sentenceStart))) {
      concepts.push({ text: `${t.raw} ${next.raw}`, forms: [phraseForm([t.raw, next.raw])], specific: true });
      i++;
      continue;
    }
    // Two particles after a word that is not their verb ("Who is back up for the PIO?") are the
    // noun "backup" written apart.
    if (t.lower === "back" && next?.lower === "up" && !next.sentenceStart) {
      const forms = [phraseForm(["back", "up"]), wordForm("backup"), ...synonymAlternatives("backup").map((words) => phraseForm(words))];
      concepts.push({ text: `${t.raw} ${next.raw}`, forms: dedupe(forms), specific: false });
      i++;
      continue;
    }
    // "Tell me about…" frames the question; "who do we tell" asks whom to notify.
    if (t.lower === "tell" && next && FRAMED_BY_TELL.has(next.lower)) continue;
    // A lone letter ("s", "a") says nothing unless a designator came before it (handled above).
    if (!topical(t) || (t.raw.length === 1 && !isNumberish(t.raw))) continue;
    const parts = t.raw.split(/[-‐]/);
    if (parts.length > 1) {
      const forms = [phraseForm(parts), wordForm(parts.join("")), ...negatedForms(parts)];
      concepts.push({ text: t.raw, forms: dedupe(forms), specific: parts.some(isNumberish) || isCapitalised(t.raw) });
      continue;
    }
    const forms: Form[] = [wordForm(t.raw), ...numberForms(t.lower), ...patientNounForms(t.lower), ...particleSplitForms(t.lower), ...splitForms(t.lower)];
    // "keep" also meets "kept", "held" "hold": inflections Porter cannot reach. Exactly ("sent" is
    // not "sentence"), and not a framing word ("made" is no topic).
    for (const form of irregularVerbForms(t.lower)) if (!STOPWORDS.has(form)) forms.push(phraseForm([form]));
    // "flood plain" also matches "floodplain": both words accept the joined form.
    const prev = tokens[i - 1];
    // A particle is no topic, but "lock down" still meets "lockdown" and "back up" "backup".
    if (next && (topical(next) || PARTICLES.has(next.lower)) && !isNumberish(next.raw) && !isNumberish(t.raw)) forms.push(phraseForm([t.lower + next.lower]));
    if (prev && topical(prev) && !isNumberish(prev.raw) && !isNumberish(t.raw)) forms.push(phraseForm([prev.lower + t.lower]));
    for (const alternative of synonymAlternatives(t.lower, next?.lower, prev?.lower)) forms.push(phraseForm(alternative));
    const spelling = spellingVariant(t.lower);
    if (spelling) forms.push(wordForm(spelling));
    // Names and codes are what they are: only common words have paraphrases.
    if (!isAcronym(t.raw) && !(isCapitalised(t.raw) && !t.sentenceStart)) {
      for (const relative of derivedWords(t.lower)) forms.push({ ...wordForm(relative), weight: DERIVED_WEIGHT });
      for (const alternative of lexicalAlternatives(t.lower)) forms.push(lexicalForm(alternative));
    }
    const specific = isNumberish(t.raw) || isAcronym(t.raw) || (isCapitalised(t.raw) && !t.sentenceStart);
    concepts.push({ text: t.raw, forms: dedupe(forms).slice(0, MAX_FORMS), specific, describing: !specific && isDescribingWord(t.lower) });
  }
  if (concepts.length === 0) {
    // A question made only of common words: match its words as typed rather than nothing.
    for (const t of tokens.slice(0, MAX_CONCEPTS)) concepts.push({ text: t.raw, forms: [wordForm(t.raw)], specific: false });
  }
  const merged = mergeSameConcepts(concepts);
  if (merged.length <= MAX_CONCEPTS) return merged;
  return [...merged.filter((c) => c.specific), ...merged.filter((c) => !c.specific)].slice(0, MAX_CONCEPTS);
}

/** "staff" and "staffing" in one question are one concept, counted once. */
function mergeSameConcepts(concepts: QueryConcept[]): QueryConcept[] {
  const byKey = new Map<string, QueryConcept>();
  for (const c of concepts) {
    const key = c.forms[0] ? `${c.forms[0].prefix}:${c.forms[0].words.join(" ")}` : c.text;
    const seen = byKey.get(key);
    if (seen) seen.specific ||= c.specific;
    else byKey.set(key, c);
  }
  return [...byKey.values()];
}

/** The FTS5 expression matching a concept (any of its forms). */
export function conceptMatch(concept: QueryConcept): string {
  const forms = concept.forms.map((f) => f.fts);
  return forms.length === 1 ? forms[0]! : `(${forms.join(" OR ")})`;
}

/** The FTS5 expression matching any of the concepts (candidate passages); null when there are none. */
export function anyConceptMatch(concepts: QueryConcept[]): string | null {
  const parts = concepts.map(conceptMatch).filter((p) => p.length > 0);
  return parts.length ? parts.join(" OR ") : null;
}

/** A passage's words as index stems, for matching forms against it in JavaScript. */
export function passageStems(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map(indexForm);
}

/** Whether a concept occurs in a passage (given as its stems). */
export function conceptIn(concept: QueryConcept, stems: string[]): boolean {
  return concept.forms.some((form) => formIn(form, stems));
}

/** How much of a concept a passage holds: the weight of its best form found there, 0 when none is. */
export function conceptWeightIn(concept: QueryConcept, stems: string[]): number {
  let best = 0;
  for (const form of concept.forms) if (form.weight > best && formIn(form, stems)) best = form.weight;
  return best;
}

function formIn(form: Form, stems: string[]): boolean {
  const [first, ...rest] = form.words;
  if (first === undefined) return false;
  for (let i = 0; i < stems.length; i++) {
    const s = stems[i]!;
    if (form.prefix ? !s.startsWith(first) : s !== first) continue;
    if (rest.every((w, j) => stems[i + 1 + j] === w)) return true;
  }
  return false;
}
