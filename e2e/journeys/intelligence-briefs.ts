import { check, gotoAndHydrate, hidden, signInAsDemo, uniqueTag, visible } from "../lib/helpers.ts";
import { annotate, test } from "../lib/fixtures.ts";

test(
  "intelligence briefs: write a brief, see it under Threats (and hide the panel), share it, read the public page signed out, revoke it, delete it",
  { tag: "@demo" },
  async ({ page, baseURL, newContext }) => {
    await signInAsDemo(page, baseURL);
    await gotoAndHydrate(page, baseURL, "/intelligence");
    await visible(page.getByRole("heading", { level: 1, name: "Intelligence", exact: true }), "the Intelligence heading");

    const title = `Heat advisory ${uniqueTag()}`;
    await page.getByRole("button", { name: "New brief", exact: true }).click();
    const editor = await visible(page.getByRole("dialog", { name: "New brief" }), "the new-brief dialog");
    await editor.getByLabel("Title", { exact: true }).fill(title);
    await editor.getByLabel("Content", { exact: true }).fill("## Outlook\n\nHeat index up to **110 °F** in the Port Calloway Eastside.");
    await editor.getByRole("button", { name: "Save brief", exact: true }).click();
    await hidden(editor, "the closed editor");
    const card = page.getByRole("article", { name: title });
    await visible(card, `the brief "${title}"`);

    // The dashboard's Threats panel lists it; the switch hides the panel and the cookie keeps it hidden.
    await gotoAndHydrate(page, baseURL, "/dashboard");
    const threats = page.getByRole("link", { name: title });
    await visible(threats, "the brief in the Threats panel");
    const toggle = page.getByRole("switch", { name: "Show threats" });
    await toggle.click();
    await hidden(threats, "the hidden Threats panel");
    await gotoAndHydrate(page, baseURL, "/dashboard");
    check((await toggle.getAttribute("aria-checked")) === "false", "the Threats switch is on again after a reload.");
    check((await threats.count()) === 0, "the Threats panel came back after a reload.");
    await toggle.click();
    await visible(threats, "the Threats panel shown again");

    // Share, then read the public page in a signed-out browser.
    await gotoAndHydrate(page, baseURL, "/intelligence");
    // A brief written by hand quotes no internal document: it is shared at once, without the warning
    // a brief saved from an answer over the planner's own documents asks first (briefs-from-answers.test.ts).
    check((await card.getByText("Quotes internal documents").count()) === 0, "a hand-written brief is marked as quoting internal documents.");
    await card.getByRole("button", { name: `Share ${title}` }).click();
    check(
      (await page.getByRole("alertdialog", { name: "Share a brief that quotes internal documents?" }).count()) === 0,
      "sharing asked about internal documents.",
    );
    const linkField = await visible(card.getByLabel(/Public link/), "the public link");
    const link = await linkField.inputValue();
    check(/\/share\/briefs\/[A-Za-z0-9_-]{43}$/.test(link), `the public link looks wrong: ${link}`);
    const reader = await newContext();
    const response = await reader.page.goto(link);
    check(response?.status() === 200, `the public page answered ${response?.status()}.`);
    await visible(reader.page.getByRole("heading", { level: 1, name: title }), "the brief's title on the public page");
    check((await reader.page.locator("script").count()) === 0, "the public page carries a script.");
    check((await reader.page.getByRole("link", { name: "Dashboard" }).count()) === 0, "the public page shows the app's navigation.");

    // Revoke: the page is gone.
    await card.getByRole("button", { name: "Stop sharing", exact: true }).click();
    await page.getByRole("alertdialog", { name: "Stop sharing this brief?" }).getByRole("button", { name: "Stop sharing", exact: true }).click();
    await visible(card.getByRole("button", { name: `Share ${title}` }), "the Share button after revoking");
    const gone = await reader.page.goto(link);
    check(gone?.status() === 404, `the revoked page answered ${gone?.status()}.`);
    await visible(reader.page.getByRole("heading", { level: 1, name: "This page is not available" }), "the not-available page");

    await card.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog", { name: "Delete this brief?" }).getByRole("button", { name: "Delete", exact: true }).click();
    await hidden(card, "the deleted brief");
    annotate("created, on the dashboard, panel hidden and shown, shared, read signed out, revoked (404), deleted");
  },
);
