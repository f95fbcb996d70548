import { check, hidden, signUpFreshUser, visible, waitForHydration } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/**
 * The admin console (/admin): a fresh user made admin with `npm run admin -- set-role` finds
 * another fresh user, turns on their account's news alerts, grants them credits through the
 * ledger, creates a team on their account, and sees the changes in the audit log filtered by that user.
 */
test("admin console: find a user, toggle a flag, grant credits, create their team, see the audit entries", async ({ page, baseURL, admin, newContext }) => {
  const other = await newContext();
  const { email: targetEmail } = await signUpFreshUser(other.page, baseURL, "admin-target", { firstName: "Ines", lastName: "Okafor" });
  await other.context.close();

  const { email } = await signUpFreshUser(page, baseURL, "admin-console");
  await admin("set-role", "--email", email, "--role", "admin");

  await page.goto(baseURL + "/admin");
  await waitForHydration(page);
  await visible(page.getByRole("heading", { name: "Admin console" }), "the admin console");
  await visible(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).first(), "the Admin item in the navigation");

  await page.getByLabel("Search users").fill(targetEmail);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const manage = page.getByRole("button", { name: `Manage ${targetEmail}` });
  await visible(manage, "the user found by the search");
  await manage.click();
  const dialog = page.getByRole("dialog", { name: targetEmail });
  await visible(dialog, "the user's dialog");

  const alerts = dialog.getByRole("switch", { name: /News alerts/ });
  await visible(alerts, "the news alerts flag");
  check((await alerts.getAttribute("aria-checked")) === "false", "News alerts were already on for a fresh account.");
  await alerts.click();
  await page.waitForFunction((el) => el?.getAttribute("aria-checked") === "true", await alerts.elementHandle(), { timeout: 10_000 });

  await dialog.getByLabel("Amount").fill("150");
  await dialog.getByLabel("Reason").fill("Pilot programme");
  await dialog.getByRole("button", { name: "Apply" }).click();
  const balance = dialog.getByTestId("admin-credit-balance");
  await page.waitForFunction((el) => el?.textContent === "150", await balance.elementHandle(), { timeout: 10_000 });
  await dialog.getByRole("button", { name: "Close" }).click();
  await hidden(dialog, "the user's dialog after Close");

  // The CLI's create-team, from the console: a team on the found user's own account.
  await page.getByRole("tab", { name: "Teams" }).click();
  const createTeam = page.getByRole("form", { name: "Create a team" });
  await createTeam.getByLabel("Owner's e-mail").fill(targetEmail);
  await createTeam.getByLabel("Seats").fill("3");
  await createTeam.getByRole("button", { name: "Create team" }).click();
  const team = page.getByRole("article").filter({ has: page.getByRole("table").getByText(targetEmail) });
  await visible(team, "the new team with its owner as a member");
  await visible(team.getByText("1 of 3 seats"), "the team's seats");

  await page.getByRole("tab", { name: "Audit log" }).click();
  await page.getByRole("textbox", { name: "Target" }).fill(targetEmail);
  await page.getByRole("button", { name: "Filter" }).click();
  const table = page.getByRole("table", { name: "Audit log" });
  await visible(table.getByText("admin.account.grant_credits"), "the credit grant in the audit log");
  await visible(table.getByText("admin.account.set_flag"), "the flag change in the audit log");
  await visible(table.getByText("admin.team.create"), "the team's creation in the audit log");
  await visible(table.getByText(email).first(), "the admin as the actor of the entries");
});
