import { findTag } from "./scan";

/**
 * Word list numbering (word/numbering.xml): what a numbered paragraph's label reads ("1.", "a.",
 * "II.", "- " for bullets). Word stores only the format; the numbers are counted while reading.
 * Levels are 0–8 as in Word: anything else in a file is ignored, so a file declaring a million
 * levels costs one pass over its XML and nine counters per list.
 */
const LEVELS = 9;
/** Beyond this a letter label ("aaaa…") or roman numeral would be long: the number is shown instead. */
const MAX_LETTERED = 26 * 30;
const MAX_ROMAN = 3999;

type Level = { format: string; text: string; start: number; restart?: number };
type Definitions = { abstract: Map<string, Level[]>; nums: Map<string, { abstractId: string; starts: (number | undefined)[] }> };

/** Attribute `name`'s value inside the first `<tag …>` of `xml` (tag read up to its ">"). */
function valueOf(xml: string, tag: string, name = "w:val"): string | undefined {
  const at = findTag(xml, tag, 0);
  if (at < 0) return undefined;
  const gt = xml.indexOf(">", at);
  const inside = xml.slice(at + tag.length, gt < 0 ? xml.length : gt);
  return new RegExp(`\\b${name}="([^"]*)"`).exec(inside)?.[1];
}

/** Each `<tag …>…</tag>` of `xml` in order: [opening tag, inner XML]. Not nested (Word's are not). */
function* elements(xml: string, tag: string): Generator<[string, string]> {
  const close = `</${tag.slice(1)}>`;
  for (let at = findTag(xml, tag, 0); at >= 0;) {
    const gt = xml.indexOf(">", at);
    if (gt < 0) return;
    if (xml.charCodeAt(gt - 1) === 0x2f) {
      yield [xml.slice(at, gt + 1), ""];
      at = findTag(xml, tag, gt + 1);
      continue;
    }
    const end = xml.indexOf(close, gt);
    if (end < 0) return;
    yield [xml.slice(at, gt + 1), xml.slice(gt + 1, end)];
    at = findTag(xml, tag, end + close.length);
  }
}

const integer = (value: string | undefined): number | undefined => {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
};
const levelIndex = (opening: string): number => integer(valueOf(opening, "<w:lvl", "w:ilvl") ?? valueOf(opening, "<w:lvlOverride", "w:ilvl")) ?? -1;

function parseDefinitions(xml: string): Definitions {
  const abstract = new Map<string, Level[]>();
  for (const [opening, inner] of elements(xml, "<w:abstractNum")) {
    const levels: Level[] = [];
    for (const [lvlOpen, lvl] of elements(inner, "<w:lvl")) {
      const i = levelIndex(lvlOpen);
      if (i < 0 || i >= LEVELS) continue;
      const restart = integer(valueOf(lvl, "<w:lvlRestart"));
      levels[i] = {
        format: valueOf(lvl, "<w:numFmt") ?? "decimal",
        text: valueOf(lvl, "<w:lvlText") ?? "",
        start: integer(valueOf(lvl, "<w:start")) ?? 1,
        ...(restart !== undefined ? { restart } : {}),
      };
    }
    abstract.set(valueOf(opening, "<w:abstractNum", "w:abstractNumId") ?? "", levels);
  }
  const nums: Definitions["nums"] = new Map();
  for (const [opening, inner] of elements(xml, "<w:num")) {
    const starts: (number | undefined)[] = [];
    for (const [overrideOpen, override] of elements(inner, "<w:lvlOverride")) {
      const i = levelIndex(overrideOpen);
      if (i >= 0 && i < LEVELS) starts[i] = integer(valueOf(override, "<w:startOverride"));
    }
    nums.set(valueOf(opening, "<w:num", "w:numId") ?? "", { abstractId: valueOf(inner, "<w:abstractNumId") ?? "", starts });
  }
  return { abstract, nums };
}

function letters(n: number, upper: boolean): string {
  // Word's letters repeat after z: 27 is "aa", 28 "bb".
  const letter = String.fromCharCode((upper ? 65 : 97) + ((n - 1) % 26));
  return letter.repeat(Math.floor((n - 1) / 26) + 1);
}

function roman(n: number): string {
  const table: [number, string][] = [
    [1000, "m"],
    [900, "cm"],
    [500, "d"],
    [400, "cd"],
    [100, "c"],
    [90, "xc"],
    [50, "l"],
    [40, "xl"],
    [10, "x"],
    [9, "ix"],
    [5, "v"],
    [4, "iv"],
    [1, "i"],
  ];
  let out = "";
  for (const [value, digits] of table) {
    for (; n >= value; n -= value) out += digits;
  }
  return out;
}

/** A counter value in a level's format (decimal when the format is unknown or the value unfit). */
export function formatNumber(n: number, format: string): string {
  if (format === "none") return "";
  if (n >= 1 && n <= MAX_LETTERED && (format === "lowerLetter" || format === "upperLetter")) return letters(n, format === "upperLetter");
  if (n >= 1 && n <= MAX_ROMAN && (format === "lowerRoman" || format === "upperRoman")) {
    return format === "upperRoman" ? roman(n).toUpperCase() : roman(n);
  }
  if (format === "decimalZero" && n >= 0 && n < 10) return `0${n}`;
  return String(n);
}

/**
 * Labels for a document's numbered paragraphs, in reading order: counters per list (numId) and
 * level; using a level restarts the deeper ones unless their lvlRestart says otherwise (0: never).
 */
export class ListNumbering {
  private readonly definitions: Definitions;
  private readonly counters = new Map<string, (number | undefined)[]>();

  constructor(numberingXml: string | null) {
    this.definitions = numberingXml ? parseDefinitions(numberingXml) : { abstract: new Map(), nums: new Map() };
  }

  /** The label of the next paragraph of list `numId` at level `ilvl`, or null when it has none. */
  label(numId: string, ilvl: number): string | null {
    const num = this.definitions.nums.get(numId);
    const levels = num ? this.definitions.abstract.get(num.abstractId) : undefined;
    if (!num || !levels || ilvl < 0 || ilvl >= LEVELS) return null;
    const level = levels[ilvl];
    if (!level) return null;
    const start = (i: number) => num.starts[i] ?? levels[i]?.start ?? 1;
    const counters = this.counters.get(numId) ?? [];
    this.counters.set(numId, counters);
    counters[ilvl] = counters[ilvl] === undefined ? start(ilvl) : counters[ilvl]! + 1;
    for (let deeper = ilvl + 1; deeper < LEVELS; deeper++) {
      if (ilvl < (levels[deeper]?.restart ?? deeper)) counters[deeper] = undefined;
    }
    if (level.format === "bullet") return "- ";
    const text = level.text.replace(/%([1-9])/g, (_, d: string) => {
      const i = Number(d) - 1;
      return formatNumber(counters[i] ?? start(i), levels[i]?.format ?? "decimal");
    });
    return text.trim() ? `${text.trim()} ` : null;
  }
}
