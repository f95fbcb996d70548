import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { IntelAnswer } from "../../web/components/intelligence/intel-answer";
import { IntelligenceChat } from "../../web/components/intelligence/intelligence-chat";
import { briefContent, citationDate, toIntelEvent, type IntelChatDetail, type IntelCitation, type IntelChatEvent } from "../../web/lib/intelligence-api";
import { createNdjsonReader } from "../../web/lib/answer-stream";

const CITATIONS: IntelCitation[] = [
  {
    n: 1,
    itemId: "nws:1",
    title: "Flood Warning issued for the Brackwater River",
    publisher: "NWS Seattle WA",
    publishedAt: "2026-03-02T16:00:00.000Z",
    url: "https://api.weather.gov/alerts/urn:oid:1",
    kind: "hazard-alert",
    sourceName: "National Weather Service",
  },
  {
    n: 2,
    itemId: "gdelt:2",
    title: "Levee inspections ordered [update]",
    publisher: "seattletimes.example",
    publishedAt: "2026-03-01T23:30:00.000Z",
    url: "https://www.seattletimes.example/levee (1)",
    kind: "news",
    sourceName: "GDELT",
  },
];

/** A "Save as brief" offer for rendering (nothing is saved in these tests). */
const offer = { suggestedTitle: "Flood warning", internalSources: [], save: async () => undefined };

describe("the intelligence chat's stream events", () => {
  it("reads meta, citations, text, done and error, and skips what it does not know", () => {
    const events: IntelChatEvent[] = [];
    const reader = createNdjsonReader(toIntelEvent, (e) => events.push(e));
    const lines = [
      { type: "meta", provider: "offline", model: "readyroom-offline", label: "offline answers", offline: true },
      { type: "citations", citations: CITATIONS, documents: [], notice: "Not included: NWS answered 500 after 3 attempts.", sourcesAnswered: true },
      { type: "text", delta: "Flood warning [1]." },
      { type: "usage", x: 1 },
      { type: "done", messageIndex: 3, credits: 2 },
    ];
    const bytes = new TextEncoder().encode(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n{"type":"error"}`);
    for (let i = 0; i < bytes.length; i += 5) reader.push(bytes.slice(i, i + 5));
    reader.end();
    expect(events).toEqual([
      lines[0],
      lines[1],
      lines[2],
      { type: "done", messageIndex: 3, credits: 2 },
      { type: "error", message: "Request Could Not Be Completed", interrupted: true },
    ]);
    // A citations event missing its lists still gives lists; a missing index is -1.
    expect(toIntelEvent('{"type":"citations"}')).toEqual({ type: "citations", citations: [], documents: [], notice: null, sourcesAnswered: true });
    expect(toIntelEvent('{"type":"done"}')).toEqual({ type: "done", messageIndex: -1 });
  });
});

describe("briefContent", () => {
  it("appends the cited sources as Markdown links, escaping titles and URLs", () => {
    const content = briefContent("A flood warning is in force [1].", { citations: CITATIONS, documents: [] });
    expect(content).toBe(
      "A flood warning is in force [1].\n\n**Sources**\n\n1. [Flood Warning issued for the Brackwater River](https://api.weather.gov/alerts/urn:oid:1) — NWS Seattle WA, 2 Mar 2026",
    );
    const all = briefContent("Nothing cited.", { citations: CITATIONS, documents: [] });
    expect(all).toContain("2. [Levee inspections ordered \\[update\\]](https://www.seattletimes.example/levee%20%281%29) — seattletimes.example, 1 Mar 2026");
    expect(
      briefContent("From the plan [1].", {
        citations: [],
        documents: [{ n: 1, chunkId: "c", documentId: "d", documentName: "flood-plan", page: 3, snippet: "" }],
      }),
    ).toBe("From the plan [1].\n\n**Sources** — quoted from your own documents, not published sources\n\n1. flood-plan, page 3 (internal document)");
    expect(briefContent("Plain.", null)).toBe("Plain.");
  });

  it("dates are UTC days, whatever the zone", () => {
    expect(citationDate("2026-03-01T23:30:00.000Z")).toBe("1 Mar 2026");
    expect(citationDate("not a date")).toBe("Date unknown");
  });
});

const wrap = (node: ReactNode) => createElement(QueryClientProvider, { client: new QueryClient() }, node);

describe("IntelAnswer", () => {
  const sources = { citations: CITATIONS, documents: [], notice: "Not included: USGS did not answer within 6 s.", sourcesAnswered: true };

  it("links [n] and every source to the item, in a new tab without an opener, with publisher, date and kind; shows the notice", () => {
    const html = renderToStaticMarkup(
      createElement(IntelAnswer, {
        id: "a",
        content: "Warning in force [1]; levees inspected [2]. <script>x</script>",
        sources,
        model: "gpt-4o",
        saveBrief: offer,
      }),
    );
    expect(html).toContain('href="https://api.weather.gov/alerts/urn:oid:1" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('aria-label="Source 1: Flood Warning issued for the Brackwater River, NWS Seattle WA, 2 Mar 2026 (opens in a new tab)"');
    expect(html.match(/target="_blank" rel="noopener noreferrer"/g)!.length).toBe(4);
    expect(html).toContain("NWS Seattle WA · <time");
    expect(html).toContain("Warning");
    expect(html).toContain("News");
    expect(html).toContain("Not included: USGS did not answer within 6 s.");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("Answered with gpt-4o");
    expect(html).toContain("Save as brief");
  });

  it("has no Save as brief without the callback or while streaming, and says it is searching before anything arrives", () => {
    expect(renderToStaticMarkup(createElement(IntelAnswer, { id: "a", content: "Done [1].", sources }))).not.toContain("Save as brief");
    const streaming = renderToStaticMarkup(createElement(IntelAnswer, { id: "a", content: "", sources: null, streaming: true, saveBrief: offer }));
    expect(streaming).toContain("Searching intelligence sources…");
    expect(streaming).not.toContain("Save as brief");
  });

  it("shows a documents-only answer with the documents' passages, and labels offline answers", () => {
    // A document passage links to the document view (a router Link), so this one renders in a router.
    const inRouter = (node: ReactNode) => createElement(StaticRouter, { location: "/intelligence" }, node);
    const html = renderToStaticMarkup(
      inRouter(
        createElement(IntelAnswer, {
          id: "a",
          content: "No intelligence source answered. This answer comes from your own documents only.\n\nEvacuate at 18 feet [1].",
          sources: {
            citations: [],
            documents: [{ n: 1, chunkId: "c", documentId: "d", documentName: "flood-plan", snippet: "at [18] feet" }],
            notice: "No intelligence source answered.",
            sourcesAnswered: false,
          },
          offline: true,
        }),
      ),
    );
    expect(html).toContain('data-sources="documents"');
    expect(html).toContain('aria-label="Source 1: flood-plan"');
    expect(html).toContain("Offline answers");
  });
});

describe("IntelligenceChat", () => {
  const detail: IntelChatDetail = {
    chat: {
      id: "chat-1",
      title: "What is the latest on the flood?",
      createdAt: "2026-03-02T12:00:00.000Z",
      updatedAt: "2026-03-02T12:01:00.000Z",
      messageCount: 2,
    },
    messages: [
      { role: "user", content: "What is the latest on the flood?", createdAt: "2026-03-02T12:00:00.000Z", metadata: null },
      {
        role: "assistant",
        content: "A flood warning is in force [1].",
        createdAt: "2026-03-02T12:00:01.000Z",
        metadata: { citations: CITATIONS, documents: [], notice: null, sourcesAnswered: true, query: "flood", model: "gpt-4o", provider: "custom" },
      },
    ],
  };

  it("renders the chat list, the opened chat with its sources, the labelled question box and a live status region", () => {
    const html = renderToStaticMarkup(
      wrap(createElement(IntelligenceChat, { initialChats: [detail.chat], initialChat: detail, onSaveBrief: async () => undefined })),
    );
    expect(html).toContain('aria-label="Intelligence chats"');
    expect(html).toMatch(/aria-current="page"[^>]*>.*What is the latest on the flood\?/s);
    expect(html).toContain("A flood warning is in force");
    expect(html).toContain('href="https://api.weather.gov/alerts/urn:oid:1" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("Save as brief");
    expect(html).toContain('<label for="intel-question"');
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toMatch(/maxlength="8000"/i);
    // No rename: an intelligence chat's title is its first question.
    expect(html).not.toContain("Rename chat");
  });

  it("starts empty with example questions, and has no Save as brief without onSaveBrief", () => {
    const empty = renderToStaticMarkup(wrap(createElement(IntelligenceChat, { initialChats: [] })));
    expect(empty).toContain("Ask about current threats and hazards");
    expect(empty).toContain("No chats yet.");
    const opened = renderToStaticMarkup(wrap(createElement(IntelligenceChat, { initialChats: [detail.chat], initialChat: detail })));
    expect(opened).not.toContain("Save as brief");
  });
});
