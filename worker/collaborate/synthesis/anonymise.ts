import type { AnonymizedContribution, IdentifyingMap } from "../views";
import { CLOSINGS, FIRST_NAMES, ORG_GENERIC, ORG_HEADS, ORG_SUFFIXES, TITLES, WELL_KNOWN_ORGS } from "./names";
import { COMMON_WORDS, fnv1a, STOPWORDS, withinOneEdit, words } from "./text";
import type { Anonymised, ContributorInput, SynthesisCampaign } from "./types";

/**
 * Anonymisation, before any analysis sees a word (contributors must be able to speak freely).
 *
 * 1. Respondents are numbered by a hash of the contributor id (stable across re-runs, unrelated
 *    to invitation order); their organisations become Agency A, B… in that order.
 * 2. A registry of identifiers is built from the known identities (names and their parts,
 *    initials, e-mails and their local parts, organisations and their acronyms, roles), then from
 *    what the text itself reveals: names after titles ("Chief Okafor"), in signatures ("-- Maria",
 *    "Regards,\nJane Doe"), given name + surname ("Priya Raman"), organisations by the tail of their
 *    name ("… Water Authority", "… Inc") and the acronyms given or derived for them. Every mention
 *    anywhere then maps to one pseudonym (Respondent 3, Person 1, Organization 2).
 * 3. Each text: signature blocks dropped; e-mails, phone numbers, URLs and handles replaced by
 *    pattern; registry entries replaced longest first (possessives follow for free); remaining
 *    words one edit from a known name of 5+ letters replaced too (misspellings).
 *
 * `scrub` applies step 3 to any text (the AI's output), with the same registry.
 */

type Kind = IdentifyingMap[number]["kind"];

const LEADING_JUNK = new Set(
  (
    "yesterday today tomorrow recently meanwhile additionally however unfortunately fortunately currently personally then also last this " +
    "that our their my your we they i when after before during since and but so at with from for by to in on as mostly usually typically " +
    "generally primarily mainly finally hopefully luckily normally obviously clearly certainly probably possibly definitely especially " +
    "ideally initially eventually previously historically traditionally honestly frankly basically sometimes often"
  ).split(" "),
);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A literal as a pattern: any run of whitespace matches any other. */
const literalPattern = (s: string) => escapeRe(s).replace(/\s+/g, "\\s+");
/** Without accents: "Lucía" and "Lucia", "Domínguez" and "Dominguez" are the same name. */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");
const normalise = (s: string) => fold(s).toLowerCase().replace(/[’]/g, "'").replace(/\s+/g, " ").trim();
const letters = (s: string) => s.replace(/[^\p{L}]/gu, "");

// A local part is at most 64 characters (RFC 5321): a bound, so a long run without "@" is not
// scanned again from each of its characters.
const EMAIL = /[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** "jane [at] fennickfire [dot] gov", "jane (at) fennickfire.gov", "jane dot doe at fennickfire dot gov". */
const EMAIL_BRACKETED =
  /[\p{L}\p{N}._%+-]{1,64}\s*(?:\[at\]|\(at\)|\{at\})\s*[\p{L}\p{N}-]+(?:(?:\s*(?:\[dot\]|\(dot\))\s*|\s+dot\s+)[\p{L}\p{N}-]+|\.(?=[\p{L}\p{N}])[\p{L}\p{N}-]+)+/giu;
const EMAIL_SPELLED = /[\p{L}\p{N}._%+-]{1,64}(?:\s+dot\s+[\p{L}\p{N}_-]+){0,8}\s+at\s+[\p{L}\p{N}-]+(?:\s+dot\s+[\p{L}\p{N}-]+)+/giu;
const URL = /(?:https?:\/\/|www\.)[^\s<>"']+/giu;
const DOMAIN = /(?<![\p{L}\p{N}@.-])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:gov|org|com|net|edu|us|mil|io|info|biz|uk|ca)(?:\/[^\s<>"']*)?(?![\p{L}\p{N}])/giu;
/** A street address ("1400 Industrial Way", "22 N. Main St."): where an agency's yard or a home is. */
const ADDRESS =
  /(?<![\p{L}\p{N}])\d{1,6}[ \t]+(?:[NSEW]\.?[ \t]+)?(?:\p{Lu}[\p{L}'’-]*[ \t]+){1,3}(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Way|Boulevard|Blvd\.?|Drive|Dr\.?|Lane|Ln\.?|Court|Ct\.?|Place|Pl\.?|Parkway|Pkwy\.?|Highway|Hwy\.?)(?![\p{L}])/gu;
const HANDLE = /(?<![\p{L}\p{N}._%+-])@[A-Za-z0-9_]{3,}/gu;
const EXTENSION = String.raw`(?:\s*(?:x|ext\.?|extension)\s*\d{1,5})?`;
const PHONE = new RegExp(
  [
    String.raw`\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}`,
    String.raw`(?<![\d-])(?:1[\s.-]?)?(?:\(\d{3}\)[\s.-]?|\d{3}[\s.-])\d{3}[\s.-]\d{4}`,
    String.raw`(?<![\d-])\d{10}`,
    String.raw`(?<![\d.,-])\d{3}[-.]\d{4}`,
  ]
    .map((p) => `(?:${p})${EXTENSION}(?!\\d)`)
    .join("|"),
  "giu",
);
const PUBLIC_MAIL_DOMAINS = new Set(["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "icloud.com", "aol.com", "protonmail.com", "proton.me", "msn.com", "live.com"]);

const TITLE_RE = new RegExp(
  `(?<![\\p{L}])(?:${[...TITLES].sort((a, b) => b.length - a.length).map(literalPattern).join("|")})(?![\\p{L}])[ \\t]+`,
  "giu",
);
const NAME_TOKEN = /^[\p{L}][\p{L}'’-]*\.?$/u;
// A dash closes at once ("-- Maria"); a word only with punctuation or a line break after it
// ("Thanks, Tom", "Regards,\nJane Doe"), so "Best practice is…" is no signature.
const CLOSING_RE = new RegExp(
  `(?:^|\\n|(?<=[.!?])[ \\t]+)[ \\t]*(?:(?:-{2,}|—|–|~)[ \\t]*|(?:${CLOSINGS.map(literalPattern).join("|")})(?![\\p{L}])[ \\t]*(?:[,!:.][ \\t]*|(?=\\n)))(?=\\n|[\\p{L}]|$)`,
  "giu",
);
const SUFFIX_ALT = ORG_SUFFIXES.map(literalPattern).join("|");
// A full stop only after an abbreviation, so a name never runs across two sentences.
const CAP_WORD = String.raw`(?:St\.|\p{Lu}\.|[\p{Lu}][\p{L}'’&-]*)`;
// No "and": "Fennick Fire Department and Marrowby Water Authority" are two names.
const CONNECTOR = String.raw`(?:of|for|&|the|de|la)`;
/**
 * "and" inside an "of" clause only where it joins the usual pairs ("Department of Health and Human
 * Services"): "Office of Emergency Management and Pinecrest Senior Living Center" are two names.
 */
const OF_AND = String.raw`and[ \t]+(?=(?:Human|Social|Family|Community|Public|Economic|Environmental|Natural|Emergency|Health|Senior)\b)`;
const ORG_TAIL_RE = new RegExp(
  `${CAP_WORD}(?:[ \\t]+(?:${CONNECTOR}[ \\t]+)?${CAP_WORD}){0,5}[ \\t]+(?:${SUFFIX_ALT})(?![\\p{L}])(?:[ \\t]+of[ \\t]+(?:the[ \\t]+)?${CAP_WORD}(?:[ \\t]+(?:${OF_AND}|&[ \\t]+)?${CAP_WORD}){0,3})?(?:[ \\t]*\\(([\\p{Lu}&]{2,8})\\))?`,
  "gu",
);
const ORG_HEAD_RE = new RegExp(
  `(?:${ORG_HEADS.join("|")})[ \\t]+of[ \\t]+(?:the[ \\t]+)?${CAP_WORD}(?:[ \\t]+(?:${CONNECTOR}[ \\t]+)?${CAP_WORD}){0,3}(?:[ \\t]*\\(([\\p{Lu}&]{2,8})\\))?`,
  "gu",
);

const ROLE_CATEGORIES: [RegExp, string][] = [
  [/\b(?:ems|emt|paramedic|ambulance)/i, "EMS official"],
  [/\bfire|marshal/i, "fire service official"],
  [/sheriff|police|law enforcement|trooper|constable/i, "law enforcement official"],
  [/public health|epidemiolog|health officer|health director|environmental health/i, "public health official"],
  [/hospital|medical|healthcare|clinic|nurs/i, "healthcare official"],
  [/school|superintendent|principal|education|teacher|district/i, "education official"],
  [/utilit|electric|power|water|gas|energy|telecom/i, "utility official"],
  [/public works|road|transport|transit|highway/i, "public works official"],
  [/emergency manag|\boem\b|\beoc\b|preparedness|homeland/i, "emergency management official"],
  [/communicat|public information|\bpio\b|dispatch|911/i, "communications official"],
  [/red cross|volunteer|shelter|faith|church|pastor|nonprofit|ngo/i, "community partner official"],
];

/** "Fire Chief of Fennick County" → "[fire service official]": the kind of role, not the person. */
export function genericRole(role: string): string {
  const found = ROLE_CATEGORIES.find(([re]) => re.test(role));
  return `[${found ? found[1] : "partner official"}]`;
}

/** A, B, … Z, AA, AB … */
function letterLabel(n: number): string {
  let s = "";
  let i = n;
  do {
    s = String.fromCharCode(65 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return s;
}

/** "Fennick County Fire Department" → ["FCFD"]; with "of" words too ("DoPH") when there are any. */
export function acronymsOf(name: string): string[] {
  const tokens = name.split(/\s+/).filter((t) => /^[\p{L}]/u.test(t));
  const significant = tokens.filter((t) => /^\p{Lu}/u.test(t) && !["The"].includes(t));
  const plain = significant.map((t) => t.charAt(0)).join("").toUpperCase();
  const out = new Set<string>();
  if (plain.length >= 3) out.add(plain);
  return [...out];
}

function stripSignature(text: string): { text: string; names: string[] } {
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
  const tokens = firstLine.split(/[\s,]+/).filter(Boolean).slice(0, 3);
  const picked: string[] = [];
  for (const t of tokens) {
    // Lower case only for a known given name ("-- maria"): "-- sent from my phone" signs no one.
    if (!isNameWord(t, false) && !FIRST_NAMES.has(t.toLowerCase().replace(/(?<![.,;:!])[.,;:!]+$/u, ""))) break;
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

type Entry = { pattern: string; pseudonym: string; caseSensitive: boolean };

class Registry {
  private readonly entries = new Map<string, Entry>();
  /** Names of 5+ letters by length, for the misspelling pass. */
  private readonly fuzzyTargets = new Map<number, { token: string; pseudonym: string }[]>();
  readonly identifying: IdentifyingMap = [];
  private readonly noted = new Set<string>();
  private readonly people = new Map<string, string>();
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

  literal(value: string, pseudonym: string, caseSensitive = false) {
    const folded = fold(value);
    if (folded !== value) this.literal(folded, pseudonym, caseSensitive);
    const v = value.trim();
    if (letters(v).length < 2 && !/\d/.test(v)) return;
    const key = caseSensitive ? `S:${v.replace(/\s+/g, " ")}` : `I:${normalise(v)}`;
    if (this.entries.has(key)) return;
    this.entries.set(key, { pattern: v, pseudonym, caseSensitive });
    this.compiled = null;
  }

  /** A name part: case-insensitive unless it is also an ordinary word ("Hill", "Park") or very short. */
  namePart(token: string, pseudonym: string) {
    const bare = token.replace(/['’]s$/u, "").replace(/\.$/, "");
    if (letters(bare).length < 2) return;
    const lower = bare.toLowerCase();
    const ordinary = COMMON_WORDS.has(lower) || STOPWORDS.has(lower) || this.lexicon.has(lower) || letters(bare).length <= 2;
    this.literal(bare, pseudonym, ordinary);
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
    if (!this.people.has(key)) this.people.set(key, p);
    for (const t of named) if (!this.people.has(normalise(t))) this.people.set(normalise(t), p);
    this.note(p, kind, fullName.trim());
    this.literal(tokens.join(" "), p);
    for (const t of named) this.namePart(t, p);
    // "McAllister-Nguyen" is also "McAllister" and "Nguyen".
    for (const t of named) if (t.includes("-")) for (const part of t.split("-")) this.namePart(part, p);
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

  /** An organisation: its name (with and without "The", Dept/Department), acronyms, and its pseudonym. */
  organisation(name: string, pseudonym?: string, kind: Kind = "organization", extraAcronym?: string): string {
    const clean = name.replace(/^the\s+/i, "").replace(/['’]s$/u, "").trim();
    const key = normalise(clean.replace(/\bdept\.?(?=\s|$)/gi, "department"));
    // "City of Brookvale Public Works" is also "Brookvale Public Works" (acronym BPW).
    const bare = clean.replace(/^(?:city|county|town|village|borough|township)\s+of\s+/i, "");
    const acronyms = [...acronymsOf(clean), ...(bare !== clean ? acronymsOf(bare) : []), ...(extraAcronym ? [extraAcronym] : [])];
    const existing = this.orgs.get(key) ?? acronyms.map((a) => this.orgs.get(a.toLowerCase())).find(Boolean);
    const p = pseudonym ?? existing ?? `Organization ${++this.orgCount}`;
    if (!this.orgs.has(key)) this.orgs.set(key, p);
    this.note(p, kind, clean);
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

  private replaceEntries(text: string): string {
    const byFirst = this.compile();
    let out = "";
    let last = 0;
    const wordRe = /[\p{L}\p{N}]+/gu;
    for (let m = wordRe.exec(text); m; m = wordRe.exec(text)) {
      const candidates = byFirst.get(m[0].toLowerCase());
      if (!candidates) continue;
      for (const c of candidates) {
        const end = matchAt(text, m.index, c.pattern, c.caseSensitive);
        if (end < 0) continue;
        out += text.slice(last, m.index) + c.pseudonym;
        last = end;
        wordRe.lastIndex = end;
        break;
      }
    }
    return out + text.slice(last);
  }

  /** Step 3: contacts by pattern, then every registry entry, then misspellings of names. */
  replace(text: string): string {
    const out = text
      .replace(EMAIL, (m) => this.email(m))
      .replace(EMAIL_BRACKETED, (m) => this.email(m))
      .replace(EMAIL_SPELLED, (m) => this.email(m))
      .replace(URL, (m) => trailingPunctuation(m, "[link]"))
      .replace(DOMAIN, (m) => (/^\[/.test(m) ? m : trailingPunctuation(m, "[link]")))
      .replace(HANDLE, "[handle]")
      .replace(ADDRESS, "[address]")
      .replace(PHONE, (m) => (m.replace(/\D/g, "").length >= 7 ? this.phone(m) : m));
    const replaced = this.replaceEntries(out);
    return this.fuzzyTargets.size ? replaced.replace(/[\p{L}][\p{L}'’-]*/gu, (w) => this.fuzzy(w) ?? w) : replaced;
  }

  private fuzzy(word: string): string | null {
    const possessive = /['’]s$/u.test(word);
    const bare = (possessive ? word.slice(0, -2) : word).toLowerCase();
    if (bare.length < 4 || COMMON_WORDS.has(bare) || this.lexicon.has(bare)) return null;
    let hit: { token: string; pseudonym: string } | undefined;
    for (const len of [bare.length, bare.length - 1, bare.length + 1]) {
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

/** A URL or domain ends before sentence punctuation: "see fennickfire.gov." keeps its full stop. */
function trailingPunctuation(match: string, replacement: string): string {
  const tail = /(?<![.,;:!?)\]])[.,;:!?)\]]+$/u.exec(match)?.[0] ?? "";
  return replacement + tail;
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

function orgCandidates(text: string): { name: string; acronym?: string }[] {
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

function isDistinctiveOrg(name: string): boolean {
  const tokens = name.split(/\s+/);
  if (tokens.length < 2) return false;
  if (WELL_KNOWN_ORGS.some((w) => normalise(name).includes(normalise(w)))) return false;
  return tokens.some((t) => {
    const lower = t.toLowerCase().replace(/['’]s$/u, "").replace(/\.$/, "");
    return letters(lower).length >= 2 && !ORG_GENERIC.has(lower) && !STOPWORDS.has(lower);
  });
}

function titledNames(text: string): string[] {
  const out: string[] = [];
  TITLE_RE.lastIndex = 0;
  for (let m = TITLE_RE.exec(text); m; m = TITLE_RE.exec(text)) {
    const end = m.index + m[0].length;
    const picked: string[] = [];
    for (const raw of text.slice(end, end + 80).split(/[ \t]+/).slice(0, 3)) {
      const isInitial = /^\p{Lu}\.$/u.test(raw);
      const line = raw.split(/\n/)[0] ?? "";
      // A word ending its clause ("Okafor," "Okafor." "Okafor\n") is the name's last.
      const endsClause = line !== raw || /[,;:!?)]$/.test(line) || (/\.$/.test(line) && !isInitial);
      const clean = isInitial ? line : line.replace(/[,;:!?()"]+/g, "").replace(/['’]s$/u, "").replace(/\.$/, "");
      // Capitalised names only ("officer covers nights" names no one), or a known given name in lower case.
      if (!clean || !(isNameWord(clean, false) || FIRST_NAMES.has(clean.toLowerCase()))) break;
      picked.push(clean);
      if (endsClause) break;
    }
    if (picked.some((t) => letters(t).length >= 2)) out.push(picked.join(" "));
    // Titles chain ("Deputy Director Marisol Baptiste"): look again right after this title.
    TITLE_RE.lastIndex = end;
  }
  return out;
}

/** "Priya Raman", "Ngozi" (a capitalised given name), with the capitalised surname after it. */
function givenNames(text: string): string[] {
  const out: string[] = [];
  const re = /(?<![\p{L}])(\p{Lu}[\p{L}'’-]+)(?:[ \t]+(\p{Lu}\.|\p{Lu}[\p{L}'’-]+))?/gu;
  for (const m of text.matchAll(re)) {
    const first = m[1]!.replace(/['’]s$/u, "");
    if (!FIRST_NAMES.has(first.toLowerCase())) continue;
    // "St. Mary's Hospital" names a saint.
    if (/(?:St\.|Saint)\s*$/u.test(text.slice(Math.max(0, m.index - 7), m.index))) continue;
    const second = m[2]?.replace(/['’]s$/u, "");
    out.push(second && isNameWord(second, false) ? `${first} ${second}` : first);
  }
  return out;
}

export function anonymise(campaign: SynthesisCampaign, contributors: ContributorInput[]): Anonymised {
  const campaignText = [campaign.name, campaign.hazard, campaign.scenario, ...campaign.questions].join("\n");
  const lexicon = new Set(words(campaignText).map((w) => w.toLowerCase()));
  const registry = new Registry(lexicon);
  const inCampaignText = (phrase: string) => normalise(campaignText).includes(normalise(phrase));

  // 1. Order and pseudonyms of respondents and agencies.
  const ordered = [...contributors].sort((a, b) => fnv1a(a.id) - fnv1a(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const agencyOf = new Map<string, string>();
  const meta = ordered.map((c, i) => {
    const respondent = `Respondent ${i + 1}`;
    const org = c.identity.organization?.trim() || null;
    let agency = "Unaffiliated";
    if (org) {
      const key = normalise(org.replace(/^the\s+/i, ""));
      agency = agencyOf.get(key) ?? `Agency ${letterLabel(agencyOf.size)}`;
      agencyOf.set(key, agency);
    }
    return { c, respondent, agency, org };
  });

  // 2a. Known identities.
  for (const { c, respondent, agency, org } of meta) {
    registry.note(respondent, "respondent", c.identity.fullName?.trim() || c.identity.email);
    if (c.identity.fullName?.trim()) registry.person(c.identity.fullName, respondent, "respondent");
    for (const name of c.identity.otherNames ?? []) if (name.trim()) registry.person(name, respondent, "respondent");
    registry.email(c.identity.email);
    registry.literal(c.identity.email, registry.email(c.identity.email));
    const [local = "", domain = ""] = c.identity.email.toLowerCase().split("@");
    // "dwhitfield" or "dana.whitfield" alone in a text is the person too.
    if (letters(local).length >= 4 && !COMMON_WORDS.has(local)) registry.literal(local, respondent);
    if (domain && !PUBLIC_MAIL_DOMAINS.has(domain)) {
      registry.literal(domain, "[link]");
      const label = domain.split(".").slice(-2)[0] ?? "";
      if (label.length >= 5 && !COMMON_WORDS.has(label)) registry.literal(label, org ? agency : "[link]");
    }
    if (org) registry.organisation(org, agency, "agency");
    for (const other of c.identity.otherOrganizations ?? []) if (org && other.trim()) registry.organisation(other, agency, "agency");
    if (c.identity.role?.trim()) {
      const generic = genericRole(c.identity.role);
      registry.literal(c.identity.role.trim(), generic);
      registry.note(`${generic} (${respondent})`, "role", c.identity.role.trim());
    }
  }

  // 2b. What the texts reveal. Signature blocks are cut first (their names registered).
  const stripped = meta.map(({ c }) => ({
    answers: c.answers.map((a) => ({ ...a, answer: stripSignature(a.answer) })),
    proposals: {
      injects: c.proposals.injects.map(stripSignature),
      questions: c.proposals.questions.map(stripSignature),
      objectives: c.proposals.objectives.map(stripSignature),
    },
  }));
  const texts = stripped.flatMap((s) => [...s.answers.map((a) => a.answer), ...s.proposals.injects, ...s.proposals.questions, ...s.proposals.objectives]);
  for (const t of texts) {
    for (const name of t.names) registry.person(name);
  }
  for (const { text } of texts) {
    for (const org of orgCandidates(text)) {
      if (!isDistinctiveOrg(org.name) || inCampaignText(org.name)) continue;
      const knownAgency = agencyOf.get(normalise(org.name.replace(/^the\s+/i, "").replace(/\bdept\.?(?=\s|$)/gi, "department")));
      registry.organisation(org.name, knownAgency, knownAgency ? "agency" : "organization", org.acronym);
    }
    for (const name of titledNames(text)) registry.person(name);
    for (const name of givenNames(text)) if (!inCampaignText(name)) registry.person(name);
  }

  // 3. Replace.
  const scrub = (text: string) => registry.replace(text);
  const contributions: AnonymizedContribution[] = meta.map(({ respondent, agency }, i) => {
    const s = stripped[i]!;
    return {
      respondent,
      agency,
      answers: s.answers.map((a) => ({ key: a.key, phase: a.phase, question: scrub(a.question), answer: scrub(a.answer.text) })),
      proposals: {
        injects: s.proposals.injects.map((p) => scrub(p.text)).filter((p) => p.trim()),
        questions: s.proposals.questions.map((p) => scrub(p.text)).filter((p) => p.trim()),
        objectives: s.proposals.objectives.map((p) => scrub(p.text)).filter((p) => p.trim()),
      },
    };
  });
  registry.seal();
  return { anonymized: { contributions }, identifying: registry.identifying, scrub };
}
