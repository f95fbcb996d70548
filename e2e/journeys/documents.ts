import { readFile } from "node:fs/promises";
import { DEMO_DOCUMENTS } from "../../scripts/lib/demo.ts";
import { check, gotoAndHydrate, hidden, openToggle, signInAsDemo, uniqueTag, visible } from "../lib/helpers.ts";
import { documentRow, waitDocumentReady } from "../lib/documents.ts";
import { annotate, test } from "../lib/fixtures.ts";

test(
  "documents: upload a Markdown file, Ready via the queue, keyword search, rename, download, delete; seeded Brackwater documents become Ready",
  { tag: "@demo" },
  async ({ page, baseURL }) => {
    await signInAsDemo(page, baseURL);

    await gotoAndHydrate(page, baseURL, "/documents");
    await visible(page.getByRole("heading", { level: 1, name: "Documents", exact: true }), "the Documents heading");

    // A unique word, so the search hit can only come from this upload.
    const tag = uniqueTag();
    const word = `kestrelmoor${tag}`;
    const stem = `e2e-levee-notes-${tag}`;
    const filename = `${stem}.md`;
    const content = Buffer.from(
      `# Levee L-3 drill notes\n\nSandbag relay teams from ${word} staged at the Alder Flats fire station.\n\n## Seepage\n\nBoils on the landward toe were ringed within 40 minutes.\n`,
    );
    await page.locator('input[type="file"]').setInputFiles({ name: filename, mimeType: "text/markdown", buffer: content });
    await visible(documentRow(page, stem), `the uploaded "${stem}" in the library`);
    await waitDocumentReady(page, stem);

    // The list endpoint queued the seeded documents; they converge on Ready too.
    for (const doc of DEMO_DOCUMENTS) await waitDocumentReady(page, doc.name);

    await openToggle(page, "Search inside documents");
    await page.getByLabel("Words to find in your documents", { exact: true }).fill(word);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const hits = page.getByRole("list", { name: `Passages matching ${word}` }).getByRole("listitem");
    const hit = await visible(hits.filter({ hasText: stem }), `a search hit in "${stem}" for "${word}"`);
    check((await hit.locator("mark").first().innerText()).toLowerCase().includes(word), "the hit marks the searched word.");

    const renamed = `Levee drill notes ${tag}`;
    await documentRow(page, stem)
      .getByRole("button", { name: `Rename ${stem}`, exact: true })
      .click();
    const nameBox = page.getByLabel(`New name for ${stem}`, { exact: true });
    await nameBox.fill(renamed);
    await nameBox.press("Enter");
    await visible(documentRow(page, renamed), `the renamed row "${renamed}"`);
    await hidden(documentRow(page, stem), `the old name "${stem}"`);

    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 30_000 }),
      documentRow(page, renamed)
        .getByRole("link", { name: `Download ${renamed}`, exact: true })
        .click(),
    ]);
    check((await download.failure()) === null, "the download failed.");
    check(download.suggestedFilename() === filename, `the download is named ${download.suggestedFilename()}, not ${filename}.`);
    const saved = await download.path();
    check(saved !== null && (await readFile(saved)).equals(content), "the downloaded bytes differ from the upload.");

    await documentRow(page, renamed)
      .getByRole("button", { name: `Delete ${renamed}`, exact: true })
      .click();
    const confirm = await visible(page.getByRole("alertdialog", { name: "Delete this document?" }), "the delete confirmation");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await hidden(documentRow(page, renamed), `the deleted row "${renamed}"`);

    // Gone on the server too, not only from the screen.
    await gotoAndHydrate(page, baseURL, "/documents");
    await visible(documentRow(page, DEMO_DOCUMENTS[0]!.name), "the library after a reload");
    check((await documentRow(page, renamed).count()) === 0, `"${renamed}" is still listed after a reload.`);
    annotate(`uploaded, Ready, found "${word}", renamed, downloaded ${content.byteLength} B, deleted; ${DEMO_DOCUMENTS.length} seeded documents Ready`);
  },
);
