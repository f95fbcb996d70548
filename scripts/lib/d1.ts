import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { wranglerCommand, wranglerEnv } from "./run.ts";

/** Where SQL runs: the local simulated D1 under a persist dir, or the deployed database. */
export type Target = { remote: false; persistTo: string } | { remote: true };

function targetArgs(target: Target): string[] {
  return target.remote ? ["--remote"] : ["--local", "--persist-to", target.persistTo];
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

export class D1Error extends Error {}

/** Runs one SELECT and returns its rows. */
export function d1Query<T = Record<string, unknown>>(sql: string, target: Target): T[] {
  const r = wrangler(["d1", "execute", "DB", ...targetArgs(target), "--json", "--command", sql.replace(/\s+/g, " ")]);
  if (r.status !== 0) throw new D1Error(explain(r));
  const parsed = parseJson(r.stdout) as { results?: T[] }[] | { error?: { text?: string } };
  if (!Array.isArray(parsed)) throw new D1Error(parsed.error?.text ?? "wrangler returned an unexpected answer");
  return parsed.flatMap((p) => p.results ?? []);
}

/** Runs statements from a temporary .sql file (wrangler applies a file as one batch). */
export function d1Exec(statements: string[], target: Target): void {
  const dir = mkdtempSync(path.join(tmpdir(), "readyroom-sql-"));
  const file = path.join(dir, "script.sql");
  writeFileSync(file, statements.map((s) => `${s.trim().replace(/;$/, "")};`).join("\n"));
  try {
    const r = wrangler(["d1", "execute", "DB", ...targetArgs(target), "--yes", "--json", "--file", file]);
    if (r.status !== 0) throw new D1Error(explain(r));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
  const text = (r.stderr || r.stdout).split("\n").filter((l) => l.trim() && !l.includes("npm warn")).join("\n");
  return text.slice(-2000) || "wrangler failed without output";
}

/** Uploads a file to the local R2 bucket (the seed only writes locally). Async so uploads overlap. */
export function r2PutLocal(bucket: string, key: string, file: string, contentType: string, persistTo: string): Promise<void> {
  const [command, args] = wranglerCommand(["r2", "object", "put", `${bucket}/${key}`, "--file", file, "--content-type", contentType, "--local", "--persist-to", persistTo]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...wranglerEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new D1Error(`R2 upload of ${key} failed: ${out.slice(-1000)}`))));
  });
}
