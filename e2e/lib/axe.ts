/**
 * axe-core in the journeys' Chromium: `axeAudit(page, label)` runs every rule (the experimental
 * ones too: "label-content-name-mismatch", a visible label missing from the accessible name, is
 * one of them) on the page as it is now and records its serious and critical violations; the
 * journey fails at the end with all of them (`expectNoSeriousViolations`), so one run lists every
 * page's problems instead of stopping at the first.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import type { AxeResults, RuleObject } from "axe-core";
import { AssertionError } from "./helpers.ts";

const AXE_SOURCE = path.join(import.meta.dirname, "..", "..", "node_modules", "axe-core", "axe.min.js");
let source: Promise<string> | null = null;

export type AxeFinding = { page: string; rule: string; impact: string; help: string; targets: string[] };

const SERIOUS = new Set(["serious", "critical"]);

/** Runs axe on `page` and adds its serious or critical violations to `findings`. */
export async function axeAudit(page: Page, label: string, findings: AxeFinding[]): Promise<void> {
  source ??= readFile(AXE_SOURCE, "utf8");
  // page.evaluate runs through the DevTools protocol, outside the page's Content-Security-Policy
  // (a <script> tag would be refused, rightly).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await source);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const rules: RuleObject = {};
    for (const rule of axe.getRules(["experimental"])) rules[rule.ruleId] = { enabled: true };
    return axe.run(document, { rules, resultTypes: ["violations"] }) as Promise<AxeResults>;
  });
  for (const v of results.violations) {
    if (!SERIOUS.has(v.impact ?? "")) continue;
    findings.push({ page: label, rule: v.id, impact: v.impact!, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) });
  }
}

export function expectNoSeriousViolations(findings: AxeFinding[]): void {
  if (findings.length === 0) return;
  const lines = findings.map((f) => `${f.page}: ${f.rule} (${f.impact}) ${f.help}\n      ${f.targets.join("\n      ")}`);
  throw new AssertionError(`axe-core found ${findings.length} serious or critical violation(s):\n${lines.join("\n")}`);
}
