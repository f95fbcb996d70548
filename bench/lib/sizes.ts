import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

export type SizeRow = { label: string; files: number; raw: number; gzip: number; note?: string };

/** The /assets/*.js a page's HTML makes the browser load: modulepreloads, script srcs, inline imports. */
export function scriptAssetsIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/["'(](\/assets\/[^"'()\s]+?\.js)["')]/g)) found.add(match[1]);
  return [...found].sort();
}

export function gzipSize(buffer: Buffer) {
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

/**
 * `wrangler deploy --dry-run --outdir`: the modules that would be uploaded. Source maps and the
 * README wrangler writes beside them are not uploaded, so they are not counted.
 */
export function workerBundleSize(root: string, label: string, extraArgs: string[] = []): SizeRow {
  const outdir = mkdtempSync(path.join(tmpdir(), "readyroom-bundle-"));
  try {
    const result = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir, ...extraArgs], {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_SEND_METRICS: "false",
        NO_COLOR: "1",
      },
    });
    if (result.status !== 0) {
      const lines = `${result.stderr}\n${result.stdout}`.split("\n").map((l) => l.trim());
      const reason = lines.find((l) => /ERROR|✘/.test(l)) ?? lines.filter(Boolean).slice(-1)[0] ?? "";
      return { label, files: 0, raw: 0, gzip: 0, note: `wrangler exit ${result.status}: ${reason.slice(0, 160)}` };
    }
    const files = listFiles(outdir).filter((f) => !f.endsWith(".map") && path.basename(f) !== "README.md");
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const buffer = readFileSync(file);
      raw += buffer.length;
      gzip += gzipSize(buffer);
    }
    const reported = /Total Upload: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/.exec(result.stdout + result.stderr);
    return { label, files: files.length, raw, gzip, note: reported ? `wrangler: ${reported[1]} / gzip ${reported[2]}` : undefined };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
