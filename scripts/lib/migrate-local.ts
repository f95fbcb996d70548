/**
 * Applies the D1 migrations to the local database as `wrangler d1 migrations apply DB --local`
 * does — the same `d1_migrations` table, each migration file with its bookkeeping INSERT appended
 * (wrangler's buildMigrationQuery), split by wrangler's own SQL splitter and run as one batch, in
 * file order — but through the one local store the seed opens (scripts/lib/d1.ts). wrangler starts
 * a simulator for every migration: about 10 s and 9 CPU-seconds of every `npm start` (and so of
 * every e2e run and bench) for 17 files, against well under a second here. `npm run
 * db:migrate:local` still applies them the same way.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_splitSqlQuery as splitSqlQuery } from "wrangler";
import { D1Error, type D1 } from "./d1.ts";
import { lit } from "./sql.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("../../migrations", import.meta.url));

/** wrangler's table of applied migrations (its defaults: wrangler.toml names no other). */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** The migration files, in the order wrangler applies them (their names sort by number). */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** Applies what is not applied yet; returns the names applied now. */
export async function migrateLocal(db: D1, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec([CREATE_TABLE]);
  const applied = new Set((await db.query<{ name: string }>('SELECT "name" FROM "d1_migrations"')).map((row) => row.name));
  const now: string[] = [];
  for (const name of migrationFiles(dir)) {
    if (applied.has(name)) continue;
    const sql = `${readFileSync(path.join(dir, name), "utf8")}\nINSERT INTO "d1_migrations" ("name") VALUES (${lit(name)});`;
    try {
      await db.exec(splitSqlQuery(sql));
    } catch (error) {
      const before = now.length ? `; applied before it: ${now.join(", ")}` : "";
      throw new D1Error(`Migration ${name} failed, and nothing of it was applied${before}. ${(error as Error).message}`);
    }
    now.push(name);
  }
  return now;
}
