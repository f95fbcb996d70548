import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "../helpers/source-files";

// Feature folders depend on each other in one direction only (issue 10): a cycle between two
// folders means neither can be understood, tested or moved without the other. Wiring that would
// close a cycle belongs in worker/composition.ts. Type-only imports do not count (erased at build).
// Within and across folders, no two files import each other at run time either (a lazy `import()`
// included): a cycle between modules makes their load order decide what is defined when.

/** worker/<feature> for files in a feature folder; a file at worker/ level, or any other top folder, is its own unit. */
function unitOf(file: string): string {
  const parts = file.split(path.sep);
  if (parts[0] === "worker") return parts.length > 2 ? `worker/${parts[1]}` : file;
  return parts[0]!;
}

/** Relative (and web's `~/`) specifiers of every runtime import, re-export and dynamic import in a file. */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;"']*?from\s+["']((?:\.|~\/)[^"']+)["']/gm)) if (!m[1]) found.push(m[2]!);
  for (const m of source.matchAll(/^\s*import\s+["']((?:\.|~\/)[^"']+)["']/gm)) found.push(m[1]!);
  for (const m of source.matchAll(/\bimport\(\s*["']((?:\.|~\/)[^"']+)["']\s*\)/g)) found.push(m[1]!);
  return found;
}

/** The source file an import names (relative to the root), or null when it is not a .ts/.tsx file of the tree. */
function resolveImport(file: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? path.join("web", spec.slice(2)) : path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
  const candidates = /\.tsx?$/.test(base) ? [base] : [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((c) => existsSync(path.join(ROOT, c))) ?? null;
}

function fileGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of [...sourceFiles("worker"), ...sourceFiles("web"), ...sourceFiles("durable-objects"), ...sourceFiles("shared")]) {
    const targets = new Set<string>();
    for (const spec of runtimeImports(readFileSync(path.join(ROOT, file), "utf8"))) {
      const target = resolveImport(file, spec);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of [...sourceFiles("worker"), ...sourceFiles("durable-objects")]) {
    const from = unitOf(file);
    for (const spec of runtimeImports(readFileSync(path.join(ROOT, file), "utf8"))) {
      const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
      const to = unitOf(target.endsWith(".ts") ? target : `${target}.ts`);
      if (to === from || to.startsWith("..")) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Strongly connected components with more than one unit (Tarjan): each is a cycle. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

describe("feature folders", () => {
  it("import each other without cycles", () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });

  it("leave no two source files importing each other at run time (lazy imports too)", () => {
    const graph = fileGraph();
    expect([...graph.values()].reduce((n, targets) => n + targets.size, 0)).toBeGreaterThan(1000);
    expect(cycles(graph)).toEqual([]);
  });

  it("the check sees runtime imports and ignores type-only ones", () => {
    const source = [
      'import { a } from "../billing/service";',
      'import type { B } from "../payments/types";',
      'export { c } from "./c";',
      'export type { D } from "./d";',
      'import "./side-effect";',
      "import {\n  e,\n  type F,\n} from '../multi/line';",
      'const lazy = () => import("../lazy/module");',
      'import { g } from "hono";',
      'import { h } from "~/lib/web-module";',
      'const Modals = React.lazy(() => import("./modals"));',
    ].join("\n");
    expect(runtimeImports(source)).toEqual(["../billing/service", "./c", "../multi/line", "~/lib/web-module", "./side-effect", "../lazy/module", "./modals"]);
  });

  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["worker/billing", new Set(["worker/payments"])],
      ["worker/payments", new Set(["worker/billing", "worker/db"])],
      ["worker/db", new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([["worker/billing", "worker/payments"]]);
  });
});
