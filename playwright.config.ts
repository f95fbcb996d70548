/**
 * The e2e journeys (e2e/journeys/*.ts) on Playwright Test: `npm run test:e2e` (`-- documents`
 * runs the journeys whose file matches; `-- -g "welcome"` those whose title does). The global
 * set-up starts the built app once, as `npm start` does, on a free port with a fresh database
 * (e2e/lib/global-setup.ts); the workers share it.
 *
 * Projects: `demo` — the journeys tagged @demo sign in as the seeded demo user and change his
 * workspace, so they run one at a time in file order (the first meets his welcome modal);
 * `desktop` — every other journey, each signing up users of its own, in whichever worker is free;
 * `phone` — the journeys tagged @phone again at a phone's size and touch.
 *
 * Each journey has 120 s; the whole run E2E_DEADLINE_MS (default 8 min, app start-up included),
 * past which the unfinished journeys fail and the app is stopped. A failure keeps full-page
 * screenshots (and with E2E_TRACE=1 a trace) under e2e/artifacts/results; the HTML report is e2e/artifacts/report
 * (`npx playwright show-report e2e/artifacts/report`); test-results/e2e.json is what `npm test`
 * counts. The browser: e2e/lib/browser.ts.
 */
import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./e2e/lib/browser.ts";

function deadlineFromEnv(raw: string | undefined, fallback: number) {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`E2E_DEADLINE_MS must be a positive number of milliseconds, not "${raw}".`);
  return value;
}

const chromium = findChromium();
const desktop = { viewport: { width: 1280, height: 900 } };

export default defineConfig({
  testDir: "e2e/journeys",
  testMatch: "*.ts",
  outputDir: "e2e/artifacts/results",
  globalSetup: "./e2e/lib/global-setup.ts",
  timeout: 120_000,
  globalTimeout: deadlineFromEnv(process.env.E2E_DEADLINE_MS, 8 * 60_000),
  // Two workers wait on two journeys' network and timers at once; more only slow a 2-core machine.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["html", { outputFolder: "e2e/artifacts/report", open: "never" }], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    browserName: "chromium",
    locale: "en-US",
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // No trace unless asked for: recording DOM snapshots at every action cost the suite ~110 s of
    // CPU (a third of the browser's work) and ~70 s of wall time on two cores, for failures that
    // the screenshots below, the error and the server log usually explain. To debug one, run it
    // again with E2E_TRACE=1: snapshots at every action, kept when it fails (no screencast).
    trace: process.env.E2E_TRACE === "1" ? { mode: "retain-on-failure", screenshots: false, snapshots: true } : "off",
    screenshot: { mode: "only-on-failure", fullPage: true },
    launchOptions: {
      // Missing: the global set-up says which command installs one.
      executablePath: "path" in chromium ? chromium.path : undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // First, so the longest chain starts at once; a worker that ends one takes the next first.
    { name: "demo", grep: /@demo/, workers: 1, use: desktop },
    { name: "desktop", grepInvert: /@demo/, use: desktop },
    { name: "phone", grep: /@phone/, use: { ...devices["Pixel 7"] } },
  ],
});
