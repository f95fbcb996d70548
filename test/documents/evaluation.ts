/**
 * Scoring of the retrieval evaluations (issue 31 item 5): the development set over the seeded
 * Brackwater documents (retrieval-questions.ts), which rules may be tuned on, and the held-out test
 * set over the Tamsin County excerpts (heldout/), which they must never be. Read by the workerd
 * tests (floors) and `npm run bench` (figures for both sets, printed apart).
 */

export type EvalQuestion = {
  question: string;
  /** The file that holds the answer (held-out set); absent: any document may (development set). */
  document?: string | null;
  /** Text a passage must contain (every item, case-insensitive) to hold the answer; null: no document answers. */
  passage: string[] | null;
  /** Text the answer itself must contain (every item). */
  fact: string[];
};

type EvalPassage = { content: string; file?: string };
export type EvalResult = { question: EvalQuestion; passages: EvalPassage[]; answer: string };

export interface EvalScore {
  answerable: number;
  /** Answerable questions whose first cited passage holds the answer. */
  hit1: number;
  hit5: number;
  /** Answerable questions with any cited passage holding the answer. */
  hitAny: number;
  hitAt1: number;
  hitAt5: number;
  /** Mean reciprocal rank of the first passage holding the answer (0 when none does). */
  mrr: number;
  /** Answerable questions whose answer text contains the key fact. */
  factInAnswer: number;
  /** Passages cited in all: and of those, ones from a document other than the answer's (all of them, for a question no document answers). */
  cited: number;
  irrelevantCited: number;
  unanswerable: number;
  /** Unanswerable questions answered with no passage at all. */
  declined: number;
  /** Answerable questions wrongly answered with no passage. */
  wronglyDeclined: number;
  misses: string[];
}

/** The answer's quoted lines, short, for a miss report. */
const quotesOf = (answer: string) =>
  answer
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .join(" ")
    .slice(0, 400);

const contains = (text: string, phrases: string[]) => phrases.every((p) => text.toLowerCase().includes(p.toLowerCase()));

function holds(question: EvalQuestion, passage: EvalPassage): boolean {
  if (!question.passage) return false;
  if (question.document && passage.file !== question.document) return false;
  return contains(passage.content, question.passage);
}

export function scoreEvaluation(results: EvalResult[]): EvalScore {
  const s: EvalScore = {
    answerable: 0,
    hit1: 0,
    hit5: 0,
    hitAny: 0,
    hitAt1: 0,
    hitAt5: 0,
    mrr: 0,
    factInAnswer: 0,
    cited: 0,
    irrelevantCited: 0,
    unanswerable: 0,
    declined: 0,
    wronglyDeclined: 0,
    misses: [],
  };
  let rr = 0;
  for (const { question, passages, answer } of results) {
    s.cited += passages.length;
    if (!question.passage) {
      s.unanswerable++;
      s.irrelevantCited += passages.length;
      if (passages.length === 0) s.declined++;
      else s.misses.push(`not declined: ${question.question}`);
      continue;
    }
    s.answerable++;
    if (passages.length === 0) s.wronglyDeclined++;
    const rank = passages.findIndex((p) => holds(question, p));
    const home = question.document ?? (rank >= 0 ? passages[rank]!.file : undefined);
    s.irrelevantCited += passages.filter((p) => home === undefined || p.file !== home).length;
    if (rank === 0) s.hit1++;
    if (rank >= 0 && rank < 5) s.hit5++;
    if (rank >= 0) s.hitAny++;
    if (rank >= 0) rr += 1 / (rank + 1);
    const factFound = question.fact.length > 0 && contains(answer, question.fact);
    if (factFound) s.factInAnswer++;
    if (rank !== 0) s.misses.push(`${rank < 0 ? "missed" : `rank ${rank + 1}`}: ${question.question}`);
    if (!factFound) s.misses.push(`fact "${question.fact.join(", ")}" not in the answer: ${question.question} → ${quotesOf(answer)}`);
  }
  const n = Math.max(s.answerable, 1);
  s.hitAt1 = s.hit1 / n;
  s.hitAt5 = s.hit5 / n;
  s.mrr = rr / n;
  return s;
}
