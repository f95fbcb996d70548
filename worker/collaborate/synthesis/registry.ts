import type { IdentifyingMap } from "../../../shared/collaborate/views";
import { DOMAIN, EMAIL, EMAIL_BRACKETED, EMAIL_SPELLED, HANDLE, PHONE, trailingPunctuation, URL } from "./contacts";
import { fold, foldWithMap, letters, normalise } from "./fold";
import { replaceShapedIdentifiers } from "./identifiers";
import { ORDINARY_NAMES, usedAsName } from "./name-usage";
import { nameVariants } from "./nicknames";
import { acronymsOf, shortForms } from "./org-forms";
import { COMMON_WORDS, STOPWORDS, withinOneEdit } from "./text";

/**
 * The anonymiser's registry (anonymise.ts step 2 fills it, step 3 and `scrub` apply it): every
 * identifier known or found, each mapped to one pseudonym, and the creator's identifying map.
 * Matching is on a folded copy of the text (fold.ts), so "Renée", "Renee" and a decomposed "Renée"
 * are one name, and the text keeps its own spelling around the replacements.
 */

export type Kind = IdentifyingMap[number]["kind"];

/**
 * `contextual`: a one-word name that is also an ordinary word ("Grace", "Will"), replaced only
 * where the text uses it as a name (name-usage.ts).
 */
type Entry = { pattern: string; pseudonym: string; caseSensitive: boolean; contextual: boolean };

export class Registry {
  private readonly entries = new Map<string, Entry>();
  /** Names of 5+ letters by length, for the misspelling pass. */
  private readonly fuzzyTargets = new Map<number, { token: string; pseudonym: string }[]>();
  readonly identifying: IdentifyingMap = [];
  private readonly noted = new Set<string>();
  private readonly people = new Map<string, string>();
  /** Pseudonym and name (or organisation) already registered: their entries are in. */
  private readonly registered = new Set<string>();
  private readonly orgs = new Map<string, string>();
  private readonly emails = new Map<string, string>();
  private readonly phones = new Map<string, string>();
  private personCount = 0;
  private orgCount = 0;
  private compiled: Map<string, Entry[]> | null = null;

  /** The campaign's own words: never misspelt names ("Alder" stays in an Alder River campaign). */
  private readonly lexicon: Set<string>;

  constructor(lexicon: Set<string>) {
    this.lexicon = lexicon;
  }

  note(pseudonym: string, kind: Kind, value: string) {
    const key = `${kind}\u0000${pseudonym}\u0000${value}`;
    if (this.noted.has(key)) return;
    this.noted.add(key);
    this.identifying.push({ pseudonym, kind, value });
  }

  /** Matched folded (fold.ts): "Zoë" also matches "Zoe", and the other way round. */
  literal(value: string, pseudonym: string, caseSensitive = false, contextual = false) {
    const v = fold(value).trim();
    if (letters(v).length < 2 && !/\d/.test(v)) return;
    const key = caseSensitive ? `S:${v.replace(/\s+/g, " ")}` : `I:${normalise(v)}`;
    if (this.entries.has(key)) return;
    this.entries.set(key, { pattern: v, pseudonym, caseSensitive, contextual: contextual && !/\s/.test(v) });
    this.compiled = null;
  }

  /**
   * A name part: case-insensitive unless it is also an ordinary word ("Hill", "Park", "Grace") or
   * very short; then as written, and only where it is used as a name.
   */
  namePart(token: string, pseudonym: string) {
    const bare = token.replace(/['’]s$/u, "").replace(/\.$/, "");
    if (letters(bare).length < 2) return;
    const lower = fold(bare).toLowerCase();
    const ordinary = COMMON_WORDS.has(lower) || STOPWORDS.has(lower) || ORDINARY_NAMES.has(lower) || this.lexicon.has(lower) || letters(bare).length <= 2;
    this.literal(bare, pseudonym, ordinary, ordinary);
    if (!ordinary && letters(bare).length >= 5) {
      const list = this.fuzzyTargets.get(lower.length) ?? [];
      if (!list.some((t) => t.token === lower)) list.push({ token: lower, pseudonym });
      this.fuzzyTargets.set(lower.length, list);
    }
  }

  /** A person: their name, each part, initials forms. Reuses the pseudonym of a name already known. */
  person(fullName: string, pseudonym?: string, kind: Kind = "person"): string | null {
    const tokens = fullName
      .replace(/[(),"]/g, " ")
      .split(/\s+/)
      .map((t) => t.replace(/['’]s$/u, ""))
      .filter((t) => letters(t).length > 0);
    const named = tokens.filter((t) => letters(t).length >= 2);
    if (named.length === 0) return null;
    const key = normalise(tokens.join(" "));
    const last = named.length ? normalise(named.at(-1)!) : undefined;
    const existing = this.people.get(key) ?? (named.length === 1 || !pseudonym ? (last ? this.people.get(last) : undefined) : undefined);
    const p = pseudonym ?? existing ?? `Person ${++this.personCount}`;
    this.note(p, kind, fullName.trim());
    // The same name met again (texts repeat names) adds nothing: its entries are in.
    const done = `${p}\u0000${key}`;
    if (this.registered.has(done)) return p;
    this.registered.add(done);
    if (!this.people.has(key)) this.people.set(key, p);
    for (const t of named) if (!this.people.has(normalise(t))) this.people.set(normalise(t), p);
    // One word is a name part (namePart decides its case); more are the name as written.
    if (tokens.length > 1) this.literal(tokens.join(" "), p);
    for (const t of named) this.namePart(t, p);
    // "McAllister-Nguyen" is also "McAllister" and "Nguyen".
    for (const t of named) if (t.includes("-")) for (const part of t.split("-")) this.namePart(part, p);
    // "Robert" is also Bob, Bobby and Rob; "Trish" is also Patricia (nicknames.ts). Not the surname's.
    for (const t of named.length > 1 ? named.slice(0, -1) : named) {
      for (const variant of nameVariants(fold(t))) {
        const written = variant.charAt(0).toUpperCase() + variant.slice(1);
        if (!this.people.has(variant)) this.people.set(variant, p);
        this.namePart(written, p);
      }
    }
    if (named.length >= 2) {
      const first = named[0]!;
      const surname = named.at(-1)!;
      const i = first.charAt(0).toUpperCase();
      this.literal(`${i}. ${surname}`, p);
      this.literal(`${i}.${surname}`, p);
      this.literal(`${i} ${surname}`, p);
      this.literal(`${surname}, ${i}.`, p);
      this.literal(`${surname}, ${first}`, p);
      this.literal(`${first} ${surname.charAt(0).toUpperCase()}.`, p);
      this.literal(named.map((t) => `${t.charAt(0).toUpperCase()}.`).join(""), p, true);
      this.literal(named.map((t) => `${t.charAt(0).toUpperCase()}.`).join(" "), p, true);
    }
    return p;
  }

  /**
   * An organisation: its name (with and without "The", Dept/Department), acronyms, short forms
   * (org-forms.ts), and its pseudonym. `found`: read from a text rather than told, so a word alone
   * stands for it only when long and no sentence opener (detect.ts LEADING_JUNK).
   */
  organisation(name: string, pseudonym?: string, kind: Kind = "organization", extraAcronym?: string, found?: { opener: (word: string) => boolean }): string {
    const clean = name
      .replace(/^the\s+/i, "")
      .replace(/['’]s$/u, "")
      .trim();
    const key = normalise(clean.replace(/\bdept\.?(?=\s|$)/gi, "department"));
    // "City of Brookvale Public Works" is also "Brookvale Public Works" (acronym BPW).
    const bare = clean.replace(/^(?:city|county|town|village|borough|township)\s+of\s+/i, "");
    const acronyms = [...acronymsOf(clean), ...(bare !== clean ? acronymsOf(bare) : []), ...(extraAcronym ? [extraAcronym] : [])];
    const existing = this.orgs.get(key) ?? acronyms.map((a) => this.orgs.get(a.toLowerCase())).find(Boolean);
    const p = pseudonym ?? existing ?? `Organization ${++this.orgCount}`;
    this.note(p, kind, clean);
    const done = `${p}\u0000org\u0000${key}\u0000${extraAcronym ?? ""}`;
    if (this.registered.has(done)) return p;
    this.registered.add(done);
    if (!this.orgs.has(key)) this.orgs.set(key, p);
    this.literal(clean, p);
    if (bare !== clean) this.literal(bare, p);
    // "Kingsford County Public Health" is also "Kingsford Co. Public Health".
    if (/\bcounty\b/i.test(clean)) this.literal(clean.replace(/\bcounty\b/gi, "Co."), p);
    if (/\bdepartment\b/i.test(clean)) {
      this.literal(clean.replace(/\bdepartment\b/gi, "Dept."), p);
      this.literal(clean.replace(/\bdepartment\b/gi, "Dept"), p);
    }
    if (/\bdept\b\.?/i.test(clean)) this.literal(clean.replace(/\bdept\b\.?/gi, "Department"), p);
    for (const a of acronyms) {
      if (!this.orgs.has(a.toLowerCase())) this.orgs.set(a.toLowerCase(), p);
      // Short acronyms only in capitals: "ARM" must not swallow "arm".
      this.literal(a, p, a.length < 4 || COMMON_WORDS.has(a.toLowerCase()));
    }
    for (const { form, single } of shortForms(bare)) {
      const words = normalise(form).split(" ");
      // The campaign's own places ("Alder Flats") name no one.
      if (words.every((w) => this.lexicon.has(w) || COMMON_WORDS.has(w))) continue;
      if (single && (ORDINARY_NAMES.has(words[0]!) || (found && (words[0]!.length < 4 || found.opener(words[0]!))))) continue;
      if (!this.orgs.has(normalise(form))) this.orgs.set(normalise(form), p);
      // A word alone only as written ("Ravenmoor", not "ravenmoor"): it may be an ordinary word too.
      this.literal(form, p, single);
    }
    return p;
  }

  /**
   * Once anonymisation is done, the map is what the creator sees: a new address or number met
   * while scrubbing a model's output (invented or echoed) is removed but not added to it.
   */
  private sealed = false;
  seal() {
    this.sealed = true;
  }

  email(address: string): string {
    const key = address.toLowerCase();
    let p = this.emails.get(key);
    if (!p && this.sealed) return "[email]";
    if (!p) {
      p = `[email ${this.emails.size + 1}]`;
      this.emails.set(key, p);
      this.note(p, "email", address);
    }
    return p;
  }

  phone(number: string): string {
    const key = number.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
    let p = this.phones.get(key);
    if (!p && this.sealed) return "[phone]";
    if (!p) {
      p = `[phone ${this.phones.size + 1}]`;
      this.phones.set(key, p);
      this.note(p, "phone", number.trim());
    }
    return p;
  }

  /**
   * Entries by their first word (lower case), longest first, each compared only where a word
   * starts: one alternation regex of hundreds of names (or a regex per entry) was 10–50x slower.
   */
  private compile() {
    if (this.compiled) return this.compiled;
    const byFirst = new Map<string, Entry[]>();
    // Patterns are stored folded (literal), so the first word is the folded text's too.
    for (const e of this.entries.values()) {
      const first = /^[\p{L}\p{N}]+/u.exec(e.pattern)?.[0]?.toLowerCase();
      if (!first) continue;
      const list = byFirst.get(first) ?? [];
      list.push(e);
      byFirst.set(first, list);
    }
    for (const list of byFirst.values()) list.sort((x, y) => y.pattern.length - x.pattern.length);
    this.compiled = byFirst;
    return byFirst;
  }

  /** Every entry, matched on the folded text; the replacements spliced into the original by position. */
  private replaceEntries(text: string): string {
    const byFirst = this.compile();
    const { folded, origin } = foldWithMap(text);
    const at = (k: number) => (origin ? origin[k]! : k);
    let out = "";
    let last = 0;
    const wordRe = /[\p{L}\p{N}]+/gu;
    for (let m = wordRe.exec(folded); m; m = wordRe.exec(folded)) {
      const candidates = byFirst.get(m[0].toLowerCase());
      if (!candidates) continue;
      for (const c of candidates) {
        const end = matchAt(folded, m.index, c.pattern, c.caseSensitive);
        if (end < 0 || (c.contextual && !usedAsName(folded, m.index, end))) continue;
        out += text.slice(last, at(m.index)) + c.pseudonym;
        last = at(end);
        wordRe.lastIndex = end;
        break;
      }
    }
    return out + text.slice(last);
  }

  /** Step 3: contacts and shaped identifiers by pattern, then every registry entry, then misspellings of names. */
  replace(text: string): string {
    const out = text
      .replace(EMAIL, (m) => this.email(m))
      .replace(EMAIL_BRACKETED, (m) => this.email(m))
      .replace(EMAIL_SPELLED, (m) => this.email(m))
      .replace(URL, (m) => trailingPunctuation(m, "[link]"))
      .replace(DOMAIN, (m) => (/^\[/.test(m) ? m : trailingPunctuation(m, "[link]")))
      .replace(HANDLE, "[handle]");
    const shaped = replaceShapedIdentifiers(out).replace(PHONE, (m) => (m.replace(/\D/g, "").length >= 7 ? this.phone(m) : m));
    const replaced = this.replaceEntries(shaped);
    return this.fuzzyTargets.size ? replaced.replace(/[\p{L}][\p{L}\p{M}'’-]*/gu, (w) => this.fuzzy(w) ?? w) : replaced;
  }

  private fuzzy(word: string): string | null {
    if (word.length < 4) return null;
    const possessive = /['’]s$/u.test(word);
    const bare = fold(possessive ? word.slice(0, -2) : word).toLowerCase();
    const lengths = [bare.length, bare.length - 1, bare.length + 1];
    if (bare.length < 4 || !lengths.some((len) => this.fuzzyTargets.has(len))) return null;
    if (COMMON_WORDS.has(bare) || ORDINARY_NAMES.has(bare) || this.lexicon.has(bare)) return null;
    let hit: { token: string; pseudonym: string } | undefined;
    for (const len of lengths) {
      hit = this.fuzzyTargets.get(len)?.find((t) => withinOneEdit(bare, t.token));
      if (hit) break;
    }
    return hit ? `${hit.pseudonym}${possessive ? word.slice(-2) : ""}` : null;
  }
}

const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\u00a0";
const sameChar = (a: string, b: string, caseSensitive: boolean) => {
  if (a === b) return true;
  if ((a === "'" || a === "’") && (b === "'" || b === "’")) return true;
  return !caseSensitive && a.toLowerCase() === b.toLowerCase();
};

/** Where `pattern` ends if it occurs at `pos` as whole words (any whitespace run for a space), else -1. */
function matchAt(text: string, pos: number, pattern: string, caseSensitive: boolean): number {
  let i = pos;
  let j = 0;
  while (j < pattern.length) {
    if (isSpace(pattern[j])) {
      if (!isSpace(text[i])) return -1;
      while (isSpace(text[i])) i++;
      while (isSpace(pattern[j])) j++;
      continue;
    }
    const t = text[i];
    if (t === undefined || !sameChar(t, pattern[j]!, caseSensitive)) return -1;
    i++;
    j++;
  }
  const next = text[i];
  return next !== undefined && /[\p{L}\p{N}]/u.test(next) ? -1 : i;
}
