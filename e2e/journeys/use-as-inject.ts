import { readFile } from "node:fs/promises";
import path from "node:path";
import { askIntelligenceChat, check, dismissWelcome, gotoAndHydrate, shot, signUpFreshUser, visible, waitForPath } from "../lib/helpers.ts";
import { annotate, test } from "../lib/fixtures.ts";
import { ROOT } from "../lib/server.ts";

const ANSWER_TIMEOUT_MS = 60_000;
const CAP_FIXTURE = path.join(ROOT, "test/exercises/fixtures/nws-flood-warning.cap.xml");

/**
 * Issue 32 item 11: an intelligence answer becomes an inject of an exercise the planner picks — the
 * MSEL step opens with the pre-filled row highlighted after the existing ones — a CAP alert
 * file is imported into the same MSEL from its step, and the official NWS alert the answer cites
 * (read for the state in the planner's profile) becomes an inject of its own. Looked at on a
 * desktop and a phone.
 */
test("use as inject: an intelligence answer lands pre-filled and highlighted in the chosen exercise's MSEL; a CAP file and the official alert it cites add theirs", async ({
  page,
  baseURL,
  admin,
}) => {
  const { email } = await signUpFreshUser(page, baseURL, "inject");
  await admin("grant-plan", "--email", email, "--plan", "SOLO");
  // Where the planner works, from the profile: Intelligence reads that state's official alerts.
  await gotoAndHydrate(page, baseURL, "/account/profile");
  await dismissWelcome(page);
  await page.getByLabel("City or county", { exact: true }).fill("Brackwater");
  await page.getByLabel("State", { exact: true }).fill("WA");
  await page.getByRole("button", { name: "Save details", exact: true }).click();
  await visible(page.getByText("Details saved", { exact: true }).first(), "the saved details' toast");
  await shot(page, "profile-details-place");
  await gotoAndHydrate(page, baseURL, "/intelligence");

  // An exercise with an MSEL of its own: the inject is numbered after it.
  const exerciseId = await page.evaluate(async () => {
    const res = await fetch("/api/exercises/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ exercise: { name: "Brackwater levee tabletop", mselTable: [{ event: "1", synopsis: "Start of play" }] } }),
    });
    return ((await res.json()) as { id: string }).id;
  });

  const answer = await askIntelligenceChat(page, "Is the Brackwater River going to flood?", ANSWER_TIMEOUT_MS);
  await answer.getByRole("button", { name: "Use as inject", exact: true }).click();
  const dialog = await visible(page.getByRole("dialog", { name: "Use as inject" }), "the Use as inject dialog");
  // Refused without a choice, said beside the field.
  await dialog.getByRole("button", { name: "Add inject", exact: true }).click();
  await visible(dialog.getByText("Pick the exercise to add the inject to.", { exact: true }), "the message for no exercise chosen");
  await dialog.getByLabel("Exercise", { exact: true }).selectOption({ label: "Brackwater levee tabletop" });
  await shot(page, "use-as-inject-dialog");
  await dialog.getByRole("button", { name: "Add inject", exact: true }).click();

  await waitForPath(page, `/exercise/${exerciseId}/msel-table`);
  check(new URL(page.url()).searchParams.get("added") === "2", `the editor opened at ${page.url()}.`);
  await visible(page.getByTestId("msel-added"), "the note about the added row");
  const synopsis = page.locator('[data-cell="1:synopsis"]');
  await visible(synopsis, "the added row's synopsis");
  check((await synopsis.inputValue()) === "Intelligence update: Is the Brackwater River going to flood?", `the synopsis is "${await synopsis.inputValue()}".`);
  check((await page.locator('[data-cell="1:event"]').inputValue()) === "2", "the inject is not numbered after the existing event.");
  check(
    /^Pre-filled from an intelligence answer of /.test(await page.locator('[data-cell="1:comment"]').inputValue()),
    "the comment does not cite the answer.",
  );
  check((await page.locator("tr[data-added]").count()) === 1, "the added row is not the one highlighted.");
  check(await synopsis.evaluate((el) => el === document.activeElement), "the added row's synopsis is not focused.");
  await shot(page, "use-as-inject-msel-desktop");

  // A CAP file from the MSEL step: the flood warning is row 3, from the issuing office.
  await page.getByTestId("cap-file").setInputFiles(CAP_FIXTURE);
  const from = page.locator('[data-cell="2:from"]');
  await visible(from, "the row imported from the CAP file");
  check((await from.inputValue()) === "NWS Seattle WA", `the CAP row is from "${await from.inputValue()}".`);
  await page.waitForURL((url) => url.searchParams.get("added") === "3", { timeout: 10_000 });
  check((await page.locator("tr[data-added]").count()) === 1, "the CAP row is not the one highlighted.");
  // Saved on the server, not only on the page.
  await gotoAndHydrate(page, baseURL, `/exercise/${exerciseId}/msel-table`);
  check((await page.locator('[data-cell="2:synopsis"]').inputValue()).startsWith("Flood Warning issued March 2"), "the CAP row was not kept after a reload.");

  // The official alert the answer cites (NWS, read for the profile's state): its own inject, from the issuing office.
  await gotoAndHydrate(page, baseURL, "/intelligence");
  await page
    .getByRole("button", { name: /Brackwater River/ })
    .first()
    .click();
  const cited = await visible(page.getByTestId("intel-answer").last(), "the reopened answer");
  await cited
    .getByRole("button", { name: /^Use as inject: source \d+$/ })
    .first()
    .click();
  const alertDialog = await visible(page.getByRole("dialog", { name: "Use as inject" }), "the dialog for the official alert");
  await alertDialog.getByLabel("Exercise", { exact: true }).selectOption({ label: "Brackwater levee tabletop" });
  await alertDialog.getByRole("button", { name: "Add inject", exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/exercise/${exerciseId}/msel-table` && url.searchParams.get("added") === "4", { timeout: 20_000 });
  const alertFrom = page.locator('[data-cell="3:from"]');
  await visible(alertFrom, "the row from the official alert");
  check((await alertFrom.inputValue()) === "NWS Seattle WA", `the alert's row is from "${await alertFrom.inputValue()}".`);
  check((await page.locator('[data-cell="3:synopsis"]').inputValue()).startsWith("Flood Warning"), "the alert's row is not the flood warning.");

  // An editor tab left open while injects are added from elsewhere (here: a CAP file through the
  // API, as another tab's import would): back on the tab, the rows join its MSEL before it saves again.
  const capXml = await readFile(CAP_FIXTURE, "utf8");
  await page.evaluate(
    async ([id, xml]) => {
      const form = new FormData();
      form.append("file", new File([xml], "elsewhere.xml", { type: "application/xml" }));
      const res = await fetch(`/api/exercises/${id}/msel/cap`, { method: "POST", body: form });
      if (res.status !== 201) throw new Error(`the CAP import from elsewhere answered ${res.status}`);
    },
    [exerciseId, capXml] as const,
  );
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await visible(page.getByText("1 inject added elsewhere is now in the MSEL", { exact: true }).first(), "the note about the row added elsewhere");
  await visible(page.locator('[data-cell="4:from"]'), "the row added elsewhere, in the open MSEL");
  // An edit here now keeps it.
  await page.locator('[data-cell="0:synopsis"]').fill("Start of play (edited after the import)");
  await visible(page.locator('[data-save-state="pending"], [data-save-state="saving"]').first(), "the edit's save starting");
  await visible(page.locator('[data-save-state="saved"]'), "the edit saved", 15_000);
  await gotoAndHydrate(page, baseURL, `/exercise/${exerciseId}/msel-table`);
  check((await page.locator("[data-cell$=':synopsis']").count()) === 5, "a row added elsewhere was lost when the open editor saved.");
  check(
    (await page.locator('[data-cell="0:synopsis"]').inputValue()) === "Start of play (edited after the import)",
    "the edit after the catch-up was not saved.",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await gotoAndHydrate(page, baseURL, `/exercise/${exerciseId}/msel-table?added=2-3`);
  await visible(page.getByTestId("msel-added"), "the note on a phone");
  await shot(page, "use-as-inject-msel-phone");
  await gotoAndHydrate(page, baseURL, "/intelligence");
  await page.getByRole("button", { name: /^Chats/ }).click();
  await page
    .getByRole("button", { name: /Brackwater River/ })
    .first()
    .click();
  await visible(page.getByTestId("intel-answer").last(), "the answer on a phone");
  await page.getByTestId("intel-answer").last().getByRole("button", { name: "Use as inject", exact: true }).click();
  const phoneDialog = await visible(page.getByRole("dialog", { name: "Use as inject" }), "the dialog on a phone");
  await phoneDialog.getByRole("button", { name: "New exercise", exact: true }).click();
  await visible(phoneDialog.getByLabel("Exercise name", { exact: true }), "the name field of a new exercise");
  await shot(page, "use-as-inject-dialog-phone");
  annotate("answer → inject row 2 highlighted in the chosen exercise; CAP file → row 3 from NWS Seattle WA; the answer's NWS alert → row 4");
});
