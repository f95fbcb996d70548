/**
 * Given names that are also ordinary English words — "we will", "a grace period", "Hope is not a
 * plan", "mark the route" — and the rule that tells the two apart: such a word is a person's name
 * only capitalised, and at the start of a sentence (where every word is capitalised) only when
 * what follows reads as a name ("Grace said", "Mark and I", "Will's crew", "Hope here", or nothing
 * more on the line). Everything here scans a bounded window around one word: linear overall.
 */

/** Lower case. Checked with the anonymiser's own word lists (text.ts COMMON_WORDS, STOPWORDS). */
export const ORDINARY_NAMES = new Set(
  (
    "will bill mark grace hope faith joy dawn may june april august rose lily ivy holly iris daisy ruby amber crystal pearl " +
    "summer autumn winter sky storm frank sandy art pat rich chase drew gene guy jack lane miles ray rob bob sue wade don " +
    "grant hunter cliff dale glen rod penny robin jay kit sage hazel olive jade reed brook heath carol herb nick bud buck " +
    "sunny ace max page patience prudence charity honor justice liberty melody misty rusty dusty buddy chip duke earl " +
    "sterling cash forest river rain bay lake hal al ed jo dot tess val mel kim kat cat sam ted ben chuck barb terry nacho " +
    "memo dick jimmy hank harry patty"
  ).split(/\s+/),
);

/** Titles whose abbreviation ends in a full stop: "Dr. Grace" does not start a sentence. */
const ABBREVIATIONS = new Set([
  "dr",
  "mr",
  "mrs",
  "ms",
  "mx",
  "st",
  "capt",
  "lt",
  "sgt",
  "cpl",
  "col",
  "gen",
  "rev",
  "prof",
  "det",
  "rep",
  "sen",
  "gov",
  "supt",
  "insp",
]);

const OPENERS = new Set([" ", "\t", "\u00a0", '"', "'", "“", "‘", "(", "[", "*", "•", "–", "—", "-", ">"]);

/** Whether the word at `index` begins a sentence, a line, a list item or the text. */
function atSentenceStart(text: string, index: number): boolean {
  let j = index - 1;
  while (j >= 0 && index - j < 12 && OPENERS.has(text[j]!)) j--;
  if (j < 0 || text[j] === "\n" || text[j] === "\r") return true;
  const c = text[j]!;
  if (c === "!" || c === "?" || c === ":" || c === ";") return true;
  if (c !== ".") return false;
  // "Dr." and "St." end no sentence; "1." numbers a list item, which does start one.
  const word = /(?<!\p{L})\p{L}+$/u.exec(text.slice(Math.max(0, j - 6), j))?.[0]?.toLowerCase();
  return !word || !ABBREVIATIONS.has(word);
}

/** What reads as a name after a sentence-initial word: a possessive, a comma, the end of the line, or a verb of people. */
const NAME_FOLLOWERS =
  /^(?:['’]s(?![\p{L}])|[ \t]*,|[ \t]*(?:\r?\n|$)|[ \t]+(?:and|here|said|says|told|asked|wrote|called|thinks|thought|runs|ran|keeps|kept|knows|knew|handles|handled|leads|led|drove|brought|manages|managed|covers|covered|sent|agreed|noted|mentioned|explained|suggested|from|at|of|who)(?![\p{L}]))/u;

/** Whether an ordinary-word name at [start, end) of `text` is used as a name there. */
export function usedAsName(text: string, start: number, end: number): boolean {
  if (!/\p{Lu}/u.test(text[start] ?? "")) return false;
  if (!atSentenceStart(text, start)) return true;
  return NAME_FOLLOWERS.test(text.slice(end, end + 24));
}
