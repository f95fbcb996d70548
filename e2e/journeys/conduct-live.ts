import type { Page } from "playwright-core";
import { check, dismissWelcome, downloadOf, gotoAndHydrate, hidden, shot, signUpFreshUser, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import { annotate, test } from "../lib/fixtures.ts";

const EXERCISE = {
  name: "Eastbank levee breach TTX (conduct e2e)",
  scenario: "Three days of rain: the Eastbank levee is seeping and the river is still rising.",
  capabilitiesAndObjectives: [{ capability: "Mass Care Services", objective: "Open two shelters within two hours of the evacuation order." }],
  modules: [
    {
      title: "Warning and evacuation",
      description: "06:00: the levee patrol reports overtopping near Eastbank.",
      questions: ["Who decides to issue the evacuation warning, and how is it sent?"],
      injects: [],
    },
  ],
  mselTable: [
    {
      event: "1",
      time: "Day 1 06:00",
      synopsis: "Levee patrol reports overtopping",
      from: "SimCell (Levee patrol)",
      to: "EOC Director",
      injectMode: "Radio",
      message: "Water is over the levee crest at mile 4. Request evacuation of Eastbank now.",
      expectedAction: "The EOC issues the evacuation warning for Eastbank.",
    },
    {
      event: "2",
      time: "T+30",
      synopsis: "Shelter reports capacity",
      from: "Red Cross",
      to: "Mass Care lead",
      injectMode: "Phone",
      message: "The high school shelter is at capacity.",
      expectedAction: "Mass care opens the second shelter.",
    },
  ],
};

const OBSERVED = "The warning went out 12 minutes after the report; shelters were not told.";
const LATE_NOTE = "Second shelter opened late: 40 minutes after the capacity call.";
const HOT_WASH_NOTE = "Hot wash: shelter staff said nobody told them the capacity call had come in.";
const FEEDBACK_IMPROVEMENT = "Shelter teams were told about the evacuation too late.";
const OWNER = "Eastbank County Emergency Management";
const POC = "Jordan Reyes, Mass Care Coordinator";

const count = (page: Page, key: string) => page.locator(`[data-count="${key}"]`);

async function waitForCount(page: Page, key: string, value: string, what: string) {
  await page
    .waitForFunction(([k, v]) => document.querySelector(`[data-count="${k}"]`)?.textContent?.trim() === v, [key, value] as const, { timeout: 20_000 })
    .catch(async () => {
      throw new Error(`${what}: the console shows ${await count(page, key).textContent()} ${key}, expected ${value}.`);
    });
}

/** A link's address as the console shows it: in plain text, and encoded in its QR code (read from the page, not scanned). */
async function linkUrl(page: Page, label: string): Promise<string> {
  const row = page.getByRole("list", { name: "Links" }).getByRole("listitem").filter({ hasText: label });
  const shown = await visible(row.locator("[data-link-url]"), `the address of the link for ${label}`);
  const url = (await shown.textContent())?.trim();
  check(url, `the link for ${label} shows no address.`);
  const qr = await visible(
    row.getByRole("img", { name: new RegExp(`^QR code for ${label.replace(/[()]/g, "\\$&")}`) }),
    `the QR code of the link for ${label}`,
  );
  const encoded = await row.locator("[data-qr-value]").getAttribute("data-qr-value");
  check(encoded === url, `the QR code for ${label} encodes ${encoded}, not the address shown (${url}).`);
  check(await qr.isVisible(), `the QR code for ${label} is not visible.`);
  return url;
}

/** A tab of the session's pages (client-side navigation, as a user clicks it). */
async function openTab(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Session" }).getByRole("link", { name, exact: true }).click();
}

const startsWith = (bytes: Buffer, magic: string) => bytes.subarray(0, magic.length).toString("latin1") === magic;
/** A Word file: a zip ("PK") whose directory names the main document part (names are stored uncompressed). */
const isDocx = (bytes: Buffer) => startsWith(bytes, "PK") && bytes.includes("word/document.xml");

/**
 * The HSEEP round trip (issue 15) with three people at once. A controller creates a session from the
 * exercise editor's Conduct entry and makes a player, an evaluator and a feedback link; the player
 * group (on a phone) and the evaluator open theirs without accounts. Before play the controller
 * generates the Exercise Evaluation Guides (offline provider) and exports them as Word; the
 * evaluator's page offers the guide's capability target at once. The controller starts the clock,
 * opens the module and releases injects — the player records an answer, the evaluator a rated
 * observation against the target and, offline, a note that is queued then sent — and the counts
 * follow live. After End (and a revoked link), the player's phone answers the participant feedback
 * form, which the Feedback tab shows; the controller drafts the After-Action Report, sees the
 * capability analysis quote the observation, fills an Improvement Plan row's owner and date, saves,
 * exports PDF and Word, publishes; on /improvement the corrective action is marked complete, and the
 * dashboard's Capability trends show the capability's rating.
 */
test("conduct live: controller, player group and evaluator in three browsers — EEG, release, answer, rated observation, feedback, AAR/IP published, corrective action completed", async ({
  page,
  baseURL,
  admin,
  newContext,
}) => {
  const controller = await signUpFreshUser(page, baseURL, "conduct-controller", { firstName: "Casey", lastName: "Controller" });
  await admin("grant-plan", "--email", controller.email, "--plan", "SOLO");
  await gotoAndHydrate(page, baseURL, "/dashboard");
  await dismissWelcome(page);

  const exerciseId = await page.evaluate(async (exercise) => {
    const res = await fetch("/api/exercises/create", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ exercise }) });
    return ((await res.json()) as { id: string }).id;
  }, EXERCISE);
  check(exerciseId, "the exercise was not created.");

  // From the editor's toolbar to the exercise's conduct page, and a new session.
  await gotoAndHydrate(page, baseURL, `/exercise/${exerciseId}/intro`);
  await page.locator("[data-exercise-id][data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  await page.getByRole("link", { name: "Conduct", exact: true }).click();
  await waitForPath(page, `/exercise/${exerciseId}/conduct`);
  await waitForHydration(page);
  await visible(page.getByRole("heading", { name: "No sessions yet" }), "the empty sessions list");
  await page.getByLabel("Session name (optional)").fill("Morning run");
  await page.getByRole("button", { name: "New conduct session", exact: true }).click();
  await waitForPath(page, /^\/conduct\/sessions\/[^/]+$/);
  await waitForHydration(page);
  const consolePath = new URL(page.url()).pathname;
  await visible(page.locator('[data-testid="controller-console"][data-status="ready"]'), "the console of the new session");
  await visible(page.locator('[data-connection="live"]'), "the console's Live connection");
  // The session status is apart from the connection: not started, while connected.
  await visible(page.locator('[data-session-status="ready"]').filter({ hasText: "Not started" }), "the session's Not started status");

  // Scenario time: from the MSEL's start (Day 1 06:00), at 10x.
  await visible(page.getByTestId("scenario-clock").filter({ hasText: /^Day 1 06:00/ }), "the scenario clock at the MSEL's start, Day 1 06:00");
  await page.getByLabel("Time scale").selectOption("10");
  await visible(page.getByTestId("clock-mode").filter({ hasText: "10x" }), "the clock at 10x");

  // A player link, an evaluator link and the participant feedback form's link.
  for (const [role, label] of [
    ["player", "EOC Policy Group"],
    ["evaluator", "Evaluator — Mass Care"],
    ["feedback", "Hot wash participants"],
  ] as const) {
    const form = page.getByRole("form", { name: "Create a link" });
    await form.getByLabel("Link for").selectOption(role);
    await form.getByLabel("Group or person").fill(label);
    await form.getByRole("button", { name: "Create link" }).click();
    await visible(page.getByRole("button", { name: `Copy link for ${label}`, exact: true }), `the new ${role} link`);
  }
  const playerUrl = await linkUrl(page, "EOC Policy Group");
  const evaluatorUrl = await linkUrl(page, "Evaluator — Mass Care");
  const feedbackUrl = await linkUrl(page, "Hot wash participants");
  check(new URL(feedbackUrl).pathname.startsWith("/feedback/"), `the feedback link ${feedbackUrl} does not open /feedback/{token}.`);

  // The join screen for the room's projector: the player link's QR code and address, full screen.
  const [joinScreen] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "Join screen for EOC Policy Group (opens a new window)", exact: true }).click(),
  ]);
  await joinScreen.waitForLoadState();
  await visible(joinScreen.getByRole("heading", { name: "Join: EOC Policy Group", level: 1 }), "the join screen");
  check((await joinScreen.locator("[data-qr-value]").getAttribute("data-qr-value")) === playerUrl, "the join screen's QR code is not the player link.");
  check((await joinScreen.getByRole("navigation", { name: "Main" }).count()) === 0, "the join screen shows the app's navigation.");
  await shot(joinScreen, "conduct-join-screen");
  await joinScreen.close();

  // The player group on a phone, the evaluator on a laptop: no accounts.
  const { page: player } = await newContext();
  await player.setViewportSize({ width: 390, height: 844 });
  await player.goto(playerUrl);
  await waitForHydration(player);
  await visible(player.getByRole("heading", { name: "EOC Policy Group", level: 1 }), "the player page");
  await visible(player.locator('[data-connection="live"]'), "the player's Live connection");
  check((await player.getByRole("navigation", { name: "Main" }).count()) === 0, "the player page shows the app's navigation.");
  check((await player.getByRole("link", { name: /^(Sign in|Create account)$/ }).count()) === 0, "the player page offers Sign in / Create account.");
  check(!(await player.content()).includes("The EOC issues the evacuation warning"), "the player page shows an expected action from the MSEL.");

  const { context: evaluatorContext, page: evaluator } = await newContext();
  await evaluator.goto(evaluatorUrl);
  await waitForHydration(evaluator);
  await visible(evaluator.getByRole("heading", { name: "Evaluator — Mass Care", level: 1 }), "the evaluator page");
  await visible(evaluator.locator('[data-connection="live"]'), "the evaluator's Live connection");
  await visible(
    evaluator.getByText("The controller has not made the evaluation guides for this session yet.", { exact: true }),
    "the evaluator's page before any guide",
  );

  // Before play: the controller generates the evaluation guides (offline), one per capability the
  // objectives name, with the objective as its target; saving them reaches the evaluator live.
  const target = "Open two shelters within two hours of the evacuation order.";
  await openTab(page, "Evaluation guides");
  await waitForPath(page, `${consolePath}/eeg`);
  await page.getByRole("button", { name: "Generate guides", exact: true }).click();
  await visible(page.getByText("Evaluation guides generated", { exact: true }), "the Generated toast");
  const guideCapability = await visible(page.getByLabel("Core capability", { exact: true }), "the generated capability guide");
  check((await guideCapability.inputValue()) === "Mass Care Services", `the guide is for ${await guideCapability.inputValue()}, not Mass Care Services.`);
  const targetBox = page.getByRole("textbox", { name: "Capability target 1", exact: true });
  check((await targetBox.inputValue()) === target, `the guide's first target reads ${JSON.stringify(await targetBox.inputValue())}.`);
  await visible(evaluator.getByRole("group").filter({ has: evaluator.getByText("Mass Care Services", { exact: true }) }), "the guide on the evaluator's page");
  const targetSelect = await visible(evaluator.getByLabel("Capability target (optional)"), "the evaluator's capability target choice (the guide's targets)");
  check((await targetSelect.locator("option").allTextContents()).includes(target), "the evaluator's target choice does not offer the guide's target.");
  await shot(page, "conduct-eeg");
  await shot(evaluator, "conduct-evaluator-with-guide");
  // The toast lasts 2 s (spec §8): watched for while the file downloads, not after.
  const [eegWord] = await Promise.all([
    downloadOf(page, () => page.getByRole("button", { name: "Word", exact: true }).click(), "the guides' Word export"),
    visible(page.getByText("Download Successful", { exact: true }), "the Download Successful toast for the guides"),
  ]);
  check(eegWord.name.endsWith(".docx"), `the guides' Word export is named ${eegWord.name}.`);
  check(isDocx(eegWord.bytes), "the guides' Word export is not a docx file.");
  await openTab(page, "Console");
  await waitForPath(page, consolePath);
  await visible(page.locator('[data-testid="controller-console"][data-status="ready"]'), "the console again");
  await visible(page.locator('[data-connection="live"]'), "the console's Live connection again");

  // The controller sees both connected, starts, opens the module and releases the first inject.
  await visible(page.getByRole("list", { name: "Connected now" }).getByText("EOC Policy Group"), "the player group in Connected now");
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await visible(page.locator('[data-testid="controller-console"][data-status="running"]'), "the running console");
  await page.getByRole("button", { name: "Open module 1", exact: true }).click();
  await visible(page.getByText("Open for players", { exact: true }), "module 1 open for players");
  await visible(page.locator('[data-session-status="running"]').filter({ hasText: "Live" }), "the session's Live status");
  // Event 1 is due at the start (Day 1 06:00): the clock released it. Event 2 is at T+30 (three wall
  // minutes at 10x): the controller jumps the clock to it, and the clock releases it.
  await visible(page.locator('[data-item-key="msel-0"][data-status="released"]'), "event 1 released by the clock at Day 1 06:00");
  await visible(page.locator('[data-item-key="msel-1"]').getByText(/^Due Day 1 06:30/), "event 2 due at Day 1 06:30 in scenario time");
  await page.getByRole("button", { name: /^Jump to next inject \(Day 1 06:30\)/ }).click();
  await visible(page.locator('[data-item-key="msel-1"][data-status="released"]'), "event 2 released when the clock jumped to it");
  await visible(page.getByTestId("scenario-clock").filter({ hasText: /^Day 1 06:3/ }), "the console's clock after the jump");

  // The player sees both (live), newest first, and records the group's answer.
  const injects = player.getByRole("list", { name: "Released injects, newest first" });
  await visible(injects.getByText("Shelter reports capacity"), "the released inject on the player's phone");
  const order = await injects.locator("li h3").allTextContents();
  check(order.join(" | ") === "Shelter reports capacity | Levee patrol reports overtopping", `the player's injects are in the order ${order.join(" | ")}.`);
  // Players see the simulated sender (never the SimCell), scenario time, and on the phone the questions before the injects.
  await visible(injects.getByText("From Levee patrol", { exact: false }), "the simulated sender of event 1");
  check(!(await player.content()).includes("SimCell"), "the player page names the SimCell.");
  await visible(player.getByTestId("scenario-clock").filter({ hasText: /^Day 1 06:/ }), "the scenario time on the player's phone");
  const question = "Who decides to issue the evacuation warning, and how is it sent?";
  await visible(player.getByLabel(question), "the discussion question's answer box");
  const questionTop = (await player.getByLabel(question).boundingBox())?.y ?? Infinity;
  const injectsTop = (await injects.boundingBox())?.y ?? -Infinity;
  check(questionTop < injectsTop, "on the phone the question does not come before the injects.");
  await player.getByLabel(question).fill("The EOC Director decides; the warning goes out by WEA and door to door.");
  await player.getByRole("button", { name: "Save answer", exact: true }).click();
  await visible(player.locator('[data-answer-state="saved"]'), "the answer's Saved state");
  await waitForCount(page, "answers", "1", "after the player's answer");
  // The console shows what the group answered, live — not only a count.
  const feed = page.getByTestId("play-feed");
  await visible(feed.locator('[data-feed-kind="answer"]').filter({ hasText: "The EOC Director decides" }), "the player's answer in the console's feed");
  check((await feed.locator('[data-feed-kind="answer"]').first().textContent())?.includes("EOC Policy Group"), "the console's feed does not name the group.");

  // The evaluator sees the current inject with its expected action, and records a rated observation.
  await visible(
    evaluator.getByTestId("current-inject").getByText("Mass care opens the second shelter."),
    "the current inject's expected action on the evaluator's page",
  );
  await evaluator.getByLabel("Core capability").selectOption("Mass Care Services");
  await evaluator.getByLabel("Capability target (optional)").selectOption({ label: target });
  await evaluator.getByLabel("What you observed").fill(OBSERVED);
  // The ratings key is one tap away, not under the form.
  await evaluator.getByRole("button", { name: "What P, S, M and U mean", exact: true }).click();
  const key = await visible(evaluator.getByRole("dialog", { name: "Ratings key" }), "the ratings key dialog");
  await key.getByRole("button", { name: "Close" }).click();
  await evaluator.getByLabel("S — Performed with Some Challenges").click();
  await evaluator.getByRole("button", { name: "Save observation", exact: true }).click();
  const notes = evaluator.getByRole("list", { name: "Your observations" });
  const savedNote = await visible(
    notes.locator('[data-note-state="saved"]').filter({ hasText: "The warning went out 12 minutes" }),
    "the observation listed as Saved",
  );
  check((await savedNote.textContent())?.includes(`Target: ${target}`), "the saved observation does not show its capability target.");
  await waitForCount(page, "observations", "1", "after the evaluator's observation");

  // The evaluator's connection drops: the next note is queued on the device, then sent once, on reconnect.
  await evaluatorContext.setOffline(true);
  await evaluator.getByLabel("Core capability").selectOption("Mass Care Services");
  await evaluator.getByLabel("What you observed").fill(LATE_NOTE);
  await evaluator.getByRole("button", { name: "Save observation", exact: true }).click();
  await visible(notes.locator('[data-note-state="queued"]').filter({ hasText: "Second shelter opened" }), "the offline note listed as Queued");
  await evaluatorContext.setOffline(false);
  await visible(notes.locator('[data-note-state="saved"]').filter({ hasText: "Second shelter opened" }), "the queued note Saved after reconnecting", 30_000);
  await waitForCount(page, "observations", "2", "after the queued observation was sent");
  check((await notes.getByText("Second shelter opened").count()) === 1, "the queued note is listed more than once.");
  await shot(page, "conduct-console");
  if (process.env.E2E_SHOTS) {
    // The console and the player page at the other width each is read at.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "conduct-console-phone");
    if (wide) await page.setViewportSize(wide);
    await player.setViewportSize({ width: 1280, height: 800 });
    await shot(player, "conduct-player-desktop");
    await player.setViewportSize({ width: 390, height: 844 });
  }
  await shot(player, "conduct-player-phone");
  await shot(evaluator, "conduct-evaluator");

  // The controller ends the session (confirmed); players see it end.
  await page.getByRole("button", { name: "End", exact: true }).click();
  const confirm = await visible(page.getByRole("alertdialog", { name: "End this session?" }), "the End confirmation");
  await confirm.getByRole("button", { name: "End session", exact: true }).click();
  await visible(page.locator('[data-testid="controller-console"][data-status="ended"]'), "the ended console");
  await visible(player.getByText("The exercise has ended", { exact: true }), "the end on the player's phone");
  // The evaluator is told at once, and finishes a note in the hot wash: marked after play.
  await visible(evaluator.locator('[data-testid="play-status"][data-status="ended"]'), "the end on the evaluator's page");
  await visible(evaluator.getByText(/You can still add and finish notes until .+ \(the hot wash\)/), "the evaluator's hot wash window");
  await evaluator.getByLabel("Core capability").selectOption("Mass Care Services");
  await evaluator.getByLabel("What you observed").fill(HOT_WASH_NOTE);
  await evaluator.getByRole("button", { name: "Save observation", exact: true }).click();
  const hotWashNote = await visible(
    notes.locator('[data-note-state="saved"]').filter({ hasText: "Hot wash: shelter staff" }),
    "the hot-wash note listed as Saved",
  );
  check((await hotWashNote.textContent())?.includes("After play"), "the hot-wash note is not marked After play.");
  await waitForCount(page, "observations", "3", "after the hot-wash note");
  await visible(
    page.getByTestId("play-feed").locator('[data-feed-kind="observation"]').filter({ hasText: "After play" }),
    "the hot-wash note in the console's feed, after play",
  );
  await shot(evaluator, "conduct-evaluator-hot-wash");

  // Revoking the player link cuts the phone off at once, with a message instead of a dead page.
  await page.getByRole("button", { name: "Revoke link for EOC Policy Group", exact: true }).click();
  const revoke = await visible(page.getByRole("alertdialog", { name: "Revoke this link?" }), "the Revoke confirmation");
  await revoke.getByRole("button", { name: "Revoke link", exact: true }).click();
  await visible(player.getByText("This link no longer works", { exact: true }), "the revoked link's message on the player's phone");
  await visible(player.locator('[data-connection="gone"]'), "the player's connection marked Disconnected");
  // The Revoke button left with its link: focus lands on the list of links, not on the page body.
  await visible(page.getByRole("group", { name: "Session links" }).and(page.locator(":focus")), "focus on the session's links after the revoke");
  check((await page.getByRole("button", { name: "Revoke link for EOC Policy Group", exact: true }).count()) === 0, "the revoked link still offers Revoke.");

  // The hot wash: the group's phone opens the feedback link and answers the participant form.
  await player.goto(feedbackUrl);
  await waitForHydration(player);
  await visible(player.getByRole("heading", { name: "Participant feedback", level: 1 }), "the participant feedback form");
  check((await player.getByRole("navigation", { name: "Main" }).count()) === 0, "the feedback form shows the app's navigation.");
  await player.getByLabel("Your role in the exercise", { exact: true }).fill("EOC Director");
  await player.getByLabel("Organisation", { exact: true }).fill("Eastbank County");
  await player.getByLabel("Strength 1", { exact: true }).fill("The evacuation decision was made quickly and clearly.");
  await player.getByLabel("Area for improvement 1", { exact: true }).fill(FEEDBACK_IMPROVEMENT);
  for (const [statement, choice] of [
    ["The exercise was well structured and organized.", "4, Agree"],
    ["The exercise scenario was plausible and realistic.", "5, Strongly agree"],
  ] as const) {
    await player.getByRole("radiogroup", { name: statement, exact: true }).getByRole("radio", { name: choice, exact: true }).click();
  }
  await shot(player, "conduct-feedback-phone");
  await player.getByRole("button", { name: "Submit feedback", exact: true }).click();
  await visible(player.getByRole("heading", { name: "Thank you", level: 1 }), "the thank-you after submitting feedback");
  await waitForCount(page, "feedback", "1", "after the participant's feedback");

  // The replay has it all in order.
  await openTab(page, "Replay");
  await waitForPath(page, `${consolePath}/replay`);
  const log = await visible(page.getByRole("list", { name: "Event log" }), "the replay's event log");
  const text = (await log.textContent()) ?? "";
  for (const needle of [
    "Released “Levee patrol reports overtopping” on schedule",
    "Released “Shelter reports capacity” on schedule",
    "The clock now runs at 10x.",
    "The clock jumped forward.",
    "The EOC Director decides",
    "rated S",
    "The session ended.",
  ]) {
    check(text.includes(needle), `the replay does not show ${JSON.stringify(needle)}.`);
  }

  // The Feedback tab has the response.
  await openTab(page, "Feedback");
  await waitForPath(page, `${consolePath}/feedback`);
  await visible(page.getByRole("heading", { name: "Response 1: EOC Director, Eastbank County" }), "the participant's response on the Feedback tab");
  check(await page.getByText(FEEDBACK_IMPROVEMENT, { exact: true }).isVisible(), "the Feedback tab does not show the area for improvement.");
  check(
    await page
      .getByRole("table", { name: /Mean rating per statement/ })
      .getByRole("row", { name: /well structured and organized\. 4\.00 1/ })
      .isVisible(),
    "the Feedback tab's means do not show the 4 given.",
  );

  // The after-action report: drafted from the record, each finding quoting its evidence.
  await openTab(page, "After-action report");
  await waitForPath(page, `${consolePath}/aar`);
  await page.getByRole("button", { name: "Generate draft", exact: true }).click();
  const analysis = await visible(page.getByRole("region", { name: "Mass Care Services", exact: true }), "the Mass Care Services capability analysis");
  check((await analysis.getByLabel("Rating", { exact: true }).inputValue()) === "S", "the capability analysis is not rated S (the evaluator's rating).");
  for (const heading of ["Strengths", "Areas for improvement"])
    await visible(analysis.getByRole("heading", { name: heading, exact: true }), `the analysis's ${heading} heading`);
  await visible(
    analysis.getByRole("list", { name: "Evidence" }).getByText(`“${OBSERVED}”`, { exact: true }),
    "the analysis quoting the evaluator's observation",
  );
  await visible(
    analysis.getByRole("list", { name: "Evidence" }).getByText(`“${LATE_NOTE}”`, { exact: true }),
    "the area for improvement quoting the queued note",
  );
  const hotWashEvidence = await visible(
    analysis
      .getByRole("list", { name: "Evidence" })
      .getByRole("listitem")
      .filter({ hasText: `“${HOT_WASH_NOTE}”` }),
    "the hot-wash note in the AAR's evidence",
  );
  check((await hotWashEvidence.textContent())?.includes("after play"), "the hot-wash note is not marked after play in the AAR's evidence.");

  // The Improvement Plan row of the late shelter: its owner, point of contact and completion date.
  // Far enough ahead that the action is never overdue or due for a reminder on the app's real clock.
  const due = "2099-06-30";
  const ip = page.getByRole("list", { name: "Improvement plan: one corrective action a row" });
  const issues = await ip.getByLabel(/^Issue, row \d+$/).evaluateAll((boxes) => boxes.map((b) => (b as HTMLTextAreaElement | HTMLInputElement).value));
  const n = issues.findIndex((issue) => issue.startsWith("Second shelter opened late")) + 1;
  check(n > 0, `no Improvement Plan row for the late shelter: ${JSON.stringify(issues)}`);
  check(
    issues.some((issue) => issue.startsWith("The warning went out")),
    "the S-rated note naming a problem is not an area for improvement.",
  );
  const field = (name: string) => ip.getByLabel(`${name}, row ${n}`, { exact: true });
  const correctiveAction = await field("Corrective action").inputValue();
  check(correctiveAction.length > 0, "the late shelter's Improvement Plan row has no corrective action.");
  await field("Primary responsible organization").fill(OWNER);
  await field("Point of contact").fill(POC);
  await field("Completion date").fill(due);
  await visible(page.getByText("Unsaved changes", { exact: true }), "the Unsaved changes mark");
  await shot(page, "conduct-aar-draft");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await hidden(page.getByText("Unsaved changes", { exact: true }), "the Unsaved changes mark after Save");

  const [pdf] = await Promise.all([
    downloadOf(page, () => page.getByRole("button", { name: "Export PDF", exact: true }).click(), "the report's PDF export"),
    visible(page.getByText("Download Successful", { exact: true }), "the Download Successful toast for the report"),
  ]);
  check(pdf.name.endsWith(".pdf") && startsWith(pdf.bytes, "%PDF"), `the report's PDF export (${pdf.name}) is not a PDF.`);
  const docx = await downloadOf(page, () => page.getByRole("button", { name: "Export docx", exact: true }).click(), "the report's Word export");
  check(docx.name.endsWith(".docx") && isDocx(docx.bytes), `the report's Word export (${docx.name}) is not a docx.`);

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const publish = await visible(page.getByRole("alertdialog", { name: "Publish the after-action report?" }), "the Publish confirmation");
  await publish.getByRole("button", { name: "Publish", exact: true }).click();
  const published = await visible(page.getByRole("status").filter({ hasText: "This report is final." }), "the published report's notice");
  check(
    await field("Primary responsible organization")
      .isEditable()
      .then((e) => !e),
    "the published report can still be edited.",
  );
  check((await page.getByRole("button", { name: "Save", exact: true }).count()) === 0, "the published report still offers Save.");

  await shot(page, "conduct-aar-published");
  // The corrective action, tracked across exercises: marked complete.
  await published.getByRole("link", { name: "Improvement", exact: true }).click();
  await waitForPath(page, "/improvement");
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: OWNER });
  await visible(row, "the corrective action on /improvement");
  check(await row.getByRole("link", { name: EXERCISE.name, exact: true }).isVisible(), "the corrective action does not name its exercise.");
  const rowText = (await row.textContent()) ?? "";
  check(rowText.includes(correctiveAction), "the corrective action's text differs from the report's.");
  check(rowText.includes(POC), "the corrective action does not show the point of contact set in the report.");
  const dueShown = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${due}T00:00:00Z`));
  check(rowText.includes(dueShown), `the corrective action is not due ${dueShown} (the report's completion date ${due}).`);
  await row.getByRole("button", { name: `Mark complete: ${correctiveAction}`, exact: true }).click();
  const confirmComplete = await visible(page.getByRole("alertdialog", { name: "Mark this corrective action complete?" }), "the Mark complete confirmation");
  await confirmComplete.getByRole("button", { name: "Mark complete", exact: true }).click();
  await visible(page.getByText("Marked complete", { exact: true }), "the Marked complete toast");
  await visible(row.getByText("Completed", { exact: true }), "the corrective action shown as Completed");
  check(/ by \S/.test((await row.textContent()) ?? ""), "the completed action does not say who marked it complete.");
  check((await row.getByRole("button", { name: /^Mark complete/ }).count()) === 0, "a completed action still offers Mark complete.");

  await shot(page, "conduct-improvement");
  // The dashboard's Capability trends show the capability's rating from the published report.
  await gotoAndHydrate(page, baseURL, "/dashboard");
  const trends = await visible(page.getByRole("region", { name: "Capability trends" }), "the Capability trends card");
  await visible(
    // After the sample workspace's tabletop (a new account has one, rated 30 days ago), this session's rating.
    trends.getByRole("img", { name: new RegExp(`^Mass Care Services ratings, oldest first: .*S in ${EXERCISE.name.replace(/[()]/g, "\\$&")}`) }),
    "the Mass Care Services rating S in Capability trends",
  );
  // The other rows (the late warning, the participant's point) are still open, beside the capability.
  const stillOpen = issues.length - 1;
  await visible(trends.getByText(`${stillOpen} open`, { exact: true }), `the capability's ${stillOpen} open corrective actions in Capability trends`);
  annotate(
    `EEG ${Math.round(eegWord.bytes.length / 1024)} KB docx; AAR ${Math.round(pdf.bytes.length / 1024)} KB PDF, ${Math.round(docx.bytes.length / 1024)} KB docx`,
  );
});
