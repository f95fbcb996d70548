import { readFile } from "node:fs/promises";
import { check, closeWelcomeIfShown, DEMO, gotoAndHydrate, openToggle, signIn, signInAsDemo, uniqueTag, visible, waitForPath } from "../lib/helpers.ts";
import { DEMO_CLIENTS, DEMO_CONSULTANT } from "../../scripts/lib/demo-enterprise.ts";
import { documentRow, waitDocumentReady } from "../lib/documents.ts";
import { annotate, test } from "../lib/fixtures.ts";

test(
  "grounded exercise: upload a plan, assign it from the editor toolbar, ask the assistant and open its cited passage, draft the MSEL offline, see plan references and a gap, export the Plan reference column; an enterprise consultant assigns a plan to a client",
  { tag: "@demo" },
  async ({ page, baseURL, newContext }) => {
    await signInAsDemo(page, baseURL);
    const tag = uniqueTag();
    const stem = `e2e-levee-eap-${tag}`;
    const quote =
      "When the levee patrol reports overtopping near Eastbank, the EOC issues the immediate evacuation warning for Eastbank and activates door-to-door notification.";

    // The plan, uploaded to the library and Ready.
    await gotoAndHydrate(page, baseURL, "/documents");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: `${stem}.md`, mimeType: "text/markdown", buffer: Buffer.from(`# Levee Emergency Action Plan\n\n${quote}\n`) });
    await waitDocumentReady(page, stem);

    // An exercise about that hazard (the offline assistant drafts from the flood template).
    const exerciseId = await page.evaluate(async () => {
      const res = await fetch("/api/exercises/create", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ exercise: { name: "Eastbank levee TTX (e2e)", threatType: "Riverine flood with levee overtopping" } }),
      });
      return ((await res.json()) as { id: string }).id;
    });
    await gotoAndHydrate(page, baseURL, `/exercise/${exerciseId}/msel-table`);
    await waitForPath(page, `/exercise/${exerciseId}/msel-table`);
    await page.locator("[data-exercise-id][data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });

    // Assign the plan from the toolbar's Plans control.
    await openToggle(page, "Exercise tools");
    await page.getByRole("button", { name: /^Plans/ }).click();
    const plans = await visible(page.getByRole("dialog", { name: "Plans for this exercise" }), "the Plans dialog");
    const box = plans.getByRole("checkbox", { name: stem, exact: true });
    await box.click();
    await visible(plans.getByRole("checkbox", { name: stem, exact: true, checked: true }), "the plan checked after assigning it");
    await page.keyboard.press("Escape");
    await visible(page.getByRole("button", { name: "Plans (1 assigned)" }), "the Plans control counting one assigned document");

    // The library shows the same assignment.
    const listed = (await page.evaluate(async (id) => (await fetch(`/api/exercises/${id}/documents`)).json(), exerciseId)) as { documents: { name: string }[] };
    check(listed.documents.map((d) => d.name).join() === stem, `the exercise's documents are ${JSON.stringify(listed.documents)}.`);

    // The assistant's prose cites the plan like Ask Readyroom: its [1] marker opens the quoted passage.
    await page.getByRole("textbox", { name: "Message the assistant" }).fill("When does the levee patrol report overtopping near Eastbank?");
    await page.getByRole("button", { name: "Send message", exact: true }).click();
    const prose = page.getByTestId("assistant-prose").last();
    const marker = await visible(prose.getByRole("button", { name: `Source 1: ${stem}`, exact: true }).first(), "the reply's citation marker", 60_000);
    await marker.click();
    await visible(prose.getByTestId("ask-source").getByText(quote, { exact: true }), "the cited passage, opened from its marker");
    check(
      (await prose
        .getByTestId("ask-source")
        .getByRole("button", { name: new RegExp(stem), expanded: true })
        .count()) === 1,
      "the cited source is open.",
    );

    // Draft the MSEL with the assistant and apply it.
    await page.getByRole("button", { name: "Draft MSEL", exact: true }).click();
    const apply = page.getByRole("button", { name: "Apply to exercise", exact: true });
    await apply.waitFor({ state: "visible", timeout: 60_000 });
    await apply.click();
    await visible(page.locator('[data-save-state="saved"]'), "the Saved state after applying the draft", 30_000);

    // Rows carry their plan reference, or the gap badge; a reference opens its passage in place.
    const reference = await visible(
      page.getByRole("button", { name: new RegExp(`^Plan reference for MSEL row \\d+: ${stem}`) }).first(),
      "a row's plan reference",
    );
    await reference.click();
    await visible(page.getByText(`“${quote}”`, { exact: true }).first(), "the quoted passage, opened");
    await visible(page.getByText("Not in your plans", { exact: true }).first(), "a row flagged Not in your plans");

    // The MSEL export carries the Plan reference column with the quote.
    await openToggle(page, "Exercise tools");
    await page.getByRole("button", { name: "Export", exact: false }).first().click();
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 30_000 }), page.getByRole("menuitem", { name: "MSEL (CSV)" }).click()]);
    const file = await download.path();
    check(file, "the CSV export was saved.");
    const csv = await readFile(file, "utf8");
    check(csv.split("\r\n")[0]!.endsWith(",Plan reference"), `the CSV header is ${csv.split("\r\n")[0]}.`);
    check(csv.includes(`${stem} — “${quote}”`), "the CSV quotes the plan passage.");
    check(csv.includes("Not in your plans"), "the CSV flags the gaps.");

    // Module injects are grounded too: each drafted inject shows its plan reference or the gap badge.
    await gotoAndHydrate(page, baseURL, `/exercise/${exerciseId}/modules`);
    await page.locator("[data-exercise-id][data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
    await page.getByRole("button", { name: "Add module", exact: true }).click();
    await visible(page.locator('[data-save-state="saved"]'), "the Saved state after adding a module", 30_000);
    await page.getByRole("link", { name: "Injects (0)", exact: true }).click();
    await waitForPath(page, `/exercise/${exerciseId}/modules/1/injects`);
    await page.getByRole("button", { name: "Draft injects", exact: true }).click();
    await apply.waitFor({ state: "visible", timeout: 60_000 });
    await apply.click();
    await visible(page.getByLabel("Inject 1", { exact: true }), "the first drafted inject");
    // The notes beside the editor's inject rows (the assistant's draft preview shows its own).
    const notes = page.locator('li:has(> div > textarea[aria-label^="Inject "]) :is([data-testid="plan-source"], [data-testid="not-in-plans"])');
    await visible(notes, "a plan reference or gap badge beside the drafted injects");
    const injectCount = await page.getByRole("textbox", { name: /^Inject \d+$/ }).count();
    check((await notes.count()) === injectCount, `${await notes.count()} plan notes for ${injectCount} drafted injects.`);
    // Rewriting an inject drops its reference: it is no longer the text the plan was matched to.
    await page.getByLabel("Inject 1", { exact: true }).fill("A hand-written inject about the county fair.");
    await visible(page.locator('[data-save-state="saved"]'), "the Saved state after the edit", 30_000);
    check((await notes.count()) === injectCount - 1, "the rewritten inject kept its plan note.");

    // Tidy up: the document goes (its assignments with it).
    await gotoAndHydrate(page, baseURL, "/documents");
    await documentRow(page, stem)
      .getByRole("button", { name: `Delete ${stem}`, exact: true })
      .click();
    await (
      await visible(page.getByRole("alertdialog", { name: "Delete this document?" }), "the delete confirmation")
    )
      .getByRole("button", { name: "Delete", exact: true })
      .click();

    // An enterprise consultant (the seeded one, in a session of their own) assigns a plan to a client
    // from the library row: the Assign dialog lists their clients, and the choice is kept.
    const { page: consultant } = await newContext();
    await signIn(consultant, baseURL, DEMO_CONSULTANT.email, DEMO.password);
    await waitForPath(consultant, "/dashboard");
    await closeWelcomeIfShown(consultant);
    await gotoAndHydrate(consultant, baseURL, "/documents");
    const portStem = `e2e-port-plan-${tag}`;
    await consultant.locator('input[type="file"]').setInputFiles({
      name: `${portStem}.md`,
      mimeType: "text/markdown",
      buffer: Buffer.from("# Port security plan\n\nThe harbour master closes berths 3 to 5.\n"),
    });
    await waitDocumentReady(consultant, portStem);
    const openAssign = async () => {
      await documentRow(consultant, portStem)
        .getByRole("button", { name: `Assign ${portStem} to an exercise or client…`, exact: true })
        .click();
      return visible(
        consultant.getByRole("dialog", { name: `Assign “${portStem}” to exercises and clients` }),
        "the Assign dialog with the consultant's clients",
      );
    };
    const client = DEMO_CLIENTS[1].name;
    await (await openAssign()).getByRole("checkbox", { name: client, exact: true }).click();
    await visible(consultant.getByRole("checkbox", { name: client, exact: true, checked: true }), `${client} checked after assigning`);
    await consultant.keyboard.press("Escape");
    await gotoAndHydrate(consultant, baseURL, "/documents");
    await visible((await openAssign()).getByRole("checkbox", { name: client, exact: true, checked: true }), `${client} still checked after a reload`);
    await consultant.keyboard.press("Escape");
    await documentRow(consultant, portStem)
      .getByRole("button", { name: `Delete ${portStem}`, exact: true })
      .click();
    await (
      await visible(consultant.getByRole("alertdialog", { name: "Delete this document?" }), "the delete confirmation")
    )
      .getByRole("button", { name: "Delete", exact: true })
      .click();

    annotate(
      `assigned ${stem}, drafted the MSEL with plan references, exported the Plan reference column, drafted ${injectCount} grounded injects, assigned a plan to the client ${client}`,
    );
  },
);
