import { describe, expect, it } from "vitest";
import { parseDocument, ParseError } from "../../worker/documents/parse";
import { markdownSections } from "../../worker/documents/parse/markdown";
import { markdownToHtml } from "../../worker/share/markdown-html";
import { parseMarkdown, type Block, type Inline } from "../../shared/markdown/markdown";
import { MAX_MARKERS_PER_INLINE } from "../../shared/markdown/markdown-parser";
import { bytesOf } from "../documents/ingest-fixtures";

/**
 * Issue 27: Markdown from users and models is parsed on every share-page request and at every
 * upload. The hand-written parser it replaces backtracked cubically on a heading of spaces (5,000
 * spaces: 10 s of CPU) and quadratically on link openers. Each input here is 50,000 characters
 * (a brief's limit) of what Markdown gives meaning to; each must come back right, through the
 * tree both renderers draw (shared/markdown/markdown.ts), the share page's HTML and the upload reader.
 * No timing is asserted: a parser that is not linear runs past the test's timeout.
 */

const SIZE = 50_000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

const paragraphText = (blocks: Block[]) => {
  expect(blocks).toHaveLength(1);
  const [block] = blocks;
  expect(block!.kind).toBe("paragraph");
  const children = (block as { children: Inline[] }).children;
  expect(children).toHaveLength(1);
  expect(children[0]!.kind).toBe("text");
  return (children[0] as { text: string }).text;
};

const count = (text: string, part: string) => text.split(part).length - 1;

describe("Markdown parsing of adversarial input", () => {
  it("a heading of 50,000 spaces is a heading (the old pattern's cubic case: spaces, then a line separator in the title)", () => {
    const cubic = `# ${" ".repeat(SIZE - 5)}a\u2028b`;
    expect(cubic).toHaveLength(SIZE);
    expect(parseMarkdown(cubic)).toEqual([{ kind: "heading", level: 1, children: [{ kind: "text", text: "a\u2028b" }] }]);
    expect(markdownToHtml(cubic)).toBe("<h2>a\u2028b</h2>");
    // An uploaded file's headings have their spaces (U+2028 is one) collapsed.
    expect(markdownSections(`${cubic}\nbody`)[1]).toEqual({ heading: "a b", path: ["a b"], text: "body\n\n" });

    const source = `# ${" ".repeat(SIZE - 3)}x`;
    expect(parseMarkdown(source)).toEqual([{ kind: "heading", level: 1, children: [{ kind: "text", text: "x" }] }]);
    expect(markdownToHtml(source)).toBe("<h2>x</h2>");
    // With a closing sequence after the spaces, and in an uploaded file.
    expect(parseMarkdown(`# a${" ".repeat(SIZE - 4)}#`)).toEqual([{ kind: "heading", level: 1, children: [{ kind: "text", text: "a" }] }]);
    expect(markdownSections(`${source}\nbody`)).toEqual([
      { heading: null, text: "" },
      { heading: "x", path: ["x"], text: "body\n\n" },
    ]);
  });

  it("runs of #, [ and ( and repeated link openers stay text, every character kept", () => {
    for (const source of [fill("#"), fill("["), `[a](${"(".repeat(SIZE - 4)}`, fill("[a]("), fill("<a")]) {
      expect(paragraphText(parseMarkdown(source))).toBe(source);
      const html = markdownToHtml(source);
      expect(html.startsWith("<p>") && html.endsWith("</p>")).toBe(true);
      expect(html).not.toContain("<a");
    }
    expect(markdownToHtml(fill("<a"))).toBe(`<p>${"&lt;a".repeat(SIZE / 2)}</p>`);
    expect(markdownSections(fill("[")).map((s) => s.text.trim())).toEqual([fill("[")]);
  });

  it("backticks: a run is a code fence, pairs of runs are code spans", () => {
    expect(parseMarkdown(fill("`"))).toEqual([{ kind: "code", text: "" }]);
    // "``a``a``a…": each pair of runs is a span holding "a"; the run left over is text.
    const [block] = parseMarkdown(fill("``a"));
    const children = (block as { children: Inline[] }).children;
    const spans = children.filter((c) => c.kind === "code");
    expect(spans).toHaveLength(Math.floor((SIZE / 3 + 1) / 2));
    expect(spans.every((c) => c.text === "a")).toBe(true);
    expect(children.at(-1)).toEqual({ kind: "text", text: "a``" });
  });

  it("stars and underscores: a rule; past the marker bound a paragraph's * and _ stay text, every character kept", () => {
    expect(parseMarkdown(fill("*"))).toEqual([{ kind: "rule" }]);
    for (const source of [fill("*a"), fill("_a"), `${"*".repeat(SIZE / 2 - 1)}a${"*".repeat(SIZE / 2)}`]) {
      expect(paragraphText(parseMarkdown(source))).toBe(source);
      expect(markdownToHtml(source)).not.toContain("<em");
    }
  });

  it("up to the marker bound emphasis and links are read as usual; one marker more and they are text", () => {
    // "*a*" pairs: 2 markers each; "[x](u)": 1 marker each.
    const starPairs = (n: number) => Array.from({ length: n }, (_, i) => `*a${i}*`).join(" ");
    const atBound = starPairs(MAX_MARKERS_PER_INLINE / 2);
    expect(count(markdownToHtml(atBound), "<em>")).toBe(MAX_MARKERS_PER_INLINE / 2);
    expect(markdownToHtml(`${atBound} _`)).not.toContain("<em>");
    const links = (n: number) => Array.from({ length: n }, (_, i) => `[l${i}](https://example.org/${i})`).join(" ");
    expect(count(markdownToHtml(links(MAX_MARKERS_PER_INLINE)), "<a ")).toBe(MAX_MARKERS_PER_INLINE);
    expect(markdownToHtml(links(MAX_MARKERS_PER_INLINE + 1))).not.toContain("<a ");
    // The bound is per paragraph: the next paragraph keeps its emphasis, and citations stay markers.
    const [, next] = parseMarkdown(`${fill("*a")}\n\n**bold** [2]`);
    expect(next).toEqual({
      kind: "paragraph",
      children: [
        { kind: "strong", children: [{ kind: "text", text: "bold" }] },
        { kind: "text", text: " [2]" },
      ],
    });
  });

  it("50,000 > nest three quotes deep, and the words after them are still there", () => {
    const source = `${">".repeat(SIZE - 2)} x`;
    const [outer] = parseMarkdown(source);
    const third = ((outer as { children: Block[] }).children[0] as { children: Block[] }).children[0] as { kind: string; children: Block[] };
    expect(third.kind).toBe("quote");
    expect(third.children).toHaveLength(1);
    const innermost = paragraphText(third.children);
    expect(innermost).toMatch(/^>+ x$/);
    expect(count(markdownToHtml(source), "<blockquote>")).toBe(3);
    expect(markdownSections(source)[0]!.text.trim()).toMatch(/^>+ x$/);
  });

  it("deeply nested lists nest three deep; deeper items join the third level's text, none lost", () => {
    let source = "";
    for (let i = 0; source.length < SIZE; i++) source += `${"  ".repeat(i)}- item ${i}\n`;
    source = source.slice(0, SIZE);
    const last = [...source.matchAll(/item (\d+)/g)].at(-1)![1];
    const [list] = parseMarkdown(source) as {
      kind: "list";
      items: { children: Inline[]; sublist?: { items: { children: Inline[]; sublist?: unknown }[] } }[];
    }[];
    const level3 = (list!.items[0]!.sublist!.items[0]!.sublist as { items: { children: Inline[]; sublist?: unknown }[] }).items;
    expect(level3).toHaveLength(1);
    expect(level3[0]!.sublist).toBeUndefined();
    const text = JSON.stringify(level3[0]!.children);
    expect(text).toContain("item 2 item 3");
    expect(text).toContain(`item ${last}`);
    expect(count(markdownToHtml(source), "<ul>")).toBe(3);
    expect(markdownSections(source)[0]!.text).toContain(`item ${last}`);
  });

  it("quotes and lists mixed, and every sign Markdown reads mixed: bounded output, no markup from the text", () => {
    let nested = "";
    for (let i = 0; nested.length < SIZE; i++) nested += `${"> ".repeat(i % 40)}- q${i}\n`;
    const html = markdownToHtml(nested.slice(0, SIZE));
    let depth = 0;
    let deepest = 0;
    for (const [tag] of html.matchAll(/<\/?blockquote>/g)) {
      depth += tag.startsWith("</") ? -1 : 1;
      deepest = Math.max(deepest, depth);
    }
    expect([depth, deepest]).toEqual([0, 3]);
    expect(new Set(html.match(/<\/?[a-z]+/g))).toEqual(new Set(["<ul", "</ul", "<li", "</li", "<blockquote", "</blockquote"]));
    expect(html).toContain("q1000");

    const mixed = fill("*_[`(<>#] ");
    const mixedHtml = markdownToHtml(mixed);
    expect(new Set(mixedHtml.match(/<\/?[a-z]+/g))).toEqual(new Set(["<p", "</p", "<code", "</code"]));
    // Every "#" and "<" is still there, as text.
    expect(count(mixedHtml, "#")).toBe(count(mixed, "#"));
    expect(count(mixedHtml, "&lt;")).toBe(count(mixed, "<"));
  });

  it("an uploaded file of nothing but a code fence is empty, with the usual message", async () => {
    await expect(parseDocument(bytesOf(fill("`")), "md")).rejects.toBeInstanceOf(ParseError);
  });
});
