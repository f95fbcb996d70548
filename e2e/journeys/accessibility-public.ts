import { axeAudit, expectNoSeriousViolations, type AxeFinding } from "../lib/axe.ts";
import { gotoAndHydrate, signUpFreshUser, visible } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** Pages anyone can open, signed out; the one a new account lands on before it has a plan. */
const PUBLIC = ["/", "/login", "/signup", "/forgot-password", "/reset-password", "/verify-email", "/invites", "/collaborate/join", "/status", "/dev/mailbox"];

/**
 * Accessibility, signed out and for operators (issue 29 item 9): axe-core finds no serious or
 * critical violation on the public pages, on the page a new account without a plan lands on, and
 * on each tab of the admin console.
 */
test("accessibility: public pages, a new account's first page and the admin console pass axe-core", async ({ page, baseURL, admin }) => {
  const findings: AxeFinding[] = [];
  for (const path of PUBLIC) {
    await gotoAndHydrate(page, baseURL, path);
    await axeAudit(page, path, findings);
  }

  const { email } = await signUpFreshUser(page, baseURL, "a11y-operator");
  await axeAudit(page, "/account/pricing (no plan)", findings);

  await admin("set-role", "--email", email, "--role", "admin");
  await gotoAndHydrate(page, baseURL, "/admin");
  await visible(page.getByRole("heading", { name: "Admin console" }), "the admin console");
  await axeAudit(page, "/admin", findings);
  for (const tab of await page.getByRole("tab").allInnerTexts()) {
    await page.getByRole("tab", { name: tab, exact: true }).click();
    await axeAudit(page, `/admin (${tab} tab)`, findings);
  }
  expectNoSeriousViolations(findings);
});
