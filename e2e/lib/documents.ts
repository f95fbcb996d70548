import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { AssertionError, visible, waitForLastFinished, waitForPath } from "./helpers.ts";
import { ROOT } from "./server.ts";

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

const ANSWER_TIMEOUT_MS = 60_000;

/** A committed document fixture (test/documents/fixtures, whose README says which tool made it). */
export const documentFixture = (name: string) => readFile(path.join(ROOT, "test", "documents", "fixtures", name));

/** Starts a new chat and asks `question` in it; resolves with the finished answer. */
export async function askInNewChat(page: Page, question: string) {
  await page.getByRole("button", { name: "New chat", exact: true }).click();
  // The URL drops the previous chat first; a question sent before that would join the old chat.
  await waitForPath(page, /^[^?]*\?(?![^#]*chat=)/);
  await visible(page.getByText("Ask Readyroom about your documents", { exact: true }), "the new chat's empty state");
  const box = page.getByLabel("Ask a question about your documents", { exact: true });
  await box.fill(question);
  await box.press("Enter");
  await waitForPath(page, /[?&]chat=[0-9a-f-]{36}/);
  const answer = page.getByTestId("ask-answer").last();
  await visible(answer, `the answer to "${question}"`, ANSWER_TIMEOUT_MS);
  // The status line may still say the previous chat's "Answer ready.": the answer itself says when
  // it is the saved one.
  await waitForSavedAnswer(page);
  return answer;
}

/** Waits until the chat's last answer has stopped streaming (it is the saved one). */
export async function waitForSavedAnswer(page: Page, timeout = ANSWER_TIMEOUT_MS) {
  await waitForLastFinished(page, "ask-answer", timeout);
}
