import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";

/**
 * BENCH_COUNTER: the baseline of the ledger bench, nothing else. A bare SQLite-backed Durable Object
 * that keeps one counter and adds 1 per call: what an RPC round trip plus one stored write costs on
 * this machine, measured in the same run as the CREDIT_LEDGER, so `npm run bench` can print the
 * ledger's throughput as a ratio to it (absolute times swing 2–3x between runs on shared machines).
 *
 * Reached only through the local-only dev route POST /api/dev/bench/counter (worker/dev/routes.ts);
 * no application code uses it.
 */
export class BenchCounter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS counter (k INTEGER PRIMARY KEY CHECK (k = 1), n INTEGER NOT NULL)");
  }

  /** Adds 1 to the stored counter and returns the new value. */
  increment(): number {
    return this.ctx.storage.sql.exec<{ n: number }>("INSERT INTO counter (k, n) VALUES (1, 1) ON CONFLICT(k) DO UPDATE SET n = n + 1 RETURNING n").one().n;
  }

  value(): number {
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT n FROM counter WHERE k = 1").toArray()[0]?.n ?? 0;
  }
}
