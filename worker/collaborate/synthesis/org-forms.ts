import { ORG_GENERIC } from "./names";
import { COMMON_WORDS, STOPWORDS } from "./text";

/**
 * The ways people name an organisation short of its full name: its acronym, and — what an
 * interview does most — its distinctive word(s) alone or with one of its later words: "Ravenmoor"
 * or "Ravenmoor Medical" for Ravenmoor Medical Center, "Wexley Electric" for Wexley Rural
 * Electric Cooperative, "Tillbrook" for Tillbrook Logistics. A word is distinctive unless every
 * organisation could have it (ORG_GENERIC: County, Medical, Valley…) or it is an ordinary word.
 */

/** "Fennick County Fire Department" → ["FCFD"]; with "of" words too ("DoPH") when there are any. */
export function acronymsOf(name: string): string[] {
  const tokens = name.split(/\s+/).filter((t) => /^[\p{L}]/u.test(t));
  const significant = tokens.filter((t) => /^\p{Lu}/u.test(t) && !["The"].includes(t));
  const plain = significant
    .map((t) => t.charAt(0))
    .join("")
    .toUpperCase();
  const out = new Set<string>();
  if (plain.length >= 3) out.add(plain);
  return [...out];
}

const clean = (t: string) => t.replace(/['’]s$/u, "").replace(/[.,;:]$/u, "");
const bare = (t: string) => clean(t).toLowerCase();
/** Words that open many names ("Saint Mary's", "Fort Ellis", "Mount Carmel") and say nothing alone. */
const PREFIXES = new Set(["saint", "mount", "fort", "san", "santa", "los", "las", "el"]);
const isGenericOrgWord = (t: string) => {
  const w = bare(t);
  return ORG_GENERIC.has(w) || STOPWORDS.has(w) || COMMON_WORDS.has(w) || PREFIXES.has(w) || w.length < 3;
};

export type ShortForm = { form: string; single: boolean };

/**
 * The short forms of `name` (not the name itself): each distinctive word followed by any run of
 * the words after it ("Wexley Rural", "Wexley Electric Cooperative"), and the distinctive word
 * alone (`single`: matched only as written, capitalised). At most eight words are read.
 */
export function shortForms(name: string): ShortForm[] {
  const tokens = name.split(/\s+/).filter(Boolean).slice(0, 8);
  const out = new Map<string, ShortForm>();
  const add = (form: string, single: boolean) => {
    if (form !== name && !out.has(form.toLowerCase())) out.set(form.toLowerCase(), { form, single });
  };
  tokens.forEach((t, i) => {
    if (isGenericOrgWord(t) || !/^\p{Lu}/u.test(t)) return;
    add(clean(t), true);
    for (let j = i + 1; j < tokens.length; j++) {
      for (let k = j; k < tokens.length; k++) {
        const tail = tokens.slice(j, k + 1);
        if (STOPWORDS.has(bare(tail[0]!)) || STOPWORDS.has(bare(tail.at(-1)!))) continue;
        add([t, ...tail].join(" "), false);
      }
    }
  });
  return [...out.values()];
}
