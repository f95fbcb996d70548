import { Hono } from "hono";
import type { Env } from "../env";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { percentile, round, runPairs } from "./callers";
import { benchInput } from "./ledger-bench";

/**
 * The ledger bench's baseline: the same `pairs` × 2 calls from the same `concurrency` callers as
 * POST /api/dev/bench/ledger (worker/dev/callers.ts), against a fresh BENCH_COUNTER object that only
 * adds 1 to a stored counter per call. bench/ledger.ts prints the ledger's pairs/s as a ratio to
 * this, measured in the same run. Mounted under /api/dev (worker/dev/routes.ts: local and test only).
 */

const counterBenchInput = benchInput.pick({ pairs: true, concurrency: true });

export interface CounterBenchResult {
  pairs: number;
  concurrency: number;
  /** Calls made: two per pair, like reserve + settle. */
  calls: number;
  seconds: number;
  pairsPerSecond: number;
  callP50Ms: number;
  callP99Ms: number;
  /** The counter after the run: equals `calls` unless a call was lost or applied twice. */
  count: number;
}

async function runCounterBench(env: Env, input: { pairs: number; concurrency: number }): Promise<CounterBenchResult> {
  const ns = env.BENCH_COUNTER;
  // A fresh object per run, like the ledger bench's fresh account, woken before the clock starts
  // (the ledger's is woken by its grant).
  const stub = ns.get(ns.idFromName(crypto.randomUUID()));
  await stub.value();

  const callMs: number[] = [];
  const seconds = await runPairs(input.pairs, input.concurrency, async () => {
    for (let k = 0; k < 2; k++) {
      const t = performance.now();
      await stub.increment();
      callMs.push(performance.now() - t);
    }
  });
  const count = await stub.value();
  callMs.sort((a, b) => a - b);
  return {
    pairs: input.pairs,
    concurrency: input.concurrency,
    calls: input.pairs * 2,
    seconds: round(seconds),
    pairsPerSecond: Math.round(input.pairs / seconds),
    callP50Ms: round(percentile(callMs, 50)),
    callP99Ms: round(percentile(callMs, 99)),
    count,
  };
}

export const counterBenchRoutes = new Hono<AppEnv>().post(
  "/",
  describe({ summary: "Ledger bench baseline: a bare counter", internal: true }),
  jsonBody(counterBenchInput),
  async (c) => {
    return c.json(await runCounterBench(c.env, c.req.valid("json")));
  },
);
