import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { citationLinks } from "../../worker/alerts/share-page";
import { sourcesBlock } from "../../worker/alerts/run";
import { citationsOf } from "../../worker/intelligence/digest";
import type { IntelItem } from "../../worker/intelligence/sources";
import { markdownToHtml } from "../../worker/share/markdown-html";
import { preloadMarkdown } from "../../web/components/ask/markdown";
import { IntelAnswer } from "../../web/components/intelligence/intel-answer";
import { AlertSummary } from "../../web/components/intelligence/alerts/alert-summary";
import type { AlertSummaryView } from "../../web/lib/alerts-api";
import { briefContent, type IntelCitation } from "../../web/lib/intelligence-api";

/**
 * Issue 27, item 14: a source's link (a third party's) passes safeHref in every renderer, even
 * when what reaches it was not filtered (an answer from an older API, a summary written before):
 * the intelligence answer, a brief made from it, an alert summary in the app and on its public page.
 */

const HOSTILE = [
  "javascript:alert(document.cookie)",
  "data:text/html,<script>alert(1)</script>",
  " JaVaScRiPt:alert(2)",
  "//evil.example/x",
  "https://ok.example/a",
];
const UNSAFE_HREF = /href="(?:\s*javascript|data|vbscript|\/\/)/i;

const item = (i: number, url: string): IntelItem => ({
  id: `gdelt:${i}`,
  source: "gdelt",
  sourceName: "GDELT",
  kind: "news",
  title: `Levee story ${i + 1}`,
  publisher: "news.example",
  url,
  publishedAt: "2026-03-01T10:00:00.000Z",
  summary: "",
});
const items = HOSTILE.map((url, i) => item(i, url));
// What an unfiltered API (or an answer saved before the filter) would have sent.
const raw: IntelCitation[] = items.map((it, i) => ({
  n: i + 1,
  itemId: it.id,
  title: it.title,
  publisher: it.publisher,
  publishedAt: it.publishedAt,
  url: it.url,
  kind: "news",
  sourceName: "GDELT",
}));
// The model's own Markdown links go through the same filter (shared/markdown/markdown.ts).
const cited = "Levees inspected [1] [2] [3] [4] [5]; see [the feed](javascript:alert(1)) and [this](data:text/html,x).";

beforeAll(async () => {
  await preloadMarkdown();
});

describe("third-party citation links in every renderer", () => {
  it("the API's citations keep only links safeHref allows", () => {
    expect(citationsOf(items).map((c) => c.url)).toEqual([null, null, null, null, "https://ok.example/a"]);
  });

  it("an intelligence answer links only the safe source, from its [n] and from its Sources list; the others are shown unlinked", () => {
    const html = renderToStaticMarkup(
      createElement(IntelAnswer, { id: "a", content: cited, sources: { citations: raw, documents: [], notice: null, sourcesAnswered: true } }),
    );
    expect(html).not.toMatch(UNSAFE_HREF);
    // (The icons' <use href> point into the app's own sprite.)
    expect([...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1])).toEqual(["https://ok.example/a", "https://ok.example/a"]);
    for (let n = 1; n <= 5; n++) expect(html).toContain(`Levee story ${n}`);
    expect(html).toContain('aria-label="Source 1: Levee story 1, news.example, 1 Mar 2026"');
  });

  it("a brief saved from the answer, and an alert summary's Sources list, link only the safe source, in the app and on the public page", () => {
    const brief = briefContent(cited, { citations: raw, documents: [] });
    expect(brief).toContain("1. Levee story 1 — news.example");
    expect(brief).toContain("5. [Levee story 5](https://ok.example/a)");
    const sources = sourcesBlock(citationsOf(items));
    expect(sources).not.toMatch(/javascript|data:|\/\/evil/i);
    const summary = `${cited}\n\n${sources}`;
    // A summary written before the filter: the Markdown itself links the hostile URLs.
    const legacy = `${cited}\n\n**Sources**\n\n${raw.map((c) => `${c.n}. [${c.title}](${c.url!.trim()}) — GDELT`).join("\n")}`;
    for (const markdown of [brief, summary, legacy]) {
      expect(markdownToHtml(markdown, { citations: citationLinks(markdown) })).not.toMatch(UNSAFE_HREF);
      const view: AlertSummaryView = {
        id: "s",
        title: "t",
        content: markdown,
        reportUrl: null,
        triggerDate: null,
        sourceCount: 5,
        notice: null,
        creditsCharged: 0,
        createdAt: "2026-03-01T10:00:00.000Z",
      };
      const app = renderToStaticMarkup(createElement(AlertSummary, { summary: view }));
      expect(app).not.toMatch(UNSAFE_HREF);
      expect(app).toContain("Levee story 1");
    }
    // The public page's [n] links go only to the safe source.
    expect([...citationLinks(legacy)]).toEqual([[5, "https://ok.example/a"]]);
    expect(markdownToHtml(legacy, { citations: new Map([[1, "javascript:alert(1)"]]) })).not.toMatch(UNSAFE_HREF);
  });
});
