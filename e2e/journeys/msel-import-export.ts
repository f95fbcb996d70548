import { check, gotoAndHydrate, pathOf, shot, signInAsDemo, visible, waitForPath } from "../lib/helpers.ts";
import { annotate, test } from "../lib/fixtures.ts";
import { HSEEP_WORKBOOK, makeXlsx, OTHER_TOOL_CSV } from "../../test/exercises/msel-fixtures.ts";

/**
 * Bring your MSEL (issue 32 item 14): a planner imports an HSEEP-style workbook (banner and title
 * above a two-row header, Excel serial times, a hidden column, an extra column), fixes one column's
 * mapping in the preview, imports, and sees the injects in the new exercise's MSEL table; then
 * appends another tool's CSV from the MSEL step.
 */
test("MSEL import: preview a workbook, fix a column's mapping, import, see the injects in the MSEL table", { tag: "@demo" }, async ({ page, baseURL }) => {
  await signInAsDemo(page, baseURL);

  // The Exercises page offers it too, beside New exercise, at a phone's width as well.
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoAndHydrate(page, baseURL, "/exercises");
  await visible(page.getByRole("button", { name: "Import MSEL", exact: true }), "Import MSEL on the Exercises page");
  await shot(page, "msel-import-exercises-phone");
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoAndHydrate(page, baseURL, "/dashboard");

  await page.getByRole("button", { name: "Import MSEL", exact: true }).first().click();
  const dialog = await visible(page.getByRole("dialog", { name: "Import MSEL" }), "the Import MSEL dialog");
  await dialog.getByLabel("MSEL file").setInputFiles({
    name: "Rising Water MSEL.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(makeXlsx(HSEEP_WORKBOOK)),
  });
  await visible(dialog.getByText("rows to import"), "the preview's row count");
  check((await dialog.getByRole("status").first().innerText()).includes("4 rows to import"), "the preview counts the workbook's 4 injects.");
  await visible(dialog.getByText("The header is row 6", { exact: false }), "the detected header row");

  // "Location" was kept in Comment; the planner sends it to Responsible organization instead.
  const location = dialog.getByRole("combobox", { name: /Location/ });
  check((await location.innerText()).includes("Comment"), "Location is proposed into Comment.");
  await location.click();
  await page.getByRole("option", { name: "Responsible organization", exact: true }).click();
  await visible(dialog.getByText("(proposed: Comment)"), "the changed mapping beside its proposal");
  await visible(dialog.getByRole("cell", { name: "Levee 4", exact: true }), "the preview's Responsible organization column");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "msel-import-preview-phone");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "msel-import-preview-desktop");
  await dialog.getByRole("region", { name: /First rows/ }).scrollIntoViewIfNeeded();
  await shot(page, "msel-import-preview-rows");

  await dialog.getByRole("button", { name: "Import 4 rows", exact: true }).click();
  await waitForPath(page, /^\/exercise\/[^/]+\/msel-table$/);
  const exerciseId = pathOf(page).split("/")[2];
  await visible(page.getByLabel("Synopsis, row 1", { exact: true }), "the imported MSEL table");
  check(
    (await page.getByLabel("Synopsis, row 1", { exact: true }).inputValue()) === "Flood warning issued",
    "row 1's synopsis is the workbook's first inject.",
  );
  check((await page.getByLabel("Time, row 1", { exact: true }).inputValue()) === "08:00", "row 1's Excel serial time reads 08:00.");
  check(
    (await page.getByLabel("Responsible organization, row 2", { exact: true }).inputValue()) === "Levee 4",
    "the fixed mapping put Location into Responsible organization.",
  );
  check((await page.getByLabel("Synopsis, row 4", { exact: true }).inputValue()) === "Overnight update", "the DAY 2 banner row is not an inject.");
  await shot(page, "msel-import-table");

  // Append another tool's CSV from the MSEL step: the editor (holding the edit lock) shows the rows and its next save keeps them.
  await page.getByRole("button", { name: "Import MSEL", exact: true }).click();
  const append = await visible(page.getByRole("dialog", { name: "Import MSEL" }), "the Import MSEL dialog in the MSEL step");
  await append.getByLabel("MSEL file").setInputFiles({ name: "hazmat.csv", mimeType: "text/csv", buffer: Buffer.from(OTHER_TOOL_CSV) });
  await append.getByRole("button", { name: "Import 3 rows", exact: true }).click();
  await visible(page.getByLabel("Synopsis, row 7", { exact: true }), "the appended rows");
  check(
    (await page.getByLabel("Synopsis, row 5", { exact: true }).inputValue()) === "Chemical release at the rail yard",
    "the CSV's first inject follows the workbook's four.",
  );
  await visible(page.locator('[data-save-state="saved"]'), "the saved state after the append", 30_000);
  const saved = (await page.evaluate(async (id) => (await fetch(`/api/exercises/${id}`)).json(), exerciseId)) as { mselTable?: { synopsis?: string }[] };
  check(saved.mselTable?.length === 7, `the server holds ${saved.mselTable?.length} MSEL rows after the append, not 7.`);

  // Export half (issue 32 item 14, h30-export): export the imported exercise as xlsx and CAP below this line.
  // --- msel export ---
  annotate(`imported 4 injects into exercise ${exerciseId}, then appended 3`);
});
