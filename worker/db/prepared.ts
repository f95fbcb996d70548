import { fillPlaceholders } from "drizzle-orm";
import type { Database } from "./client";

/** What a drizzle select's `.prepare()` gives (its SQL and parameters built, placeholders left open). */
type PreparedRead = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  all(placeholderValues?: Record<string, unknown>): Promise<unknown>;
};

type Rows<Q extends readonly PreparedRead[]> = { -readonly [K in keyof Q]: Awaited<ReturnType<Q[K]["all"]>> };

/**
 * A batch of reads run on every page load, with its SQL built once per drizzle instance (that is,
 * once per isolate: worker/db/client.ts) instead of on each request: building a select walks the
 * query's tree and cost more CPU than D1 took to answer it (issue 10). `build` writes the selects
 * with `sql.placeholder(name)` for what changes per request and ends each with `.prepare()`; `run`
 * binds the values and sends them as one D1 batch (one round trip), and each
 * answer is mapped by its own query exactly as `db.batch` maps it. `statements`/`map` let a caller
 * send them in a batch of its own, beside other statements.
 */
export function preparedBatch<const Q extends readonly PreparedRead[]>(build: (db: Database) => Q) {
  const built = new WeakMap<Database, { queries: Q; statements: D1PreparedStatement[] }>();
  const prepared = (db: Database) => {
    let hit = built.get(db);
    if (!hit) {
      const queries = build(db);
      hit = { queries, statements: queries.map((q) => db.$client.prepare(q.getQuery().sql)) };
      built.set(db, hit);
    }
    return hit;
  };
  const batch = {
    /** The statements with `values` bound, to send in a batch of the caller's own (with others). */
    statements(db: Database, values: Record<string, unknown>): D1PreparedStatement[] {
      const { queries, statements } = prepared(db);
      return queries.map((q, i) => statements[i]!.bind(...fillPlaceholders(q.getQuery().params, values)));
    },
    /** Their answers (in order), mapped by each query as `db.batch` maps them. */
    map(db: Database, results: D1Result[]): Rows<Q> {
      const { queries } = prepared(db);
      return results.map((result, i) => queries[i]!.mapResult(result, true)) as Rows<Q>;
    },
    /** Binds `values` and sends the batch: one round trip. */
    async run(db: Database, values: Record<string, unknown>): Promise<Rows<Q>> {
      return batch.map(db, await db.$client.batch(batch.statements(db, values)));
    },
  };
  return batch;
}
