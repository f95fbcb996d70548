import type { Page } from "playwright-core";
import { check, dismissWelcome, gotoAndHydrate, signUpFreshUser, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import type { Journey } from "../lib/types.ts";

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
      time: "T+0",
      synopsis: "Levee patrol reports overtopping",
      from: "Levee patrol",
      to: "EOC Director",
      injectMode: "Radio",
      message: "Water is over the levee crest at mile 4. Request evacuation of Eastbank now.",
      expectedAction: "The EOC issues the evacuation warning for Eastbank.",
    },
    {
      event: "2",
      synopsis: "Shelter reports capacity",
      from: "Red Cross",
      to: "Mass Care lead",
      injectMode: "Phone",
      message: "The high school shelter is at capacity.",
      expectedAction: "Mass care opens the second shelter.",
    },
  ],
};

const count = (page: Page, key: string) => page.locator(`[data-count="${key}"]`);

async function waitForCount(page: Page, key: string, value: string, what: string) {
  await page.waitForFunction(([k, v]) => document.querySelector(`[data-count="${k}"]`)?.textContent?.trim() === v, [key, value] as const, { timeout: 20_000 }).catch(async () => {
    throw new Error(`${what}: the console shows ${await count(page, key).textContent()} ${key}, expected ${value}.`);
  });
}

async function linkUrl(page: Page, label: string): Promise<string> {
  const copy = await visible(page.getByRole("button", { name: `Copy link for ${label}`, exact: true }), `the Copy link button for ${label}`);
  const url = await copy.getAttribute("data-url");
  check(url, `the link for ${label} has no URL.`);
  return url;
}

/**
 * Live conduct (issue 15) with three people at once: a controller creates a session from the
 * exercise editor's Conduct entry and makes a player link and an evaluator link; the player group
 * (on a phone) and the evaluator open them without accounts; the controller starts the clock, opens
 * the module and releases an inject — the player sees it and records an answer, the evaluator
 * records an observation with a P/S/M/U rating — and the controller's counts follow live before
 * the controller ends the session.
 */
export default {
  name: "conduct live: controller, player group and evaluator in three browsers — release, answer, observe with a rating, end",
  async run({ page, baseURL, admin, newContext }) {
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

    // A player link and an evaluator link.
    for (const [role, label] of [
      ["player", "EOC Policy Group"],
      ["evaluator", "Evaluator — Mass Care"],
    ] as const) {
      const form = page.getByRole("form", { name: "Create a link" });
      await form.getByLabel("Link for").selectOption(role);
      await form.getByLabel("Group or person").fill(label);
      await form.getByRole("button", { name: "Create link" }).click();
      await visible(page.getByRole("button", { name: `Copy link for ${label}`, exact: true }), `the new ${role} link`);
    }
    const playerUrl = await linkUrl(page, "EOC Policy Group");
    const evaluatorUrl = await linkUrl(page, "Evaluator — Mass Care");

    // The player group on a phone, the evaluator on a laptop: no accounts.
    const { page: player } = await newContext();
    await player.setViewportSize({ width: 390, height: 844 });
    await player.goto(playerUrl);
    await waitForHydration(player);
    await visible(player.getByRole("heading", { name: "EOC Policy Group", level: 1 }), "the player page");
    await visible(player.locator('[data-connection="live"]'), "the player's Live connection");
    check((await player.getByRole("navigation", { name: "Main" }).count()) === 0, "the player page shows the app's navigation.");
    check(!(await player.content()).includes("The EOC issues the evacuation warning"), "the player page shows an expected action from the MSEL.");

    const { context: evaluatorContext, page: evaluator } = await newContext();
    await evaluator.goto(evaluatorUrl);
    await waitForHydration(evaluator);
    await visible(evaluator.getByRole("heading", { name: "Evaluator — Mass Care", level: 1 }), "the evaluator page");
    await visible(evaluator.locator('[data-connection="live"]'), "the evaluator's Live connection");

    // The controller sees both connected, starts, opens the module and releases the first inject.
    await visible(page.getByRole("list", { name: "Connected now" }).getByText("EOC Policy Group"), "the player group in Connected now");
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await visible(page.locator('[data-testid="controller-console"][data-status="running"]'), "the running console");
    await page.getByRole("button", { name: "Open module 1", exact: true }).click();
    await visible(page.getByText("Open for players", { exact: true }), "module 1 open for players");
    // Event 1 is due at T+0: the clock released it; event 2 has no time and is released by hand.
    await visible(page.locator('[data-item-key="msel-0"][data-status="released"]'), "event 1 released by the clock at T+0");
    await page.getByRole("button", { name: "Release now: Shelter reports capacity", exact: true }).click();
    await visible(page.locator('[data-item-key="msel-1"][data-status="released"]'), "event 2 marked released on the timeline");

    // The player sees both (live), newest first, and records the group's answer.
    const injects = player.getByRole("list", { name: "Released injects, newest first" });
    await visible(injects.getByText("Shelter reports capacity"), "the released inject on the player's phone");
    const order = await injects.locator("li h3").allTextContents();
    check(order.join(" | ") === "Shelter reports capacity | Levee patrol reports overtopping", `the player's injects are in the order ${order.join(" | ")}.`);
    const question = "Who decides to issue the evacuation warning, and how is it sent?";
    await visible(player.getByLabel(question), "the discussion question's answer box");
    await player.getByLabel(question).fill("The EOC Director decides; the warning goes out by WEA and door to door.");
    await player.getByRole("button", { name: "Save answer", exact: true }).click();
    await visible(player.locator('[data-answer-state="saved"]'), "the answer's Saved state");
    await waitForCount(page, "answers", "1", "after the player's answer");

    // The evaluator sees the current inject with its expected action, and records a rated observation.
    await visible(evaluator.getByTestId("current-inject").getByText("Mass care opens the second shelter."), "the current inject's expected action on the evaluator's page");
    await evaluator.getByLabel("Core capability").selectOption("Mass Care Services");
    await evaluator.getByLabel("What you observed").fill("The warning went out 12 minutes after the report; shelters were not told.");
    await evaluator.getByLabel("S — Performed with Some Challenges").click();
    await evaluator.getByRole("button", { name: "Save observation", exact: true }).click();
    const notes = evaluator.getByRole("list", { name: "Your observations" });
    await visible(notes.locator('[data-note-state="saved"]').filter({ hasText: "The warning went out 12 minutes" }), "the observation listed as Saved");
    await waitForCount(page, "observations", "1", "after the evaluator's observation");

    // The evaluator's connection drops: the next note is queued on the device, then sent once, on reconnect.
    await evaluatorContext.setOffline(true);
    await evaluator.getByLabel("Core capability").selectOption("Mass Care Services");
    await evaluator.getByLabel("What you observed").fill("Second shelter opened 40 minutes after the capacity call.");
    await evaluator.getByRole("button", { name: "Save observation", exact: true }).click();
    await visible(notes.locator('[data-note-state="queued"]').filter({ hasText: "Second shelter opened" }), "the offline note listed as Queued");
    await evaluatorContext.setOffline(false);
    await visible(notes.locator('[data-note-state="saved"]').filter({ hasText: "Second shelter opened" }), "the queued note Saved after reconnecting", 30_000);
    await waitForCount(page, "observations", "2", "after the queued observation was sent");
    check((await notes.getByText("Second shelter opened").count()) === 1, "the queued note is listed more than once.");
    if (process.env.E2E_SHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/conduct-console.png`, fullPage: true });
      await player.screenshot({ path: `${process.env.E2E_SHOTS}/conduct-player-phone.png`, fullPage: true });
      await evaluator.screenshot({ path: `${process.env.E2E_SHOTS}/conduct-evaluator.png`, fullPage: true });
    }

    // The controller ends the session (confirmed); players see it end.
    await page.getByRole("button", { name: "End", exact: true }).click();
    const confirm = await visible(page.getByRole("alertdialog", { name: "End this session?" }), "the End confirmation");
    await confirm.getByRole("button", { name: "End session", exact: true }).click();
    await visible(page.locator('[data-testid="controller-console"][data-status="ended"]'), "the ended console");
    await visible(player.getByText("The exercise has ended. Thank you for playing."), "the end on the player's phone");

    // Revoking the player link cuts the phone off at once, with a message instead of a dead page.
    await page.getByRole("button", { name: "Revoke link for EOC Policy Group", exact: true }).click();
    const revoke = await visible(page.getByRole("alertdialog", { name: "Revoke this link?" }), "the Revoke confirmation");
    await revoke.getByRole("button", { name: "Revoke link", exact: true }).click();
    await visible(player.getByText("This link no longer works", { exact: true }), "the revoked link's message on the player's phone");
    await visible(player.locator('[data-connection="gone"]'), "the player's connection marked Disconnected");

    // The replay has it all in order.
    await gotoAndHydrate(page, baseURL, `${consolePath}/replay`);
    const log = await visible(page.getByRole("list", { name: "Event log" }), "the replay's event log");
    const text = (await log.textContent()) ?? "";
    for (const needle of ["Released “Levee patrol reports overtopping” on schedule", "Released “Shelter reports capacity”", "The EOC Director decides", "rated S", "The session ended."]) {
      check(text.includes(needle), `the replay does not show ${JSON.stringify(needle)}.`);
    }
  },
} satisfies Journey;
