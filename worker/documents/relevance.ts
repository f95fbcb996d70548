import { hasAnswerShape, type AnswerShape } from "./answer-shape";
import { conceptWeightIn, passageStems, type QueryConcept } from "./query-terms";
import type { Sentence } from "./sentences";

/**
 * How relevant a passage is to a question, and when nothing is relevant enough to answer from.
 * Pure, so the thresholds are tested on their own and the retrieval evaluation in
 * `npm run bench` measures exactly these rules.
 *
 * Coverage is the share of the question's concepts a passage contains, each weighted by how rare
 * it is in the planner's library (inverse document frequency over chunks): "county" or
 * "emergency" in every chunk weigh almost nothing, "budget" or "Condition II" weigh a lot, and a
 * concept no document contains at all weighs the most — a question about something the library
 * never mentions cannot reach the floor on its common words alone — unless it is a verb or adverb
 * ("bring", "stockpiled"): missing, that is the planner's phrasing, and it weighs as a middling word.
 */

/** Reciprocal-rank fusion constant (Cormack et al.): damps the head of each list. */
const RRF_K = 60;

/** Below this coverage a passage is not cited. */
export const PASSAGE_FLOOR = 0.25;
/** Below this coverage for the best passage (and no strong semantic match) the question is declined. */
export const ANSWER_FLOOR = 0.45;

export type ConceptWeight = { concept: QueryConcept; weight: number; documentFrequency: number };

/**
 * Rarity is judged as if the library had at least this many chunks: in a library of one or two
 * documents every word is "rare" or "everywhere", and a question would be declined for any word
 * the plan happens not to use.
 */
const MIN_LIBRARY_CHUNKS = 50;
/** The share of the library's chunks an unmatched describing word is weighed as if it were in. */
const DESCRIBING_SHARE = 0.1;

/** Inverse document frequency of each concept over the `total` chunks searched. */
export function conceptWeights(concepts: QueryConcept[], documentFrequencies: number[], searched: number): ConceptWeight[] {
  const total = Math.max(searched, MIN_LIBRARY_CHUNKS);
  return concepts.map((concept, i) => {
    const df = documentFrequencies[i] ?? 0;
    // Specific terms (numbers, names, codes) decide which passage answers: weigh them up.
    const idf = Math.log(1 + (total + 1) / (df + 0.5));
    // A verb or adverb no passage holds ("bring", "stockpiled", "bitterly") is more often the
    // planner's phrasing than a topic the library lacks: it weighs as a word in a tenth of the
    // chunks, not the most. Development sets: Orrin first citation 10 → 12 of 19, wrongly declined
    // 6 → 4; the unanswerable questions declined exactly as before (Brackwater 5/6, Orrin 0/3).
    // Only when no passage holds it: capping it at any count cited more passages of other topics
    // on the development set (Brackwater 92 → 100 of 237 cited from elsewhere), so the step from
    // none to one passage holding the verb stays.
    const weight = df === 0 && concept.describing ? Math.log(1 + (total + 1) / (total * DESCRIBING_SHARE + 0.5)) : idf * (concept.specific ? 1.5 : 1);
    return { concept, weight, documentFrequency: df };
  });
}

/** Share (0–1) of the weighted concepts found in the text. */
export function coverage(weights: ConceptWeight[], text: string): number {
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  if (total <= 0) return 0;
  const stems = passageStems(text);
  const found = weights.reduce((sum, w) => sum + conceptWeightIn(w.concept, stems) * w.weight, 0);
  return found / total;
}

/** Fuses rankings (each best first, with its weight) into one score per id: Σ weight / (k + rank). */
export function reciprocalRankFusion(rankings: Array<{ ids: string[]; weight: number }>, k = RRF_K): Map<string, number> {
  const scores = new Map<string, number>();
  for (const { ids, weight } of rankings) {
    ids.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + weight / (k + i + 1)));
  }
  return scores;
}

/**
 * How well a passage's best place answers: the weighted share of the question's concepts in one
 * sentence holding at least one of them, counting those of the headings above it in full and of the
 * sentence before it at half weight ("Team 4 … responds. The expected arrival time is 55 minutes."),
 * raised when that sentence has the answer's shape (answer-shape.ts). Coverage says a passage is
 * about the question; focus says where in it the question's words meet, as an answer does.
 */
export function focus(weights: ConceptWeight[], sentences: Sentence[], shape: AnswerShape | null): number {
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  if (total <= 0) return 0;
  const none = weights.map(() => 0);
  let context = none;
  let previous = none;
  let best = 0;
  for (const sentence of sentences) {
    const stems = passageStems(sentence.text);
    const own = weights.map((w) => conceptWeightIn(w.concept, stems));
    if (sentence.label) {
      // A heading (the chunk's context line first) is what the sentences under it are about.
      context = own.map((x, i) => Math.max(x, context[i]!));
      previous = none;
      continue;
    }
    // A sentence holding none of the question's words is not where they meet, whatever its heading says.
    if (own.some((x) => x > 0)) {
      const score = weights.reduce((sum, w, i) => sum + w.weight * Math.max(own[i]!, context[i]!, NEARBY * previous[i]!), 0);
      const shaped = shape !== null && hasAnswerShape(sentence.text, shape);
      best = Math.max(best, (score / total) * (shaped ? 1 + SHAPE_BONUS : 1));
    }
    previous = own;
  }
  return best;
}

/** A concept in the sentence before counts for this share of one in the sentence. */
const NEARBY = 0.5;
/** A sentence in the answer's shape counts this much more (chosen on the development sets: 0 and 0.5 ranked worse). */
const SHAPE_BONUS = 0.25;
