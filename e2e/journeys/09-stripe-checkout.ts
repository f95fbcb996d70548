import { check, gotoAndHydrate, NO_PLAN_HEADING, pathOf, signUpFreshUser, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

const ACTIVATION_TIMEOUT_MS = 20_000;

/**
 * The paid path, against the fake Stripe the runner starts: a user without a plan checks out Solo
 * monthly on the hosted page, the signed webhooks activate the plan, and the dashboard opens.
 */
test("a user without a plan checks out Solo monthly on Stripe; the webhook activates the plan and the dashboard opens", async ({ page, baseURL }) => {
  // Signed in on the dashboard, which says a plan is needed and offers the trial.
  await signUpFreshUser(page, baseURL, "checkout");
  await waitForHydration(page);
  await (await visible(page.getByRole("link", { name: "Start your free trial", exact: true }), "the trial offer on the dashboard")).click();
  await waitForPath(page, "/account/pricing");
  await waitForHydration(page);
  await visible(page.getByText("You do not have a plan yet.", { exact: true }), "the no-plan line on /account/pricing");

  await page.getByRole("button", { name: "Choose Solo", exact: true }).click();
  try {
    await page.waitForURL((url) => url.pathname.startsWith("/fake-stripe/checkout/"), { timeout: 20_000 });
  } catch {
    const alerts = await page
      .getByRole("alert")
      .allInnerTexts()
      .catch(() => []);
    check(false, `Choose Solo did not open the hosted checkout; the page is at ${pathOf(page)}${alerts.length ? ` (${alerts.join(" | ")})` : ""}.`);
  }
  await visible(page.getByText("Readyroom Solo: $29.00 / month"), "the Solo monthly line item on the hosted checkout");
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await waitForPath(page, /^\/account\/pricing\?(.*&)?checkout=success/);
  await visible(page.getByText("Thank you", { exact: true }), "the checkout thank-you notice");

  // Activation comes from the webhooks; poll the guarded page rather than trust one delivery's timing.
  for (let tries = ACTIVATION_TIMEOUT_MS / 1_000; ; tries--) {
    await page.goto(baseURL + "/dashboard");
    if ((await page.getByRole("heading", { name: NO_PLAN_HEADING }).count()) === 0) break;
    check(tries > 0, `The plan was not active ${ACTIVATION_TIMEOUT_MS / 1000} s after paying: /dashboard still says a plan is needed (${pathOf(page)}).`);
    await page.waitForTimeout(1_000);
  }
  await waitForHydration(page);
  await visible(page.getByRole("heading", { name: "Welcome, Morgan", exact: true }), "the first-visit greeting for the new subscriber");

  // Credits come only from the invoice.paid webhook (the return page's sync records the plan, not
  // credits): the Solo allowance proves the signed webhook reached the app and was applied.
  await gotoAndHydrate(page, baseURL, "/account/pricing");
  await visible(page.getByText("Solo, billed monthly", { exact: true }), "the current plan Solo, billed monthly");
  await visible(page.getByText("Credits left: 1,000", { exact: true }), "the Solo plan's 1,000 credits granted by the invoice.paid webhook");
  await visible(page.getByText("Current plan", { exact: true }), "the Current plan badge on the Solo card");
});
