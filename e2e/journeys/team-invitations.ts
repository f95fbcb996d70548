import type { Page } from "playwright-core";
import { check, FRESH_PASSWORD, gotoAndHydrate, hidden, signUpFreshUser, uniqueEmail, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** A newly subscribed user meets the welcome modal on their first page: close it. */
async function dismissWelcome(page: Page) {
  const welcome = await visible(page.getByRole("dialog", { name: "Welcome to Readyroom" }), "the welcome modal", 20_000);
  await welcome.getByRole("button", { name: "Close" }).click();
  await hidden(welcome, "the welcome modal after Close");
}

/**
 * Teams (issue 13): a team admin invites a colleague from User management; the colleague opens the
 * invitation from the outbox (/dev/mailbox) as a new person, creates her account and joins in one
 * step, lands on the dashboard with ?inviteAccepted=true (the welcome modal follows and the query is
 * removed), appears in the admin's members list, and the admin makes her a campaign manager. She got
 * no "confirm your address" e-mail (the link proved it), and finally leaves the team from her profile.
 */
test("team invitations: an admin invites a colleague, who signs up from the e-mailed link, joins, gets a new collaborate role and leaves the team", async ({
  page: adminPage,
  baseURL,
  admin,
  newContext,
}) => {
  const lead = await signUpFreshUser(adminPage, baseURL, "team-admin", { firstName: "Avery", lastName: "Okafor" });
  await admin("grant-plan", "--email", lead.email, "--plan", "TEAM");
  await admin("create-team", "--email", lead.email, "--seats", "3");

  await gotoAndHydrate(adminPage, baseURL, "/dashboard");
  await dismissWelcome(adminPage);
  await (await visible(adminPage.getByRole("link", { name: "User management" }), "the User management nav item of a team admin")).click();
  await waitForPath(adminPage, "/account/user-management");
  await waitForHydration(adminPage);

  const colleague = uniqueEmail("colleague");
  await adminPage.getByLabel("E-mail address", { exact: true }).fill(colleague);
  await adminPage.getByLabel("Collaborate role", { exact: true }).selectOption("STANDARD_USER");
  await adminPage.getByRole("button", { name: "Send invitation", exact: true }).click();
  await visible(adminPage.getByTestId("pending-invitations").locator(`li[data-email="${colleague}"]`), "the pending invitation in the list");

  // The colleague, on her own device, opens the invitation from the mailbox.
  const { page: guest } = await newContext();
  await gotoAndHydrate(guest, baseURL, "/dev/mailbox");
  const mail = await visible(guest.getByRole("listitem").filter({ hasText: `To ${colleague} · team-invitation` }), `the invitation e-mail to ${colleague}`);
  const href = await mail.getByRole("link", { name: /\/invites\?token=/ }).getAttribute("href");
  check(href, "The invitation e-mail has no /invites link.");
  await guest.goto(href);
  await waitForHydration(guest);
  await visible(guest.getByTestId("invite-signup"), "the sign-up-and-join form for a new person");
  await guest.getByLabel("First name", { exact: true }).fill("Mei");
  await guest.getByLabel("Last name", { exact: true }).fill("Tanaka");
  await guest.getByLabel("Password", { exact: true }).fill(FRESH_PASSWORD);
  await guest.getByRole("button", { name: "Create account and join", exact: true }).click();
  await waitForPath(guest, "/dashboard");
  // Spec §4: the welcome modal follows after 2 s and the inviteAccepted query is removed.
  await dismissWelcome(guest);
  check(!new URL(guest.url()).search.includes("inviteAccepted"), `inviteAccepted was not removed from the URL: ${guest.url()}`);

  // Back on the admin's page: she is a member now; make her a campaign manager.
  await adminPage.reload();
  await waitForHydration(adminPage);
  const row = await visible(adminPage.locator(`tr[data-email="${colleague}"]`), "the colleague in the members list");
  await row.getByLabel("Collaborate role of Mei Tanaka", { exact: true }).selectOption("CAMPAIGN_MANAGER");
  await visible(adminPage.getByText("Role updated", { exact: true }), "the Role updated toast");
  await adminPage.reload();
  await waitForHydration(adminPage);
  const value = await adminPage.locator(`tr[data-email="${colleague}"]`).getByLabel("Collaborate role of Mei Tanaka", { exact: true }).inputValue();
  check(value === "CAMPAIGN_MANAGER", `The collaborate role after reload is ${value}, not CAMPAIGN_MANAGER.`);
  await hidden(adminPage.getByTestId("pending-invitations").locator(`li[data-email="${colleague}"]`), "the accepted invitation in the pending list");

  // The link proved her address: the mailbox holds no "confirm your address" e-mail for her.
  await gotoAndHydrate(guest, baseURL, "/dev/mailbox");
  await visible(guest.getByRole("listitem").filter({ hasText: `To ${colleague} · team-invitation` }), "the invitation e-mail in the mailbox");
  const confirmations = await guest
    .getByRole("listitem")
    .filter({ hasText: `To ${colleague} · email-verification` })
    .count();
  check(confirmations === 0, `The invited colleague also got ${confirmations} confirmation e-mail(s).`);

  // The colleague leaves the team from her profile's Your team card, through the confirm dialog.
  await gotoAndHydrate(guest, baseURL, "/account/profile");
  const card = await visible(guest.getByTestId("your-team"), "the Your team card on the profile");
  await card.getByRole("button", { name: "Leave team", exact: true }).click();
  const dialog = await visible(guest.getByRole("alertdialog", { name: "Leave the team?" }), "the leave-team confirm dialog");
  await dialog.getByRole("button", { name: "Leave team", exact: true }).click();
  await visible(guest.getByText("You left the team", { exact: true }), "the You left the team toast");
  await hidden(guest.getByTestId("your-team"), "the Your team card after leaving");
  await adminPage.reload();
  await waitForHydration(adminPage);
  await hidden(adminPage.locator(`tr[data-email="${colleague}"]`), "the colleague in the members list after she left");
});
