/**
 * Orders in which nothing can be read: a Fisher–Yates shuffle driven by crypto.getRandomValues
 * (Math.random is predictable from a few outputs), with rejection sampling so no position is
 * favoured. Used where an order would otherwise tell something, e.g. which respondent label a
 * contributor gets (worker/collaborate/synthesis/anonymise.ts). Callers take a `Shuffle`, so tests
 * inject a fixed one.
 */

export type Shuffle = <T>(items: readonly T[]) => T[];

/** A uniform integer in [0, n), n ≤ 2^32. */
function randomBelow(n: number): number {
  const range = 2 ** 32;
  const limit = range - (range % n);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0]! < limit) return word[0]! % n;
  }
}

export const cryptoShuffle: Shuffle = (items) => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/** The order given: for a run resumed with the order it already drew. */
export const keepOrder: Shuffle = (items) => [...items];
