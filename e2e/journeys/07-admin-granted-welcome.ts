import { check, hidden, NO_PLAN_HEADING, signUpFreshUser, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/**
 * A self-hosted install activates accounts with `npm run admin -- grant-plan`. The newly active
 * user gets the welcome modal (now subscribed, not yet onboarded); a backdrop click closes it.
 */
test("an admin-granted plan opens the dashboard; the welcome modal closes on a backdrop click", async ({ page, baseURL, admin }) => {
  const { email } = await signUpFreshUser(page, baseURL, "granted");
  await page.goto(baseURL + "/dashboard");
  await visible(page.getByRole("heading", { name: NO_PLAN_HEADING }), "the dashboard saying a plan is needed");

  await admin("grant-plan", "--email", email, "--plan", "SOLO");
  await page.goto(baseURL + "/dashboard");
  await waitForPath(page, "/dashboard");
  await waitForHydration(page);

  const dialog = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: "Welcome to Readyroom" }) });
  await visible(dialog, "the welcome modal for the newly subscribed user", 10_000);
  const marked = page.waitForResponse((res) => res.url().includes("/mark-onboarded") && res.request().method() === "POST", {
    timeout: 10_000,
  });
  // The overlay covers the viewport around the centred dialog: its top-left corner is backdrop.
  await page.mouse.click(5, 5);
  await hidden(dialog, "the welcome modal after a backdrop click");
  const response = await marked.catch(() => null);
  check(response?.ok(), `A backdrop click did not record the welcome as seen (${response ? `HTTP ${response.status()}` : "no POST …/mark-onboarded"}).`);
});
