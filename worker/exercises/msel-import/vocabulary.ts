import { mselColumns } from "../../../shared/db/exercise-shapes";

/**
 * The names real MSELs give their columns (HSEEP's template, CISA's Tabletop Exercise Packages,
 * states' own workbooks, other tools' exports), read onto Readyroom's MSEL columns.
 */

export type MselColumn = (typeof mselColumns)[number];
/** Where a file's column goes: an MSEL column, or nowhere ("skip", only when the planner says so). */
export type MappingTarget = MselColumn | "skip";
export const MAPPING_TARGETS: readonly MappingTarget[] = [...mselColumns, "skip"];

/** A header as compared: lower case, words only ("Inject No." → "inject no", "Time (EST)" → "time est"). */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/#/g, " no ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Whole headers, after headerKey. */
const EXACT: Record<MselColumn, string[]> = {
  event: [
    "event no",
    "event number",
    "event id",
    "seq",
    "seq no",
    "sequence",
    "sequence no",
    "sequence number",
    "inject no",
    "inject number",
    "inject id",
    "msel no",
    "msel number",
    "msel id",
    "no",
    "number",
    "id",
    "item",
    "item no",
    "serial",
    "ref",
    "ref no",
    "reference",
  ],
  date: ["date", "day", "date delivered", "delivery date", "scenario date", "exercise day", "exercise date", "inject date"],
  time: [
    "time",
    "time delivered",
    "delivery time",
    "scheduled time",
    "planned time",
    "inject time",
    "exercise time",
    "scenario time",
    "h hour",
    "date time",
    "date time delivered",
    "dtg",
    "start time",
    "clock time",
  ],
  category: ["category", "inject type", "type", "event type", "msel type", "inject category", "class", "kind"],
  injectMode: [
    "inject mode",
    "mode",
    "delivery method",
    "delivery mode",
    "method",
    "method of delivery",
    "mode of delivery",
    "means",
    "medium",
    "delivery",
    "communication method",
    "comms method",
  ],
  synopsis: [
    "synopsis",
    "inject description",
    "description",
    "event description",
    "summary",
    "title",
    "inject title",
    "inject name",
    "scenario event",
    "subject",
    "inject summary",
    "event synopsis",
  ],
  from: ["from", "originator", "simulated by", "sender", "sent by", "source", "simcell", "sim cell", "delivered by", "injector", "controller", "inject from"],
  to: [
    "to",
    "recipient",
    "recipients",
    "player",
    "players",
    "receiver",
    "audience",
    "addressee",
    "intended player",
    "sent to",
    "delivered to",
    "player recipient",
    "inject to",
  ],
  message: [
    "message",
    "inject text",
    "text",
    "message text",
    "inject",
    "content",
    "script",
    "details",
    "inject details",
    "inject message",
    "full text",
    "body",
    "inject content",
  ],
  expectedAction: [
    "expected action",
    "expected actions",
    "expected player action",
    "expected player actions",
    "expected response",
    "expected outcome",
    "expected player response",
    "anticipated action",
    "anticipated response",
    "player action",
    "player actions",
    "response",
  ],
  responsibleOrganization: [
    "responsible organization",
    "responsible organisation",
    "responsible agency",
    "agency",
    "organization",
    "organisation",
    "responsible org",
    "lead agency",
    "department",
    "responsible party",
  ],
  pocAuthor: [
    "poc",
    "author",
    "poc author",
    "point of contact",
    "contact",
    "msel author",
    "inject author",
    "owner",
    "written by",
    "responsible controller",
    "controller poc",
  ],
  comment: [
    "comment",
    "comments",
    "notes",
    "note",
    "controller notes",
    "controller note",
    "remarks",
    "core capability",
    "core capabilities",
    "capability",
    "capabilities",
    "objective",
    "objectives",
    "exercise objective",
    "evaluator notes",
  ],
};

/** When no whole header matches: the first rule whose word the header contains (order matters: "Expected Response Time" is an action before a time). */
const KEYWORDS: [MselColumn, string[]][] = [
  ["expectedAction", ["expected", "anticipated"]],
  ["synopsis", ["synopsis", "description", "summary"]],
  ["message", ["message", "text", "script"]],
  ["to", ["recipient", "recipients", "player", "players", "to", "receiver", "addressee"]],
  ["from", ["originator", "sender", "from", "simulated", "simulator"]],
  ["injectMode", ["mode", "method", "delivery"]],
  ["time", ["time", "hour", "hhmm", "dtg"]],
  ["date", ["date", "day"]],
  ["category", ["type", "category"]],
  ["comment", ["capability", "capabilities", "objective", "objectives", "note", "notes", "comment", "comments", "remark", "remarks"]],
  ["pocAuthor", ["poc", "author", "contact"]],
  ["responsibleOrganization", ["agency", "organization", "organisation", "responsible", "org"]],
  ["event", ["seq", "no", "number", "id", "serial"]],
];

const EXACT_INDEX = new Map<string, MselColumn>(Object.entries(EXACT).flatMap(([column, names]) => names.map((n) => [n, column as MselColumn] as const)));

/** Headers longer than this are text, not a column name (a title, a banner, a sentence). */
const MAX_HEADER_LENGTH = 60;

/**
 * The MSEL column a header names, or null. "Event" is both Readyroom's own column (the number) and
 * what many MSELs call an inject's description: it is `event` here, and proposeMapping looks at
 * the values to decide.
 */
export function columnForHeader(header: string): MselColumn | null {
  if (header.length > MAX_HEADER_LENGTH) return null;
  const key = headerKey(header);
  if (!key) return null;
  if (key === "event") return "event";
  const exact = EXACT_INDEX.get(key);
  if (exact) return exact;
  // "Time (EST)", "Delivery Method / Mode": the words, not the punctuation, carry the meaning.
  const words = new Set(key.split(" "));
  if (words.size > 6) return null;
  for (const [column, keywords] of KEYWORDS) if (keywords.some((k) => words.has(k))) return column;
  return null;
}

/** Values that read as inject numbers: short, with a digit ("1", "1.2", "E-04"). */
function looksLikeNumbers(values: string[]): boolean {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  if (filled.length === 0) return true;
  return filled.filter((v) => v.length <= 12 && /\d/.test(v)).length >= filled.length * 0.8;
}

/**
 * Each column's target, proposed from its header and (for "Event") its values. One file column per
 * MSEL column: a second column naming a target already taken goes to `comment`, as do columns no
 * vocabulary names — kept with their header, never dropped.
 */
export function proposeMapping(headers: string[], samples: string[][]): MappingTarget[] {
  const found = headers.map((h) => columnForHeader(h));
  const synopsisNamed = found.includes("synopsis");
  const targets = found.map((column, i): MselColumn => {
    if (headerKey(headers[i] ?? "") === "event" && !synopsisNamed && !looksLikeNumbers(samples.map((row) => row[i] ?? ""))) return "synopsis";
    return column ?? "comment";
  });
  const taken = new Set<MselColumn>();
  return targets.map((column) => {
    if (column === "comment") return column;
    if (taken.has(column)) return "comment";
    taken.add(column);
    return column;
  });
}

/** How MSEL-like a row is: the distinct MSEL columns its cells name (comment not counted: any word is a note). */
export function headerScore(cells: string[]): number {
  const named = new Set<MselColumn>();
  for (const cell of cells) {
    const column = columnForHeader(cell.replace(/\s+/g, " ").trim());
    if (column && column !== "comment") named.add(column);
  }
  return named.size;
}
