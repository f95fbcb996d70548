import { check, gotoAndHydrate, hidden, signInAsDemo, uniqueTag, visible, waitForPath } from "../lib/helpers.ts";
import { askInNewChat, documentFixture as fixture, documentRow, waitDocumentReady, waitDocumentStatus } from "../lib/documents.ts";
import { annotate, test } from "../lib/fixtures.ts";

/**
 * Issue 11's planner path: a spreadsheet (made by LibreOffice) is read as rows that keep their
 * header names, a paraphrased question finds the row, the offline answer quotes it, and the cited
 * passage opens. A scanned memo (an image) is read by text recognition (the app's OCR_BASE_URL
 * points at the fake vision model) and answers too; a picture with no text is described by the
 * planner and becomes Ready from the description. A question no document covers is declined.
 */
test(
  "documents answer: upload a spreadsheet and a scanned memo, ask in your own words, the cited row opens; describe a picture; an uncovered question is declined",
  { tag: "@demo" },
  async ({ page, baseURL }) => {
    await signInAsDemo(page, baseURL);
    await gotoAndHydrate(page, baseURL, "/documents");

    const tag = uniqueTag();
    const stem = `e2e-shelters-${tag}`;
    const memo = `e2e-sandbag-memo-${tag}`;
    const picture = `e2e-levee-map-${tag}`;
    const input = page.locator('input[type="file"]');
    await input.setInputFiles([
      { name: `${stem}.xlsx`, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await fixture("shelters.xlsx") },
      { name: `${memo}.png`, mimeType: "image/png", buffer: await fixture("sandbag-memo.png") },
      { name: `${picture}.png`, mimeType: "image/png", buffer: await fixture("levee-map.png") },
    ]);
    await visible(documentRow(page, stem), `the uploaded "${stem}" in the library`);
    await waitDocumentReady(page, stem);
    await waitDocumentReady(page, memo);

    // A picture without text: Failed with what to do, and the planner does it.
    await waitDocumentStatus(page, picture, "failed");
    const pictureRow = documentRow(page, picture);
    await visible(pictureRow.getByText("No text could be read from this image. Add a description or upload a text version."), "the no-text message");
    await pictureRow.getByRole("button", { name: "Add a description", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Describe “${picture}”` });
    await dialog.getByLabel("Description", { exact: true }).fill("Levee map: the breach point is at Quarry Road; crews stage at Harlow Park.");
    await dialog.getByRole("button", { name: "Save description", exact: true }).click();
    await hidden(dialog, "the description dialog after saving");
    await waitDocumentReady(page, picture);
    await visible(
      documentRow(page, picture).getByText("Indexed from your description: no text could be read from the file itself."),
      "the description-only note",
    );

    await page.getByRole("tab", { name: "Ask Readyroom", exact: true }).click();
    await waitForPath(page, /[?&]view=ask/);
    const answer = await askInNewChat(page, "How many people fit in Lincoln High?");
    const text = await answer.innerText();
    check(text.includes("Capacity: 450"), `the answer does not quote the spreadsheet row: ${text.slice(0, 300)}`);
    const marker = answer.getByRole("button", { name: new RegExp(`^Source \\d+: ${stem}`) }).first();
    await visible(marker, "a citation of the spreadsheet in the answer");
    // Clicked straight away: the source stays open when the streamed answer becomes the saved one.
    const sourceId = await marker.getAttribute("aria-controls");
    await marker.click();
    const toggle = page.locator(`[id="${sourceId}"]`).getByRole("button", { expanded: true });
    await visible(toggle, "the cited spreadsheet passage, opened");
    await page.waitForTimeout(1_000);
    await visible(toggle, "the cited passage, still open once the answer is saved");
    const passage = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    check((await passage.innerText()).includes("Shelter: Lincoln High School"), "the opened passage is not the Lincoln High School row.");

    const memoAnswer = await askInNewChat(page, "How many sandbags do we have stockpiled?");
    check((await memoAnswer.innerText()).includes("12,000"), `the answer does not quote the scanned memo: ${(await memoAnswer.innerText()).slice(0, 300)}`);
    await visible(memoAnswer.getByRole("button", { name: new RegExp(`^Source \\d+: ${memo}`) }).first(), "a citation of the scanned memo");

    const declined = await askInNewChat(page, "What is the annual snowplow budget for the blizzard season?");
    await visible(declined.getByText(/do not seem to cover this/), "the decline");
    check((await declined.getByTestId("ask-source").count()) === 0, "the declined answer cites a source.");
    annotate(
      `"${stem}" Ready; "Capacity: 450" quoted and its row opened (still open once saved); the scanned memo read and cited ("12,000"); the picture described and Ready; the uncovered question declined with no source`,
    );
  },
);
