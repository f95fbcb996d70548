/**
 * `npm run test:e2e`: starts the built app like `npm start` (fresh database, free port), runs every
 * journey in e2e/journeys/ in headless Chromium, each in its own browser context, and exits
 * non-zero if any fails. `npm run test:e2e -- welcome` runs only journeys whose file or name
 * contains "welcome".
 *
 * Journeys run in E2E_LANES lanes (default 2) against the one app: those marked `usesDemo` one
 * after another in file order, the others (each signs up users of its own) in whichever lane is
 * free (e2e/lib/lanes.ts), so the suite waits on two journeys' network and timers at once instead of one. Each
 * journey's lines are printed whole when it ends. E2E_LANES=1 runs everything in file order.
 *
 * Each journey has 120 s; the whole run has E2E_DEADLINE_MS (default 8 min, app start-up
 * included). Past it, the journeys not finished are reported failed, the app and the browser are
 * stopped and the process exits 1; if that clean-up hangs for 30 s it exits anyway (the 'exit' hook
 * of e2e/lib/server.ts kills the app's process tree). Writes test-results/e2e.json:
 * { passed, failed, journeys: [{ name, ms, ok }] }.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startFakeServers } from "../test/fakes/server.ts";
import { isCspViolation, reportCspViolations } from "./lib/csp.ts";
import { ROOT, startApp, type RunningApp } from "./lib/server.ts";
import { journeyQueue, type JourneyQueue } from "./lib/lanes.ts";
import type { Journey } from "./lib/types.ts";

const JOURNEY_DIR = path.join(ROOT, "e2e", "journeys");
const ARTIFACTS = path.join(ROOT, "e2e", "artifacts");
const JOURNEY_TIMEOUT_MS = 120_000;
const DEADLINE_MS = deadlineFromEnv(process.env.E2E_DEADLINE_MS, 8 * 60_000);
const LANES = lanesFromEnv(process.env.E2E_LANES);
const CLEANUP_BACKSTOP_MS = 30_000;
const REPORT = path.join(ROOT, "test-results", "e2e.json");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

type Loaded = { file: string; journey: Journey };
type JourneyResult = { name: string; ms: number; ok: boolean };

function deadlineFromEnv(raw: string | undefined, fallback: number) {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`E2E_DEADLINE_MS must be a positive number of milliseconds, not "${raw}".`);
    process.exit(1);
  }
  return value;
}

function lanesFromEnv(raw: string | undefined) {
  if (raw === undefined || raw === "") return 2;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 4) {
    console.error(`E2E_LANES must be a whole number from 1 to 4, not "${raw}".`);
    process.exit(1);
  }
  return value;
}

/** The run's deadline: a promise that resolves to DEADLINE once E2E_DEADLINE_MS has passed. */
const DEADLINE = Symbol("deadline");
const deadlineAt = performance.now() + DEADLINE_MS;
let deadlinePassed = false;
let deadlineTimer: NodeJS.Timeout | undefined;
const deadline = new Promise<typeof DEADLINE>((resolve) => {
  deadlineTimer = setTimeout(() => {
    deadlinePassed = true;
    console.log(`\ne2e: the deadline of ${DEADLINE_MS / 1000} s (E2E_DEADLINE_MS) passed; the journeys not finished are reported failed.`);
    resolve(DEADLINE);
  }, DEADLINE_MS).unref();
});
const beforeDeadline = <T>(promise: Promise<T>) => Promise.race([promise, deadline]);

const results: JourneyResult[] = [];
let extraFailures = 0;
let strayRejections = 0;
let cleaningUp = false;

// A journey cut short (its timeout, the deadline) can leave a Playwright promise behind that
// rejects once its page closes: say so and carry on instead of dying without a report. Outside
// those, it fails the run even if every journey passed.
process.on("unhandledRejection", (reason) => {
  if (deadlinePassed || cleaningUp) return;
  strayRejections += 1;
  const message = reason instanceof Error ? reason.message : String(reason);
  console.log(indent(`a promise a journey left behind rejected: ${message.split("\n")[0]}`));
});

/** Writes test-results/e2e.json, prints the closing `N passed, N failed` and exits. */
function finish(code: number): never {
  const passed = results.filter((r) => r.ok).length;
  let failed = results.length - passed + extraFailures;
  if (failed === 0 && strayRejections > 0) failed = 1;
  try {
    mkdirSync(path.dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, `${JSON.stringify({ passed, failed, journeys: results.map((r) => ({ ...r, ms: Math.round(r.ms) })) }, null, 2)}\n`);
  } catch (e) {
    console.error(`e2e: could not write ${path.relative(ROOT, REPORT)}: ${(e as Error).message}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return process.exit(failed > 0 ? 1 : code);
}

/** Marks journeys that will not run (or not finish) as failed, saying why. */
function notFinished(journeys: Loaded[], why: string) {
  for (const { journey } of journeys) {
    if (results.some((r) => r.name === journey.name)) continue;
    results.push({ name: journey.name, ms: 0, ok: false });
    console.log(`✗ ${journey.name} (${why})`);
  }
}

/** Clean-up that cannot hang the run: after 30 s it gives up, and the exit hooks kill the app. */
async function cleanUp(steps: (() => Promise<unknown>)[]) {
  cleaningUp = true;
  const backstop = setTimeout(() => {
    console.error(`e2e: clean-up did not finish within ${CLEANUP_BACKSTOP_MS / 1000} s; exiting anyway (the app's process tree is killed on exit).`);
    finish(1);
  }, CLEANUP_BACKSTOP_MS);
  for (const step of steps) await step().catch(() => undefined);
  clearTimeout(backstop);
}

const STRIPE_WEBHOOK_SECRET = "whsec_e2e_readyroom";

/** Billing on, against the fake Stripe (worker/payments/README.md): its catalogue's price ids. */
function stripeVars(fakeOrigin: string, baseURL: string): Record<string, string> {
  const vars: Record<string, string> = {
    APP_URL: baseURL,
    STRIPE_SECRET_KEY: "sk_test_e2e_readyroom",
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fakeOrigin,
  };
  for (const plan of ["SOLO", "TEAM", "ENTERPRISE"]) {
    for (const interval of ["MONTHLY", "YEARLY"]) vars[`STRIPE_PRICE_${plan}_${interval}`] = `price_${plan.toLowerCase()}_${interval.toLowerCase()}`;
  }
  return vars;
}

/** The public intelligence sources, answered by their fakes (test/fakes/intel): the e2e machine has no internet. */
function intelVars(fakeOrigin: string): Record<string, string> {
  return {
    INTEL_SOURCES: "nws,usgs,openfema,gdelt",
    NWS_API_BASE: `${fakeOrigin}/nws`,
    USGS_API_BASE: `${fakeOrigin}/usgs`,
    OPENFEMA_API_BASE: `${fakeOrigin}/openfema`,
    // News re-dated into the alert's window: the journeys run on the real clock.
    GDELT_API_BASE: `${fakeOrigin}/gdelt/~recent`,
  };
}

/** Points the fake's webhooks at the app, signed with the secret the app was started with. */
async function registerStripeWebhook(fakeOrigin: string, baseURL: string) {
  const res = await fetch(`${fakeOrigin}/v1/webhook_endpoints`, {
    method: "POST",
    headers: { authorization: "Bearer sk_test_e2e_readyroom", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ url: `${baseURL}/api/billing/webhook`, secret: STRIPE_WEBHOOK_SECRET }),
  });
  if (!res.ok) throw new Error(`fake Stripe refused the webhook endpoint: HTTP ${res.status} ${await res.text()}`);
}

async function loadJourneys(filters: string[]): Promise<Loaded[]> {
  const files = readdirSync(JOURNEY_DIR)
    .filter((f) => f.endsWith(".ts"))
    .sort();
  const loaded: Loaded[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(JOURNEY_DIR, file)).href)) as { default?: Journey };
    const journey = mod.default;
    if (!journey || typeof journey.run !== "function" || typeof journey.name !== "string") {
      throw new Error(`e2e/journeys/${file} must export default { name, run }.`);
    }
    const haystack = `${file} ${journey.name}`.toLowerCase();
    if (filters.length === 0 || filters.some((f) => haystack.includes(f.toLowerCase()))) loaded.push({ file, journey });
  }
  return loaded;
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Browser-side errors help explain a failure on someone else's page; collected per context. */
function watch(context: BrowserContext, problems: string[], violations: string[]) {
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

async function newContext(browser: Browser, problems: string[], violations: string[]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  await reportCspViolations(context);
  watch(context, problems, violations);
  const page = await context.newPage();
  return { context, page };
}

let adminQueue: Promise<unknown> = Promise.resolve();

/**
 * The operator CLI (scripts/admin.ts) on the running app's local database, as an operator would
 * use it. One at a time: each opens the database files in a process of its own, and two lanes'
 * commands writing at once would only make them wait on each other's locks.
 */
function runAdmin(app: RunningApp, args: string[]): Promise<string> {
  const run = adminQueue.then(() => adminOnce(app, args));
  adminQueue = run.catch(() => undefined);
  return run;
}

function adminOnce(app: RunningApp, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--experimental-strip-types", "scripts/admin.ts", ...args, "--persist-to", app.stateDir], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`npm run admin -- ${args.join(" ")} exited ${code}:\n${out.trim().split("\n").slice(-8).join("\n")}`)),
    );
  });
}

async function runJourney(browser: Browser, app: RunningApp, { file, journey }: Loaded) {
  const problems: string[] = [];
  const violations: string[] = [];
  const contexts: BrowserContext[] = [];
  const open = async () => {
    const created = await newContext(browser, problems, violations);
    contexts.push(created.context);
    return created;
  };
  const started = performance.now();
  let error: Error | null = null;
  let note: string | void = undefined;
  const screenshots: string[] = [];
  try {
    const first = await open();
    note = await withTimeout(
      journey.run({ baseURL: app.baseURL, browser, page: first.page, context: first.context, newContext: open, admin: (...args) => runAdmin(app, args) }),
      JOURNEY_TIMEOUT_MS,
      `Journey "${journey.name}"`,
    );
    // The app must work under its Content-Security-Policy: a refused script, style or connection fails the journey.
    if (violations.length)
      throw new Error(`The browser reported ${violations.length} Content-Security-Policy violation(s):\n${[...new Set(violations)].join("\n")}`);
  } catch (e) {
    error = e instanceof Error ? e : new Error(String(e));
    mkdirSync(ARTIFACTS, { recursive: true });
    let n = 0;
    for (const context of contexts) {
      for (const page of context.pages()) {
        const shot = path.join(ARTIFACTS, `${slug(file.replace(/\.ts$/, ""))}${n ? `-${n}` : ""}.png`);
        n += 1;
        try {
          await page.screenshot({ path: shot, fullPage: true, timeout: 10_000 });
          screenshots.push(`${path.relative(ROOT, shot)} (${page.url()})`);
        } catch {
          // page already closed or crashed; the error itself says enough
        }
      }
    }
  } finally {
    await Promise.allSettled(contexts.map((c) => c.close()));
  }
  return { error, note, problems, screenshots, ms: performance.now() - started };
}

async function main() {
  const filters = process.argv.slice(2);
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    console.error("build/ is missing: run `npm run build` first (`npm test` does it in its build stage).");
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  const journeys = await loadJourneys(filters);
  if (journeys.length === 0) {
    console.error(`No journeys match ${filters.join(", ") || "(none in e2e/journeys)"}.`);
    process.exit(1);
  }

  mkdirSync(ARTIFACTS, { recursive: true });
  const startedAt = performance.now();
  // Fake third parties (Stripe) in this process, before the app, whose vars name their origin.
  const fakes = await startFakeServers();
  const appStarting = startApp({
    label: "e2e",
    logFile: path.join(ARTIFACTS, "server.log"),
    // Gives up (and cleans up) by the run's deadline rather than 5 minutes later.
    timeoutMs: Math.max(1_000, Math.min(300_000, deadlineAt - performance.now())),
    // Every journey signs in and up from 127.0.0.1, so the per-address limits (5 sign-ins, 10 sign-ups
    // a minute) would throttle the suite itself; they are covered by test/auth/rate-limit.test.ts.
    // OCR_BASE_URL: images are read by the fake vision model while chat stays offline (the
    // journeys' drafts and answers are the offline provider's).
    vars: (baseURL) => ({
      ...stripeVars(fakes.origin, baseURL),
      ...intelVars(fakes.origin),
      SIGN_IN_MAX_ATTEMPTS: "1000",
      SIGN_UP_MAX_ATTEMPTS: "1000",
      OCR_BASE_URL: `${fakes.origin}/v1`,
    }),
  }).then(async (started) => {
    await registerStripeWebhook(fakes.origin, started.baseURL).catch(async (e: unknown) => {
      await started.stop();
      throw e;
    });
    return started;
  });
  const ready = await beforeDeadline(appStarting).catch((e: unknown) => e as Error);
  if (ready === DEADLINE || ready instanceof Error) {
    if (ready instanceof Error) console.error(`e2e: the app did not start: ${ready.message}`);
    notFinished(journeys, ready === DEADLINE ? "not run: the e2e deadline passed while the app was starting" : "not run: the app did not start");
    await cleanUp([() => appStarting.then((a) => a.stop()), () => fakes.close()]);
    return finish(1);
  }
  const app = ready;
  console.log(
    `e2e: app ready on ${app.baseURL} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (log: e2e/artifacts/server.log; deadline ${DEADLINE_MS / 1000} s)`,
  );

  let browser: Browser | null = null;
  const launching = chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const launched = await beforeDeadline(launching);
    if (launched !== DEADLINE) browser = launched;
    const lanes = Math.min(LANES, journeys.length);
    if (lanes > 1)
      console.log(`e2e: ${lanes} lanes for ${journeys.length} journeys (the demo user's one at a time, in file order; the others to whichever lane is free)`);
    const queue = journeyQueue(journeys, lanes);
    await Promise.all(Array.from({ length: lanes }, () => runLane(browser, app, queue)));
    clearTimeout(deadlineTimer);
    if (deadlinePassed) notFinished(journeys, "not run: the e2e deadline passed");
  } catch (e) {
    console.error(`e2e runner error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    const before = results.length;
    notFinished(journeys, "not run: runner error");
    if (results.length === before) extraFailures += 1;
  }
  clearTimeout(deadlineTimer);
  // The browser even if it came up after the deadline; then the app and the fakes.
  await cleanUp([() => launching.then((b) => b.close()), () => app.stop(), () => fakes.close()]);
  return finish(0);
}

/** One lane: journeys from the queue until it has none for this lane; each journey's lines are printed whole when it ends. */
async function runLane(browser: Browser | null, app: RunningApp, queue: JourneyQueue<Loaded>) {
  for (let loaded = queue.next(); loaded; loaded = queue.next()) {
    if (!browser || deadlinePassed) return;
    const started = performance.now();
    const item = loaded;
    const result = await beforeDeadline(runJourney(browser, app, item).finally(() => queue.done(item)));
    const ms = performance.now() - started;
    const secs = `${(ms / 1000).toFixed(1)} s`;
    if (result === DEADLINE) {
      results.push({ name: loaded.journey.name, ms, ok: false });
      console.log(`✗ ${loaded.journey.name} (${secs})\n${indent(`the e2e deadline of ${DEADLINE_MS / 1000} s (E2E_DEADLINE_MS) passed before it finished`)}`);
      return;
    }
    results.push({ name: loaded.journey.name, ms: result.ms, ok: !result.error });
    if (!result.error) {
      console.log(`✓ ${loaded.journey.name} (${secs})${result.note ? ` — ${result.note}` : ""}`);
      continue;
    }
    const lines = [`✗ ${loaded.journey.name} (${secs})`, indent(describeError(result.error))];
    for (const shot of result.screenshots) lines.push(indent(`screenshot: ${shot}`));
    const unique = [...new Set(result.problems)].slice(0, 10);
    if (unique.length) lines.push(indent(`browser saw:\n${unique.map((p) => `  ${p.slice(0, 400)}`).join("\n")}`));
    if (unique.some((p) => p.startsWith("HTTP 404") && p.includes("/assets/"))) {
      lines.push(indent("hint: build/client lost files the served HTML names — was `npm run build` run while e2e was running?"));
    }
    console.log(lines.join("\n"));
  }
}

/** Assertion messages stand alone; Playwright errors keep their first lines and the journey frame. */
function describeError(error: Error) {
  // eslint-disable-next-line no-control-regex
  const message = error.message.replace(/\u001b\[[0-9;]*m/g, "").trim();
  if (error.name === "AssertionError") return message;
  const lines = message
    .split("\n")
    .filter((l) => l.trim() && l.trim() !== "Call log:")
    .slice(0, 4);
  const frame = (error.stack ?? "").split("\n").find((l) => l.includes("/e2e/journeys/") || l.includes("/e2e/lib/"));
  return [...lines, frame ? frame.trim() : ""].filter(Boolean).join("\n");
}

function indent(text: string) {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

await main();
