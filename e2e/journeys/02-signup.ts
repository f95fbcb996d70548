import {
  check,
  confirmAddressFromMailbox,
  gotoAndHydrate,
  hasSessionCookie,
  messageIsNextToField,
  NO_PLAN_HEADING,
  pathOf,
  uniqueEmail,
  visible,
} from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

const UPPERCASE_MESSAGE = "Email addresses cannot contain uppercase letters. Please use lowercase letters only.";

test(
  "a new user signs up and confirms the address from the e-mail, which signs them in on the dashboard (uppercase e-mail refused beside the field first)",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    await gotoAndHydrate(page, baseURL, "/signup");
    const email = uniqueEmail("signup");

    await page.getByLabel("First name", { exact: true }).fill("Avery");
    await page.getByLabel("Last name", { exact: true }).fill("Okafor");
    await page.getByLabel("Email", { exact: true }).fill(email.replace("signup", "SignUp"));
    await page.getByLabel("Password", { exact: true }).fill("Tabletop-exercise-2026!");
    await page.getByLabel("Organization", { exact: true }).fill("Harbor County Emergency Management");
    await page.getByRole("button", { name: "Create account", exact: true }).click();

    await visible(page.getByText(UPPERCASE_MESSAGE, { exact: true }), "the uppercase e-mail message");
    check(new URL(page.url()).pathname === "/signup", `An invalid sign-up left /signup for ${pathOf(page)}.`);
    check(
      await messageIsNextToField(page, "Email", UPPERCASE_MESSAGE),
      "The uppercase message is not attached to the Email field (neither aria-describedby nor the field's own wrapper).",
    );

    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await visible(page.getByText(`We sent a link to ${email}.`, { exact: false }), "the check-your-e-mail answer");
    check(!(await hasSessionCookie(page)), "Sign-up set a session cookie before the address was confirmed.");

    // Confirming signs in (the link proves the address) and lands on the dashboard: no second sign-in.
    await confirmAddressFromMailbox(page, baseURL, email);
    await visible(page.getByRole("heading", { name: NO_PLAN_HEADING }), "the dashboard saying what to do without a plan");
    check((await page.getByRole("link", { name: "Sign in", exact: true }).count()) === 0, "The dashboard still offers to sign in after confirming.");
  },
);
