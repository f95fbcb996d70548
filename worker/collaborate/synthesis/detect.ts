import { fold, letters, literalPattern, normalise } from "./fold";
import { CLOSINGS, FIRST_NAMES, ORG_GENERIC, ORG_HEADS, ORG_SUFFIXES, TITLES, WELL_KNOWN_ORGS } from "./names";
import { ORDINARY_NAMES } from "./name-usage";
import { isKnownGivenName } from "./nicknames";
import { COMMON_WORDS, STOPWORDS } from "./text";

/**
 * What a text reveals about people and organisations the anonymiser was not told of: names after
 * titles ("Chief Okafor"), in signatures ("-- Maria", "Regards,\nJane Doe"), given name + surname
 * ("Priya Raman", "Teddy Vance"), organisations by the tail of their name ("… Water Authority",
 * "… Inc", "… Towing") and the acronyms given for them. Signature blocks are cut here too.
 */

/** A given name: a common one (accents aside), or a short or formal form the nickname table knows that is no ordinary word. */
function isGivenName(word: string): boolean {
  const lower = fold(word).toLowerCase();
  return FIRST_NAMES.has(lower) || (isKnownGivenName(lower) && !ORDINARY_NAMES.has(lower) && !COMMON_WORDS.has(lower));
}

export const LEADING_JUNK = new Set(
  (
    "yesterday today tomorrow recently meanwhile additionally however unfortunately fortunately currently personally then also last this " +
    "that our their my your we they i when after before during since and but so at with from for by to in on as mostly usually typically " +
    "generally primarily mainly finally hopefully luckily normally obviously clearly certainly probably possibly definitely especially " +
    "ideally initially eventually previously historically traditionally honestly frankly basically sometimes often " +
    // The imperatives that open objectives and questions: "Confirm Wexley Electric can…".
    "confirm validate verify ensure test assess evaluate demonstrate establish identify develop review exercise practice " +
    "activate open notify request provide train ask call contact coordinate reach contract"
  ).split(" "),
);

const TITLE_RE = new RegExp(
  `(?<![\\p{L}])(?:${[...TITLES]
    .sort((a, b) => b.length - a.length)
    .map(literalPattern)
    .join("|")})(?![\\p{L}])[ \\t]+`,
  "giu",
);
const NAME_TOKEN = /^[\p{L}][\p{L}'’-]*\.?$/u;
// A dash closes at once ("-- Maria"); a word only with punctuation or a line break after it
// ("Thanks, Tom", "Regards,\nJane Doe"), so "Best practice is…" is no signature.
const CLOSING_RE = new RegExp(
  `(?:^|\\n|(?<=[.!?])(?=[ \\t]))[ \\t]*(?:(?:-{2,}|—|–|~)[ \\t]*|(?:${CLOSINGS.map(literalPattern).join("|")})(?![\\p{L}])[ \\t]*(?:[,!:.][ \\t]*|(?=\\n)))(?=\\n|[\\p{L}]|$)`,
  "giu",
);
const SUFFIX_ALT = ORG_SUFFIXES.map(literalPattern).join("|");
// A full stop only after an abbreviation, so a name never runs across two sentences.
const CAP_WORD = String.raw`(?:St\.|\p{Lu}\.|[\p{Lu}][\p{L}'’&-]{0,40})`;
// No "and": "Fennick Fire Department and Marrowby Water Authority" are two names.
const CONNECTOR = String.raw`(?:of|for|&|the|de|la)`;
/**
 * "and" inside an "of" clause only where it joins the usual pairs ("Department of Health and Human
 * Services"): "Office of Emergency Management and Pinecrest Senior Living Center" are two names.
 */
const OF_AND = String.raw`and[ \t]+(?=(?:Human|Social|Family|Community|Public|Economic|Environmental|Natural|Emergency|Health|Senior)\b)`;
const ORG_TAIL_RE = new RegExp(
  `(?<![\\p{L}\\p{N}'’&-])${CAP_WORD}(?:[ \\t]{1,3}(?:${CONNECTOR}[ \\t]{1,3})?${CAP_WORD}){0,5}[ \\t]{1,3}(?:${SUFFIX_ALT})(?![\\p{L}])(?:[ \\t]+of[ \\t]+(?:the[ \\t]+)?${CAP_WORD}(?:[ \\t]+(?:${OF_AND}|&[ \\t]+)?${CAP_WORD}){0,3})?(?:[ \\t]*\\(([\\p{Lu}&]{2,8})\\))?`,
  "gu",
);
const ORG_HEAD_RE = new RegExp(
  `(?<![\\p{L}])(?:${ORG_HEADS.join("|")})[ \\t]{1,3}of[ \\t]+(?:the[ \\t]+)?${CAP_WORD}(?:[ \\t]+(?:${CONNECTOR}[ \\t]+)?${CAP_WORD}){0,3}(?:[ \\t]*\\(([\\p{Lu}&]{2,8})\\))?`,
  "gu",
);

export function stripSignature(text: string): { text: string; names: string[] } {
  const names: string[] = [];
  let result = text;
  // Walk closings from the end: a short tail (≤ 4 lines, ≤ 200 characters) after one is a signature block.
  const matches = [...text.matchAll(CLOSING_RE)];
  for (const m of matches.reverse()) {
    const start = m.index;
    const tail = result.slice(start + m[0].length);
    const name = leadingName(tail.trimStart());
    const isBlock = tail.trim().length <= 200 && tail.trim().split(/\n/).length <= 4 && (name !== null || /\n/.test(m[0] + tail) || tail.trim().length === 0);
    if (name) names.push(name);
    if (isBlock && start + m[0].length <= result.length) result = result.slice(0, start).trimEnd();
  }
  return { text: result, names };
}

/** Up to three name-like words at the start of a text ("Jane Doe\n…", "maria"), or null. */
function leadingName(text: string): string | null {
  const firstLine = text.split(/\n/)[0] ?? "";
  const tokens = firstLine
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 3);
  const picked: string[] = [];
  for (const t of tokens) {
    // Lower case only for a known given name ("-- maria"): "-- sent from my phone" signs no one.
    if (!isNameWord(t, false) && !isGivenName(t.replace(/(?<![.,;:!])[.,;:!]+$/u, ""))) break;
    picked.push(t.replace(/['’]s$/u, "").replace(/(?<![.,;:!])[.,;:!]+$/u, (p) => (/^\p{Lu}\.$/u.test(t) ? p : "")));
  }
  return picked.length > 0 ? picked.join(" ") : null;
}

/** A word that can be (part of) a person's name: an initial, or a word that is no ordinary word. */
function isNameWord(token: string, allowLower: boolean): boolean {
  if (/^\p{Lu}\.?$/u.test(token)) return true;
  if (!NAME_TOKEN.test(token)) return false;
  const bare = letters(token.replace(/['’]s\.?$/u, ""));
  if (bare.length < 2) return false;
  const lower = bare.toLowerCase();
  if (STOPWORDS.has(lower) || COMMON_WORDS.has(lower) || ORG_GENERIC.has(lower)) return false;
  return allowLower || /^\p{Lu}/u.test(token);
}

export function orgCandidates(text: string): { name: string; acronym?: string }[] {
  const found: { name: string; acronym?: string; index: number }[] = [];
  for (const re of [ORG_TAIL_RE, ORG_HEAD_RE]) {
    for (const m of text.matchAll(re)) {
      let name = withoutClosingParenthetical(m[0]).trim();
      // "Yesterday Fennick County Fire Department" → "Fennick County Fire Department".
      let tokens = name.split(/\s+/);
      // A sentence's first word is capitalised whatever it is ("Mostly", "Yesterday", "Our").
      const junk = (t: string) => {
        const lower = t.toLowerCase();
        // Not every "-ly" word: "Tessaly Water Authority" is a name.
        return LEADING_JUNK.has(lower) || STOPWORDS.has(lower);
      };
      while (tokens.length > 1 && junk(tokens[0]!)) tokens = tokens.slice(1);
      name = tokens.join(" ");
      found.push({ name, acronym: m[1], index: m.index });
    }
  }
  return found;
}

export function isDistinctiveOrg(name: string): boolean {
  const tokens = name.split(/\s+/);
  if (tokens.length < 2) return false;
  if (WELL_KNOWN_ORGS.some((w) => normalise(name).includes(normalise(w)))) return false;
  return tokens.some((t) => {
    const lower = t
      .toLowerCase()
      .replace(/['’]s$/u, "")
      .replace(/\.$/, "");
    return letters(lower).length >= 2 && !ORG_GENERIC.has(lower) && !STOPWORDS.has(lower);
  });
}

export function titledNames(text: string): string[] {
  const out: string[] = [];
  TITLE_RE.lastIndex = 0;
  for (let m = TITLE_RE.exec(text); m; m = TITLE_RE.exec(text)) {
    const end = m.index + m[0].length;
    const picked: string[] = [];
    for (const raw of text
      .slice(end, end + 80)
      .split(/[ \t]+/)
      .slice(0, 3)) {
      const isInitial = /^\p{Lu}\.$/u.test(raw);
      const line = raw.split(/\n/)[0] ?? "";
      // A word ending its clause ("Okafor," "Okafor." "Okafor\n") is the name's last.
      const endsClause = line !== raw || /[,;:!?)]$/.test(line) || (/\.$/.test(line) && !isInitial);
      const clean = isInitial
        ? line
        : line
            .replace(/[,;:!?()"]+/g, "")
            .replace(/['’]s$/u, "")
            .replace(/\.$/, "");
      // Capitalised names only ("officer covers nights" names no one), or a known given name in lower case.
      if (!clean || !(isNameWord(clean, false) || isGivenName(clean))) break;
      picked.push(clean);
      if (endsClause) break;
    }
    if (picked.some((t) => letters(t).length >= 2)) out.push(picked.join(" "));
    // Titles chain ("Deputy Director Marisol Baptiste"): look again right after this title.
    TITLE_RE.lastIndex = end;
  }
  return out;
}

/**
 * "Priya Raman", "Ngozi", "Teddy Vance" (a capitalised given name, with the capitalised surname
 * after it), and "Will Okoro" — a given name that is an ordinary word only with a surname.
 */
export function givenNames(text: string): string[] {
  const out: string[] = [];
  const re = /(?<![\p{L}'’-])(\p{Lu}[\p{L}'’-]{1,40})(?![\p{L}'’-])(?:[ \t]{1,3}(\p{Lu}\.|\p{Lu}[\p{L}'’-]{1,40}(?![\p{L}'’-])))?/gu;
  for (const m of text.matchAll(re)) {
    const first = m[1]!.replace(/['’]s$/u, "");
    const second = m[2]?.replace(/['’]s$/u, "");
    const withSurname = second !== undefined && isNameWord(second, false);
    if (!isGivenName(first) && !(withSurname && ORDINARY_NAMES.has(first.toLowerCase()))) continue;
    // "St. Mary's Hospital" names a saint.
    if (/(?:St\.|Saint)\s*$/u.test(text.slice(Math.max(0, m.index - 7), m.index))) continue;
    out.push(withSurname ? `${first} ${second}` : first);
  }
  return out;
}

/**
 * The text without a "(…)" that ends it (a last "(" with no ")" inside, as /\s*\([^)]*\)$/
 * removed it; the caller trims): found from the end, as the pattern scanned from every "(" to the
 * end, quadratic on a run of "(".
 */
export function withoutClosingParenthetical(text: string): string {
  if (!text.endsWith(")")) return text;
  const open = text.indexOf("(", text.lastIndexOf(")", text.length - 2) + 1);
  return open === -1 ? text : text.slice(0, open);
}
