import type { PlanSource } from "../../../shared/db/exercise-shapes";
import { bestSentence, clipQuote, groundElement } from "./grounding";
import type { Passage } from "./passages";

/**
 * Citations in the design assistant's prose (issue 11), the way Ask Readyroom cites: the prompt
 * numbers the passages 1…N and the reply marks a statement with [n] (or [2, 3], [2][3]). Here the
 * markers become the server's own sources — the passage's document and chunk, and the passage
 * sentence that best supports the statement — so the ids stored are never a model's. A number no
 * passage carries is removed from the text, so it is never shown as a broken link.
 */

/** One cited passage of a prose reply: its marker number and where it is, with the supporting quote. */
export type ProseCitation = PlanSource & { n: number; documentName: string; page?: number };

/**
 * A marker: one or two-digit numbers in brackets ("[1]", "[2, 3]"). Longer numbers ("[2024]") are
 * text a reply quotes, not markers, and stay as they are.
 */
const MARKER = /(?<![ \t])([ \t]*)\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/g;

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
const isMarkerChar = (ch: string | undefined) => ch !== undefined && /[\d,\s]/.test(ch);

/**
 * The text without the bracketed markers (and spaces) that end it: what
 * /(?:\s*\[[\d,\s]*\])+\s*$/ removed, read from the end instead of tried from every position
 * (quadratic on a long run of markers followed by anything else).
 */
export function withoutClosingMarkers(text: string): string {
  let end = text.length;
  while (isSpace(text[end - 1])) end--;
  let kept = -1;
  for (;;) {
    if (text[end - 1] !== "]") break;
    let open = end - 2;
    while (isMarkerChar(text[open])) open--;
    if (text[open] !== "[") break;
    end = open;
    while (isSpace(text[end - 1])) end--;
    kept = end;
  }
  return kept === -1 ? text : text.slice(0, kept);
}

/** The statement a marker closes: the last sentence before it, without the markers beside it. */
function statementBefore(text: string): string {
  const before = withoutClosingMarkers(text).replace(/\[[\d,\s]*\]/g, "");
  const pieces = before.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim());
  return pieces.at(-1)?.trim() ?? "";
}

/**
 * The reply with unknown markers removed, and its citations in order of first mention (one per
 * passage; its quote chosen from everything the reply cites it for).
 */
export function citeProse(text: string, passages: readonly Passage[]): { content: string; citations: ProseCitation[] } {
  const statements = new Map<number, string[]>();
  const content = text.replace(MARKER, (_marker, space: string, list: string, offset: number) => {
    const known = [...new Set(list.split(",").map((s) => Number(s.trim())))].filter((n) => n >= 1 && n <= passages.length);
    for (const n of known) {
      const said = statements.get(n) ?? [];
      said.push(statementBefore(text.slice(0, offset)));
      statements.set(n, said);
    }
    // A dropped marker takes the space before it along ("shelters [9]." reads "shelters.").
    return known.length ? `${space}[${known.join(", ")}]` : "";
  });
  const citations: ProseCitation[] = [];
  for (const [n, said] of statements) {
    const passage = passages[n - 1]!;
    const { source } = groundElement(n, said.join(" "), passages);
    if (!source) continue;
    citations.push({ ...source, n, documentName: passage.documentName, ...(passage.page !== undefined ? { page: passage.page } : {}) });
  }
  return { content, citations };
}

const OFFLINE_CITED_PASSAGES = 3;

/**
 * Offline prose cites extractively: for each of the first few passages, the sentence sharing the
 * most significant words with what the planner asked (and the section it is about), quoted with its
 * [n] marker — the same markers a model writes, mapped by citeProse like theirs. Passages sharing
 * no word with the question are left out; none left, no lines.
 */
export function offlineCitedLines(query: string, passages: readonly Pick<Passage, "content">[]): string[] {
  const lines: string[] = [];
  passages.forEach((p, i) => {
    if (lines.length >= OFFLINE_CITED_PASSAGES) return;
    const { sentence, shared } = bestSentence(p.content, query);
    if (shared > 0) lines.push(`- “${clipQuote(sentence)}” [${i + 1}]`);
  });
  return lines;
}
