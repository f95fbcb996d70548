/**
 * Shared steps for journeys. Selectors follow the UI contract in the team's contracts (accessible
 * names, not CSS), so a journey breaks only when behaviour a user relies on changes.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";

export const DEMO = { email: "demo@readyroom.local", password: "Readyroom-demo-2026", firstName: "Dana", lastName: "Whitfield" };

export class AssertionError extends Error {
  override name = "AssertionError";
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

/** Eight lowercase hex digits for a name a journey must find again: random, not the time. */
export function uniqueTag() {
  return crypto.randomUUID().slice(0, 8);
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${uniqueTag()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function pathOf(page: Page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the page's path (and query) satisfies `expected`, with a message naming both. */
export async function waitForPath(page: Page, expected: string | RegExp, timeout = 20_000) {
  const matches = (url: URL) => (typeof expected === "string" ? url.pathname === expected : expected.test(url.pathname + url.search));
  try {
    await page.waitForURL(matches, { timeout });
  } catch {
    throw new AssertionError(`Expected to be at ${expected} but the page is at ${pathOf(page)}.`);
  }
}

export async function visible(locator: Locator, what: string, timeout = 20_000) {
  try {
    await locator.first().waitFor({ state: "visible", timeout });
  } catch {
    throw new AssertionError(`Expected ${what} to be visible within ${timeout / 1000} s.`);
  }
  return locator.first();
}

export async function hidden(locator: Locator, what: string, timeout = 10_000) {
  try {
    await locator.first().waitFor({ state: "hidden", timeout });
  } catch {
    throw new AssertionError(`Expected ${what} to disappear within ${timeout / 1000} s.`);
  }
}

/**
 * Remix pages are only interactive once hydrated; typing before that is lost on re-render, and a
 * click can be. The router is initialised when hydration starts; `<html data-hydrated>` is set
 * after React's commit (web/root.tsx); a part loaded lazily (the shell's account menu and bell)
 * hydrates later, when its chunk arrives: until every button and field carries React's props, a
 * press on one of them can be lost. (Links still work unhydrated, as a full page load; and HTML the
 * app renders from Markdown has links React never sees.)
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } };
      if (!w.__remixRouter?.state?.initialized || !document.documentElement.hasAttribute("data-hydrated")) return false;
      const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith("__reactProps$"));
      return [...document.querySelectorAll("button, input, select, textarea")].every(hydrated);
    },
    undefined,
    { timeout: 20_000, polling: 100 },
  );
}

export async function gotoAndHydrate(page: Page, baseURL: string, path: string) {
  await page.goto(baseURL + path);
  await waitForHydration(page);
}

/**
 * Opens `path` in the hydrated app as a link in it would: the router loads the page's data and
 * renders it, without a new document (no JavaScript parsed and hydrated again). For journeys that
 * visit many pages of the app one after another, such as the accessibility audits.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate(async (to) => {
    const w = window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } };
    await w.__remixRouter.navigate(to);
  }, path);
  await waitForPath(page, path.split("?")[0]!);
  await waitForHydration(page);
}

export async function signIn(page: Page, baseURL: string, email: string, password: string, path = "/login") {
  await gotoAndHydrate(page, baseURL, path);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  try {
    await page.waitForURL((url) => url.pathname !== "/login", { timeout: 20_000 });
  } catch {
    const alerts = await page
      .getByRole("alert")
      .allInnerTexts()
      .catch(() => []);
    throw new AssertionError(`Sign-in as ${email} stayed on ${pathOf(page)}${alerts.length ? `; messages: ${alerts.join(" | ")}` : ""}.`);
  }
}

/**
 * True if `message` is shown next to the field labelled `label`: the control's aria-describedby
 * points at it, or it sits in the smallest wrapper that holds that control and no other one.
 */
export async function messageIsNextToField(page: Page, label: string, message: string) {
  const control = page.getByLabel(label, { exact: true }).first();
  return control.evaluate((el, text) => {
    const describedBy = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    if (describedBy.some((id) => document.getElementById(id)?.textContent?.includes(text))) return true;
    let node: HTMLElement | null = el.parentElement;
    while (node && node.querySelectorAll("input:not([type=hidden]), textarea, select").length <= 1) {
      if (node.textContent?.includes(text)) return true;
      node = node.parentElement;
    }
    return false;
  }, message);
}

/** Whether the page's browser context holds a session cookie (better-auth's `…session_token`). */
export async function hasSessionCookie(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((c) => c.name.endsWith("session_token"));
}

export const FRESH_PASSWORD = "Tabletop-exercise-2026!";

/**
 * Opens the confirmation link mailed to `email` from the local mailbox (/dev/mailbox, what the
 * outbox would have sent), presses its confirm button and waits for the dashboard it leads to,
 * signed in (the link proves the address: no second sign-in).
 */
export async function confirmAddressFromMailbox(page: Page, baseURL: string, email: string) {
  await gotoAndHydrate(page, baseURL, "/dev/mailbox");
  const message = page
    .getByRole("listitem")
    .filter({ hasText: `To ${email} · email-verification` })
    .first();
  await visible(message, `the confirmation e-mail to ${email} in /dev/mailbox`);
  const href = await message.getByRole("link", { name: /\/verify-email\?/ }).getAttribute("href");
  check(href !== null, `The confirmation e-mail to ${email} has no /verify-email link.`);
  await page.goto(href!);
  // The link only opens the page (mail scanners must not confirm); the button confirms.
  await page.getByRole("button", { name: "Confirm my e-mail address", exact: true }).click();
  await waitForPath(page, "/dashboard");
  check(await hasSessionCookie(page), "Confirming the address did not sign the user in.");
}

/** What /dashboard says to a signed-in user without a plan (the e2e app bills with Stripe): why, and the way forward. */
export const NO_PLAN_HEADING = "Choose a plan to open this page";

/**
 * Signs up a brand-new user (no plan, so no welcome modal), confirms the address from the mailbox,
 * which signs them in, and opens the dashboard, which says they need a plan.
 *
 * The journeys that only need a new user post what the sign-up and confirmation pages' buttons post
 * (their Remix actions, with the browser context's cookies) instead of loading those pages and the
 * mailbox: three page loads fewer each, about 3 s of a loaded two-core machine, in twenty journeys.
 * The pages themselves are the journeys of 02-signup.ts (desktop and phone) and newcomer.ts.
 */
export async function signUpFreshUser(page: Page, baseURL: string, prefix: string, name = { firstName: "Morgan", lastName: "Reyes" }) {
  const email = uniqueEmail(prefix);
  const headers = { origin: baseURL };
  const signUp = await page.request.post(`${baseURL}/signup`, { form: { ...name, email, password: FRESH_PASSWORD }, headers, maxRedirects: 0 });
  check(
    signUp.ok() && (await signUp.text()).includes("Check your e-mail"),
    `Signing up ${email} answered HTTP ${signUp.status()} without "Check your e-mail".`,
  );
  const link = await mailedLink(page, baseURL, email, "email-verification", "/verify-email?");
  const confirm = await page.request.post(link, { headers, maxRedirects: 0 });
  check(
    confirm.status() === 302 && confirm.headers()["location"] === "/dashboard",
    `Confirming ${email} answered HTTP ${confirm.status()} (location ${confirm.headers()["location"] ?? "none"}), not the redirect to /dashboard.`,
  );
  check(await hasSessionCookie(page), "Confirming the address did not sign the user in.");
  await gotoAndHydrate(page, baseURL, "/dashboard");
  await visible(page.getByRole("heading", { name: NO_PLAN_HEADING }), "the dashboard's no-plan explanation for a new user");
  return { email, password: FRESH_PASSWORD };
}

/** The newest link starting with `path` in a message of `kind` to `email` in the local mailbox, read without rendering it. */
async function mailedLink(page: Page, baseURL: string, email: string, kind: string, path: string): Promise<string> {
  const res = await page.request.get(`${baseURL}/dev/mailbox`);
  check(res.ok(), `/dev/mailbox answered HTTP ${res.status()}.`);
  // One <li> a message, newest first; React separates the text parts with <!-- -->.
  const message = (await res.text()).split("<li").find((item) => item.includes(`>${email}<`) && item.includes(`>${kind}<`));
  check(message, `No ${kind} message to ${email} in /dev/mailbox.`);
  const href = message
    .split('href="')
    .slice(1)
    .map((rest) => rest.slice(0, rest.indexOf('"')).replaceAll("&amp;", "&"))
    .find((url) => url.includes(path));
  check(href, `The ${kind} message to ${email} has no ${path} link.`);
  return new URL(href, baseURL).href;
}

/** The demo user may or may not have seen the welcome modal on this database: close it when it shows. */
export async function closeWelcomeIfShown(page: Page) {
  const welcome = page.getByRole("dialog", { name: "Welcome to Readyroom" });
  try {
    await welcome.waitFor({ state: "visible", timeout: 3_500 });
    await welcome.getByRole("button", { name: "Close" }).click();
    await welcome.waitFor({ state: "hidden" });
  } catch {
    // not shown (already onboarded)
  }
}

/**
 * A new user who now has a plan gets the welcome modal 2 s after each page load until they close
 * it (spec §4): wait for it and close it once, before it covers what the journey is doing.
 */
export async function dismissWelcome(page: Page) {
  const welcome = await visible(page.getByRole("dialog", { name: "Welcome to Readyroom" }), "the welcome modal of a newly subscribed user", 20_000);
  await welcome.getByRole("button", { name: "Close" }).click();
  await hidden(welcome, "the welcome modal after Close");
}

/** Signs the demo user in and leaves them on a hydrated dashboard with no welcome modal in the way. */
export async function signInAsDemo(page: Page, baseURL: string) {
  await signIn(page, baseURL, DEMO.email, DEMO.password);
  await waitForPath(page, "/dashboard");
  await waitForHydration(page);
  await closeWelcomeIfShown(page);
}

/** Toolbars remember whether they are open in a cookie: press the toggle only if it is closed. */
export async function openToggle(page: Page, name: string) {
  const toggle = page.getByRole("button", { name, exact: true });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

/**
 * Runs `start` (a click that saves a file) and returns the download's suggested name and bytes; fails
 * with `what` if no download starts within 30 s or it does not complete.
 */
export async function downloadOf(page: Page, start: () => Promise<unknown>, what: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }).catch(() => {
      throw new AssertionError(`${what}: no download started within 30 s.`);
    }),
    start(),
  ]);
  const failure = await download.failure();
  check(failure === null, `${what}: the download failed (${failure}).`);
  const file = await download.path();
  check(file, `${what}: the download was not saved.`);
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

/** With E2E_SHOTS=<dir>, a full-page screenshot for review (docs, a11y passes); otherwise nothing. */
export async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
}

/** Waits until the last element with `data-testid={testId}` (a chat's answer) has stopped streaming. */
export async function waitForLastFinished(page: Page, testId: string, timeout: number) {
  await page.waitForFunction(
    (id) => {
      const answers = document.querySelectorAll(`[data-testid="${id}"]`);
      return answers.length > 0 && !answers[answers.length - 1]!.hasAttribute("data-streaming");
    },
    testId,
    { timeout },
  );
}

/** Asks the intelligence chat (the /intelligence page) a question; resolves to its answer once it has finished streaming. */
export async function askIntelligenceChat(page: Page, question: string, timeout = 60_000): Promise<Locator> {
  const box = page.getByLabel("Ask about current threats and hazards", { exact: true });
  await box.fill(question);
  await box.press("Enter");
  await waitForLastFinished(page, "intel-answer", timeout);
  return page.getByTestId("intel-answer").last();
}
