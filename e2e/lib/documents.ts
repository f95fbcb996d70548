import type { Locator, Page } from "playwright-core";
import { AssertionError, visible } from "./helpers.ts";

/** Ingestion runs on the local queue (batches of up to a second) and pdf.js is not involved: 60 s is generous. */
const READY_TIMEOUT_MS = 60_000;

/** The library row of the document called `name` (its name is the row's first line). */
export function documentRow(page: Page, name: string): Locator {
  return page
    .getByRole("list", { name: "Your documents" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
}

/** Waits for the row's status badge to read Ready; a Failed badge ends the wait with its message. */
export async function waitDocumentReady(page: Page, name: string) {
  return waitDocumentStatus(page, name, "ready");
}

/** Waits for the row's status badge to reach `want` (ready or failed); the other final state ends the wait. */
export async function waitDocumentStatus(page: Page, name: string, want: "ready" | "failed") {
  const target = documentRow(page, name);
  await visible(target, `the library row of "${name}"`);
  let last = "";
  // Polls 500 ms apart for READY_TIMEOUT_MS: counted, not timed (a journey does not read the clock).
  for (let tries = READY_TIMEOUT_MS / 500; tries > 0; tries--) {
    const badge = target.locator("[data-status]").first();
    const status = await badge.getAttribute("data-status").catch(() => null);
    last = (await badge.innerText().catch(() => "")) || last;
    if (status === want) return;
    if (status === "ready" || status === "failed") {
      const text = await target.innerText();
      throw new AssertionError(`"${name}" ended ${status}, not ${want}: ${text.replace(/\s+/g, " ")}`);
    }
    await page.waitForTimeout(500);
  }
  throw new AssertionError(`"${name}" was not ${want} within ${READY_TIMEOUT_MS / 1000} s (last status: ${last || "none"}).`);
}
