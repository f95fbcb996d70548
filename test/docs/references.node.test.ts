import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/source-files";
import { checkFile, fsRepo, slug, SPEC, type Repo } from "./references";

// ~270 comments cite "spec §N" and decisions by number: a reader must be able to open each one
// (issue 28). The spec and the doctrine live in docs/; this test follows every reference.

/** What is scanned: the code, its tests and tools, and every document. */
const ROOTS = ["worker", "web", "durable-objects", "shared", "test", "e2e", "scripts", "bench", "docs"];
const ROOT_FILES = /^[\w.-]+\.(?:md|ts|js|toml)$/;
const TEXT = /\.(?:tsx?|m?js|md|sql|toml)$/;
/** Uploaded-file fixtures are data, and this test's own files hold the bad references it proves are caught. */
const SKIPPED = /^(?:test\/documents\/fixtures\/|test\/docs\/references)/;

function scannedFiles(repo: Repo): string[] {
  const inRoots = ROOTS.flatMap((dir) => repo.files(dir));
  const atRoot = readdirSync(ROOT).filter((f) => ROOT_FILES.test(f));
  return [...inRoots, ...atRoot].filter((f) => TEXT.test(f) && !SKIPPED.test(f));
}

/** A made-up tree: the spec with two numbered sections, two decisions, a doctrine file. */
function fakeRepo(files: Record<string, string>): Repo {
  const all: Record<string, string> = {
    [SPEC]: "# Spec\n\n## 1. Scope\n\nIt plans exercises.\n\n## 2. Screens\n\n### Resume rule\nStep 4 goes to the injects.\n",
    "docs/decisions/0001-one.md": "# 0001\n",
    "docs/decisions/0002-two.md": "# 0002\n",
    "docs/hseep.md": "# HSEEP\n\n## Situation Manual (SitMan)\n",
    "docs/design.md": "# Design\n\n- **Retrieval**: chunks in D1.\n",
    "worker/app.ts": "",
    "README.md": "# Readyroom\n\n## Quick start\n",
    ...files,
  };
  const names = Object.keys(all);
  return {
    exists: (rel) => names.some((f) => f === rel || f.startsWith(`${rel}/`)),
    read: (rel) => all[rel],
    files: (dir) => names.filter((f) => f.startsWith(`${dir}/`)),
    ignored: (rel) => rel.startsWith("e2e/artifacts"),
    named: (name) => names.some((f) => f === name || f.endsWith(`/${name}`)),
  };
}

const refsIn = (file: string, text: string) => checkFile(fakeRepo({ [file]: text }), file).map((f) => `${f.line}: ${f.ref}`);

describe("doc references: what each check catches", () => {
  it("a spec section that has no numbered heading, and a quotation the section does not hold", () => {
    const text = [
      "// spec §2 resume rule, Spec §1/§2",
      "// spec §3 order, spec §2.4",
      '// spec §2 "Resume rule"; spec §2: "step 4 goes to the …"',
      '// spec §1 "Resume rule"',
      "// PDF 1.7 §14.7, §14.8.5 (another standard)",
    ].join("\n");
    expect(refsIn("worker/a.ts", text)).toEqual(["2: §3", "2: §2.4", '4: §1 "Resume rule"']);
  });

  it("a decision without its record, alone, in a list or by path", () => {
    const text = [
      "// decision 0001, ADR 0002, decisions 0001 and 0002",
      "// decision 0003; decisions 0001, 0004",
      "// docs/decisions/0002, docs/decisions/0002-two.md, docs/decisions/0009",
      "// docs/decisions/0001-wrong.md",
    ].join("\n");
    expect(refsIn("web/b.tsx", text)).toEqual(["2: decision 0003", "2: decision 0004", "3: decisions/0009", "4: decisions/0001-wrong.md"]);
  });

  it("a cited document that is not in the repository, or a quoted heading it lacks", () => {
    const text = [
      '// hseep.md "Situation Manual", docs/hseep.md, README.md "Quick start", plan.md',
      "// /work/shared/hseep.md, ../shared/hseep.md, STACK.md",
      '// hseep.md "Evaluation", README.md "Time"',
      '// docs/design.md, "Retrieval" (a bold label), docs/design.md "Time"',
    ].join("\n");
    expect(refsIn("worker/exercises/c.ts", text)).toEqual([
      "2: /work/shared/hseep.md",
      "2: ../shared/hseep.md",
      "2: STACK.md",
      '3: hseep.md "Evaluation"',
      '3: README.md "Time"',
      '4: docs/design.md "Time"',
    ]);
  });

  it("in Markdown, a link, an anchor or a repository path with nowhere to land", () => {
    const text = [
      "## Quick start",
      "See [the app](worker/app.ts), [start](#quick-start), [docs](docs/hseep.md#situation-manual-sitman).",
      "Broken: [x](worker/gone.ts), [y](#nowhere), `worker/app.ts`, `worker/<feature>/routes.ts`, `e2e/artifacts/x.png`.",
      "Moved: `worker/lib/gone.ts` and `web/<feature>/x.ts`; prose web/worker is not a path.",
      "```",
      "worker/app.ts   worker/jobs/queue.ts",
      "```",
    ].join("\n");
    expect(refsIn("GUIDE.md", text)).toEqual(["3: worker/gone.ts", "3: #nowhere", "4: worker/lib/gone.ts", "4: web/", "6: worker/jobs/queue.ts"]);
  });

  it("anchors as GitHub writes them", () => {
    expect(slug("Exercise conduct, evaluation and improvement (the HSEEP round trip)")).toBe(
      "exercise-conduct-evaluation-and-improvement-the-hseep-round-trip",
    );
    expect(slug("9. Business constants and limits")).toBe("9-business-constants-and-limits");
  });
});

describe("doc references in this repository", () => {
  const repo = fsRepo(ROOT);
  const files = scannedFiles(repo);

  it("scans the code, tests, tools and documents", () => {
    expect(files).toContain("worker/app.ts");
    expect(files).toContain("README.md");
    expect(files).toContain(SPEC);
    expect(files.length).toBeGreaterThan(1000);
  });

  it("every spec §N, decision, cited document, link and path lands on a heading or file", () => {
    const findings = files.flatMap((file) => checkFile(repo, file));
    const lines = findings.map((f) => `${f.file}:${f.line} ${f.ref} — ${f.problem}`);
    expect(lines).toEqual([]);
  });

  it("the spec's numbered sections are all there", () => {
    const headings = (repo.read(SPEC) ?? "").match(/^## \d+\./gm) ?? [];
    expect(headings).toEqual(["## 1.", "## 2.", "## 3.", "## 4.", "## 5.", "## 6.", "## 7.", "## 8.", "## 9."]);
  });
});
