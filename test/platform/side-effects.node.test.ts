import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "../helpers/source-files";

// package.json says our code has no side effects (so bundlers can drop unused modules), except the
// files it lists. A bare `import "./x"` of any other file is silently dropped by wrangler's
// bundler — worker/composition.ts was, and auto-refill never ran in a deployed Worker. So every
// side-effect-only import of our own code must name a file the list keeps.

/** The project files a file imports only for their side effects (`import "./x"`, `import "~/x"`). */
export function sideEffectImports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*import\s+["']((?:\.|~\/)[^"']+)["']/gm)) {
    const spec = m[1]!;
    const resolved = spec.startsWith("~/") ? path.join("web", spec.slice(2)) : path.join(path.dirname(file), spec);
    found.push(/\.\w+$/.test(resolved) ? resolved : `${resolved}.ts`);
  }
  return found;
}

describe("side-effect imports", () => {
  it("finds bare imports of project files, relative or through ~/", () => {
    expect(sideEffectImports("web/root.tsx", 'import "~/lib/zod-jitless";\nimport { x } from "./y";')).toEqual(["web/lib/zod-jitless.ts"]);
    expect(sideEffectImports("worker/index.ts", 'import "./composition";\nimport "zod";')).toEqual(["worker/composition.ts"]);
  });

  it("every side-effect-only import of our code names a file package.json keeps", () => {
    const kept = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { sideEffects: string[] | boolean }).sideEffects;
    expect(Array.isArray(kept)).toBe(true);
    const keptFiles = new Set((kept as string[]).map((f) => path.normalize(f)));
    const offenders = ["worker", "web", "durable-objects"]
      .flatMap(sourceFiles)
      .flatMap((file) => sideEffectImports(file, readFileSync(path.join(ROOT, file), "utf8")).map((target) => ({ file, target })))
      .filter(({ target }) => !keptFiles.has(path.normalize(target)));
    expect(offenders).toEqual([]);
  });
});
