import { ESLint } from "eslint";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 27: every regular expression the app runs on user input must take time linear in it. The
 * repository's own lint configuration (eslint.config.js: eslint-plugin-regexp's
 * no-super-linear-backtracking and no-super-linear-move) must report the heading pattern that took
 * 10 s of a share page's CPU, and the quadratic inline-link pattern, wherever app code lives.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const HEADING = String.raw`const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
export const heading = (line: string) => HEADING.exec(line);
`;
const INLINE_LINK = String.raw`export const links = (text: string) => [...text.matchAll(/\[([^\]\n]+)\]\(([^)\s]+)\)/g)];
`;

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

const regexpFindings = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result!.messages.filter((m) => m.ruleId?.startsWith("regexp/")).map((m) => m.ruleId);
};

describe("the regexp lint", () => {
  it("reports the old Markdown heading pattern as super-linear backtracking in worker/, web/ and durable-objects/", async () => {
    for (const file of [
      "worker/any.ts",
      "web/lib/any.ts",
      "web/components/any.tsx",
      "durable-objects/any.ts",
      "scripts/any.ts",
      "bench/any.ts",
      "e2e/any.ts",
    ]) {
      const found = await regexpFindings(HEADING, file);
      expect(found.length, file).toBeGreaterThan(0);
      expect(new Set(found), file).toEqual(new Set(["regexp/no-super-linear-backtracking"]));
    }
  });

  it("reports the old inline-link pattern as a quadratic move, and nothing in a linear one", async () => {
    expect(await regexpFindings(INLINE_LINK, "worker/any.ts")).toEqual(["regexp/no-super-linear-move"]);
    // A label without "[": every scan stops at the next "[", so no character is scanned twice.
    expect(await regexpFindings(INLINE_LINK.replace(String.raw`[^\]\n]`, String.raw`[^[\]\n]`), "worker/any.ts")).toEqual([]);
  });
});
