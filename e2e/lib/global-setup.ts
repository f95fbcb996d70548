/**
 * Playwright's global set-up: the fake third parties, then the built app started as `npm start`
 * starts it (e2e/lib/server.ts: fresh database and mailbox, free port), once for the whole run.
 * The workers share it: the journeys that sign in as the seeded demo user run one at a time in
 * their own project (playwright.config.ts), every other journey signs up users of its own. The
 * app's address and the operator commands' runner reach the workers as E2E_BASE_URL and
 * E2E_ADMIN_URL (e2e/lib/fixtures.ts); the returned function stops the app, the runner and the fakes.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { setNwsRecentAnchor } from "../../test/fakes/intel/nws.ts";
import { startAdminRunner, type AdminRunner } from "./admin-runner.ts";
import { startFakeServers } from "../../test/fakes/server.ts";
import { findChromium } from "./browser.ts";
import { ROOT, startApp } from "./server.ts";

export const ARTIFACTS = path.join(ROOT, "e2e", "artifacts");
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
    // Alerts moved to the app's own clock (below): in force during the run, whatever the date.
    NWS_API_BASE: `${fakeOrigin}/nws/~recent`,
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

/** The app's clock, as its status page reads it (the journeys run on the real clock; they never read it themselves). */
async function appNow(baseURL: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/status`);
  const checkedAt = Date.parse(((await res.json()) as { checkedAt?: string }).checkedAt ?? "");
  if (!Number.isFinite(checkedAt)) throw new Error(`the app's /api/status gave no checkedAt (HTTP ${res.status})`);
  return checkedAt;
}

export default async function globalSetup() {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    throw new Error("build/ is missing: run `npm run build` first (`npm test` does it in its build stage).");
  }
  const chromium = findChromium();
  if ("error" in chromium) throw new Error(chromium.error);

  mkdirSync(ARTIFACTS, { recursive: true });
  const started = performance.now();
  // Fake third parties (Stripe, the vision model, the intelligence sources) in this process, before the app, whose vars name their origin.
  const fakes = await startFakeServers();
  const app = await startApp({
    label: "e2e",
    logFile: path.join(ARTIFACTS, "server.log"),
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
  }).catch(async (e: unknown) => {
    await fakes.close();
    throw e;
  });
  let admin: AdminRunner | undefined;
  const stop = async () => {
    await admin?.close().catch(() => undefined);
    await app.stop().catch(() => undefined);
    await fakes.close().catch(() => undefined);
  };
  try {
    await registerStripeWebhook(fakes.origin, app.baseURL);
    setNwsRecentAnchor(await appNow(app.baseURL));
    admin = await startAdminRunner(app.stateDir);
  } catch (e) {
    await stop();
    throw e;
  }
  process.env.E2E_BASE_URL = app.baseURL;
  process.env.E2E_ADMIN_URL = admin!.origin;
  console.log(
    `e2e: app ready on ${app.baseURL} in ${((performance.now() - started) / 1000).toFixed(1)} s (log: e2e/artifacts/server.log); browser: ${chromium.path} (${chromium.source})`,
  );
  return stop;
}
