import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { check, dismissWelcome, gotoAndHydrate, hidden, signUpFreshUser, visible, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** The id an admin command prints on its last line as `key=<id>`. */
function idFrom(output: string, key: string): string {
  const match = new RegExp(`^${key}=(\\S+)$`, "m").exec(output);
  check(match, `npm run admin printed no ${key}=… line:\n${output}`);
  return match[1]!;
}

async function editorReady(page: Page) {
  await page.locator("[data-exercise-id][data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
}

/** 20 s of polls 250 ms apart (counted, not timed: a journey does not read the clock). */
const LOCK_POLLS = 80;

/** Resolves once this page's editor holds the lock (the server says so, not the UI). */
async function holdsLock(page: Page, lockUrl: string) {
  for (let tries = LOCK_POLLS; ; tries--) {
    const lock = (await page.evaluate(async (url) => (await fetch(url)).json(), lockUrl)) as { heldByYou?: boolean };
    if (lock.heldByYou) return;
    check(tries > 0, `the editor did not take the lock (${JSON.stringify(lock)}).`);
    await page.waitForTimeout(250);
  }
}

/** Resolves once nobody holds the lock (the leaving editor's keepalive release has landed). */
async function released(page: Page, lockUrl: string) {
  for (let tries = LOCK_POLLS; ; tries--) {
    const lock = (await page.evaluate(async (url) => (await fetch(url)).json(), lockUrl)) as { locked?: boolean };
    if (lock.locked === false) return;
    check(tries > 0, `the lock was not released after the lead left (${JSON.stringify(lock)}).`);
    await page.waitForTimeout(250);
  }
}

/**
 * Two real users of one team open the same campaign exercise. Set up as an operator would: a TEAM
 * plan, a team, a member who is a campaign manager, the collaborateEnabled flag for both, a
 * campaign (npm run admin). The first editor holds the lock; the second sees the lock modal naming
 * the holder, opens read-only and cannot write; when the first leaves, the second takes over, and
 * the first now meets the modal naming the second.
 */
test("campaign exercise: a second team member meets the lock modal, reads, then takes over when the first leaves", async ({
  page: lead,
  baseURL,
  admin,
  newContext,
}) => {
  const leadUser = await signUpFreshUser(lead, baseURL, "lead", { firstName: "Priya", lastName: "Natarajan" });
  const { page: member } = await newContext();
  const memberUser = await signUpFreshUser(member, baseURL, "member", { firstName: "Tomas", lastName: "Lindqvist" });

  await admin("grant-plan", "--email", leadUser.email, "--plan", "TEAM");
  const teamId = idFrom(await admin("create-team", "--email", leadUser.email), "teamId");
  // Spec §6: working on a campaign needs the collaborateEnabled flag and being the team's admin
  // (the lead, as create-team makes them) or a campaign manager (the member).
  await admin("add-team-member", "--team", teamId, "--email", memberUser.email, "--collaborate-role", "manager");
  for (const email of [leadUser.email, memberUser.email]) await admin("set-flag", "--email", email, "--flag", "collaborateEnabled", "--on");
  const campaignId = idFrom(await admin("create-campaign", "--team", teamId, "--name", "Harbor district evacuation", "--email", leadUser.email), "campaignId");

  // The lead creates the campaign exercise through the campaign API (the collaborate pages that
  // will offer a button for it come with the collaborate issue).
  await gotoAndHydrate(lead, baseURL, "/dashboard");
  await dismissWelcome(lead);
  const created = (await lead.evaluate(async (url) => {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ exercise: { name: "" } }) });
    return { status: res.status, body: (await res.json()) as { id?: string } };
  }, `/api/collaborate/campaigns/${campaignId}/exercises/create`)) as { status: number; body: { id?: string } };
  check(created.status === 201 && created.body.id, `creating the campaign exercise answered ${created.status}.`);
  const base = `/collaborate/campaigns/${campaignId}/exercise/${created.body.id}`;
  const lockUrl = `/api/collaborate/campaigns/${campaignId}/exercises/${created.body.id}/lock`;

  // The lead opens it in the editor (same editor as personal exercises), takes the lock and edits.
  await gotoAndHydrate(lead, baseURL, base);
  await waitForPath(lead, `${base}/intro`);
  await editorReady(lead);
  await holdsLock(lead, lockUrl);
  await lead.getByLabel("Exercise name", { exact: true }).fill("Harbor district evacuation TTX");
  await visible(lead.locator('[data-save-state="saved"]'), "the lead's saved state", 30_000);
  // The step links stay inside the campaign.
  await lead.getByRole("link", { name: /Next: Core capabilities/ }).click();
  await waitForPath(lead, `${base}/core-capabilities`);

  // The member opens the same exercise from their dashboard: the lock modal names the lead.
  await gotoAndHydrate(member, baseURL, "/dashboard");
  await dismissWelcome(member);
  await member.getByRole("link", { name: "Harbor district evacuation TTX", exact: true }).click();
  // At the resume step: Core capabilities once the lead's move has been saved, Intro before.
  await waitForPath(member, new RegExp(`^${base}/(intro|core-capabilities)$`));
  await editorReady(member);
  const modal = await visible(member.getByRole("dialog", { name: "This exercise is locked" }), "the lock modal for the second member");
  await visible(modal.getByText("Priya Natarajan"), "the lock holder's name in the modal");
  await visible(modal.getByRole("link", { name: "Back to dashboard" }), "the Back to dashboard link");
  await modal.getByRole("button", { name: "Open read-only", exact: true }).click();
  await hidden(modal, "the lock modal after Open read-only");
  await visible(member.locator('[data-save-state="read-only"]'), "the read-only state");
  await member.getByRole("navigation", { name: "Exercise steps" }).getByRole("link", { name: /Intro/ }).click();
  await waitForPath(member, `${base}/intro`);
  const name = member.getByLabel("Exercise name", { exact: true });
  check((await name.inputValue()) === "Harbor district evacuation TTX", "the read-only view shows what the lead saved.");
  check(await name.isDisabled(), "inputs are disabled in read-only mode.");
  check((await member.getByRole("button", { name: "Draft intro" }).count()) === 0, "the assistant is off in read-only mode.");
  // The server refuses the member's writes too, whatever the page does.
  const refused = await member.evaluate(
    async (url) =>
      (await fetch(url, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ exercise: { name: "Hijacked" } }) })).status,
    `/api/collaborate/campaigns/${campaignId}/exercises/${created.body.id}/update`,
  );
  check(refused === 423, `a write by the member while the lead holds the lock answered ${refused}, not 423.`);

  // The lead leaves the editor (the lock is released); the member reopens and now edits.
  await gotoAndHydrate(lead, baseURL, "/dashboard");
  await released(member, lockUrl);
  await gotoAndHydrate(member, baseURL, `${base}/intro`);
  await editorReady(member);
  await holdsLock(member, lockUrl);
  check((await member.getByRole("dialog", { name: "This exercise is locked" }).count()) === 0, "no lock modal once the lead has left.");
  await member.getByLabel("Exercise name", { exact: true }).fill("Harbor district evacuation TTX (rev. Tomas)");
  await visible(member.locator('[data-save-state="saved"]'), "the member's saved state", 30_000);
  // Campaign exercises also export the markdown discussion guide (spec §7).
  const tools = member.getByRole("button", { name: "Exercise tools", exact: true });
  if ((await tools.getAttribute("aria-expanded")) !== "true") await tools.click();
  await member.getByRole("button", { name: "Export", exact: false }).first().click();
  const [download] = await Promise.all([
    member.waitForEvent("download", { timeout: 30_000 }),
    member.getByRole("menuitem", { name: "Discussion guide (Markdown)" }).click(),
  ]);
  check(/\.md$/.test(download.suggestedFilename()), `the campaign export is named ${download.suggestedFilename()}.`);
  const markdown = readFileSync((await download.path())!, "utf8");
  check(markdown.includes("Harbor district evacuation TTX (rev. Tomas)"), "the markdown export holds the exercise's current name.");
  await visible(member.getByText("Download Successful", { exact: true }).first(), 'the "Download Successful" toast');

  // Back in the editor, the lead meets the modal naming the member.
  await gotoAndHydrate(lead, baseURL, `${base}/intro`);
  await editorReady(lead);
  const leadModal = await visible(lead.getByRole("dialog", { name: "This exercise is locked" }), "the lock modal for the lead");
  await visible(leadModal.getByText("Tomas Lindqvist"), "the member's name in the lead's lock modal");
});
