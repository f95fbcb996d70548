import path from "node:path";
import { BRACKWATER_DOCUMENTS } from "../../worker/sample/brackwater/documents.ts";
import { waitDocumentReady } from "../lib/documents.ts";
import { annotate, test } from "../lib/fixtures.ts";
import { check, confirmAddressFromMailbox, FRESH_PASSWORD, gotoAndHydrate, hidden, shot, uniqueEmail, visible, waitForPath } from "../lib/helpers.ts";
import { ROOT, startApp, type RunningApp } from "../lib/server.ts";

const SAMPLE_DOCUMENTS = BRACKWATER_DOCUMENTS.filter((d) => d.sample);
const QUESTION = "What is the capacity of the Greywell High School shelter?";

/**
 * Issue 29's newcomer, on an app of their own started as a fresh `npm start` starts it: no Stripe
 * keys, so billing is off and every confirmed account has the default plan (the suite's shared app
 * bills with a fake Stripe, where a newcomer meets the plans page instead). BILLING_MODE is named so
 * a developer's own .dev.vars cannot turn it into the Stripe journey.
 */
const NEWCOMER_APP = { label: "newcomer", logFile: path.join(ROOT, "e2e", "artifacts", "newcomer-server.log"), vars: { BILLING_MODE: "off" } };

let app: RunningApp | undefined;
let baseURL = "";
// Started here and stopped after, not beside the whole run: an idle app still costs ~4% of a core
// (wrangler's watcher), about 12 CPU-seconds over a run in which this journey takes a minute.
test.beforeAll(async () => {
  test.setTimeout(300_000);
  app = await startApp(NEWCOMER_APP);
  // The address `npm start` prints and e-mails link to (APP_URL follows PORT): the session cookie is that host's.
  baseURL = `http://localhost:${app.port}`;
});
test.afterAll(async () => {
  await app?.stop();
});

test("a newcomer signs up, confirms, lands on the dashboard with the sample workspace, asks a sample plan and gets a cited answer, then removes the sample data", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("newcomer");

  await gotoAndHydrate(page, baseURL, "/signup");
  await page.getByLabel("First name", { exact: true }).fill("Jordan");
  await page.getByLabel("Last name", { exact: true }).fill("Alvarez");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(FRESH_PASSWORD);
  await page.getByLabel("Organization", { exact: true }).fill("Tamsin County Office of Emergency Management");
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await visible(page.getByRole("heading", { name: "Check your e-mail" }), "the check-your-e-mail answer to sign-up");

  // The link signs in: straight to the dashboard, a first visit, the welcome modal on top.
  await confirmAddressFromMailbox(page, baseURL, email);
  await visible(page.getByRole("heading", { level: 1, name: "Welcome, Jordan", exact: true }), "the first visit's greeting");
  const welcome = await visible(page.getByRole("dialog", { name: "Welcome to Readyroom" }), "the welcome modal");
  // The note on the sample workspace comes with the modal's own request for what the workspace holds,
  // after the dialog shows: wait for it rather than read the dialog the moment it opens.
  const sampleNote = await visible(welcome.getByTestId("welcome-sample-note"), "the welcome modal's note on the sample workspace");
  await shot(page, "newcomer-1-welcome");
  const noteText = await sampleNote.innerText();
  check(/sample/i.test(noteText), `the welcome modal's note does not say the workspace holds sample data: ${noteText}`);
  check((await welcome.getByRole("link").count()) >= 4, "the welcome modal's first steps are not links.");
  await welcome.getByRole("button", { name: "Close" }).click();
  await hidden(welcome, "the welcome modal after Close");

  // The sample workspace, marked as such, beside the way to remove it; no "No exercises yet" wall.
  await visible(page.getByText("You are exploring sample data", { exact: true }), "the sample workspace's card");
  for (const doc of SAMPLE_DOCUMENTS) await visible(page.getByText(doc.name, { exact: true }).first(), `the sample document "${doc.name}" on the dashboard`);
  await shot(page, "newcomer-2-dashboard");
  check((await page.getByText("No exercises yet").count()) === 0, "the dashboard says No exercises yet beside the sample exercise.");
  check((await page.getByText("Sample", { exact: true }).count()) > 0, "nothing on the dashboard is badged Sample.");

  // Ask a sample plan: the three documents were queued when written and become Ready by themselves.
  await gotoAndHydrate(page, baseURL, "/documents");
  for (const doc of SAMPLE_DOCUMENTS) await waitDocumentReady(page, doc.name);
  await page.getByRole("tab", { name: "Ask Readyroom", exact: true }).click();
  await waitForPath(page, /[?&]view=ask/);
  const box = page.getByLabel("Ask a question about your documents", { exact: true });
  await box.fill(QUESTION);
  await box.press("Enter");
  await visible(page.getByRole("button", { name: "Ask", exact: true }), "the Ask button after the answer", 60_000);
  const answer = page.getByTestId("ask-answer").last();
  // Made without a model, and it says so.
  await visible(answer.getByText("Offline answers", { exact: true }), "the offline label under the answer");
  const answerText = await answer.innerText();
  check(answerText.includes("850"), `the answer does not hold the shelter's capacity (850): ${answerText.slice(0, 400)}`);
  await shot(page, "newcomer-3-ask");
  const sources = await answer.getByTestId("ask-source").allInnerTexts();
  check(
    sources.some((s) => s.includes("Annex F — Riverine and Coastal Flood")),
    `the answer does not cite the flood annex: ${sources.join(" | ")}`,
  );

  // One action removes the sample, and only the sample.
  await gotoAndHydrate(page, baseURL, "/dashboard");
  await page.getByRole("button", { name: "Remove sample data", exact: true }).click();
  const confirm = await visible(page.getByRole("alertdialog", { name: "Remove the sample data?" }), "the removal's confirmation");
  await confirm.getByRole("button", { name: "Remove sample data", exact: true }).click();
  await hidden(page.getByText("You are exploring sample data", { exact: true }), "the sample card after the removal", 20_000);
  for (const doc of SAMPLE_DOCUMENTS) check((await page.getByText(doc.name, { exact: true }).count()) === 0, `"${doc.name}" is still on the dashboard.`);
  await page.reload();
  await shot(page, "newcomer-4-removed");
  await visible(page.getByRole("heading", { level: 1, name: "Welcome back, Jordan", exact: true }), "the greeting on a later visit");
  check((await page.getByText("Sample", { exact: true }).count()) === 0, "something badged Sample is left after the removal.");
  annotate(`answered with ${sources.length} source(s) on an app with billing off; sample removed`);
});
