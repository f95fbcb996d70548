import type { AskPassage } from "../../shared/ask/model";
import { analyzeQuestion, conceptIn, passageStems, type QueryConcept } from "../documents/query-terms";

/**
 * The answer Ask Readyroom gives when no AI provider is configured: no model, so it quotes the
 * retrieved passages themselves — for each of the best few, the sentences that answer: the ones
 * carrying the question's specific terms (numbers, names, places, codes, and words rare among the
 * passages), not merely its common words — each with its [n] citation. Deterministic: the same question over the
 * same passages gives the same answer.
 */

/** Shown next to offline answers (the design assistant's offline provider says "offline drafting"). */
export const ASK_OFFLINE_LABEL = "offline answers";

const MAX_QUOTED_PASSAGES = 4;
const MAX_QUOTE_CHARS = 320;

export const NOTHING_INDEXED =
  "I could not find anything to answer from: none of the documents I may search is ready yet. " +
  "Upload your plans, procedures or after-action reports in the Library, wait until they show Ready, then ask again.";

export const NOTHING_MATCHED =
  "Your documents do not seem to cover this: no passage in your library matches the question. " +
  "Try other words (a plan's own terms, a place or a role), choose other documents, or upload a document that covers it.";

export function offlineAskAnswer(question: string, passages: AskPassage[], context: { hasIndexedDocuments: boolean }): string {
  if (passages.length === 0) return context.hasIndexedDocuments ? NOTHING_MATCHED : NOTHING_INDEXED;
  const topic = clip(question.trim().replace(/\s+/g, " "), 80);
  const quoted = passages.slice(0, MAX_QUOTED_PASSAGES);
  const terms = weightedTerms(
    question,
    quoted.map((p) => p.content),
  );
  const wantsNumber = QUANTITY_QUESTION.test(question);
  const lines = quoted.map((p) => `- ${bestQuote(p.content, terms, wantsNumber)} [${p.n}]`);
  const sources = [...new Set(passages.slice(0, MAX_QUOTED_PASSAGES).map((p) => p.documentName))];
  return (
    `Here is what your documents say about "${topic}":\n\n${lines.join("\n")}\n\n` +
    `These are passages quoted from ${sources.join(", ")}. No AI provider is configured on this server, ` +
    `so Readyroom quotes your documents instead of writing an answer.`
  );
}

type WeightedTerm = { concept: QueryConcept; weight: number };

/** Questions whose answer is a number: a sentence that carries one (and the question's terms) answers them. */
const QUANTITY_QUESTION = /\bhow (?:many|much|long|far|big|large|often|soon)\b|\bnumber of\b|\bcapacity\b|\bquantity\b/i;

/**
 * The question's concepts weighted for quoting: specific terms three times a common one, and a
 * concept found in fewer of the quoted passages more than one found in all of them (it is what
 * tells the passages apart).
 */
function weightedTerms(question: string, contents: string[]): WeightedTerm[] {
  const stems = contents.map(passageStems);
  return analyzeQuestion(question).map((concept) => {
    const found = stems.filter((s) => conceptIn(concept, s)).length;
    return { concept, weight: (concept.specific ? 3 : 1) * Math.log(1 + (contents.length + 1) / (found + 0.5)) };
  });
}

/**
 * The passage's sentence(s) carrying the most weight of the question's terms, in document order.
 * For a "how many" question a sentence with a number gains the weight of the question's heaviest
 * term: "12,000 filled sandbags…" answers it, the memo's title "SANDBAG STOCKPILE" does not.
 */
function bestQuote(content: string, terms: WeightedTerm[], wantsNumber: boolean): string {
  const sentences = splitSentences(content);
  if (sentences.length === 0) return clip(content.replace(/\s+/g, " ").trim(), MAX_QUOTE_CHARS);
  const numberBonus = wantsNumber ? Math.max(0, ...terms.map((t) => t.weight)) : 0;
  const scored = sentences.map((s, index) => {
    const base = score(s, terms);
    return { s, index, score: base > 0 && /\d/.test(s) ? base + numberBonus : base };
  });
  // Highest score first; ties keep document order, so the choice is stable.
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen = [ranked[0]!];
  const second = ranked[1];
  // A second sentence only when it carries at least half as much: otherwise it is the passage's
  // common words talking, not the answer.
  if (second && second.score > 0 && second.score * 2 >= chosen[0]!.score && chosen[0]!.s.length + second.s.length + 1 <= MAX_QUOTE_CHARS) {
    chosen.push(second);
  }
  chosen.sort((a, b) => a.index - b.index);
  return clip(chosen.map((c) => c.s).join(" "), MAX_QUOTE_CHARS);
}

export function splitSentences(content: string): string[] {
  // Markdown headings are labels, not statements: quoting one says nothing.
  return content
    .replace(/^#+ .*$/gm, "")
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => plainLine(s.replace(/\s+/g, " ").trim()))
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
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
  return line.replace(/^(?:[-*•+]|\d{1,3}[.)])\s+/, "");
}

function score(sentence: string, terms: WeightedTerm[]): number {
  const stems = passageStems(sentence);
  return terms.reduce((sum, t) => sum + (conceptIn(t.concept, stems) ? t.weight : 0), 0);
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max - 1);
  return `${text.slice(0, cut > max / 2 ? cut : max - 1).trimEnd()}…`;
}
