import { signUpFreshUser, visible, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

test("signing out from the account menu ends the session", { tag: "@phone" }, async ({ page, baseURL }) => {
  await signUpFreshUser(page, baseURL, "signout");
  await (await visible(page.getByRole("button", { name: "Account menu" }), 'the "Account menu" button')).click();
  const signOut = page.getByRole("menuitem", { name: "Sign out" }).or(page.getByRole("button", { name: "Sign out" }));
  await (await visible(signOut, '"Sign out" in the account menu')).click();
  await page.waitForURL((url) => url.pathname !== "/dashboard", { timeout: 20_000 });

  await page.goto(baseURL + "/dashboard");
  await waitForPath(page, /^\/login\?callbackUrl=%2Fdashboard$/);
});
