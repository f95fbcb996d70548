import type { Locator, Page } from "playwright-core";
import { DEMO, DEMO_DOCUMENTS } from "../../scripts/lib/demo.ts";
import { check, gotoAndHydrate, hidden, signInAsDemo, uniqueTag, visible, waitForHydration, waitForPath } from "../lib/helpers.ts";
import { waitDocumentReady, waitForSavedAnswer } from "../lib/documents.ts";
import { annotate, test } from "../lib/fixtures.ts";

/** The offline provider streams quickly; a configured provider may take longer. */
const ANSWER_TIMEOUT_MS = 60_000;

const QUESTION = "What does the flood annex say about Levee L-3?";

const chatList = (page: Page) => page.getByRole("list", { name: "Your chats" });
const chatItem = (page: Page, title: string): Locator => chatList(page).getByRole("listitem").filter({ hasText: title });

test(
  "ask readyroom: ask about the seeded Brackwater documents, streamed offline answer with citations, open a citation, chat kept on reload, rename, delete, run a named action",
  { tag: "@demo" },
  async ({ page, baseURL, admin }) => {
    await signInAsDemo(page, baseURL);

    await gotoAndHydrate(page, baseURL, "/documents");
    for (const doc of DEMO_DOCUMENTS) await waitDocumentReady(page, doc.name);

    await page.getByRole("tab", { name: "Ask Readyroom", exact: true }).click();
    await waitForPath(page, /[?&]view=ask/);
    await visible(page.getByRole("heading", { level: 1, name: "Ask Readyroom", exact: true }), "the Ask Readyroom heading");
    // A fresh chat even if an earlier run left one open.
    await page.getByRole("button", { name: "New chat", exact: true }).click();

    const box = page.getByLabel("Ask a question about your documents", { exact: true });
    await box.fill(QUESTION);
    await box.press("Enter");
    await waitForPath(page, /[?&]chat=[0-9a-f-]{36}/);
    const chatId = new URL(page.url()).searchParams.get("chat");

    // The stream has ended when the Ask button is back in place of Stop.
    await visible(page.getByRole("button", { name: "Ask", exact: true }), "the Ask button after the answer", ANSWER_TIMEOUT_MS);
    const answer = page.getByTestId("ask-answer").last();
    await visible(answer.getByText("Offline answers", { exact: true }), "the offline label under the answer");
    const sources = answer.getByTestId("ask-source");
    check((await sources.count()) > 0, "the answer has no sources.");
    const sourceNames = await sources.allInnerTexts();
    check(
      sourceNames.some((text) => DEMO_DOCUMENTS.some((d) => text.includes(d.name))),
      `no source names a seeded document: ${sourceNames.join(" | ")}`,
    );
    check((await page.getByRole("status").filter({ hasText: "Answer ready." }).count()) === 1, "the status does not announce the finished answer.");

    // A [n] marker in the text opens its passage in the sources list and moves focus there.
    const marker = answer.getByRole("button", { name: /^Source \d+: / }).first();
    await visible(marker, "a citation marker in the answer");
    const sourceId = await marker.getAttribute("aria-controls");
    await marker.click();
    const source = page.locator(`[id="${sourceId}"]`);
    const toggle = source.getByRole("button", { expanded: true });
    await visible(toggle, "the cited source, opened");
    check(await toggle.evaluate((el) => el === document.activeElement), "focus did not move to the opened source.");
    await visible(source.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`), "the cited passage");

    // Reload: the URL still names the chat and the exchange comes back from the server.
    await page.reload();
    await waitForHydration(page);
    check(new URL(page.url()).searchParams.get("chat") === chatId, "the reload lost the chat in the URL.");
    await visible(page.getByTestId("ask-question").filter({ hasText: QUESTION }), "the question after a reload");
    await visible(page.getByTestId("ask-answer").last().getByTestId("ask-source").first(), "the cited answer after a reload");

    const title = (await page.locator("#ask-chat-heading").innerText()).trim();
    check(title.length > 0 && QUESTION.startsWith(title.replace(/…$/, "").trim().slice(0, 20)), `the chat is titled "${title}", not after the question.`);
    const renamed = `Levee L-3 (e2e ${uniqueTag()})`;
    await chatItem(page, title)
      .getByRole("button", { name: `Rename chat ${title}`, exact: true })
      .click();
    const titleBox = page.getByLabel(`New title for ${title}`, { exact: true });
    await titleBox.fill(renamed);
    await titleBox.press("Enter");
    await visible(chatItem(page, renamed), `the renamed chat "${renamed}"`);

    await chatItem(page, renamed)
      .getByRole("button", { name: `Delete chat ${renamed}`, exact: true })
      .click();
    const confirm = await visible(page.getByRole("alertdialog", { name: "Delete this chat?" }), "the delete confirmation");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await hidden(chatItem(page, renamed), `the deleted chat "${renamed}"`);
    await waitForPath(page, /^\/documents\?view=ask$/);
    await visible(page.locator("#ask-chat-heading").getByText("New chat", { exact: true }), "a new chat in place of the deleted one");

    await gotoAndHydrate(page, baseURL, "/documents?view=ask");
    await visible(page.getByRole("button", { name: "New chat", exact: true }), "the chat list after a reload");
    check((await chatItem(page, renamed).count()) === 0, `"${renamed}" is still listed after a reload.`);

    // Named actions (spec §1/§3) appear once an operator turns on the account's flag.
    check((await page.getByTestId("ask-actions").count()) === 0, "the Actions menu shows without the betaAskReadyroomActionsEnabled flag.");
    await admin("set-flag", "--email", DEMO.email, "--flag", "betaAskReadyroomActionsEnabled", "--on");
    await gotoAndHydrate(page, baseURL, "/documents?view=ask");
    await page.getByTestId("ask-actions").click();
    const menu = await visible(page.getByRole("menu"), "the Actions menu");
    // Every ready document is in scope, more than the two a comparison takes.
    const compare = menu.getByRole("menuitem", { name: /^Compare two plans/ });
    check((await compare.getAttribute("aria-disabled")) === "true", "Compare two plans is offered for more than two documents.");
    await menu.getByRole("menuitem", { name: /^Roles and responsibilities/ }).click();
    await waitForPath(page, /[?&]chat=[0-9a-f-]{36}/);
    await visible(page.getByTestId("ask-question").filter({ hasText: "Roles and responsibilities" }), "the action as the chat's question");
    await waitForSavedAnswer(page, ANSWER_TIMEOUT_MS);
    const actionSources = await page.getByTestId("ask-answer").last().getByTestId("ask-source").count();
    check(actionSources > 0, "the action's answer cites no passage.");

    // On a phone the chat list folds behind a button, leaving the width to the answer.
    await page.setViewportSize({ width: 390, height: 844 });
    const chatsToggle = page.getByRole("button", { name: /^Chats \(\d+\)$/ });
    await visible(chatsToggle, "the Chats button on a narrow screen");
    await hidden(page.getByRole("button", { name: "New chat", exact: true }), "the folded chat list");
    await chatsToggle.click();
    await visible(page.getByRole("button", { name: "New chat", exact: true }), "the chat list after opening it");
    annotate(
      `asked, ${sourceNames.length} source(s), citation opened, kept on reload, renamed, deleted; action "Roles and responsibilities" answered with ${actionSources} source(s)`,
    );
  },
);
