import { check, closeWelcomeIfShown, gotoAndHydrate, hidden, signUpFreshUser, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/**
 * Issue 13, enterprise clients: a consultant on an ENTERPRISE plan opens Clients from the
 * navigation, adds two clients, creates an exercise filed under the first from the dashboard's
 * New exercise dialog, and filters the dashboard by client.
 */
test("an enterprise user creates a client and an exercise for it and filters the dashboard", async ({ page, baseURL, admin }) => {
  const { email } = await signUpFreshUser(page, baseURL, "enterprise");
  await admin("grant-plan", "--email", email, "--plan", "ENTERPRISE");
  await gotoAndHydrate(page, baseURL, "/dashboard");
  await waitForPath(page, "/dashboard");
  await closeWelcomeIfShown(page);

  // The nav item is there for enterprise accounts.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).click();
  await waitForPath(page, "/clients");
  await waitForHydration(page);
  for (const name of ["Harbor County", "Inland Water District"]) {
    await page.getByLabel("New client", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Add client", exact: true }).click();
    await visible(page.getByRole("list", { name: "Clients" }).getByText(name, { exact: true }), `the new client ${name} in the list`);
  }

  await gotoAndHydrate(page, baseURL, "/dashboard");
  await page.getByRole("button", { name: "New exercise", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New exercise" });
  await visible(dialog, "the New exercise dialog with a client picker");
  const picker = dialog.getByLabel("Client", { exact: true });
  // The picker loads the clients (GET /api/clients/user/{id}/list, spec §6); options are attached, not "visible".
  await picker.locator("option", { hasText: "Harbor County" }).waitFor({ state: "attached", timeout: 10_000 });
  await picker.selectOption({ label: "Harbor County" });
  // Nothing is created unnamed: the name is asked first, and its absence said beside the field.
  await dialog.getByRole("button", { name: "Create exercise", exact: true }).click();
  await visible(dialog.getByText("Give the exercise a name. You can change it later.", { exact: true }), "the missing-name message");
  await dialog.getByLabel("Exercise name", { exact: true }).fill("Harbor County port fire tabletop");
  await dialog.getByRole("button", { name: "Create exercise", exact: true }).click();
  await waitForPath(page, /^\/exercise\/[^/]+\/intro$/);

  await gotoAndHydrate(page, baseURL, "/dashboard");
  const filter = page.getByLabel("Filter by client", { exact: true });
  await visible(filter, "the dashboard's client filter");
  const rows = page.getByRole("list", { name: "Exercises" }).getByRole("listitem");
  await filter.selectOption({ label: "Harbor County" });
  await page.waitForURL((url) => url.searchParams.has("client"), { timeout: 10_000 });
  await visible(rows.first(), "the Harbor County exercise under the filter");
  // The URL changes before the filtered list replaces the whole one (the sample workspace's exercises).
  await hidden(rows.filter({ hasNotText: "Harbor County" }).first(), "the exercises of no client, once the filter applies");
  check((await rows.count()) === 1, `Expected one exercise filed under Harbor County, saw ${await rows.count()}.`);
  check((await rows.first().textContent())?.includes("Harbor County"), "The exercise row does not name its client.");

  await filter.selectOption({ label: "Inland Water District" });
  await visible(page.getByText("No exercises for this client", { exact: true }), "no exercises under Inland Water District");
  await filter.selectOption({ label: "All clients" });
  await visible(rows.first(), "the exercise again with the filter removed");
});
