import type { ChatChunk } from "../ai";
import type { AskPassage } from "../../shared/ask/model";

/**
 * The check of a model's answer (issue 31 item 1): the answer opens with the direct answer (the
 * prompt asks for it), and every figure a cited sentence of that opening states must be in a
 * passage it cites. A model that states "45 minutes [1]" where passage 1 says 55 is not passed on: the planner gets the offline answer (the passages quoted) instead, said to be so.
 */

/** How much of the answer is held back and checked before any of it is streamed. */
const OPENING_MAX_CHARS = 600;

const FIGURE = /\d[\d,.:]*\d|\d/g;
const CITATION = /\[(\d{1,2})\]/g;

export const UNCHECKED_ANSWER_NOTE =
  "The AI's answer stated a figure its cited passages do not contain, so here are the passages themselves instead. Check them before relying on the answer.";

/** Whether every figure in each cited sentence of `opening` occurs in a passage that sentence cites. */
export function openingSupported(opening: string, passages: AskPassage[]): boolean {
  const byN = new Map(passages.map((p) => [p.n, p.content.toLowerCase()]));
  // A sentence ends at ". " or a line end; its citations may follow the full stop ("… 55 minutes. [1]").
  const sentences = opening.split(/(?<=[.!?\]])\s+(?!\[)|\n+/);
  for (const sentence of sentences) {
    const figures = (sentence.replace(CITATION, " ").match(FIGURE) ?? []).filter((f) => f.length > 0);
    if (figures.length === 0) continue;
    const markers = [...sentence.matchAll(CITATION)];
    // An uncited sentence is the model's own framing; a cited one must hold what it states.
    if (markers.length === 0) continue;
    const cited = markers.map((m) => byN.get(Number(m[1]))).filter((c): c is string => c !== undefined);
    if (cited.length === 0) return false;
    if (!figures.every((f) => cited.some((content) => content.includes(f.toLowerCase())))) return false;
  }
  return true;
}

/**
 * The model's chunks, with its opening (up to the first blank line, at most OPENING_MAX_CHARS)
 * held back and checked; a failing opening replaces the whole answer with `fallback()` (the model
 * is still read to its end, so its usage is reported and charged as usual).
 */
export async function* checkedAnswer(chunks: AsyncIterable<ChatChunk>, passages: AskPassage[], fallback: () => string): AsyncIterable<ChatChunk> {
  let held = "";
  let verdict = "pending" as "pending" | "pass" | "fail";
  const release = (opening: string): ChatChunk => {
    verdict = openingSupported(opening, passages) ? "pass" : "fail";
    return { type: "text", text: verdict === "pass" ? held : `${UNCHECKED_ANSWER_NOTE}\n\n${fallback()}` };
  };
  try {
    for await (const chunk of chunks) {
      if (chunk.type !== "text" || verdict === "pass") {
        yield chunk;
        continue;
      }
      if (verdict === "fail") continue;
      held += chunk.text;
      const end = held.indexOf("\n\n");
      if (end >= 0 || held.length >= OPENING_MAX_CHARS) yield release(end < 0 ? held : held.slice(0, end));
    }
  } finally {
    // The model ended (or failed mid-answer) before the opening was complete: what it said is checked all the same.
    if (verdict === "pending" && held) yield release(held);
  }
}
