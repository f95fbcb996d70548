import type { BrowserContext } from "playwright-core";

const PREFIX = "CSP violation:";

/**
 * Makes every Content-Security-Policy violation in the browser visible to the runner: the page's
 * `securitypolicyviolation` event (the browser's own violation report) is written to the console
 * with a marker, before any of the app's scripts run. e2e/lib/fixtures.ts fails a journey that saw one, so
 * the journeys prove that the app works under its policy.
 */
export async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript((prefix: string) => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`${prefix} ${e.effectiveDirective} refused ${e.blockedURI || "(inline)"} at ${e.sourceFile || location.href}:${e.lineNumber}`);
    });
  }, PREFIX);
}

export function isCspViolation(consoleText: string): boolean {
  return consoleText.startsWith(PREFIX);
}
