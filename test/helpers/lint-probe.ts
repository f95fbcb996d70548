import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type LintFinding = { file: string; rule: string; message: string };

/**
 * Lints `files` (repository-relative path → source) with the repository's own oxlint set-up, as
 * `npm run lint` would if they were in the tree: .oxlintrc.json and lint/ are copied into a
 * scratch folder beside the files (its globs are relative to the config's folder), and the
 * plugins load from the repository's node_modules. Nothing is written into the checkout.
 */
export function lintProbe(files: Record<string, string>): LintFinding[] {
  const dir = mkdtempSync(path.join(tmpdir(), "readyroom-lint-"));
  try {
    cpSync(path.join(ROOT, ".oxlintrc.json"), path.join(dir, ".oxlintrc.json"));
    cpSync(path.join(ROOT, "lint"), path.join(dir, "lint"), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const run = spawnSync(path.join(ROOT, "node_modules", ".bin", "oxlint"), ["--format", "json", ...Object.keys(files)], { cwd: dir, encoding: "utf8" });
    if (run.error) throw run.error;
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { filename: string; code: string; message: string; help?: string }[] };
    // oxlint names a rule "plugin(rule)"; the config and disable comments say "plugin/rule".
    return diagnostics.map((d) => ({ file: d.filename, rule: d.code.replace(/^(.+)\((.+)\)$/, "$1/$2"), message: d.help ?? d.message }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
