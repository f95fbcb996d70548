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
 * with `sql.placeholder(name)` for what changes per request and ends each with `.prepare()`; the
 * returned function binds the values and sends them as one D1 batch (one round trip), and each
 * answer is mapped by its own query exactly as `db.batch` maps it.
 */
export function preparedBatch<const Q extends readonly PreparedRead[]>(build: (db: Database) => Q) {
  const built = new WeakMap<Database, { queries: Q; statements: D1PreparedStatement[] }>();
  return async (db: Database, values: Record<string, unknown>): Promise<Rows<Q>> => {
    let hit = built.get(db);
    if (!hit) {
      const queries = build(db);
      hit = { queries, statements: queries.map((q) => db.$client.prepare(q.getQuery().sql)) };
      built.set(db, hit);
    }
    const { queries, statements } = hit;
    const results = await db.$client.batch(queries.map((q, i) => statements[i]!.bind(...fillPlaceholders(q.getQuery().params, values))));
    return results.map((result, i) => queries[i]!.mapResult(result, true)) as Rows<Q>;
  };
}
