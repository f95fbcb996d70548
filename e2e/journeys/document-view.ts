import type { Page } from "playwright-core";
import { check, gotoAndHydrate, shot, signInAsDemo, uniqueTag, visible, waitForPath } from "../lib/helpers.ts";
import { axeAudit, expectNoSeriousViolations, type AxeFinding } from "../lib/axe.ts";
import { askInNewChat, documentFixture, documentRow } from "../lib/documents.ts";
import { annotate, test } from "../lib/fixtures.ts";

const TITLE = "Tollmere County Annex R — Radiological Emergency Response";
const READY_POLLS = 120;

/** Polls the library (500 ms apart, counted) until the upload named `filename` is Ready; its id. */
async function readyDocument(page: Page, baseURL: string, filename: string): Promise<{ id: string; name: string }> {
  let last = "";
  for (let tries = READY_POLLS; tries > 0; tries--) {
    const res = await page.request.get(`${baseURL}/api/documents`);
    const { documents } = (await res.json()) as { documents: { id: string; name: string; filename: string; status: { status: string; error?: string } }[] };
    const doc = documents.find((d) => d.filename === filename);
    last = doc?.status.status ?? "not listed";
    if (doc?.status.status === "ready") return doc;
    check(doc?.status.status !== "failed", `"${filename}" failed: ${doc?.status.error}`);
    await page.waitForTimeout(500);
  }
  throw new Error(`"${filename}" was not Ready after ${READY_POLLS / 2} s (last: ${last}).`);
}

/** The cited passage marked (all its marks read `text`); its first mark in the viewport, and where focus is. */
async function checkPassageInView(page: Page, text: string, what: string) {
  const mark = page.locator("#cited-passage");
  await visible(mark, what);
  // Previous/Next change the passage in place after the URL has changed: wait for the new marks.
  const marks = () => [...document.querySelectorAll<HTMLElement>("mark[data-passage]")].map((m) => m.innerText).join(" ");
  await page
    .waitForFunction(
      (want) =>
        [...document.querySelectorAll<HTMLElement>("mark[data-passage]")]
          .map((m) => m.innerText)
          .join(" ")
          .includes(want),
      text,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const marked = await page.evaluate(marks);
  check(marked.includes(text), `${what} does not read "${text}": ${marked}`);
  await page.waitForFunction(() => document.activeElement?.id === "cited-passage", undefined, { timeout: 10_000 });
  // Scrolling follows the render (smoothly, maybe): give it the time a person would.
  const inView = await page
    .waitForFunction(
      () => {
        const box = document.getElementById("cited-passage")?.getBoundingClientRect();
        return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0);
      },
      undefined,
      { timeout: 5_000 },
    )
    .then(() => true)
    .catch(() => false);
  check(inView, `${what} is not scrolled into view.`);
}

/** The PDF page is drawn: pdf.js has finished page `n` and its canvas is not blank. */
async function checkPdfPage(page: Page, n: number) {
  const figure = page.getByTestId("pdf-page");
  await page.waitForFunction(
    (want) => {
      const el = document.querySelector('[data-testid="pdf-page"]');
      return el?.getAttribute("data-state") === "ready" && el.getAttribute("data-page") === String(want);
    },
    n,
    { timeout: 30_000 },
  );
  const inked = await figure.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!data || canvas.width < 100) return 0;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
    return dark;
  });
  check(inked > 500, `the PDF's page ${n} is blank (${inked} dark pixels).`);
  await visible(figure.getByText(`Page ${n} of the PDF`, { exact: true }), `the caption of page ${n}`);
}

/**
 * Issue 31 item 4: a PDF (made by LibreOffice, with its Title in its properties) is uploaded and
 * named by its title; Ask Readyroom cites it; the citation opens the document view at the passage,
 * marked, scrolled into view and focused, beside the PDF's page drawn by pdf.js; "Next passage"
 * moves on, page included; the same at a phone's width.
 */
test(
  "document view: a cited passage of an uploaded PDF opens in its document, highlighted and in view, with the PDF page; next passage moves on",
  { tag: "@demo" },
  async ({ page, baseURL }) => {
    await signInAsDemo(page, baseURL);
    await gotoAndHydrate(page, baseURL, "/documents");
    const filename = `e2e-annex-r-${uniqueTag()}.pdf`;
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: filename, mimeType: "application/pdf", buffer: await documentFixture("radiological-annex.pdf") }]);
    const doc = await readyDocument(page, baseURL, filename);
    check(doc.name === TITLE, `the library names the PDF "${doc.name}", not its title.`);
    await visible(documentRow(page, TITLE).first(), "the PDF in the library under its title");

    await page.getByRole("tab", { name: "Ask Readyroom", exact: true }).click();
    await waitForPath(page, /[?&]view=ask/);
    const answer = await askInNewChat(page, "How long do the Kestrel field monitoring teams take to reach their first sampling point?");
    const marker = answer.getByRole("button", { name: new RegExp(`^Source \\d+: ${TITLE}, page 2`) }).first();
    await visible(marker, "a citation of page 2 of the PDF");
    const sourceId = await marker.getAttribute("aria-controls");
    await marker.click();
    const open = page.locator(`[id="${sourceId}"]`).getByRole("link", { name: `Open passage in ${TITLE}` });
    await visible(open, "the source's Open passage link");
    await shot(page, "document-view-ask-source");
    await open.click();

    await waitForPath(page, new RegExp(`^/documents/${doc.id}\\?passage=[0-9a-f-]{36}$`));
    await visible(page.getByRole("heading", { level: 1, name: TITLE }), "the document view's title");
    await checkPassageInView(page, "within 40 minutes", "the cited passage");
    await visible(page.getByRole("heading", { name: "2. Field Monitoring" }), "the passage's section heading");
    await visible(page.getByText("Passage 2 of 3", { exact: false }), "where the passage is");
    await checkPdfPage(page, 2);
    const download = page.getByRole("link", { name: "Download original" });
    check((await download.getAttribute("href")) === `/api/documents/${doc.id}/download`, "Download original does not link to the file.");
    await shot(page, "document-view-desktop");
    const findings: AxeFinding[] = [];
    await axeAudit(page, "/documents/{id}?passage=", findings);
    expectNoSeriousViolations(findings);

    await page.getByRole("link", { name: "Next passage" }).click();
    await waitForPath(page, new RegExp(`^/documents/${doc.id}\\?passage=`));
    await checkPassageInView(page, "Evacuees from the emergency planning zone", "the next passage");
    await visible(page.getByText("Passage 3 of 3", { exact: false }), "the next passage's place");
    await visible(
      page.getByRole("columnheader", { name: "Capacity per hour" }).or(page.getByText("Oakridge High School 300")).first(),
      "the reception centers",
    );
    await checkPdfPage(page, 3);
    check(await page.getByRole("button", { name: "Next passage" }).isDisabled(), "Next passage is not disabled on the last passage.");

    await page.getByRole("link", { name: "Previous passage" }).click();
    await checkPassageInView(page, "within 40 minutes", "the previous passage again");

    await page.setViewportSize({ width: 412, height: 915 });
    await page.reload();
    await checkPassageInView(page, "within 40 minutes", "the cited passage at a phone's width");
    await checkPdfPage(page, 2);
    await shot(page, "document-view-phone");
    annotate(
      `"${TITLE}" named from its Title; its citation opened at page 2, marked, in view and focused, the page drawn, no serious axe finding; next passage (page 3) and back; the same at 412 px`,
    );
  },
);
