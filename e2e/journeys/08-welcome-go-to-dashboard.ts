import { check, hidden, signUpFreshUser, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

test("the welcome modal's Go to Dashboard closes it and opens /dashboard", { tag: "@phone" }, async ({ page, baseURL, admin }) => {
  const { email } = await signUpFreshUser(page, baseURL, "gotodash");
  await admin("grant-plan", "--email", email, "--plan", "SOLO");

  // The modal belongs to the shell, so it opens on any signed-in page, not only the dashboard.
  await page.goto(baseURL + "/account/profile");
  await waitForPath(page, "/account/profile");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: "Welcome to Readyroom" }) });
  await visible(dialog, "the welcome modal on /account/profile", 10_000);

  const marked = page.waitForResponse((res) => res.url().includes("/mark-onboarded") && res.request().method() === "POST", {
    timeout: 10_000,
  });
  await dialog.getByRole("button", { name: "Go to Dashboard" }).click();
  await hidden(dialog, "the welcome modal after Go to Dashboard");
  await waitForPath(page, "/dashboard");
  const response = await marked.catch(() => null);
  check(response?.ok(), `Go to Dashboard did not record the welcome as seen (${response ? `HTTP ${response.status()}` : "no POST …/mark-onboarded"}).`);
});
