import { readFile } from "node:fs/promises";
import path from "node:path";
import { check, gotoAndHydrate, signInAsDemo, visible, waitForPath } from "../lib/helpers.ts";
import { documentRow, waitDocumentReady } from "../lib/documents.ts";
import { ROOT } from "../lib/server.ts";
import type { Journey } from "../lib/types.ts";

const ANSWER_TIMEOUT_MS = 60_000;

/**
 * Issue 11's planner path: a spreadsheet (made by LibreOffice) is read as rows that keep their
 * header names, a paraphrased question finds the row, the offline answer quotes it, and the cited
 * passage opens. A question no document covers is declined with nothing cited.
 */
export default {
  name: "documents answer: upload a spreadsheet, ask in your own words, the cited row opens; an uncovered question is declined",
  async run({ page, baseURL }) {
    await signInAsDemo(page, baseURL);
    await gotoAndHydrate(page, baseURL, "/documents");

    const tag = Date.now().toString(36);
    const stem = `e2e-shelters-${tag}`;
    const bytes = await readFile(path.join(ROOT, "test", "documents", "fixtures", "shelters.xlsx"));
    await page.locator('input[type="file"]').setInputFiles({
      name: `${stem}.xlsx`,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: bytes,
    });
    await visible(documentRow(page, stem), `the uploaded "${stem}" in the library`);
    await waitDocumentReady(page, stem);

    await page.getByRole("tab", { name: "Ask Readyroom", exact: true }).click();
    await waitForPath(page, /[?&]view=ask/);
    await page.getByRole("button", { name: "New chat", exact: true }).click();
    const box = page.getByLabel("Ask a question about your documents", { exact: true });
    await box.fill("How many people fit in Lincoln High?");
    await box.press("Enter");
    await waitForPath(page, /[?&]chat=[0-9a-f-]{36}/);
    await visible(page.getByRole("status").filter({ hasText: "Answer ready." }), "the finished answer", ANSWER_TIMEOUT_MS);
    const answer = page.getByTestId("ask-answer").last();
    const text = await answer.innerText();
    check(text.includes("Capacity: 450"), `the answer does not quote the spreadsheet row: ${text.slice(0, 300)}`);
    const marker = answer.getByRole("button", { name: new RegExp(`^Source \\d+: ${stem}`) }).first();
    await visible(marker, "a citation of the spreadsheet in the answer");
    // The streamed answer is replaced by the saved one (new element ids) when the chat reloads from
    // the server; a click in between opens a source that is then gone, so click until one stays open.
    let toggle = page.locator("#none");
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = answer.getByRole("button", { name: new RegExp(`^Source \\d+: ${stem}`) }).first();
      const sourceId = await current.getAttribute("aria-controls");
      await current.click();
      toggle = page.locator(`[id="${sourceId}"]`).getByRole("button", { expanded: true });
      if (await toggle.waitFor({ state: "visible", timeout: 5_000 }).then(() => true, () => false)) break;
    }
    await visible(toggle, "the cited spreadsheet passage, opened");
    const passage = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    check((await passage.innerText()).includes("Shelter: Lincoln High School"), "the opened passage is not the Lincoln High School row.");

    await page.getByRole("button", { name: "New chat", exact: true }).click();
    await box.fill("What is the annual snowplow budget for the blizzard season?");
    await box.press("Enter");
    const declined = page.getByTestId("ask-answer").last();
    await visible(declined.getByText(/do not seem to cover this/), "the decline", ANSWER_TIMEOUT_MS);
    check((await declined.getByTestId("ask-source").count()) === 0, "the declined answer cites a source.");
    return `"${stem}" Ready; "Capacity: 450" quoted and its row opened; the uncovered question declined with no source`;
  },
} satisfies Journey;
