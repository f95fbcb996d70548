import type { Page } from "playwright-core";
import { DEMO, check, gotoAndHydrate, openToggle, pathOf, signInAsDemo, uniqueTag, visible, waitForPath } from "../lib/helpers.ts";
import { annotate, test } from "../lib/fixtures.ts";

/** Every step of an exercise with three modules, in editor order, with the heading each shows. */
const STEPS: [string, string][] = [
  ["intro", "Intro"],
  ["core-capabilities", "Core capabilities"],
  ["scenario-description", "Scenario"],
  ["objectives", "Objectives"],
  ["modules", "Modules"],
  ...[1, 2, 3].flatMap((n): [string, string][] => [
    [`modules/${n}/injects`, "Injects"],
    [`modules/${n}/questions`, "Questions"],
    [`modules/${n}/description`, "Description"],
  ]),
  ["msel-table", "MSEL table"],
];

async function waitSaved(page: Page, what: string) {
  await visible(page.locator('[data-save-state="saved"]'), `the "Saved" state after ${what}`, 30_000);
}

/** The editor sets data-hydrated once React owns it; clicks before that can be lost under load. */
async function editorReady(page: Page) {
  await page.locator("[data-exercise-id][data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
}

async function stepHeading(page: Page, title: string) {
  await visible(page.getByRole("heading", { level: 2, name: title, exact: true }), `the "${title}" step heading`);
}

/**
 * Drafts module 1's description with the real assistant (the offline provider on a local install,
 * paid from the plan's monthly allowance) and applies the draft, which autosave then stores.
 */
async function draftModuleWithAssistant(page: Page): Promise<string> {
  const before = await page.getByLabel("Module title", { exact: true }).inputValue();
  await page.getByRole("button", { name: "Draft description", exact: true }).click();
  const apply = page.getByRole("button", { name: "Apply to exercise", exact: true });
  await apply.waitFor({ state: "visible", timeout: 60_000 });
  await visible(page.getByText("Offline drafting").first(), "the offline drafting label");
  await apply.click();
  await visible(page.getByRole("button", { name: "Applied", exact: true }), "the applied draft");
  await waitSaved(page, "applying the draft");
  const title = await page.getByLabel("Module title", { exact: true }).inputValue();
  check(title.trim().length > 0, "the drafted module has a title.");
  return `assistant: offline draft applied (module title ${JSON.stringify(before)} → ${JSON.stringify(title)})`;
}

test(
  "exercise designer: template, every step, assistant draft, MSEL edit, resume, exports, import, save retry, model picker",
  { tag: "@demo" },
  async ({ page, baseURL, admin }) => {
    let note: string | undefined;
    await signInAsDemo(page, baseURL);

    // Start from a quick-start template.
    await page.getByRole("button", { name: "Start from template", exact: true }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Start from a template" }), "the template dialog");
    const first = dialog.getByRole("button", { name: /^Use template: / }).first();
    const templateName = ((await first.getAttribute("aria-label")) ?? "").replace("Use template: ", "");
    await first.click();
    await waitForPath(page, /^\/exercise\/[^/]+\/intro$/);
    await editorReady(page);
    const exerciseId = pathOf(page).split("/")[2];
    await stepHeading(page, "Intro");
    const name = await page.getByLabel("Exercise name", { exact: true }).inputValue();
    check(name === templateName, `the new exercise is named ${JSON.stringify(name)}, expected the template's ${JSON.stringify(templateName)}.`);

    // A failed save keeps the text and retries until the server takes it.
    await page.route("**/api/exercises/*/update", (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "unavailable" }));
    const renamed = `${templateName} (e2e)`;
    await page.getByLabel("Exercise name", { exact: true }).fill(renamed);
    await visible(page.getByText("Save failed — retrying", { exact: true }), "the save-failed state");
    check((await page.getByLabel("Exercise name", { exact: true }).inputValue()) === renamed, "the typed name is kept after a failed save.");
    await page.unroute("**/api/exercises/*/update");
    await waitSaved(page, "the retried save");
    const saved = (await page.evaluate(async (id) => (await fetch(`/api/exercises/${id}`)).json(), exerciseId)) as { name?: string };
    check(saved.name === renamed, `the retried save stored ${JSON.stringify(saved.name)}.`);

    // The edit lock is ours.
    const lock = (await page.evaluate(async (id) => (await fetch(`/api/exercises/${id}/lock`)).json(), exerciseId)) as { heldByYou?: boolean };
    check(lock.heldByYou === true, `the editor should hold the edit lock, got ${JSON.stringify(lock)}.`);

    // Walk every step with "Next".
    for (let i = 1; i < STEPS.length; i++) {
      const [path, title] = STEPS[i]!;
      await page.getByRole("link", { name: new RegExp(`^Next: ${STEPS[i]![1]}`) }).click();
      await waitForPath(page, `/exercise/${exerciseId}/${path}`);
      await stepHeading(page, title);

      if (path === "modules/1/description") note = await draftModuleWithAssistant(page);
    }

    // Edit an MSEL row inline.
    const synopsis = page.getByLabel("Synopsis, row 1", { exact: true });
    const edited = `Gauge at Brackwater Bridge passes flood stage (e2e ${uniqueTag()})`;
    await synopsis.fill(edited);
    await waitSaved(page, "editing the MSEL");

    // Reload: the exercise opens where the planner was, with the edit kept.
    await gotoAndHydrate(page, baseURL, `/exercise/${exerciseId}`);
    await waitForPath(page, `/exercise/${exerciseId}/msel-table`);
    await editorReady(page);
    const after = await page.getByLabel("Synopsis, row 1", { exact: true }).inputValue();
    check(after === edited, `the MSEL synopsis after reload is ${JSON.stringify(after)}, expected ${JSON.stringify(edited)}.`);

    // Jump back to Objectives, then resume from the dashboard link.
    await page
      .getByRole("navigation", { name: "Exercise steps" })
      .getByRole("link", { name: /Objectives/ })
      .click();
    await waitForPath(page, `/exercise/${exerciseId}/objectives`);
    // The step is saved in the background: wait until the server has it before leaving.
    const resumeAt = () =>
      page.evaluate(async (id) => ((await (await fetch(`/api/exercises/${id}`)).json()) as { resumeStep?: string }).resumeStep, exerciseId);
    for (let i = 0; i < 60 && (await resumeAt()) !== "objectives"; i++) await page.waitForTimeout(500);
    check((await resumeAt()) === "objectives", "moving to Objectives was saved as the place to resume.");
    await gotoAndHydrate(page, baseURL, "/dashboard");
    await page.locator(`a[href^="/exercise/${exerciseId}/"]`).first().click();
    await waitForPath(page, `/exercise/${exerciseId}/objectives`);
    await stepHeading(page, "Objectives");
    await editorReady(page);

    // Export all four formats.
    await openToggle(page, "Exercise tools");
    const formats: [string, RegExp][] = [
      ["Situation Manual (Word, .docx)", /\.docx$/],
      ["Situation Manual (PDF)", /\.pdf$/],
      ["Exercise (JSON, re-importable)", /\.json$/],
      ["MSEL (CSV)", /\.csv$/],
    ];
    let jsonFile: string | null = null;
    for (const [item, pattern] of formats) {
      await page.getByRole("button", { name: "Export", exact: false }).first().click();
      const [download] = await Promise.all([page.waitForEvent("download", { timeout: 30_000 }), page.getByRole("menuitem", { name: item }).click()]);
      const filename = download.suggestedFilename();
      check(pattern.test(filename), `the ${item} export is named ${filename}.`);
      check((await download.failure()) === null, `the ${item} download failed.`);
      await visible(page.getByText("Download Successful", { exact: true }).first(), `the "Download Successful" toast for ${item}`);
      if (filename.endsWith(".json")) jsonFile = await download.path();
    }

    // Import the JSON export from the dashboard, then delete the copy (with confirmation).
    check(jsonFile, "the JSON export was saved.");
    await gotoAndHydrate(page, baseURL, "/dashboard");
    await page.locator('input[type="file"][aria-label="Exercise JSON file to import"]').setInputFiles(jsonFile);
    await page.waitForURL((url) => /^\/exercise\/[^/]+\/intro$/.test(url.pathname) && !url.pathname.includes(exerciseId!), { timeout: 30_000 });
    const importedId = pathOf(page).split("/")[2];
    await editorReady(page);
    const importedName = await page.getByLabel("Exercise name", { exact: true }).inputValue();
    // Beside its original, the copy says what it is (issue 30 item 8): two exercises of one name read as one.
    check(
      importedName === `${renamed} (imported)`,
      `the imported exercise is named ${JSON.stringify(importedName)}, expected ${JSON.stringify(`${renamed} (imported)`)}.`,
    );
    await gotoAndHydrate(page, baseURL, "/dashboard");
    const row = page.locator("li", { has: page.locator(`a[href^="/exercise/${importedId}/"]`) });
    await row.getByRole("button", { name: /^Delete / }).click();
    const confirm = await visible(page.getByRole("alertdialog", { name: "Delete this exercise?" }), "the delete confirmation");
    await confirm.getByRole("button", { name: "Delete exercise", exact: true }).click();
    await visible(page.getByText("Exercise deleted", { exact: true }).first(), 'the "Exercise deleted" toast');
    const gone = await page.evaluate(async (id) => (await fetch(`/api/exercises/${id}`)).status, importedId);
    check(gone === 404, `the deleted exercise answers ${gone}, expected 404.`);

    // With model selection on for the account, the toolbar offers the model catalogue.
    await admin("set-flag", "--email", DEMO.email, "--flag", "modelSelectionEnabled", "--on");
    await gotoAndHydrate(page, baseURL, `/exercise/${exerciseId}/objectives`);
    await editorReady(page);
    await openToggle(page, "Exercise tools");
    const picker = await visible(page.getByLabel("AI model", { exact: true }), "the AI model picker");
    check((await picker.locator("option").count()) >= 7, "the model picker lists the catalogue.");
    await admin("set-flag", "--email", DEMO.email, "--flag", "modelSelectionEnabled", "--off");

    annotate(note);
  },
);
