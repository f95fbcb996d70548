import type { AskPassage } from "../../shared/ask/model";
import { analyzeQuestion, conceptIn, passageStems, type QueryConcept } from "../documents/query-terms";
import { answerShape, hasAnswerShape, type AnswerShape } from "../documents/answer-shape";
import { sentencesOf } from "../documents/sentences";

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
const MAX_QUOTE_CHARS = 420;

export const NOTHING_INDEXED =
  "I could not find anything to answer from: none of the documents I may search is ready yet. " +
  "Upload your plans, procedures or after-action reports in the Library, wait until they show Ready, then ask again.";

export const NOTHING_MATCHED =
  "Your documents do not seem to cover this: no passage in your library matches the question. " +
  "Try other words (a plan's own terms, a place or a role), choose other documents, or upload a document that covers it.";

export function offlineAskAnswer(question: string, passages: AskPassage[], context: { hasIndexedDocuments: boolean }): string {
  if (passages.length === 0) return context.hasIndexedDocuments ? NOTHING_MATCHED : NOTHING_INDEXED;
  const topic = clip(question.trim().replace(/\s+/g, " "), 80);
  const quotes = answerQuotes(question, passages);
  const lines = quotes.map((q) => `- ${q.text} [${q.n}]`);
  const sources = [...new Set(quotes.map((q) => passages.find((p) => p.n === q.n)!.documentName))];
  return (
    `Here is what your documents say about "${topic}":\n\n${lines.join("\n")}\n\n` +
    `These are passages quoted from ${sources.join(", ")}. No AI provider is configured on this server, ` +
    `so Readyroom quotes your documents instead of writing an answer.`
  );
}

type AnswerQuote = { n: number; text: string; score: number };

/**
 * The quotes that answer: for each of the best few passages, the sentence(s) answering the
 * question (see bestQuote), the one answering best first; a passage whose best sentence carries
 * less than a share of the best one's weight is not quoted (it mentions the topic, it does not
 * answer).
 */
function answerQuotes(question: string, passages: AskPassage[]): AnswerQuote[] {
  const quoted = passages.slice(0, MAX_QUOTED_PASSAGES);
  const terms = weightedTerms(
    question,
    quoted.map((p) => p.content),
  );
  const shape = answerShape(question);
  const quotes = quoted.map((p) => ({ n: p.n, ...bestQuote(p.content, terms, shape) }));
  const best = Math.max(...quotes.map((q) => q.score));
  // When some passage answers in the answer's shape (a duration, a number, a role…), one that does not only mentions the topic.
  const shaped = quotes.some((q) => q.shaped);
  return quotes
    .filter((q, i) => i === 0 || (q.score >= best * QUOTE_BAR && (q.shaped || !shaped)))
    .sort((a, b) => Number(b.shaped) - Number(a.shaped) || b.score - a.score || a.n - b.n)
    .map(({ n, text, score }) => ({ n, text, score }));
}

/** A passage's quote is kept when it carries at least this share of the best quote's weight. */
const QUOTE_BAR = 0.5;

type WeightedTerm = { concept: QueryConcept; weight: number };

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

/** A sentence with the answer's shape answers when it carries at least this share of the best sentence's terms. */
const SHAPED_SHARE = 0.3;

/** A sentence leaning on the one before it ("The team…", "It…", "Until it arrives…"). */
const LEANS_BACK = /^(?:it|its|this|that|these|those|they|their|the team|until|during that|then|there)\b/i;

/**
 * The passage's sentence(s) that answer. A sentence scores the weight of the question's terms it
 * carries, and the terms of the sentence before it at half weight (the topic is often named once
 * and the next sentence gives the fact: "Team 4 … responds to requests. The expected arrival time
 * … is 55 minutes."). A sentence with the answer's shape (a duration for "how long", a number for
 * "how many", a role for "who", a place for "where", a condition for "what triggers") gains the
 * weight of the question's heaviest term. The best sentence is quoted with the one before it when
 * it leans on it, or with a second-best sentence carrying at least half its weight.
 */
function bestQuote(content: string, terms: WeightedTerm[], shape: AnswerShape | null): { text: string; score: number; shaped: boolean } {
  const all = sentencesOf(content);
  const sentences = all.map((x) => x.text);
  if (sentences.length === 0) return { text: clip(content.replace(/\s+/g, " ").trim(), MAX_QUOTE_CHARS), score: 0, shaped: false };
  const bonus = Math.max(0, ...terms.map((t) => t.weight));
  const found = sentences.map((s) => {
    const stems = passageStems(s);
    return terms.map((t) => conceptIn(t.concept, stems));
  });
  const scored = sentences.map((s, index) => {
    const own = terms.reduce((sum, t, i) => sum + (found[index]![i] ? t.weight : 0), 0);
    const before = index > 0 ? terms.reduce((sum, t, i) => sum + (found[index - 1]![i] && !found[index]![i] ? t.weight / 2 : 0), 0) : 0;
    const base = own + before;
    const shaped = base > 0 && shape !== null && hasAnswerShape(s, shape);
    return { s, index, base, shaped, label: all[index]!.label, score: shaped ? base + bonus : base };
  });
  // A sentence with the answer's shape and a fair share of the question's terms answers; the
  // sentence carrying the most terms only names the topic. Highest score first; ties keep document
  // order, so the choice is stable.
  const topBase = Math.max(...scored.map((c) => c.base));
  const answers = (c: (typeof scored)[number]) => (c.shaped && c.base >= topBase * SHAPED_SHARE ? 1 : 0);
  const statement = (c: (typeof scored)[number]) => (c.label ? 0 : 1);
  const ranked = [...scored].sort((a, b) => statement(b) - statement(a) || answers(b) - answers(a) || b.score - a.score || a.index - b.index);
  const first = ranked[0]!;
  const chosen = [first];
  const fits = (other: { s: string }) => first.s.length + other.s.length + 1 <= MAX_QUOTE_CHARS;
  const previous = scored[first.index - 1];
  const topic = [...scored].sort((a, b) => statement(b) - statement(a) || b.base - a.base || a.index - b.index)[0]!;
  const second = ranked.find((c) => c !== first && !c.label);
  if (previous && !previous.label && LEANS_BACK.test(first.s) && fits(previous)) chosen.push(previous);
  // The answer with the sentence naming its topic, when that is another one.
  else if (answers(first) && topic !== first && fits(topic)) chosen.push(topic);
  // A second sentence only when it carries at least half as much: otherwise it is the passage's
  // common words talking, not the answer.
  else if (second && second.score > 0 && second.score * 2 >= first.score && fits(second)) chosen.push(second);
  chosen.sort((a, b) => a.index - b.index);
  return { text: clip(joinSentences(chosen.map((c) => c.s)), MAX_QUOTE_CHARS), score: first.score, shaped: answers(first) === 1 };
}

/** Quoted sentences side by side; a table row or list line ends without a stop, so one is put between ("…generator; Shelter: …"). */
const joinSentences = (parts: string[]) => parts.map((s, i) => (i < parts.length - 1 && !/[.!?;:…]["”’)]?$/.test(s) ? `${s};` : s)).join(" ");

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max - 1);
  return `${text.slice(0, cut > max / 2 ? cut : max - 1).trimEnd()}…`;
}
