import type { Page } from "playwright-core";
import {
  check,
  dismissWelcome,
  FRESH_PASSWORD,
  gotoAndHydrate,
  hidden,
  signUpFreshUser,
  uniqueEmail,
  visible,
  waitForHydration,
  waitForPath,
} from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** The interview link in the newest campaign e-mail to `email` in the local outbox. */
async function joinLinkFor(page: Page, baseURL: string, email: string): Promise<string> {
  await gotoAndHydrate(page, baseURL, "/dev/mailbox");
  const mail = await visible(
    page
      .getByRole("listitem")
      .filter({ hasText: `To ${email} · campaign-invitation` })
      .first(),
    `the campaign invitation e-mail to ${email}`,
  );
  const href = await mail.getByRole("link", { name: /\/collaborate\/join\?token=/ }).getAttribute("href");
  check(href, `The campaign invitation to ${email} has no /collaborate/join link.`);
  return href;
}

/** Answers every question of the interview on screen, then submits. */
async function completeInterview(page: Page, who: string) {
  await visible(page.getByRole("heading", { name: "Wildfire smoke and evacuation readiness", level: 1 }), `${who}'s interview page`);
  const answers: Record<string, string> = {
    role: `${who}: operations lead at my agency.`,
    plans: "Our evacuation annex and a mutual aid agreement with the next county.",
    incidents: "The 2025 smoke event: shelters filled and the warning messages were late.",
    concerns: "Shelter staffing is not enough after day two, and there is no plan for people with respiratory illness.",
  };
  for (let i = 0; i < 12; i++) {
    const box = page.getByRole("textbox", { name: /Your answer to:/ });
    const submit = page.getByRole("button", { name: "Submit my contribution", exact: true });
    if (await submit.isVisible()) break;
    await visible(box, `${who}'s answer box (question ${i + 1})`);
    const label = (await box.getAttribute("placeholder")) === "One per line…" ? "phase2" : "phase1";
    const text =
      Object.values(answers)[i] ??
      (label === "phase2" ? "Air quality alert issued at 06:00\nShelter reaches capacity" : "We would ask the EOC for clean-air shelters.");
    const before = await page.getByRole("progressbar", { name: "Interview progress" }).getAttribute("aria-valuenow");
    await box.fill(text);
    await page.getByRole("button", { name: "Send answer", exact: true }).click();
    // Saved before the next question: the progress moves.
    await page.waitForFunction(
      (prev) => document.querySelector('[role="progressbar"][aria-label="Interview progress"]')?.getAttribute("aria-valuenow") !== prev,
      before,
      { timeout: 20_000 },
    );
  }
  await page.getByRole("button", { name: "Submit my contribution", exact: true }).click();
  await visible(page.getByText(/Thank you: your contribution was submitted/), `${who}'s submitted notice`);
}

/** A new person opens their e-mailed link and creates a campaign-only sign-in: straight to the interview. */
async function signUpFromLink(page: Page, baseURL: string, email: string, firstName: string, lastName: string) {
  await page.goto(await joinLinkFor(page, baseURL, email));
  await waitForHydration(page);
  await visible(page.getByTestId("join-signup"), "the campaign-only sign-up on the join page");
  await page.getByLabel("First name", { exact: true }).fill(firstName);
  await page.getByLabel("Last name", { exact: true }).fill(lastName);
  await page.getByLabel("Password", { exact: true }).fill(FRESH_PASSWORD);
  await page.getByRole("button", { name: "Create sign-in and start", exact: true }).click();
  await waitForPath(page, /^\/collaborate\/interviews\//);
  await waitForHydration(page);
}

/**
 * Collaborate (issue 14) end to end: a team admin with the collaborate flag creates a findings
 * campaign and invites three contributors; two sign up from the e-mailed link as campaign-only
 * people, the other (a Readyroom user without a plan) joins signed in; all complete their
 * interviews — with two done, the page already says a synthesis needs three (issue 27 item 8).
 * The manager sees their progress (never their answers), runs the synthesis, watches
 * it, meets the Processing Complete modal, views the anonymised findings (no contributor's name or
 * e-mail on the page) and starts an exercise from them in the campaign editor.
 */
test("collaborate: a manager runs a campaign, three contributors are interviewed, the synthesis gives anonymised findings and an exercise", async ({
  page,
  baseURL,
  admin,
  newContext,
}) => {
  const lead = await signUpFreshUser(page, baseURL, "campaign-lead", { firstName: "Jordan", lastName: "Whitaker" });
  await admin("grant-plan", "--email", lead.email, "--plan", "TEAM");
  await admin("create-team", "--email", lead.email, "--seats", "3");
  await admin("set-flag", "--email", lead.email, "--flag", "collaborateEnabled", "--on");

  await gotoAndHydrate(page, baseURL, "/collaborate");
  await dismissWelcome(page);
  await page.getByRole("button", { name: "New campaign" }).first().click();
  const dialog = await visible(page.getByRole("dialog", { name: "New campaign" }), "the New campaign dialog");
  await dialog.getByLabel("Name", { exact: true }).fill("Wildfire smoke and evacuation readiness");
  await dialog.getByText("Findings", { exact: true }).click();
  await dialog.getByLabel("Hazard or threat", { exact: true }).fill("Wildfire smoke");
  await dialog.getByLabel("Scenario (optional)", { exact: true }).fill("A week of heavy wildfire smoke over the valley; two towns may need to evacuate.");
  await dialog.getByLabel("Most contributors", { exact: true }).fill("4");
  await dialog.getByRole("button", { name: "Create campaign", exact: true }).click();
  await waitForPath(page, /^\/collaborate\/campaigns\/[^/]+$/);
  await waitForHydration(page);
  const campaignPath = new URL(page.url()).pathname;

  const campaignOnly = uniqueEmail("smoke-contributor");
  const third = uniqueEmail("smoke-schools");
  const member = await (async () => {
    const { page: other } = await newContext();
    const user = await signUpFreshUser(other, baseURL, "smoke-member", { firstName: "Priya", lastName: "Natarajan" });
    return { ...user, page: other };
  })();
  for (const [email, name, org] of [
    [campaignOnly, "Ruth Abernathy", "Valley Fire District"],
    [member.email, "Priya Natarajan", "Valley Health Department"],
    [third, "Tomas Reyes", "Valley School District"],
  ] as const) {
    const form = page.getByRole("form", { name: "Invite a contributor" });
    await form.getByLabel("E-mail", { exact: true }).fill(email);
    await form.getByLabel("Full name (optional)", { exact: true }).fill(name);
    await form.getByLabel("Organisation (optional)", { exact: true }).fill(org);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await visible(page.getByText(`We e-mailed an interview link to ${email}.`), `the Invitation sent toast for ${email}`);
  }

  // The campaign-only person: from the outbox link, a name and a password, straight to the interview.
  const { page: guest } = await newContext();
  // Contributors often answer on a phone: her whole interview runs at a phone's width.
  await guest.setViewportSize({ width: 390, height: 844 });
  await signUpFromLink(guest, baseURL, campaignOnly, "Ruth", "Abernathy");
  await completeInterview(guest, "Ruth");
  if (process.env.E2E_SHOTS) await guest.screenshot({ path: `${process.env.E2E_SHOTS}/interview-phone.png`, fullPage: true });
  // Campaign-only: the navigation (the sidebar, at a desktop's width) offers only what she may open.
  await guest.setViewportSize({ width: 1280, height: 900 });
  await guest.reload();
  await waitForHydration(guest);
  const navLinks = (await guest.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents()).map((t) => t.trim());
  check(navLinks.join(",") === "Collaborate,Account", `A campaign-only contributor's navigation shows: ${navLinks.join(", ")}`);
  // Campaign-only: the rest of the product says it comes with a plan and points her to Collaborate.
  await guest.goto(`${baseURL}/dashboard`);
  await visible(guest.getByRole("heading", { name: "This page comes with a Readyroom plan" }), "the dashboard's campaign-only explanation");
  await visible(guest.getByRole("link", { name: "Go to Collaborate" }), "the way back to Collaborate");

  // The Readyroom user (no plan) joins while signed in, stops half-way and resumes.
  await member.page.goto(await joinLinkFor(member.page, baseURL, member.email));
  await waitForHydration(member.page);
  await visible(member.page.getByTestId("join-ready"), "the one-click join for a signed-in invitee");
  await member.page.getByRole("button", { name: "Start my contribution", exact: true }).click();
  await waitForPath(member.page, /^\/collaborate\/interviews\//);
  await waitForHydration(member.page);
  const interviewUrl = member.page.url();
  await member.page.getByRole("textbox", { name: /Your answer to:/ }).fill("Epidemiologist at the health department.");
  await member.page.getByRole("button", { name: "Send answer", exact: true }).click();
  await visible(
    member.page.getByRole("list", { name: "Interview transcript" }).getByText("Epidemiologist at the health department."),
    "the first answer in the transcript",
  );
  await gotoAndHydrate(member.page, baseURL, "/collaborate");
  await (await visible(member.page.getByRole("link", { name: /Continue the interview for Wildfire smoke/ }), "Continue in Your interviews")).click();
  await waitForPath(member.page, new URL(interviewUrl).pathname);
  await waitForHydration(member.page);
  await visible(
    member.page.getByRole("list", { name: "Interview transcript" }).getByText("Epidemiologist at the health department."),
    "the saved answer after resuming",
  );
  await completeInterview(member.page, "Priya");

  // Two of three done: the page says, before anyone clicks, that a synthesis needs three.
  await gotoAndHydrate(page, baseURL, campaignPath);
  await visible(page.getByText(/needs at least 3 completed interviews.*2 have so far/), "the three-interview rule under Run synthesis");
  check(await page.getByRole("button", { name: /^Run synthesis/ }).isDisabled(), "Run synthesis is enabled with two completed interviews.");

  const { page: schools } = await newContext();
  await signUpFromLink(schools, baseURL, third, "Tomas", "Reyes");
  await completeInterview(schools, "Tomas");

  // The manager sees all three completed (to the day, no time), without their answers, and runs the synthesis.
  await gotoAndHydrate(page, baseURL, campaignPath);
  const contributors = await visible(page.getByRole("table").filter({ hasText: "Ruth Abernathy" }), "the contributors table");
  check((await contributors.textContent())?.includes("Priya Natarajan"), "Priya is not in the contributors table.");
  check(!/\d{1,2}:\d{2}/.test((await contributors.textContent()) ?? ""), "The contributors table shows a time of day.");
  check(!(await page.content()).includes("Epidemiologist at the health department."), "The campaign page shows a contributor's answer.");
  await page.getByRole("button", { name: /^Run synthesis/ }).click();
  const progress = await visible(page.getByRole("dialog", { name: /Synthesising contributions|Processing Complete/ }), "the synthesis progress modal");
  void progress;
  const done = await visible(page.getByRole("dialog", { name: "Processing Complete" }), "the Processing Complete modal", 60_000);
  await visible(done.getByText("Completed!", { exact: true }), "Completed! in the modal");
  await visible(done.getByText("100%", { exact: true }), "100% in the modal");
  await done.getByRole("button", { name: "View Findings", exact: true }).click();
  await waitForPath(page, /\/findings$/);
  await waitForHydration(page);
  await visible(page.getByRole("heading", { name: /^Findings · Wildfire smoke/ }), "the findings page");
  const text = (await page.locator("main").textContent()) ?? "";
  for (const secret of [
    "Ruth",
    "Abernathy",
    "Priya",
    "Natarajan",
    "Tomas",
    "Reyes",
    campaignOnly,
    member.email,
    third,
    "Valley Fire District",
    "Valley Health Department",
    "Valley School District",
  ]) {
    check(!text.includes(secret), `The findings page shows "${secret}".`);
  }
  check(/Respondent \d/.test(text), "The findings page quotes no anonymised respondent.");
  // No AI provider in this run: the findings say they were made without a model.
  await visible(page.getByTestId("findings-offline-note"), "the note that no AI model produced the findings");
  if (process.env.E2E_SHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/findings-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/findings-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await hidden(page.getByRole("dialog", { name: "Processing Complete" }), "the modal after View Findings");

  await page.getByRole("button", { name: "Start exercise" }).first().click();
  await waitForPath(page, /^\/collaborate\/campaigns\/[^/]+\/exercise\/[^/]+\//, 30_000);
  await waitForHydration(page);
  check(!(await page.content()).includes("Abernathy"), "The campaign exercise names a contributor.");
});
