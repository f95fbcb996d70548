/**
 * A passage read as sentences: what the offline answer quotes and where retrieval looks for the
 * question's words meeting. Pure; every expression here runs in linear time on the passage.
 */

export function splitSentences(content: string): string[] {
  return sentencesOf(content).map((s) => s.text);
}

export type Sentence = { text: string; label: boolean };

/**
 * A label: a line that states nothing (no closing punctuation) and is short, or opens the passage
 * (its context line, which ends "(page 3)" in a paged document: chunk.ts contextLine).
 */
const isLabel = (line: string, first: boolean) => {
  const bare = first ? line.replace(/ \(page \d{1,6}\)$/, "") : line;
  // A closing bracket ends a label as well ("Known Gaps (2024 plan review)"), unless a stop precedes
  // it or the line pairs a key with its value ("Primary: Sheriff's Office (ESF 13)").
  const stop = bare.includes(": ") ? /[.!?:;,)]$/ : /[.!?:;,]\)?$/;
  return !stop.test(bare) && !bare.includes("|") && (first || bare.split(" ").length <= 6);
};

/** A list item's marker ("- ", "• ", "1. ", "2) "), or markers ("- 1. "). */
const LIST_MARKER = /^(?:(?:[-*•+]|\d{1,3}[.)])\s+)+/;

/**
 * A table's header as parse/table.ts writes it ("Level | Name | Trigger examples", each row below
 * reading "Level: 1, Name: Full, …"): it names the columns, as a heading names a section. Other
 * parsers write every row "a | b | c": a line is a header only when the row below names its cells.
 */
const isTableHeader = (line: string, next: string | undefined) => {
  const cells = line.split(" | ");
  return cells.length >= 3 && next !== undefined && next.startsWith(`${cells[0]}: `);
};

/**
 * The passage's sentences, and which lines are labels (the context line a chunk starts with, a
 * heading, a title): a label names a topic and is read as the context of what follows, never
 * quoted as the answer. Markdown headings say nothing and are dropped.
 */
export function sentencesOf(content: string): Sentence[] {
  const out: Sentence[] = [];
  const lines = content
    .replace(/^#+ .*$/gm, "")
    .split(/\n+/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  lines.forEach((line, i) => {
    const list = LIST_MARKER.test(line);
    if (!list && (isLabel(line, i === 0) || isTableHeader(line, lines[i + 1])) && lines.length > 1) {
      out.push({ text: plainLine(line), label: true });
      return;
    }
    // The marker comes off first: split at its full stop, "1." would be a sentence of its own.
    for (const part of joinAbbreviations(line.replace(LIST_MARKER, "").split(/(?<=[.!?])\s+/))) out.push({ text: plainLine(part.trim()), label: false });
  });
  // A part with no letter or digit ("—", a table's "|---|" rule) is no sentence, label or not.
  return out.filter((s) => /[\p{L}\p{N}]/u.test(s.text));
}

/** A part ending in an abbreviation ("St. Agnes Hospital", "Dr. Okafor", "e.g. the EOC") is no sentence's end. */
const ABBREVIATION = /(?:^|\s)(?:St|Dr|Mt|Ft|No|Mr|Mrs|Ms|Jr|Sr|Ave|Rd|Blvd|Dept|Lt|Sgt|Capt|approx|vs|e\.g|i\.e|U\.S)\.$/;

function joinAbbreviations(parts: string[]): string[] {
  const out: string[] = [];
  // Each part is tested once, as it comes (not the sentence it joins): linear in the line.
  let joinNext = false;
  for (const part of parts) {
    if (joinNext && out.length > 0) out[out.length - 1] += ` ${part}`;
    else out.push(part);
    joinNext = ABBREVIATION.test(part);
  }
  return out;
}

/**
 * A quote is set as "- … [n]": a list item's own marker would double it, and a Markdown table row
 * reads better as its cells ("Greywell High School, 850, Pet-friendly wing").
 */
function plainLine(line: string): string {
  if (/^\|.*\|$/.test(line)) {
    return line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim())
      .filter((cell) => cell && !/^:?-{3,}:?$/.test(cell))
      .join(", ");
  }
  return line.replace(LIST_MARKER, "");
}
