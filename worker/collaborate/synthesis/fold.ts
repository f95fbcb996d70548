/**
 * Spellings of one name that the anonymiser must treat as one: accents ("Renée" and "Renee"),
 * letters that carry no combining accent ("Łukasz" and "Lukasz", "Søren" and "Soren"), and
 * decomposed input (some keyboards send "e" then a combining acute). The text keeps its own
 * spelling: matching runs on a folded copy whose positions map back to the original.
 */

/** Letters NFD does not decompose, as people write them on an English keyboard. */
const SPECIAL: Record<string, string> = {
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ß: "ss",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
};
const MARK = /\p{M}/u;
const MARKS = /\p{M}/gu;

function foldChar(c: string): string {
  if (c < "\u00c0") return c;
  const special = SPECIAL[c];
  if (special !== undefined) return special;
  if (MARK.test(c)) return "";
  return c.normalize("NFD").replace(MARKS, "");
}

/** Without accents or special letters: "Łukasz Ibáñez" → "Lukasz Ibanez". */
export function fold(s: string): string {
  // eslint-disable-next-line no-control-regex -- ASCII needs no folding
  if (/^[\u0000-\u00bf]*$/.test(s)) return s;
  let out = "";
  for (const c of s) out += foldChar(c);
  return out;
}

/**
 * The folded text and, for each of its characters, where it came from in `text` (one more entry:
 * text.length), or null when folding changed nothing (the positions are the same).
 */
export function foldWithMap(text: string): { folded: string; origin: number[] | null } {
  // eslint-disable-next-line no-control-regex -- ASCII needs no folding
  if (/^[\u0000-\u00bf]*$/.test(text)) return { folded: text, origin: null };
  const parts: string[] = [];
  const origin: number[] = [];
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (code >= 0xc0) {
      const f = foldChar(String.fromCodePoint(code));
      if (f.length !== width || f !== text.slice(i, i + width)) {
        parts.push(text.slice(plainFrom, i), f);
        for (let k = plainFrom; k < i; k++) origin.push(k);
        for (let k = 0; k < f.length; k++) origin.push(i);
        plainFrom = i + width;
      }
    }
    i += width;
  }
  parts.push(text.slice(plainFrom));
  for (let k = plainFrom; k < text.length; k++) origin.push(k);
  origin.push(text.length);
  return { folded: parts.join(""), origin };
}

/** The comparable form of a name or phrase: folded, lower case, one space between words. */
export const normalise = (s: string) => fold(s).toLowerCase().replace(/[’]/g, "'").replace(/\s+/g, " ").trim();
export const letters = (s: string) => s.replace(/[^\p{L}]/gu, "");
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A literal as a pattern: any run of whitespace matches any other. */
export const literalPattern = (s: string) => escapeRe(s).replace(/\s+/g, "\\s+");
