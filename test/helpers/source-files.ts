import { readdirSync } from "node:fs";
import path from "node:path";

/** The repository's root, for tests that read the source tree. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every .ts/.tsx source file below `dir` (relative to the root), declaration files left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}
