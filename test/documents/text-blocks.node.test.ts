import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentText } from "../../web/components/documents/document-text";
import { overlap, rowCells, textBlocks } from "../../web/components/documents/text-blocks";

// The document view shows a section's text with the structure the readers wrote into it (issue 31
// item 4): list items with their labels, spreadsheet-style table rows, HTML tables, paragraphs.
describe("textBlocks", () => {
  it("reads labelled lines as lists (across the blank lines a PDF leaves), with their depth", () => {
    const text = "Steps:\n1. Notify the duty officer.\n2. Open the EOC:\n  a. Staff planning.\n\n3. Brief the policy group.\n- Keep the log.";
    const blocks = textBlocks(text);
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "list"]);
    const list = blocks[1]!;
    if (list.kind !== "list") throw new Error("not a list");
    expect(list.ordered).toBe(true);
    expect(list.items.map((i) => [i.marker, i.depth, text.slice(i.body.start, i.body.end)])).toEqual([
      ["1.", 0, "Notify the duty officer."],
      ["2.", 0, "Open the EOC:"],
      ["a.", 1, "Staff planning."],
      ["3.", 0, "Brief the policy group."],
      ["-", 0, "Keep the log."],
    ]);
  });

  it("reads a header and 'Name: value' rows as a table (values may hold commas), and rows of ' | ' cells", () => {
    const text = "Shelter | Capacity\nShelter: Lincoln High, Annex B, Capacity: 450\nCapacity: 120\nAfter the table.";
    const blocks = textBlocks(text);
    expect(blocks.map((b) => b.kind)).toEqual(["table", "paragraph"]);
    const table = blocks[0]!;
    if (table.kind !== "table") throw new Error("not a table");
    expect(table.rows.map((r) => r.cells)).toEqual([
      ["Lincoln High, Annex B", "450"],
      ["", "120"],
    ]);
    const html = textBlocks("Route | Status\nRoute 14 | Open\nRoute 9 | Closed")[0]!;
    expect(html.kind === "table" && html.rows.map((r) => r.cells)).toEqual([
      ["Route 14", "Open"],
      ["Route 9", "Closed"],
    ]);
    // A lone "a | b" line (a one-row sheet) and prose are paragraphs.
    expect(textBlocks("Shelter | Capacity").map((b) => b.kind)).toEqual(["paragraph"]);
    expect(rowCells("Dr. Smith: on call", ["Shelter", "Capacity"])).toBeNull();
  });

  it("keeps each line's offsets, so a passage's range marks where it lies", () => {
    const text = "First paragraph.\nSame paragraph.\n\nSecond paragraph.";
    const blocks = textBlocks(text);
    expect(blocks).toHaveLength(2);
    const second = blocks[1]!;
    if (second.kind !== "paragraph") throw new Error("not a paragraph");
    expect(text.slice(second.lines[0]!.start, second.lines[0]!.end)).toBe("Second paragraph.");
    expect(overlap({ start: 0, end: 16 }, { start: 6, end: 40 })).toEqual({ start: 6, end: 16 });
    expect(overlap({ start: 0, end: 16 }, { start: 16, end: 40 })).toBeNull();
    expect(overlap({ start: 0, end: 16 }, null)).toBeNull();
  });
});

describe("DocumentText", () => {
  const sections = [
    { heading: "Annex R", path: ["Annex R"], page: 1, text: "" },
    {
      heading: "3. Reception Centers",
      path: ["Annex R", "3. Reception Centers"],
      page: 1,
      text: "Evacuees are monitored.\n\nReception center | Capacity\nReception center: Oakridge, Capacity: 300\n\nPotassium iodide is distributed.",
    },
    { heading: "4. Recovery", path: ["Annex R", "4. Recovery"], page: 2, text: "Crews return." },
  ];
  const passage = (from: [number, number], to: [number, number]) => ({ id: "p", position: 0, page: 1, heading: null, from, to });
  const render = (p: ReturnType<typeof passage> | null) => renderToStaticMarkup(createElement(DocumentText, { sections, passage: p, paged: true }));

  it("marks the passage, the focus target where it starts (before a table inside it), and says where it ends", () => {
    const html = render(passage([1, 0], [1, sections[1]!.text.length]));
    expect(html.match(/id="cited-passage"/g)).toHaveLength(1);
    expect(html).toMatch(/<mark id="cited-passage" tabindex="-1"[^>]*><span class="sr-only">Cited passage: <\/span>Evacuees are monitored\.<\/mark>/);
    expect(html).toMatch(/<th scope="col"[^>]*>Capacity<\/th>/);
    expect(html).toMatch(/Potassium iodide is distributed\.<span class="sr-only"> \(end of the cited passage\)<\/span><\/mark>/);
    expect(html).toContain('id="page-2"');
    expect(html).toMatch(/<h3[^>]*>3\. Reception Centers<\/h3>/);
  });

  it("a passage that starts inside a line marks from there; no passage, no mark", () => {
    const html = render(passage([1, 9], [1, 22]));
    expect(html).toMatch(/Evacuees <mark id="cited-passage"[^>]*><span class="sr-only">Cited passage: <\/span>are monitored<span class="sr-only">/);
    expect(render(null)).not.toContain("<mark");
  });
});
