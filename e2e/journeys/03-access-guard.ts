import { check, DEMO, signIn, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

test("signed-out visits go to /login with a callbackUrl, and sign-in returns there", { tag: "@demo" }, async ({ page, baseURL }) => {
  await page.goto(baseURL + "/dashboard");
  await waitForPath(page, /^\/login\?/);
  const search = new URL(page.url()).search;
  check(search === "?callbackUrl=%2Fdashboard", `Expected /login?callbackUrl=%2Fdashboard, got /login${search}.`);

  await page.goto(baseURL + "/account/profile");
  await waitForPath(page, /^\/login\?/);
  const callbackUrl = new URL(page.url()).searchParams.get("callbackUrl");
  check(callbackUrl === "/account/profile", `Expected callbackUrl=/account/profile, got ${callbackUrl}.`);

  await signIn(page, baseURL, DEMO.email, DEMO.password, `/login?callbackUrl=${encodeURIComponent("/account/profile")}`);
  await waitForPath(page, "/account/profile");
});
