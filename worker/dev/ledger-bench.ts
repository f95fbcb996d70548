import { Hono } from "hono";
import { z } from "zod";
import { appCtxOf, type AppContext } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { ledgerFor } from "../billing/ledger";
import { percentile, round, runPairs } from "./callers";

/**
 * Ledger throughput, measured where it runs: reserve+settle pairs against ONE fresh account's
 * CREDIT_LEDGER object, from `concurrency` callers inside this Worker, then an exact reconciliation
 * (ledger rows, balance identity, D1 copy). Mounted under /api/dev (worker/dev/routes.ts: local and
 * test only). bench/ledger.ts drives it for `npm run bench`, beside its baseline
 * POST /api/dev/bench/counter (worker/dev/counter-bench.ts: same calls on a bare counter object).
 */

export const benchInput = z.object({
  pairs: z.number().int().min(1).max(20_000).default(1000),
  concurrency: z.number().int().min(1).max(256).default(1),
  amount: z.number().int().min(1).max(1000).default(3),
});
type BenchInput = z.infer<typeof benchInput>;

export interface BenchResult {
  pairs: number;
  concurrency: number;
  seconds: number;
  pairsPerSecond: number;
  reserveP50Ms: number;
  reserveP99Ms: number;
  settleP99Ms: number;
  /** Credits the ledger should hold but does not (or holds but should not). */
  lostCredits: number;
  /** SPEND rows beyond one per pair, in the ledger or its D1 copy. */
  duplicatedSpends: number;
  retriesReplayed: number;
  auditOk: boolean;
  d1Spends: number;
  d1Balance: number | null;
}

async function runLedgerBench(ctx: AppContext, input: BenchInput): Promise<BenchResult> {
  const { env } = ctx;
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  // Real rows: the ledger's D1 copy references Account and User.
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO "User" (id, email, firstName, lastName) VALUES (?, ?, 'Bench', 'Ledger')`).bind(userId, `bench-${userId}@bench.local`),
    env.DB.prepare(`INSERT INTO "Account" (id, userId, provider, providerAccountId, type) VALUES (?, ?, 'readyroom', ?, 'SOLO')`).bind(
      accountId,
      userId,
      accountId,
    ),
  ]);
  const ledger = ledgerFor(ctx, accountId);
  const granted = input.pairs * input.amount + 17;
  await ledger.grant({ amount: granted, userId, idempotencyKey: "bench:grant" });

  const reserveMs: number[] = [];
  const settleMs: number[] = [];
  const settleKeys: { reservationId: string; key: string }[] = [];
  // Same driver as the baseline (worker/dev/counter-bench.ts): same calls, same concurrency.
  const seconds = await runPairs(input.pairs, input.concurrency, async (i) => {
    let t = performance.now();
    const r = await ledger.reserve({ amount: input.amount, userId, idempotencyKey: `bench:${i}:reserve` });
    reserveMs.push(performance.now() - t);
    const reservationId = r.transactions[0]!.id;
    t = performance.now();
    await ledger.settle({ reservationId, actualAmount: input.amount, idempotencyKey: `bench:${i}:settle` });
    settleMs.push(performance.now() - t);
    if (i % 10 === 0) settleKeys.push({ reservationId, key: `bench:${i}:settle` });
  });

  // Client retries after the fact: every one must replay, none may charge again.
  let retriesReplayed = 0;
  for (const s of settleKeys) {
    const again = await ledger.settle({ reservationId: s.reservationId, actualAmount: input.amount, idempotencyKey: s.key });
    if (again.replayed) retriesReplayed += 1;
  }
  const repeat = await ledger.reserve({ amount: input.amount, userId, idempotencyKey: "bench:0:reserve" });
  if (repeat.replayed) retriesReplayed += 1;

  await ledger.flushMirror();
  const audit = await ledger.stub.audit();
  const expectedBalance = granted - input.pairs * input.amount;
  const d1 = await env.DB.prepare(
    `SELECT COUNT(*) AS n, COALESCE(SUM(-amount), 0) AS spent FROM "Transaction" WHERE accountId = ? AND type = 'SPEND' AND status = 'COMPLETED'`,
  )
    .bind(accountId)
    .first<{ n: number; spent: number }>();
  const d1Balance = await env.DB.prepare(`SELECT currentBalance FROM "CreditBalance" WHERE accountId = ?`).bind(accountId).first<{ currentBalance: number }>();
  const ledgerSpends = audit.transactionCount - 1; // everything but the grant
  reserveMs.sort((a, b) => a - b);
  settleMs.sort((a, b) => a - b);
  return {
    pairs: input.pairs,
    concurrency: input.concurrency,
    seconds: round(seconds),
    pairsPerSecond: Math.round(input.pairs / seconds),
    reserveP50Ms: round(percentile(reserveMs, 50)),
    reserveP99Ms: round(percentile(reserveMs, 99)),
    settleP99Ms: round(percentile(settleMs, 99)),
    lostCredits: Math.abs(audit.balance.currentBalance - expectedBalance) + Math.abs(audit.balance.totalSpent - input.pairs * input.amount),
    duplicatedSpends: Math.max(0, ledgerSpends - input.pairs) + Math.max(0, (d1?.n ?? 0) - input.pairs),
    retriesReplayed,
    auditOk: audit.ok && audit.balance.pendingSpend === 0,
    d1Spends: d1?.n ?? 0,
    d1Balance: d1Balance?.currentBalance ?? null,
  };
}

export const ledgerBenchRoutes = new Hono<AppEnv>().post(
  "/",
  describe({ summary: "Ledger bench: reserve and settle pairs", internal: true }),
  jsonBody(benchInput),
  async (c) => {
    return c.json(await runLedgerBench(appCtxOf(c), c.req.valid("json")));
  },
);
