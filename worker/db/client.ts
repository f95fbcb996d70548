import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDb>;

function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/**
 * One drizzle instance per D1 binding for the isolate's life: building one walks the whole schema
 * (its relational config), which cost more CPU than the queries of a page load when every loader
 * and middleware made its own. The instance holds no request state, only the binding.
 */
const instances = new WeakMap<D1Database, Database>();

export function getDb(d1: D1Database): Database {
  let db = instances.get(d1);
  if (!db) {
    db = createDb(d1);
    instances.set(d1, db);
  }
  return db;
}

/**
 * A raw SQL statement (INSERT … SELECT … WHERE, conditional writes) as an item of `db.batch`.
 * drizzle 0.45's D1 batch binds parameters on `stmt`, which its SQLiteRaw (from `db.run`) lacks
 * when the query has parameters; this gives it the prepared statement. Not awaited on its own.
 */
export function rawStatement(db: Database, query: import("drizzle-orm").SQL) {
  const raw = db.run(query);
  const prepared = raw as unknown as { getQuery(): { sql: string }; stmt?: D1PreparedStatement };
  prepared.stmt = db.$client.prepare(prepared.getQuery().sql);
  return raw;
}
