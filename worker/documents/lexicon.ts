import { PARTICIPLE_SHAPE } from "./participle";
import { WORDNET_DERIVED, WORDNET_DESCRIBING, WORDNET_EXPANSIONS, WORDNET_NOT_PARTICIPLES } from "./wordnet-expansions.generated";

/**
 * General English paraphrase for offline retrieval (issue 31 item 3): a question word's WordNet
 * synonyms and broader terms and its relatives in another part of speech (the generated tables; the
 * rules that chose them are scripts/wordnet-expansions.ts), and its British/American spelling.
 * Field vocabulary is synonyms.ts; this is what any English speaker would accept as the same thing ("kids" →
 * "children", "daycare" → "day care", "childcare"). Matches through it count for less than the
 * word itself (query-terms.ts), so a plan that uses the question's own words still ranks first.
 */

/** "word:a,b;…" as a map. */
function parseTable(text: string): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const entry of text.split(";")) {
    const colon = entry.indexOf(":");
    if (colon > 0) table.set(entry.slice(0, colon), entry.slice(colon + 1).split(","));
  }
  return table;
}

/** A value built on first use: an isolate that never answers a question never parses the tables. */
function onFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

const expansions = onFirstUse(() => parseTable(WORDNET_EXPANSIONS));
const derived = onFirstUse(() => parseTable(WORDNET_DERIVED));
const describing = onFirstUse(() => new Set(WORDNET_DESCRIBING.split(" ")));
const notParticiples = onFirstUse(() => new Set(WORDNET_NOT_PARTICIPLES.split(" ")));

/** Irregular plurals a planner types that WordNet lists by their singular. */
const IRREGULAR: Record<string, string> = { children: "child", people: "person", men: "man", women: "woman", feet: "foot", teeth: "tooth", mice: "mouse" };

/**
 * The dictionary forms a word may be an inflection of, itself first ("kids" → kid; "flooded" →
 * flood; "evacuating" → evacuate): WordNet's own "morphy" suffix rules, without its exception lists.
 */
function baseForms(word: string): string[] {
  const forms = [word];
  const irregular = IRREGULAR[word];
  if (irregular) forms.push(irregular);
  const rules: Array<[string, string]> = [
    ["ies", "y"],
    // "writes" is "write" before it is "writ": the shorter stem is tried last.
    ["s", ""],
    ["es", ""],
    ["ing", ""],
    ["ing", "e"],
    ["ed", ""],
    ["ed", "e"],
  ];
  for (const [suffix, ending] of rules) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) forms.push(word.slice(0, -suffix.length) + ending);
  }
  return forms;
}

/**
 * Whether a question word is mostly a verb or adverb in English ("bring", "wanting", "bitterly"),
 * or a past participle ("stockpiled"): it says what is done or how, not what the question is about.
 */
export function isDescribingWord(word: string): boolean {
  return (PARTICIPLE_SHAPE.test(word) && !notParticiples().has(word)) || baseForms(word).some((form) => describing().has(form));
}

/** At most this many WordNet alternatives per question word. */
const MAX_LEXICAL = 4;

/** WordNet synonyms and broader terms of a question word (lower case), as phrases of words. */
export function lexicalAlternatives(word: string): string[][] {
  const found = baseForms(word).map((form) => expansions().get(form));
  const alternatives = found.find((a) => a !== undefined) ?? [];
  return alternatives.slice(0, MAX_LEXICAL).map((a) => a.split(" "));
}

/**
 * The question word's relatives in the other part of speech that its stem does not match ("users" →
 * "use", "failure" → "fail", "decide" → "decision"): WordNet's derivationally related forms.
 */
export function derivedWords(word: string): string[] {
  const table = derived();
  return (
    baseForms(word)
      .map((form) => table.get(form))
      .find((relatives) => relatives !== undefined) ?? []
  );
}

/**
 * Irregular verbs a plan writes in the past ("backed up … and kept for 90 days", "held at the
 * fairgrounds") and a planner asks in the present ("how long do we keep…"): Porter stems "kept"
 * as "kept", never "keep". Common verbs only, each with its past forms; the past forms that are
 * also everyday nouns or adjectives ("left", "found", "saw", "rose", "lay", "felt") are not listed,
 * nor verbs whose every form is a framing word ("get", "say": query-terms.ts drops them).
 */
const IRREGULAR_VERBS: string[] = [
  "keep kept",
  "hold held",
  "send sent",
  "pay paid",
  "tell told",
  "meet met",
  "build built",
  "bring brought",
  "buy bought",
  "teach taught",
  "feed fed",
  "spend spent",
  "give gave given",
  "take took taken",
  "begin began begun",
  "choose chose chosen",
  "write wrote written",
  "freeze froze frozen",
  "break broke broken",
  "drive drove driven",
  "speak spoke spoken",
  "know knew known",
  "grow grew grown",
  "throw threw thrown",
  "fly flew flown",
  "seek sought",
  "catch caught",
  "fight fought",
  "lose lost",
  "sell sold",
  "stand stood",
  "sleep slept",
  "lend lent",
  "flee fled",
  "strike struck",
  "wear wore worn",
  "tear tore torn",
  "sink sank sunk",
  "shake shook shaken",
  "swim swam swum",
  "go went gone",
  "come came",
  "run ran",
  "make made",
  "see seen",
];
const verbForms = onFirstUse(() => {
  const byForm = new Map<string, string[]>();
  for (const line of IRREGULAR_VERBS) {
    const forms = line.split(" ");
    for (const form of forms)
      byForm.set(
        form,
        forms.filter((f) => f !== form),
      );
  }
  return byForm;
});

/**
 * The other forms of an irregular verb ("keep", "keeps" → "kept"; "held" → "hold"), or none. The
 * word itself or its "-s" form only: "building" and "meeting" are nouns, not "built" and "met".
 */
export function irregularVerbForms(word: string): string[] {
  const table = verbForms();
  const found = table.get(word) ?? (word.endsWith("s") ? table.get(word.slice(0, -1)) : undefined);
  return found ?? [];
}

/**
 * The word in the other spelling of English ("centre" ↔ "center", "organise" ↔ "organize",
 * "defence" ↔ "defense", "labour" ↔ "labor", "cancelled" ↔ "canceled"), or null. Suffix rules only:
 * each is applied once, at the end of the word.
 */
const SPELLINGS: Array<[string, string]> = [
  ["isation", "ization"],
  ["ise", "ize"],
  ["ised", "ized"],
  ["ises", "izes"],
  ["ising", "izing"],
  ["yse", "yze"],
  ["our", "or"],
  ["ours", "ors"],
  ["tre", "ter"],
  ["tres", "ters"],
  ["ence", "ense"],
  ["lled", "led"],
  ["lling", "ling"],
  ["ogue", "og"],
];

export function spellingVariant(word: string): string | null {
  for (const [british, american] of SPELLINGS) {
    // Short words ("rise", "four", "hour") are not spellings of anything.
    if (word.length < british.length + 3 && word.length < american.length + 3) continue;
    // An agent in "-tor" or "-sor" ("inspector", "supervisor") and a "-tour" ("detour", "contour")
    // have one spelling: "inspectour" is no word.
    if (american.startsWith("or") && /[st]ou?rs?$/.test(word)) continue;
    if (word.endsWith(british) && word.length >= british.length + 3) return word.slice(0, -british.length) + american;
    if (word.endsWith(american) && word.length >= american.length + 3) return word.slice(0, -american.length) + british;
  }
  return null;
}
