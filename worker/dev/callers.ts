/**
 * The driver both dev benches share (worker/dev/ledger-bench.ts and its baseline,
 * worker/dev/counter-bench.ts), so the ledger and the bare counter see the same calls at the same
 * concurrency: `concurrency` callers inside this Worker each take the next pair index until
 * `pairs` are done. Answers the seconds from the first call to the last answer.
 */
export async function runPairs(pairs: number, concurrency: number, pair: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const caller = async () => {
    while (next < pairs) await pair(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return (performance.now() - started) / 1000;
}

/** Nearest-rank percentile of an ascending array (0 when empty). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
export const round = (n: number) => Math.round(n * 100) / 100;
