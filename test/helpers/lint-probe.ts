import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
// The package's own entry, run by this Node: its bin's `#!/usr/bin/env node` would take whichever is first on PATH.
const OXLINT = path.join(ROOT, "node_modules", "oxlint", "bin", "oxlint");

export type LintFinding = { file: string; rule: string; message: string };

/** The rules reported in `file`, in order. */
export const rulesOf = (findings: LintFinding[], file: string) => findings.filter((f) => f.file === file).map((f) => f.rule);

type Diagnostic = { filename: string; code?: string; message: string; help?: string };

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
    const run = spawnSync(process.execPath, [OXLINT, "--format", "json", ...Object.keys(files)], { cwd: dir, encoding: "utf8" });
    if (run.error) throw run.error;
    let diagnostics: Diagnostic[];
    try {
      ({ diagnostics } = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] });
    } catch {
      throw new Error(`oxlint exited ${run.status} without a JSON report:\n${run.stderr || run.stdout}`);
    }
    // oxlint names a rule "plugin(rule)", core rules "eslint(rule)"; this says "plugin/rule".
    return diagnostics.map((d) => ({ file: d.filename, rule: (d.code ?? "").replace(/^(.+)\((.+)\)$/, "$1/$2"), message: d.help ?? d.message }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
