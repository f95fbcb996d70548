import type { Env } from "../env";

/**
 * Local only (`npm start`): the local D1 is a SQLite file that the admin CLI and the seed also write
 * from another process, and a write meeting their lock fails at once with SQLITE_BUSY (a sign-in
 * during `npm run admin` answered 500). Deployed D1 serialises writes itself and never says so.
 * Here each statement or batch that meets the lock is tried again after a short, growing pause
 * (about 2 s in all) — the same rule scripts/lib/d1.ts `whenUnlocked` applies from the other side.
 * A busy statement or batch was rolled back whole, so trying it again is safe.
 */

const BUSY = /SQLITE_BUSY|database is locked/i;
const ATTEMPTS = 8;

async function whenUnlocked<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const text = `${String(err)} ${String((err as { cause?: unknown })?.cause ?? "")}`;
      if (attempt + 1 >= ATTEMPTS || !BUSY.test(text)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}

const inner = new WeakMap<object, D1PreparedStatement>();

function wrapStatement(stmt: D1PreparedStatement): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => wrapStatement(stmt.bind(...values)),
    first: (column?: string) => whenUnlocked(() => (column === undefined ? stmt.first() : stmt.first(column))),
    run: () => whenUnlocked(() => stmt.run()),
    all: () => whenUnlocked(() => stmt.all()),
    raw: (options?: { columnNames?: boolean }) => whenUnlocked(() => (options?.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw())),
  } as unknown as D1PreparedStatement;
  inner.set(wrapped, stmt);
  return wrapped;
}

/** The D1 binding with the retry above; batches are handed the real statements. */
export function retryingWhenBusy(db: D1Database): D1Database {
  return {
    prepare: (query: string) => wrapStatement(db.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => whenUnlocked(() => db.batch(statements.map((s) => inner.get(s) ?? s))),
    exec: (query: string) => whenUnlocked(() => db.exec(query)),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  } as unknown as D1Database;
}

const wrappedDbs = new WeakMap<D1Database, D1Database>();
const localEnvs = new WeakMap<Env, Env>();

/** The Worker's bindings as the app should use them: with the retry when local, untouched otherwise. */
export function appBindings(env: Env): Env {
  if (env.APP_ENV !== "local") return env;
  // Both kept for the isolate's life, so what is cached per env (config) or per binding (getDb's one
  // drizzle instance) stays cached.
  let local = localEnvs.get(env);
  if (!local) {
    let db = wrappedDbs.get(env.DB);
    if (!db) {
      db = retryingWhenBusy(env.DB);
      wrappedDbs.set(env.DB, db);
    }
    local = { ...env, DB: db };
    localEnvs.set(env, local);
  }
  return local;
}
