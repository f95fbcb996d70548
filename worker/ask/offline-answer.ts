import type { AskPassage } from "./model";
import { retrievalQuery } from "../documents/retrieval";

/**
 * The answer Ask Readyroom gives when no AI provider is configured: no model, so it quotes the
 * retrieved passages themselves — for each of the best few, the sentences that share the most
 * words with the question — each with its [n] citation. Deterministic: the same question over the
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
  const terms = topicTerms(question);
  const lines = passages.slice(0, MAX_QUOTED_PASSAGES).map((p) => `- ${bestQuote(p.content, terms)} [${p.n}]`);
  const sources = [...new Set(passages.slice(0, MAX_QUOTED_PASSAGES).map((p) => p.documentName))];
  return (
    `Here is what your documents say about "${topic}":\n\n${lines.join("\n")}\n\n` +
    `These are passages quoted from ${sources.join(", ")}. No AI provider is configured on this server, ` +
    `so Readyroom quotes your documents instead of writing an answer.`
  );
}

function topicTerms(question: string): string[] {
  return [...new Set(retrievalQuery(question).toLowerCase().split(" ").filter((w) => w.length > 1))];
}

/** The passage's sentence(s) sharing the most topic words with the question, in document order. */
function bestQuote(content: string, terms: string[]): string {
  const sentences = splitSentences(content);
  if (sentences.length === 0) return clip(content.replace(/\s+/g, " ").trim(), MAX_QUOTE_CHARS);
  const scored = sentences.map((s, index) => ({ s, index, score: score(s, terms) }));
  // Highest score first; ties keep document order, so the choice is stable.
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen = [ranked[0]!];
  const second = ranked[1];
  if (second && second.score > 0 && chosen[0]!.s.length + second.s.length + 1 <= MAX_QUOTE_CHARS) chosen.push(second);
  chosen.sort((a, b) => a.index - b.index);
  return clip(chosen.map((c) => c.s).join(" "), MAX_QUOTE_CHARS);
}

function splitSentences(content: string): string[] {
  // Markdown headings are labels, not statements: quoting one says nothing.
  return content
    .replace(/^#+ .*$/gm, "")
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

function score(sentence: string, terms: string[]): number {
  const lower = sentence.toLowerCase();
  // Prefix match stands in for stemming ("evacuat" in "evacuation" and "evacuate").
  return terms.reduce((sum, t) => sum + (lower.includes(t.length > 5 ? t.slice(0, t.length - 2) : t) ? 1 : 0), 0);
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max - 1);
  return `${text.slice(0, cut > max / 2 ? cut : max - 1).trimEnd()}…`;
}
