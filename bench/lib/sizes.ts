import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

export type SizeRow = { label: string; files: number; raw: number; gzip: number; note?: string };

/** The /assets/*.js a page's HTML makes the browser load: modulepreloads, script srcs, inline imports. */
export function scriptAssetsIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/["'(](\/assets\/[^"'()\s]+?\.js)["')]/g)) found.add(match[1]!);
  return [...found].sort();
}

function gzipSize(buffer: Buffer) {
  return gzipSync(buffer).length;
}

export function sizeOfClientAssets(clientDir: string, label: string, assets: string[]): SizeRow {
  let raw = 0;
  let gzip = 0;
  const missing: string[] = [];
  const each: { name: string; gzip: number }[] = [];
  for (const asset of assets) {
    const file = path.join(clientDir, asset);
    try {
      const buffer = readFileSync(file);
      raw += buffer.length;
      const size = gzipSize(buffer);
      gzip += size;
      each.push({ name: path.basename(asset).replace(/-[\w-]{8}\.js$/, ""), gzip: size });
    } catch {
      missing.push(asset);
    }
  }
  // The three largest files say where the weight is without a separate table.
  const largest = each
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((f) => `${f.name} ${(f.gzip / 1024).toFixed(1)}`)
    .join(", ");
  const notes = [largest ? `largest (KiB gz): ${largest}` : "", missing.length ? `${missing.length} not in build/client` : ""].filter(Boolean);
  return { label, files: assets.length - missing.length, raw, gzip, note: notes.join("; ") || undefined };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** What a deploy may upload after compression: Workers Free 3 MiB, Workers Paid 10 MiB (gzip). */
export const WORKER_LIMITS = { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 };

type DryRun = { status: number | null; output: string; error?: Error };

function dryRun(root: string, outdir: string, extraArgs: string[]): DryRun {
  // Absolute config and output paths: nothing depends on wrangler finding them from its cwd.
  const args = ["wrangler", "deploy", "--dry-run", "--config", path.join(root, "wrangler.toml"), "--outdir", outdir, ...extraArgs];
  const result = spawnSync("npx", args, {
    cwd: root,
    encoding: "utf8",
    // esbuild's warnings alone are tens of KB; never let a full pipe kill wrangler (ENOBUFS).
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
      NO_COLOR: "1",
    },
  });
  return { status: result.status, output: `${result.stderr ?? ""}\n${result.stdout ?? ""}`, error: result.error };
}

/** wrangler's one-line reason and, for a missing file, the path it names. */
function failure(run: DryRun): { reason: string; missing: string | null } {
  const lines = run.output.split("\n").map((l) => l.trim());
  const reason = run.error?.message ?? lines.find((l) => /ERROR|✘/.test(l)) ?? lines.filter(Boolean).slice(-1)[0] ?? "";
  const missing = lines.find((l) => /^Missing file or directory:/.test(l))?.replace(/^Missing file or directory:\s*/, "") ?? null;
  return { reason, missing };
}

/**
 * `wrangler deploy --dry-run --outdir`: the modules that would be uploaded. Source maps and the
 * README wrangler writes beside them are not uploaded, so they are not counted. `reportedGzip` is
 * wrangler's own "Total Upload … / gzip" figure, the one the plan limits apply to.
 *
 * A "file or directory could not be found" failure is retried once, and both attempts are named:
 * wrangler reads build/ and node_modules/ while bundling, so a build or install running at the
 * same moment in this checkout makes it fail for reasons that are not the bundle's.
 */
export function workerBundleSize(root: string, label: string, extraArgs: string[] = []): SizeRow & { reportedGzip?: number } {
  const notes: string[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const outdir = mkdtempSync(path.join(tmpdir(), "readyroom-bundle-"));
    try {
      const run = dryRun(root, outdir, extraArgs);
      if (run.status !== 0) {
        const { reason, missing } = failure(run);
        const log = path.join(tmpdir(), `readyroom-bundle-${process.pid}-${attempt}.log`);
        writeFileSync(log, run.output);
        notes.push(`wrangler exit ${run.status ?? run.error?.message}: ${reason.slice(0, 120)}${missing ? ` (missing ${missing})` : ""}; output in ${log}`);
        if (attempt === 1 && /could not be found|ENOENT/.test(run.output + (run.error?.message ?? ""))) continue;
        return { label, files: 0, raw: 0, gzip: 0, note: notes.join("; then ") };
      }
      const files = listFiles(outdir).filter((f) => !f.endsWith(".map") && path.basename(f) !== "README.md");
      let raw = 0;
      let gzip = 0;
      for (const file of files) {
        const buffer = readFileSync(file);
        raw += buffer.length;
        gzip += gzipSize(buffer);
      }
      const reported = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(run.output);
      const note = [reported ? `wrangler: ${reported[1]} KiB / gzip ${reported[2]} KiB` : "", ...notes.map((n) => `2nd attempt; the 1st: ${n}`)]
        .filter(Boolean)
        .join("; ");
      return { label, files: files.length, raw, gzip, reportedGzip: reported ? Number(reported[2]) * 1024 : undefined, note: note || undefined };
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }
  return { label, files: 0, raw: 0, gzip: 0, note: notes.join("; then ") };
}
