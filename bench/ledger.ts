/**
 * `npm run bench` section: credit ledger throughput on ONE account. The Worker's local-only
 * `POST /api/dev/bench/ledger` runs reserve+settle pairs against a fresh account's CREDIT_LEDGER
 * object from N concurrent callers inside the Worker (so the figures are the object's, not this
 * Node client's), then reconciles: ledger rows, the balance identity, and the D1 copy.
 * Target (issue 3): ≥ 500 pairs/s with zero lost or duplicated credits. Printed, never asserted.
 *
 * LEDGER_BENCH_PAIRS (default 2000), LEDGER_BENCH_CONCURRENCY (default "1,32").
 * Standalone against a running app: BASE_URL=http://localhost:8787 node --experimental-strip-types bench/ledger.ts
 */
import type { BenchResult } from "../worker/dev/ledger-bench.ts";
import type { BenchContext } from "./lib/section.ts";

// A type-only import is erased by Node's type stripping, so the bench shares the Worker's shape.
type LedgerBenchResult = BenchResult;

const pairs = Number(process.env.LEDGER_BENCH_PAIRS ?? 2000);
const concurrencies = (process.env.LEDGER_BENCH_CONCURRENCY ?? "1,32")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);

async function runOnce(baseURL: string, concurrency: number): Promise<LedgerBenchResult> {
  const res = await fetch(`${baseURL}/api/dev/bench/ledger`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pairs, concurrency }),
  });
  if (!res.ok) throw new Error(`POST /api/dev/bench/ledger answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as LedgerBenchResult;
}

export const name = "ledger";

export async function run(ctx: Pick<BenchContext, "baseURL"> & Partial<Pick<BenchContext, "printTable">>) {
  // Warm the Worker and the Durable Object code path first; those figures are discarded.
  await runOnce(ctx.baseURL, 4).catch(() => null);
  const results: LedgerBenchResult[] = [];
  for (const c of concurrencies) results.push(await runOnce(ctx.baseURL, c));
  const rows = results.map((r) => [
    r.concurrency,
    r.pairs,
    r.pairsPerSecond,
    r.reserveP50Ms.toFixed(2),
    r.reserveP99Ms.toFixed(2),
    r.settleP99Ms.toFixed(2),
    r.lostCredits,
    r.duplicatedSpends,
    `${r.retriesReplayed} replayed`,
    r.auditOk && r.d1Spends === r.pairs ? "ok" : "MISMATCH",
  ]);
  const print =
    ctx.printTable ??
    ((title: string, headers: string[], body: (string | number)[][]) => {
      console.log(`\n${title}`);
      console.log(headers.join("\t"));
      for (const row of body) console.log(row.join("\t"));
    });
  print(
    "Credit ledger: reserve+settle pairs on one account (target ≥ 500 pairs/s, 0 lost, 0 duplicated)",
    ["callers", "pairs", "pairs/s", "reserve p50 ms", "reserve p99 ms", "settle p99 ms", "lost credits", "dup spends", "retries", "reconcile"],
    rows,
  );
  return results;
}

export default { name, run };

if (import.meta.url === `file://${process.argv[1]}`) {
  await run({ baseURL: process.env.BASE_URL ?? "http://localhost:8787" });
}
