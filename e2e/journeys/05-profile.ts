import { check, gotoAndHydrate, signUpFreshUser, uniqueTag, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

const FOCUS = "Organizational & Regional Focus";
const ASK = "Ask Readyroom";

test("profile custom instructions save, toast, and survive a reload", async ({ page, baseURL }) => {
  // A fresh account keeps this journey independent of the demo user's welcome-modal state.
  await signUpFreshUser(page, baseURL, "profile");

  await gotoAndHydrate(page, baseURL, "/account/profile");
  await waitForPath(page, "/account/profile");
  const focus = await visible(page.getByLabel(FOCUS), `the "${FOCUS}" field`);
  const ask = await visible(page.getByLabel(ASK), `the "${ASK}" field`);
  const focusValue = `Coastal county of 180,000; port, refinery and two hospitals. (e2e ${uniqueTag()})`;
  const askValue = "Answer as a senior HSEEP consultant; cite the plan section.";
  await focus.fill(focusValue);
  await ask.fill(askValue);
  await page.getByRole("button", { name: "Save profile", exact: true }).click();
  await visible(page.getByText("Profile saved", { exact: true }), 'the "Profile saved" toast');

  await page.reload();
  await waitForHydration(page);
  const focusAfter = await (await visible(page.getByLabel(FOCUS), `the "${FOCUS}" field after reload`)).inputValue();
  const askAfter = await page.getByLabel(ASK).first().inputValue();
  check(focusAfter === focusValue, `"${FOCUS}" after reload is ${JSON.stringify(focusAfter)}, expected ${JSON.stringify(focusValue)}.`);
  check(askAfter === askValue, `"${ASK}" after reload is ${JSON.stringify(askAfter)}, expected ${JSON.stringify(askValue)}.`);
});
