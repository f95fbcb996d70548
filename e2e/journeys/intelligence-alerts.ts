import { check, dismissWelcome, gotoAndHydrate, signUpFreshUser, visible } from "../lib/helpers.ts";
import { annotate, test } from "../lib/fixtures.ts";

/**
 * Issue 12's news alerts, as a planner meets them: an operator turns on alertsEnabled; the planner
 * creates an alert on /intelligence; the 15-minute Cron (wrangler's /__scheduled) enqueues it, the
 * queue consumer writes a summary from the (fake) public sources, cited, and a notification; the
 * planner reads both, then shares the alert: a signed-out reader sees its summary at
 * /share/alerts/{token} until the planner stops sharing.
 */
test("intelligence alerts: create a news alert, the cron writes its cited summary, the bell shows the notification, share it and read it signed out, revoke it", async ({
  page,
  baseURL,
  admin,
  newContext,
}) => {
  const { email } = await signUpFreshUser(page, baseURL, "alerts");
  await admin("grant-plan", "--email", email, "--plan", "SOLO");
  await gotoAndHydrate(page, baseURL, "/intelligence");
  await dismissWelcome(page);
  check((await page.getByRole("heading", { name: "News alerts" }).count()) === 0, "the alerts panel shows without the alertsEnabled flag.");
  await admin("set-flag", "--email", email, "--flag", "alertsEnabled", "--on");
  await gotoAndHydrate(page, baseURL, "/intelligence");

  // The fake news source has a Brackwater River story (test/fakes/intel/gdelt.ts).
  const query = "Brackwater River flood";
  await page.getByRole("button", { name: "New alert" }).click();
  await page.getByLabel("What to watch", { exact: true }).fill(query);
  await page.getByRole("button", { name: "Create alert", exact: true }).click();
  const card = page.getByRole("article", { name: `Alert: ${query}` });
  await visible(card, "the new alert");
  await visible(card.getByText("The first summary is written at the next scheduled run."), "the alert waiting for its first run");

  // The quarter-hour cron finds the due alert and fans it out through the queue.
  const cron = await fetch(`${baseURL}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
  check(cron.ok, `/__scheduled answered ${cron.status}.`);

  // The panel loads its alerts after hydration: wait for the cited summary itself, reloading
  // while the queue consumer works.
  const links = card.getByRole("link");
  // Up to 12 reloads of at most 5 s each: about the minute the consumer may take.
  let summarised = false;
  for (let tries = 12; !summarised && tries > 0; tries--) {
    await gotoAndHydrate(page, baseURL, "/intelligence");
    summarised = await links
      .first()
      .waitFor({ state: "visible", timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  }
  check(summarised, "no cited summary was written within 60 s of the cron run.");
  const linkCount = await links.count();
  check(linkCount > 0, "the summary cites no source link.");
  const href = await links.first().getAttribute("href");
  check(/^https?:\/\//.test(href ?? ""), `the first cited source links to ${href}.`);

  const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  await visible(bell, "the bell counting the unread notification");
  await bell.click();
  await visible(page.getByRole("list", { name: "Notifications" }).getByText(query, { exact: false }), "the alert's notification in the list");
  await page.screenshot({ path: "e2e/artifacts/intelligence-alerts-summary.png" });

  // Share the alert, then read its public page in a fresh, signed-out browser.
  await gotoAndHydrate(page, baseURL, "/intelligence");
  await card.getByRole("button", { name: `Share ${query}` }).click();
  const linkField = await visible(card.getByLabel(/Public link/), "the alert's public link");
  const link = await linkField.inputValue();
  check(/\/share\/alerts\/[A-Za-z0-9_-]{43}$/.test(link), `the public link looks wrong: ${link}`);
  const reader = await newContext();
  const response = await reader.page.goto(link);
  check(response?.status() === 200, `the public alert page answered ${response?.status()}.`);
  check(/noindex/.test(response?.headers()["x-robots-tag"] ?? ""), "the public alert page may be indexed.");
  await visible(reader.page.getByRole("heading", { level: 1, name: query }), "the alert's query on the public page");
  await visible(
    reader.page.getByRole("heading", { level: 2, name: new RegExp(`^${query} — \\d{4}-\\d{2}-\\d{2}`) }),
    "the latest summary's title on the public page",
  );
  check((await reader.page.getByText("No summary yet").count()) === 0, "the public page says there is no summary.");
  const cited = await reader.page.locator("article a[href^='http']").count();
  check(cited > 0, "the public summary links no source.");
  check((await reader.page.locator("script").count()) === 0, "the public alert page carries a script.");
  check(!(await reader.page.content()).includes(email), "the public alert page shows the owner's e-mail.");
  await reader.page.screenshot({ path: "e2e/artifacts/intelligence-alerts-shared.png" });

  // Stop sharing: the page is gone.
  await card.getByRole("button", { name: "Stop sharing", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Stop sharing this alert?" }).getByRole("button", { name: "Stop sharing", exact: true }).click();
  await visible(card.getByRole("button", { name: `Share ${query}` }), "the Share button after revoking");
  const gone = await reader.page.goto(link);
  check(gone?.status() === 404, `the revoked alert page answered ${gone?.status()}.`);
  await visible(reader.page.getByRole("heading", { level: 1, name: "This page is not available" }), "the not-available page");
  annotate(
    `alert created, summary written by the cron with ${linkCount} source link(s), notification shown, shared (${cited} cited link(s) on the public page), revoked (404)`,
  );
});
