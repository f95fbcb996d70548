import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { MarkdownText, preloadMarkdown } from "../../web/components/ask/markdown";
import type { AskCitation } from "../../web/lib/ask-api";
import { parseMarkdown } from "../../shared/markdown/markdown";
import { safeHref } from "../../shared/markdown/safe-href";

const citations: AskCitation[] = [
  { n: 1, chunkId: "c1", documentId: "d1", documentName: "EOP.pdf", snippet: "s" },
  { n: 2, chunkId: "c2", documentId: "d1", documentName: "EOP.pdf", snippet: "s" },
] as AskCitation[];

const render = (content: string) =>
  renderToStaticMarkup(
    createElement(MarkdownText, {
      content,
      citations,
      renderCite: (n: number, _c: unknown, key: React.Key) => createElement("button", { key, "data-cite": n }, n),
    }),
  );

// The renderer is its own chunk; once loaded, MarkdownText renders it synchronously.
beforeAll(async () => {
  await preloadMarkdown();
});

describe("model answers as Markdown", () => {
  it("renders no raw HTML, no event handlers and no unsafe links", () => {
    const html = render(
      [
        "Hello <script>alert(1)</script> world",
        '<img src=x onerror="alert(2)">',
        "[click](javascript:alert(3)) and [data](data:text/html,<b>x</b>) and [ok](https://fema.gov/plan)",
        '<a href="javascript:alert(4)">raw</a>',
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/href="data:/i);
    expect(html).not.toMatch(/<a href="javascript/i);
    // The text of the HTML is still shown, escaped.
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="https://fema.gov/plan" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("click");
  });

  it("renders bold, lists, tables, headings, code and keeps [n] citations clickable", () => {
    const html = render(
      [
        "## Roles",
        "The **EOC Director** leads [1].",
        "- Fire: ESF-4 [2]",
        "- Police [1, 2]",
        "",
        "1. First",
        "2. Second",
        "",
        "| Role | Agency |",
        "| --- | --- |",
        "| ESF-6 lead | Red Cross [2] |",
        "",
        "Call `911` or [mail](mailto:eoc@county.gov). Unknown [9] stays text.",
      ].join("\n"),
    );
    expect(html).toContain("<h4");
    expect(html).toContain("<strong>EOC Director</strong>");
    expect(html).toMatch(/<ul[^>]*><li>Fire: ESF-4 <button data-cite="2">2<\/button><\/li>/);
    expect(html).toContain('<button data-cite="1">1</button><button data-cite="2">2</button>');
    expect(html).toMatch(/<ol[^>]*><li>First<\/li><li>Second<\/li><\/ol>/);
    expect(html).toMatch(/<table[\s\S]*<th scope="col"[^>]*>Role<\/th>[\s\S]*<td[^>]*>Red Cross <button data-cite="2">2<\/button><\/td>/);
    expect(html).toContain("<code");
    expect(html).toContain('href="mailto:eoc@county.gov"');
    expect(html).toContain("Unknown [9] stays text.");
  });

  it("nests indented list items under the item before them and renders > quotes", () => {
    const html = render(
      [
        "1. Activate the EOC [1]",
        "   - Notify ESF-6",
        "   - Open the JIC",
        "     and brief the PIO",
        "2. Issue the warning",
        "",
        "> Per Annex F, the warning goes out **within 30 minutes** [2].",
        "> > Quoted inside a quote.",
      ].join("\n"),
    );
    expect(html).toMatch(
      /<ol[^>]*><li>Activate the EOC <button data-cite="1">1<\/button><ul[^>]*><li>Notify ESF-6<\/li><li>Open the JIC and brief the PIO<\/li><\/ul><\/li><li>Issue the warning<\/li><\/ol>/,
    );
    expect(html).toMatch(
      /<blockquote[^>]*><p[^>]*>Per Annex F, the warning goes out <strong>within 30 minutes<\/strong> <button data-cite="2">2<\/button>.<\/p><blockquote[^>]*><p[^>]*>Quoted inside a quote.<\/p><\/blockquote><\/blockquote>/,
    );
  });

  it("bounds nesting: lists and quotes deeper than three levels read as their parent level", () => {
    const deep = parseMarkdown(["- a", "  - b", "    - c", "      - d"].join("\n"));
    const l1 = deep[0] as Extract<ReturnType<typeof parseMarkdown>[number], { kind: "list" }>;
    const l3 = l1.items[0]!.sublist!.items[0]!.sublist!;
    expect(l3.items[0]!.sublist).toBeUndefined();
    expect(JSON.stringify(l3.items[0]!.children)).toContain("c d");
    const quotes = JSON.stringify(parseMarkdown("> > > > deep"));
    expect(quotes.match(/"quote"/g)).toHaveLength(3);
    expect(quotes).toContain('"text":"deep"');
  });

  it("allows only http(s), mailto and relative hrefs", () => {
    expect(safeHref("https://x.org/a")).toBe("https://x.org/a");
    expect(safeHref("mailto:a@b.org")).toBe("mailto:a@b.org");
    expect(safeHref("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref("vbscript:x")).toBeNull();
    for (const relative of ["/plans/annex-f", "annex-f#shelters", "#top", "?q=flood", "../x"]) expect(safeHref(relative)).toBe(relative);
    expect(safeHref("  HTTPS://x.org ")).toBe("HTTPS://x.org");
    for (const refused of [
      "/\\evil.example", // browsers read "\" as "/" in http(s) URLs: "//evil.example"
      "\\\\evil.example",
      "java\tscript:alert(1)", // browsers drop tabs and newlines inside a URL
      "java\nscript:alert(1)",
      "\u0000javascript:alert(1)",
      " //evil.example",
      "data:text/html,<b>x</b>",
      "file:///etc/passwd",
      "http:evil.example",
      "https://",
      'https://x.org/"onmouseover="x',
      "mailto:",
    ])
      expect(safeHref(refused), JSON.stringify(refused)).toBeNull();
    // No scheme to a browser either ("&" and "%" cannot be part of one): a path on our own origin.
    expect(safeHref("javascript&#58;alert(1)")).toBe("javascript&#58;alert(1)");
    expect(safeHref("java%73cript:alert(1)")).toBe("java%73cript:alert(1)");
  });

  it("keeps links the filter allows; any other keeps only its text, however it is spelled", () => {
    const hrefs = (md: string) =>
      [...renderToStaticMarkup(createElement(MarkdownText, { content: md, citations: [], renderCite: () => null })).matchAll(/href="([^"]*)"/g)].map(
        (m) => m[1],
      );
    expect(hrefs("[a](https://fema.gov/x) [b](mailto:eoc@county.gov) [c](/plans/annex-f) [d](#top) <https://x.org>")).toEqual([
      "https://fema.gov/x",
      "mailto:eoc@county.gov",
      "/plans/annex-f",
      "#top",
      "https://x.org",
    ]);
    for (const refused of [
      "[a](javascript:alert(1))",
      "[a](JAVASCRIPT:alert(1))",
      "[a](&#106;avascript:alert(1))", // markdown-it decodes character references first
      "[a](&#x6A;avascript:alert(1))",
      "[a](javascript&#58;alert(1))",
      "[a](javascript&colon;alert(1))",
      "[a](<javascript:alert(1)>)",
      "[a](data:text/html,x)",
      "[a](vbscript:x)",
      "[a](//evil.example)",
      "<javascript:alert(1)>",
      "[a](file:///etc/passwd)",
    ]) {
      expect(hrefs(refused), refused).toEqual([]);
      expect(parseMarkdown(refused)[0]).toMatchObject({ kind: "paragraph" });
      expect(JSON.stringify(parseMarkdown(refused))).not.toContain('"link"');
    }
    // A backslash reaches the browser percent-encoded: a path on our own origin, not a host.
    expect(hrefs("[a](/\\evil.example)")).toEqual(["/%5Cevil.example"]);
    // A refused link keeps its text.
    expect(
      renderToStaticMarkup(createElement(MarkdownText, { content: "[click here](javascript:alert(1))", citations: [], renderCite: () => null })),
    ).toContain(">click here</p>");
  });

  it("bounds its input", () => {
    const blocks = parseMarkdown("**".repeat(50_000) + "x".repeat(50_000));
    expect(blocks.length).toBeGreaterThan(0);
  });
});
