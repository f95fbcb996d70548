/**
 * `npm run bench` section: credit ledger throughput on ONE account, as a ratio to a bare Durable
 * Object measured in the same run. The Worker's local-only `POST /api/dev/bench/ledger` runs
 * reserve+settle pairs against a fresh account's CREDIT_LEDGER object from N concurrent callers
 * inside the Worker (so the figures are the object's, not this Node client's), then reconciles:
 * ledger rows, the balance identity, and the D1 copy. Its baseline, `POST /api/dev/bench/counter`,
 * makes the same two calls per pair from the same callers (one driver, worker/dev/callers.ts)
 * against BENCH_COUNTER, which only adds 1 to a stored counter. Shared machines swing absolute
 * times 2–3x between runs; the ratio ledger ÷ baseline is the figure to compare across runs. The
 * baseline runs right before and right after each ledger run and the two are pooled.
 * Issue 3's target, ≥ 500 pairs/s with zero lost or duplicated credits, is absolute: printed, never asserted.
 *
 * LEDGER_BENCH_PAIRS (default 2000), LEDGER_BENCH_CONCURRENCY (default "1,32").
 * Standalone against a running app: BASE_URL=http://localhost:8787 node --experimental-strip-types bench/ledger.ts
 */
import type { CounterBenchResult } from "../worker/dev/counter-bench.ts";
import type { BenchResult } from "../worker/dev/ledger-bench.ts";
import type { BenchContext } from "./lib/section.ts";
import { ratio } from "./lib/table.ts";

// A type-only import is erased by Node's type stripping, so the bench shares the Worker's shape.
type LedgerBenchResult = BenchResult;

const pairs = Number(process.env.LEDGER_BENCH_PAIRS ?? 2000);
const concurrencies = (process.env.LEDGER_BENCH_CONCURRENCY ?? "1,32")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);

async function post<T>(baseURL: string, path: string, body: object): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

const ledgerOnce = (baseURL: string, concurrency: number) => post<LedgerBenchResult>(baseURL, "/api/dev/bench/ledger", { pairs, concurrency });
const counterOnce = (baseURL: string, concurrency: number) => post<CounterBenchResult>(baseURL, "/api/dev/bench/counter", { pairs, concurrency });

/** The two baseline runs around a ledger run, pooled: all their pairs over all their seconds. */
function pool(a: CounterBenchResult, b: CounterBenchResult) {
  const seconds = a.seconds + b.seconds;
  return {
    pairsPerSecond: seconds > 0 ? Math.round((a.pairs + b.pairs) / seconds) : Number.NaN,
    callP50Ms: (a.callP50Ms + b.callP50Ms) / 2,
    callP99Ms: (a.callP99Ms + b.callP99Ms) / 2,
    counted: a.count === a.calls && b.count === b.calls,
  };
}

export const name = "ledger";

export async function run(ctx: Pick<BenchContext, "baseURL"> & Partial<Pick<BenchContext, "printTable">>) {
  // Warm the Worker and both objects' code paths first; those figures are discarded.
  await counterOnce(ctx.baseURL, 4).catch(() => null);
  await ledgerOnce(ctx.baseURL, 4).catch(() => null);
  const results: { ledger: LedgerBenchResult; baseline: ReturnType<typeof pool> }[] = [];
  for (const c of concurrencies) {
    const before = await counterOnce(ctx.baseURL, c);
    const ledger = await ledgerOnce(ctx.baseURL, c);
    const after = await counterOnce(ctx.baseURL, c);
    results.push({ ledger, baseline: pool(before, after) });
  }
  const ms = (n: number) => n.toFixed(2);
  const rows = results.map(({ ledger: r, baseline: b }) => {
    const reconciled = r.auditOk && r.d1Spends === r.pairs && r.lostCredits === 0 && r.duplicatedSpends === 0;
    return [
      r.concurrency,
      r.pairs,
      r.pairsPerSecond,
      b.pairsPerSecond,
      ratio(r.pairsPerSecond, b.pairsPerSecond),
      `${ms(r.reserveP50Ms)} / ${ms(b.callP50Ms)}`,
      ratio(r.reserveP50Ms, b.callP50Ms),
      `${ms(r.settleP99Ms)} / ${ms(b.callP99Ms)}`,
      ratio(r.settleP99Ms, b.callP99Ms),
      `${reconciled ? "ok" : "MISMATCH"}: ${r.lostCredits} lost, ${r.duplicatedSpends} dup, ${r.retriesReplayed} retries replayed${b.counted ? "" : "; baseline counter MISMATCH"}`,
    ];
  });
  const print =
    ctx.printTable ??
    ((title: string, headers: string[], body: (string | number)[][]) => {
      console.log(`\n${title}`);
      console.log(headers.join("\t"));
      for (const row of body) console.log(row.join("\t"));
    });
  print(
    `Credit ledger vs a bare Durable Object (BENCH_COUNTER: +1 to one stored counter per call), same run: ${pairs} pairs of 2 calls (reserve+settle / 2 increments) on one object, same callers`,
    [
      "callers",
      "pairs",
      "ledger pairs/s",
      "baseline pairs/s",
      "ledger ÷ baseline",
      "reserve p50 / baseline call p50 (ms)",
      "÷",
      "settle p99 / baseline call p99 (ms)",
      "÷",
      "ledger reconcile",
    ],
    rows,
  );
  console.log(
    "  baseline = two counter runs, right before and right after the ledger's, pooled; issue 3's absolute target is ≥ 500 ledger pairs/s, 0 lost, 0 duplicated",
  );
  console.log("  call times come from the Worker's clock, which advances only on I/O: whole milliseconds (a baseline that reads 0 shows its ratio as —)");
  return results;
}

export default { name, run };

if (import.meta.url === `file://${process.argv[1]}`) {
  await run({ baseURL: process.env.BASE_URL ?? "http://localhost:8787" });
}
