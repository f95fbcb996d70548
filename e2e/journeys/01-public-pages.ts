import { check, gotoAndHydrate, visible } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** Hydration mismatches and client exceptions leave a page that looks fine but ignores input. */
test(
  "public pages (landing with screenshots, pricing, terms, privacy, sign-in) render and hydrate without browser errors, with the footer",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
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

    // The landing page shows the product in real screenshots, loaded lazily below the fold.
    await gotoAndHydrate(page, baseURL, "/");
    const shots = page.locator('main img[src^="/screens/"]');
    check((await shots.count()) >= 9, `The landing page shows ${await shots.count()} screenshots, expected 9.`);
    for (const img of await shots.all()) {
      check(
        Boolean(await img.getAttribute("alt")) && Boolean(await img.getAttribute("width")),
        `A screenshot lacks alt text or its size: ${await img.getAttribute("src")}`,
      );
    }
    const last = shots.last();
    check((await last.getAttribute("loading")) === "lazy", "The screenshots below the fold are not lazy-loaded.");
    await last.scrollIntoViewIfNeeded();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await last.elementHandle());

    // Pricing, terms and privacy are public, and the footer links them on every public page.
    await gotoAndHydrate(page, baseURL, "/pricing");
    const plans = page.getByRole("list", { name: "Plans" });
    for (const name of ["Solo", "Team", "Enterprise"]) await visible(plans.getByRole("heading", { name, exact: true }), `the ${name} card on /pricing`);
    await visible(plans.getByText("credits a month").first(), "the credit allowance on the plan cards");
    const footer = page.getByRole("navigation", { name: "Footer" });
    await footer.getByRole("link", { name: "Terms", exact: true }).click();
    await visible(page.getByRole("heading", { name: "Terms of use", level: 1 }), "the terms page, from the footer");
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Privacy", exact: true }).click();
    await visible(page.getByRole("heading", { name: "Privacy", level: 1 }), "the privacy page, from the footer");
    await visible(page.getByRole("heading", { name: "Who else processes it" }), "the subprocessors on /privacy");
    await gotoAndHydrate(page, baseURL, "/login");
    await visible(page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Pricing", exact: true }), "the footer on /login");

    check(errors.length === 0, `The browser reported errors:\n${errors.join("\n")}`);

    // Hashed assets (the stylesheet, the scripts, the icon sprite) are kept a year (public/_headers).
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    check(/^\/assets\/[\w-]+\.css$/.test(stylesheet ?? ""), `the stylesheet should be a hashed asset, got href "${stylesheet}"`);
    const res = await page.request.get(baseURL + stylesheet!);
    check(res.ok(), `the stylesheet answered ${res.status()}`);
    check(res.headers()["cache-control"] === "public, max-age=31536000, immutable", `a hashed asset's Cache-Control is "${res.headers()["cache-control"]}"`);
  },
);
