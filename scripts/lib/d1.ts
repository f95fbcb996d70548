import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { wranglerCommand, wranglerEnv } from "./run.ts";

/** Where SQL runs: the local simulated D1 under a persist dir, or the deployed database. */
export type Target = { remote: false; persistTo: string } | { remote: true };

/** One open database for a script's whole run: `query` runs one SELECT, `exec` a batch of statements. */
export type D1 = {
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Runs the statements as one batch (one transaction: all or nothing). */
  exec(statements: string[]): Promise<void>;
  close(): Promise<void>;
};

export class D1Error extends Error {}

/**
 * Opens the target database. Locally this is the same simulated D1 that `wrangler d1 execute
 * --local` opens (a Miniflare instance over <persist>/v3/d1), but one instance serves every query of
 * the run: each wrangler process costs about 3 s, and an admin command used to start three or four.
 * Remotely each call still goes through `wrangler d1 execute --remote`, which handles the sign-in.
 */
export async function openD1(target: Target): Promise<D1> {
  return target.remote ? remoteD1() : localD1(target.persistTo);
}

const WRANGLER_TOML = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));

/** The id wrangler gives the DB binding's local database (preview id first, as wrangler does). */
function localDatabaseId(toml: string = readFileSync(WRANGLER_TOML, "utf8")): string {
  const block = toml.split(/^[ \t]*\[\[/m).find((b) => b.startsWith("d1_databases]]") && /^[ \t]*binding[ \t]*=[ \t]*"DB"/m.test(b));
  const id = block?.match(/^[ \t]*preview_database_id[ \t]*=[ \t]*"([^"]+)"/m)?.[1] ?? block?.match(/^[ \t]*database_id[ \t]*=[ \t]*"([^"]+)"/m)?.[1];
  if (!id) throw new D1Error('wrangler.toml has no [[d1_databases]] entry with binding = "DB" and a database_id.');
  return id;
}

/** The local database plus local R2 buckets, for the seed (which writes only locally). */
export type LocalStore = D1 & { putObject(bucket: string, key: string, bytes: Uint8Array, contentType: string): Promise<void> };

export function openLocal(persistTo: string, buckets: string[] = []): Promise<LocalStore> {
  return localD1(persistTo, buckets);
}

async function localD1(persistTo: string, buckets: string[] = []): Promise<LocalStore> {
  const bucketBindings = Object.fromEntries(buckets.map((name, i) => [`BUCKET_${i}`, name]));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "",
      resourcePersistencePath: path.join(persistTo, "v3"),
      d1Databases: { DATABASE: localDatabaseId() },
      r2Buckets: bucketBindings,
    }),
  );
  const db = await mf.getD1Database("DATABASE");
  const fail = (err: unknown): never => {
    const cause = (err as { cause?: unknown })?.cause ?? err;
    throw new D1Error(cause instanceof Error ? cause.message : String(cause));
  };
  return {
    async query<T>(sql: string) {
      const result = await whenUnlocked(() => db.prepare(sql).all<T>()).catch(fail);
      return result.results;
    },
    async exec(statements: string[]) {
      if (statements.length === 0) return;
      await whenUnlocked(() => db.batch(statements.map((s) => db.prepare(s.trim().replace(/;$/, ""))))).catch(fail);
    },
    async putObject(bucket: string, key: string, bytes: Uint8Array, contentType: string) {
      const index = buckets.indexOf(bucket);
      if (index < 0) throw new D1Error(`Bucket ${bucket} was not opened.`);
      const r2 = await mf.getR2Bucket(`BUCKET_${index}`);
      await r2.put(key, bytes, { httpMetadata: { contentType } });
    },
    close: () => mf.dispose(),
  };
}

/**
 * The local database is a SQLite file the running app (`npm start`) writes too, from another
 * process: a write that meets the app's lock fails with SQLITE_BUSY at once. A busy batch was
 * rolled back whole, so it is tried again after a short, growing pause (about 4 s in all).
 */
export async function whenUnlocked<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const text = String((err as { cause?: unknown })?.cause ?? err);
      if (attempt >= 12 || !/SQLITE_BUSY|database is locked/i.test(text)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}

function remoteD1(): D1 {
  return {
    async query<T>(sql: string) {
      const r = wrangler(["d1", "execute", "DB", "--remote", "--json", "--command", sql.replace(/\s+/g, " ")]);
      if (r.status !== 0) throw new D1Error(explain(r));
      const parsed = parseJson(r.stdout) as { results?: T[] }[] | { error?: { text?: string } };
      if (!Array.isArray(parsed)) throw new D1Error(parsed.error?.text ?? "wrangler returned an unexpected answer");
      return parsed.flatMap((p) => p.results ?? []);
    },
    async exec(statements: string[]) {
      // wrangler applies a file as one batch.
      const dir = mkdtempSync(path.join(tmpdir(), "readyroom-sql-"));
      const file = path.join(dir, "script.sql");
      writeFileSync(file, statements.map((s) => `${s.trim().replace(/;$/, "")};`).join("\n"));
      try {
        const r = wrangler(["d1", "execute", "DB", "--remote", "--yes", "--json", "--file", file]);
        if (r.status !== 0) throw new D1Error(explain(r));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    close: async () => {},
  };
}

function wrangler(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const [command, commandArgs] = wranglerCommand(args);
  const result = spawnSync(command, commandArgs, {
    encoding: "utf8",
    env: { ...process.env, ...wranglerEnv },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

function parseJson(stdout: string): unknown {
  const start = stdout.search(/[[{]/);
  if (start < 0) throw new D1Error(`wrangler printed no JSON: ${stdout.slice(0, 500)}`);
  return JSON.parse(stdout.slice(start));
}

function explain(r: { stdout: string; stderr: string }): string {
  try {
    const parsed = parseJson(r.stdout) as { error?: { text?: string } };
    if (parsed && !Array.isArray(parsed) && parsed.error?.text) return parsed.error.text;
  } catch {
    // fall through to the raw output
  }
  const text = (r.stderr || r.stdout)
    .split("\n")
    .filter((l) => l.trim() && !l.includes("npm warn"))
    .join("\n");
  return text.slice(-2000) || "wrangler failed without output";
}
