import { askIntelligenceChat, check, dismissWelcome, gotoAndHydrate, signUpFreshUser, visible } from "../lib/helpers.ts";
import { annotate, test } from "../lib/fixtures.ts";

const ANSWER_TIMEOUT_MS = 60_000;

/**
 * Issue 12's intelligence chat: a planner asks about a current threat, the answer streams from the
 * (fake) public sources with numbered source links, the answer is kept as a brief and the question
 * becomes a news alert.
 */
test("intelligence chat: ask about a current threat, the answer cites numbered public sources, save it as a brief, watch it as an alert", async ({
  page,
  baseURL,
  admin,
}) => {
  const { email } = await signUpFreshUser(page, baseURL, "intel");
  await admin("grant-plan", "--email", email, "--plan", "SOLO");
  await admin("set-flag", "--email", email, "--flag", "alertsEnabled", "--on");
  await gotoAndHydrate(page, baseURL, "/intelligence");
  await dismissWelcome(page);

  // The fake news source has a Brackwater River story (test/fakes/intel/gdelt.ts).
  const answer = await askIntelligenceChat(page, "Is the Brackwater River going to flood?", ANSWER_TIMEOUT_MS);
  const sources = answer.getByTestId("intel-source");
  const sourceCount = await sources.count();
  check(sourceCount > 0, `the answer lists no source: ${(await answer.innerText()).slice(0, 300)}`);
  const link = sources.first().getByRole("link");
  check(
    (await link.getAttribute("target")) === "_blank" && /noopener/.test((await link.getAttribute("rel")) ?? ""),
    "a source link does not open safely in a new tab.",
  );
  check(/Brackwater River/.test(await sources.first().innerText()), `the first source is ${await sources.first().innerText()}.`);

  // Save as brief asks for a title: suggested from the question, refused when blank, saved as edited.
  await answer.getByTestId("intel-save-brief").click();
  const saveDialog = await visible(page.getByRole("dialog", { name: "Save as brief" }), "the Save as brief dialog");
  const titleField = saveDialog.getByLabel("Title", { exact: true });
  check(/Brackwater River/.test(await titleField.inputValue()), `the suggested title is "${await titleField.inputValue()}".`);
  await titleField.fill("   ");
  await saveDialog.getByRole("button", { name: "Save brief", exact: true }).click();
  await visible(saveDialog.getByText("Title is required.", { exact: true }), "the blank-title message");
  await titleField.fill("Brackwater River flood outlook");
  await saveDialog.getByRole("button", { name: "Save brief", exact: true }).click();
  await visible(answer.getByText("Saved as brief", { exact: true }), "the saved state of the answer");

  // The same question, watched: the alerts form opens on it, focused, and creates the alert.
  const question = "Is the Brackwater River going to flood?";
  await answer.getByRole("button", { name: "Watch as alert" }).click();
  const watch = page.getByLabel("What to watch", { exact: true });
  await visible(watch, "the alert form opened from the answer");
  check((await watch.inputValue()) === question, `the alert form holds "${await watch.inputValue()}".`);
  check(await watch.evaluate((el) => el === document.activeElement), "the alert form's query is not focused.");
  await page.getByRole("button", { name: "Create alert", exact: true }).click();
  await visible(page.getByRole("article", { name: `Alert: ${question}` }), "the alert created from the chat");
  await gotoAndHydrate(page, baseURL, "/intelligence");
  await visible(page.getByText("Is the Brackwater River going to flood?").first(), "the chat and its brief after a reload");
  const briefs = await page.evaluate(async () => (await (await fetch("/api/intelligence/briefs")).json()) as { briefs: { title: string; content: string }[] });
  check(
    briefs.briefs.length === 1 && briefs.briefs[0]!.title === "Brackwater River flood outlook" && /Brackwater River/.test(briefs.briefs[0]!.content),
    `the saved briefs are ${JSON.stringify(briefs).slice(0, 300)}.`,
  );
  check(!/could not be reached|did not answer/.test(briefs.briefs[0]!.content), "the brief keeps a note about a source that did not answer.");
  annotate(`answered with ${sourceCount} numbered source(s), saved as the brief "${briefs.briefs[0]!.title}", watched as an alert`);
});
