import { beforeAll, describe, expect, it } from "vitest";
import { lintProbe, rulesOf, type LintFinding } from "../helpers/lint-probe";

/**
 * Issue 27: every regular expression the app runs on user input must take time linear in it. The
 * repository's own lint configuration (.oxlintrc.json: eslint-plugin-regexp's
 * no-super-linear-backtracking and no-super-linear-move, run by oxlint) must report the heading
 * pattern that took 10 s of a share page's CPU, and the quadratic inline-link pattern, wherever app
 * code lives.
 */

const HEADING = String.raw`const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
export const heading = (line: string) => HEADING.exec(line);
`;
const INLINE_LINK = String.raw`export const links = (text: string) => [...text.matchAll(/\[([^\]\n]+)\]\(([^)\s]+)\)/g)];
`;

const APP_FILES = [
  "worker/any.ts",
  "web/lib/any.ts",
  "web/components/any.tsx",
  "durable-objects/any.ts",
  "shared/any.ts",
  "scripts/any.ts",
  "scripts/any.mjs",
  "bench/any.ts",
  "e2e/any.ts",
  "vite.config.ts",
  "postcss.config.js",
];

// One oxlint run for every probe (each run loads the JS plugins: ~0.8 s).
let findings: LintFinding[] = [];
beforeAll(() => {
  findings = lintProbe({
    ...Object.fromEntries(APP_FILES.map((file) => [file, /\.m?js$/.test(file) ? HEADING.replace("(line: string)", "(line)") : HEADING])),
    "worker/quadratic.ts": INLINE_LINK,
    // A label without "[": every scan stops at the next "[", so no character is scanned twice.
    "worker/linear.ts": INLINE_LINK.replace(String.raw`[^\]\n]`, String.raw`[^[\]\n]`),
    "test/any.test.ts": HEADING,
  });
});

const regexpRules = (file: string) => rulesOf(findings, file).filter((rule) => rule.startsWith("regexp/"));

describe("the regexp lint", () => {
  it("reports the old Markdown heading pattern as super-linear backtracking in worker/, web/, durable-objects/, shared/, scripts/, bench/, e2e/ and the root configs", () => {
    for (const file of APP_FILES) {
      const found = regexpRules(file);
      expect(found.length, file).toBeGreaterThan(0);
      expect(new Set(found), file).toEqual(new Set(["regexp/no-super-linear-backtracking"]));
    }
  });

  it("reports the old inline-link pattern as a quadratic move, and nothing in a linear one", () => {
    expect(regexpRules("worker/quadratic.ts")).toEqual(["regexp/no-super-linear-move"]);
    expect(regexpRules("worker/linear.ts")).toEqual([]);
  });

  it("leaves tests alone: their patterns read the app's own output, not what users send", () => {
    expect(regexpRules("test/any.test.ts")).toEqual([]);
  });
});
