import { check, gotoAndHydrate, visible } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** Hydration mismatches and client exceptions leave a page that looks fine but ignores input. */
test("public pages render and hydrate without browser errors", { tag: "@phone" }, async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
  page.on("console", (msg) => {
    // A failed resource (404 favicon, a 401 probe) is not a page bug; script errors are.
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) errors.push(`${page.url()}: ${msg.text()}`);
  });

  await gotoAndHydrate(page, baseURL, "/login");
  await visible(page.getByRole("button", { name: "Sign in", exact: true }), 'the "Sign in" button on /login');
  await visible(page.getByRole("link", { name: "Forgot password?" }), 'the "Forgot password?" link on /login');

  await gotoAndHydrate(page, baseURL, "/signup");
  await visible(page.getByRole("button", { name: "Create account", exact: true }), 'the "Create account" button on /signup');

  check(errors.length === 0, `The browser reported errors:\n${errors.join("\n")}`);

  // Hashed assets (the stylesheet, the scripts, the icon sprite) are kept a year (public/_headers).
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  check(/^\/assets\/[\w-]+\.css$/.test(stylesheet ?? ""), `the stylesheet should be a hashed asset, got href "${stylesheet}"`);
  const res = await page.request.get(baseURL + stylesheet!);
  check(res.ok(), `the stylesheet answered ${res.status()}`);
  check(res.headers()["cache-control"] === "public, max-age=31536000, immutable", `a hashed asset's Cache-Control is "${res.headers()["cache-control"]}"`);
});
