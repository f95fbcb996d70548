import { describe, expect, it } from "vitest";
import { citationsOf, extractiveDigest, itemsForPrompt, MAX_CITED_ITEMS } from "../../worker/intelligence/digest";
import type { IntelItem } from "../../worker/intelligence/sources";

const item = (id: string, extra: Partial<IntelItem> = {}): IntelItem => ({
  id: `gdelt:${id}`,
  source: "gdelt",
  sourceName: "GDELT",
  kind: "news",
  title: `Story ${id}`,
  publisher: "Harbor Gazette",
  url: `https://news.example/${id}`,
  publishedAt: "2026-03-02T10:00:00Z",
  summary: "",
  ...extra,
});

describe("intelligence digest", () => {
  const items = [
    item("a", { summary: "Crews closed the Quarry Road bridge. More rain is due." }),
    item("w", {
      source: "nws",
      sourceName: "National Weather Service",
      kind: "hazard-alert",
      title: "Flood Warning",
      publisher: "NWS Seattle",
      area: "King",
      severity: "severe",
      summary: "The Sable River will crest at 24 feet.",
    }),
  ];

  it("numbers citations in the items' order, with what a link needs", () => {
    expect(citationsOf(items).map((c) => [c.n, c.itemId, c.url])).toEqual([
      [1, "gdelt:a", "https://news.example/a"],
      [2, "gdelt:w", "https://news.example/w"],
    ]);
    expect(citationsOf(Array.from({ length: 20 }, (_, i) => item(String(i))))).toHaveLength(MAX_CITED_ITEMS);
  });

  it("puts warnings before news in the offline digest, one first sentence each, [n] as cited", () => {
    const digest = extractiveDigest(items);
    expect(digest.indexOf("Active warnings")).toBeLessThan(digest.indexOf("News coverage"));
    expect(digest).toContain("- Flood Warning (King), NWS Seattle, 2026-03-02: The Sable River will crest at 24 feet. [2]");
    expect(digest).toContain("- Story a, Harbor Gazette, 2026-03-02: Crews closed the Quarry Road bridge. [1]");
    expect(digest).not.toContain("More rain");
    expect(extractiveDigest(items)).toBe(digest);
  });

  it("gives the prompt each item numbered with its kind, severity and area", () => {
    expect(itemsForPrompt(items)).toContain("[2] Flood Warning — NWS Seattle, 2026-03-02 (hazard-alert, severe, King)\nThe Sable River will crest at 24 feet.");
  });
});
