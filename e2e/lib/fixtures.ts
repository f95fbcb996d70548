/**
 * The journeys' `test`: Playwright Test's, with what a journey receives besides its page — the
 * app's `baseURL` (a string: e2e/lib/global-setup.ts started the app), `newContext()` for another
 * person or device, and `admin()` for the operator CLI on the run's database. Every browser context
 * a journey opens reports Content-Security-Policy violations (e2e/lib/csp.ts) and fails the journey
 * when it saw one; on a failure the browser's errors are attached to the report beside Playwright's
 * screenshots.
 */
import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { isCspViolation, reportCspViolations } from "./csp.ts";

type Journey = {
  baseURL: string;
  /** Another fresh context (own cookies and storage, the project's device) open on a blank page; closed after the test. */
  newContext(): Promise<{ context: BrowserContext; page: Page }>;
  /** Runs `npm run admin -- <args>` against this run's database; resolves to its output. */
  admin(...args: string[]): Promise<string>;
  /** Browser-side errors and CSP violations of every context the journey opens (internal). */
  watched: Watched;
};

type Watched = { problems: string[]; violations: string[]; watch(context: BrowserContext): Promise<void> };

function appEnv(name: "E2E_BASE_URL" | "E2E_ADMIN_URL"): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with \`npm run test:e2e\` (playwright.config.ts starts the app).`);
  return value;
}

/** Browser-side errors help explain a failure on someone else's page; collected per test. */
function watchContext(context: BrowserContext, problems: string[], violations: string[]) {
  const attach = (page: Page) => {
    page.on("pageerror", (err) => problems.push(`pageerror on ${page.url()}: ${err.message}`));
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      if (isCspViolation(msg.text())) violations.push(`${msg.text()} (page ${page.url()})`);
      problems.push(`console.error on ${page.url()}: ${msg.text()}`);
    });
    page.on("response", (res) => {
      // A missing /assets file means the build changed under the running server; say so plainly.
      if (res.status() >= 500 || (res.status() === 404 && new URL(res.url()).pathname.startsWith("/assets/"))) {
        problems.push(`HTTP ${res.status()} ${res.request().method()} ${res.url()}`);
      }
    });
  };
  context.pages().forEach(attach);
  context.on("page", attach);
}

/**
 * The operator CLI's commands (scripts/admin.ts) on the running app's local database, as an operator
 * would use them, run by the global set-up on one open connection (e2e/lib/admin-runner.ts);
 * scripts/lib/d1.ts waits out another writer's lock, so the workers' commands may overlap.
 */
async function runAdmin(args: string[]): Promise<string> {
  const res = await fetch(`${appEnv("E2E_ADMIN_URL")}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(args) });
  const { code, output } = (await res.json()) as { code: number; output: string };
  if (code !== 0) throw new Error(`npm run admin -- ${args.join(" ")} exited ${code}:\n${output.trim().split("\n").slice(-8).join("\n")}`);
  return output;
}

export const test = base.extend<Journey>({
  baseURL: async ({}, use) => use(appEnv("E2E_BASE_URL")),

  watched: async ({}, use, testInfo) => {
    const problems: string[] = [];
    const violations: string[] = [];
    await use({
      problems,
      violations,
      async watch(context) {
        await reportCspViolations(context);
        watchContext(context, problems, violations);
      },
    });
    const unique = [...new Set(problems)].slice(0, 20);
    if (testInfo.status !== testInfo.expectedStatus && unique.length) {
      const hint = unique.some((p) => p.startsWith("HTTP 404") && p.includes("/assets/"))
        ? "\nhint: build/client lost files the served HTML names — was `npm run build` run while e2e was running?"
        : "";
      await testInfo.attach("browser saw", { body: `${unique.map((p) => p.slice(0, 400)).join("\n")}${hint}`, contentType: "text/plain" });
    }
    // The app must work under its Content-Security-Policy: a refused script, style or connection fails the journey.
    if (violations.length)
      throw new Error(`The browser reported ${violations.length} Content-Security-Policy violation(s):\n${[...new Set(violations)].join("\n")}`);
  },

  context: async ({ context, watched }, use) => {
    await watched.watch(context);
    await use(context);
  },

  newContext: async ({ browser, watched }, use) => {
    const opened: BrowserContext[] = [];
    await use(async () => {
      // Playwright Test gives contexts opened here the project's options (device, locale, timeouts) and records them in traces.
      const context = await browser.newContext();
      opened.push(context);
      await watched.watch(context);
      return { context, page: await context.newPage() };
    });
    await Promise.allSettled(opened.map((c) => c.close()));
  },

  admin: async ({}, use) => use((...args) => runAdmin(args)),
});

/** A journey's short result (a measured delay, what it saw), shown beside it in the report. */
export function annotate(text: string | undefined) {
  if (text) test.info().annotations.push({ type: "note", description: text });
}
