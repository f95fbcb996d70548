import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { PDFDict, PDFNumber, PDFRawStream, PDFRef } from "pdf-lib";
import { renderPdf } from "../../worker/exercises/export/pdf";
import type { SitMan } from "../../worker/exercises/export/sitman";

/**
 * The PDF writer's tagging (worker/exercises/export/pdf-structure.ts), read back from the bytes with
 * pdf-lib: the structure tree, the marked content of every page and the ParentTree must agree.
 * Runs in workerd because the Unicode-font path loads its .ttf files as Data modules.
 */

/** Long enough to wrap: the tagged text must keep the space where the line breaks. */
const RIVER =
  "The river rises overnight and the levee at Mill Creek is expected to be overtopped before dawn, so the county opens its emergency operations centre.";

const small: SitMan = {
  title: "Flood TTX",
  cover: { title: "Flood TTX", subtitle: "Situation Manual", lines: ["March 2026"], handling: ["Handle with care."] },
  sections: [
    {
      orientation: "portrait",
      blocks: [
        { type: "heading", level: 1, text: "Exercise Overview" },
        { type: "paragraph", text: RIVER },
        { type: "list", ordered: true, items: [{ text: "Open the EOC", sub: ["Call staff"] }, { text: "Warn residents" }] },
        { type: "heading", level: 2, text: "Capabilities" },
        {
          type: "table",
          headers: ["Capability", "Objective"],
          widths: [1, 2],
          rows: [
            ["Planning", "Write the plan"],
            ["Operational Communications", "☐"],
          ],
        },
        { type: "table", headers: [], widths: [1, 2], keyValue: true, rows: [["Date", "1 March"]] },
        { type: "lines", count: 2 },
      ],
    },
  ],
};

type Element = { type: string; ref: PDFRef; dict: PDFDict; mcids: { page: PDFRef; mcid: number }[]; children: Element[] };
type MarkedSequence = { page: number; tag: string; mcid: number; body: string };

/** The structure tree, the marked-content sequences of every page and the catalog, read back with pdf-lib. */
async function readTagged(bytes: Uint8Array) {
  const { PDFDocument, PDFDict, PDFName, PDFArray, PDFNumber, PDFRef, PDFString, PDFBool, decodePDFRawStream } = await import("pdf-lib");
  const doc = await PDFDocument.load(bytes);
  const name = (v: string) => PDFName.of(v);
  const pages = doc.getPages();

  const root = doc.catalog.lookup(name("StructTreeRoot"), PDFDict);
  const elements: Element[] = [];
  const walk = (ref: PDFRef, parent: PDFRef): Element => {
    const dict = doc.context.lookup(ref, PDFDict);
    expect(dict.get(name("P")), "each element points to its parent").toBe(parent);
    const element: Element = { type: dict.lookup(name("S"), PDFName).decodeText(), ref, dict, mcids: [], children: [] };
    elements.push(element);
    const kids = dict.get(name("K"));
    for (const kid of kids instanceof PDFArray ? kids.asArray() : kids ? [kids] : []) {
      if (kid instanceof PDFNumber) {
        element.mcids.push({ page: dict.get(name("Pg")) as PDFRef, mcid: kid.asNumber() });
      } else if (kid instanceof PDFRef && doc.context.lookup(kid, PDFDict).get(name("Type")) === name("MCR")) {
        const mcr = doc.context.lookup(kid, PDFDict);
        element.mcids.push({ page: mcr.get(name("Pg")) as PDFRef, mcid: mcr.lookup(name("MCID"), PDFNumber).asNumber() });
      } else if (kid instanceof PDFDict && kid.get(name("Type")) === name("MCR")) {
        element.mcids.push({ page: kid.get(name("Pg")) as PDFRef, mcid: kid.lookup(name("MCID"), PDFNumber).asNumber() });
      } else if (kid instanceof PDFRef) {
        element.children.push(walk(kid, ref));
      } else {
        throw new Error(`unexpected kid ${String(kid)}`);
      }
    }
    return element;
  };
  const rootRef = doc.catalog.get(name("StructTreeRoot")) as PDFRef;
  const top = root
    .lookup(name("K"), PDFArray)
    .asArray()
    .map((kid) => walk(kid as PDFRef, rootRef));

  // Marked content, page by page: tag, MCID and what is drawn inside (nesting is not used).
  const sequences: MarkedSequence[] = [];
  const artifacts: string[][] = [];
  pages.forEach((page, index) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const source = streams.map((s) => new TextDecoder("latin1").decode(decodePDFRawStream(s as PDFRawStream).decode())).join("\n");
    // pdf-lib writes one operator a line: a sequence is the lines between its BDC/BMC and EMC.
    let open: { tag: string; mcid?: number; body: string[] } | undefined;
    for (const line of source.split("\n")) {
      const begin = /^\/(\w+) (?:<<(.*)>> BDC|BMC)$/.exec(line);
      if (begin) {
        expect(open, `page ${index + 1}: marked content is not nested`).toBeUndefined();
        const mcid = /\/MCID (\d+)/.exec(begin[2] ?? "");
        open = { tag: begin[1]!, mcid: mcid ? Number(mcid[1]) : undefined, body: [] };
      } else if (line === "EMC") {
        expect(open, `page ${index + 1}: EMC closes a sequence`).toBeDefined();
        const body = open!.body.join("\n");
        if (open!.tag === "Artifact") (artifacts[index] ??= []).push(body);
        else sequences.push({ page: index, tag: open!.tag, mcid: open!.mcid!, body });
        open = undefined;
      } else if (open) {
        open.body.push(line);
      } else {
        // Outside any sequence only the graphics state may change; nothing is drawn.
        expect(line, `page ${index + 1}: nothing drawn outside marked content`).not.toMatch(/(^|\s)(Tj|TJ|'|"|re|l|c|S|s|f|f\*|F|B|B\*|b|b\*|Do|sh)$/);
      }
    }
    expect(open, `page ${index + 1}: the last sequence is closed`).toBeUndefined();
    artifacts[index] ??= [];
  });

  const parentTree = root.lookup(name("ParentTree"), PDFDict).lookup(name("Nums"), PDFArray).asArray();
  const parentOf = new Map<number, PDFRef[]>();
  for (let i = 0; i < parentTree.length; i += 2) {
    parentOf.set((parentTree[i] as PDFNumber).asNumber(), doc.context.lookup(parentTree[i + 1]!, PDFArray).asArray() as PDFRef[]);
  }
  const structParents = pages.map((p) => p.node.get(name("StructParents")));

  return {
    doc,
    pages,
    top,
    elements,
    sequences,
    artifacts,
    parentOf,
    structParents: structParents.map((v) => (v instanceof PDFNumber ? v.asNumber() : undefined)),
    marked: doc.catalog.lookupMaybe(name("MarkInfo"), PDFDict)?.get(name("Marked")) === PDFBool.True,
    lang: doc.catalog.lookupMaybe(name("Lang"), PDFString)?.decodeText(),
    displayDocTitle: doc.catalog.lookupMaybe(name("ViewerPreferences"), PDFDict)?.get(name("DisplayDocTitle")) === PDFBool.True,
    attribute: (element: Element, key: string) => element.dict.lookupMaybe(name("A"), PDFDict)?.get(name(key))?.toString(),
  };
}

/** Every MCID drawn is owned by exactly one element, that element's tag, and the ParentTree says so. */
function expectConsistent(tagged: Awaited<ReturnType<typeof readTagged>>) {
  const { pages, elements, sequences, parentOf, structParents } = tagged;
  expect(
    structParents.every((k) => k !== undefined),
    "every page has StructParents",
  ).toBe(true);
  expect(new Set(structParents).size).toBe(pages.length);
  const owners = new Map<string, Element[]>();
  for (const element of elements) {
    for (const { page, mcid } of element.mcids) {
      const key = `${pages.findIndex((p) => p.ref === page)}:${mcid}`;
      owners.set(key, [...(owners.get(key) ?? []), element]);
    }
  }
  expect(sequences.length).toBeGreaterThan(0);
  for (const seq of sequences) {
    const owning = owners.get(`${seq.page}:${seq.mcid}`) ?? [];
    expect(owning.length, `MCID ${seq.mcid} on page ${seq.page + 1} is owned once`).toBe(1);
    expect(owning[0]!.type).toBe(seq.tag);
    expect(parentOf.get(structParents[seq.page]!)?.[seq.mcid], `ParentTree maps MCID ${seq.mcid} on page ${seq.page + 1}`).toBe(owning[0]!.ref);
  }
  // …and nothing in the tree points at content that is not there.
  expect(owners.size).toBe(sequences.length);
  pages.forEach((_, i) => expect(parentOf.get(structParents[i]!)?.length ?? 0).toBe(sequences.filter((s) => s.page === i).length));
}

/** The strings shown in a sequence: pdf-lib writes standard-font text as hex WinAnsi codes (`<466C6F6F64> Tj`). */
const shown = (body: string) =>
  [...body.matchAll(/<([0-9A-F]*)> Tj/g)].map((m) => String.fromCharCode(...(m[1]!.match(/../g) ?? []).map((h) => parseInt(h, 16)))).join("");

describe("tagged PDF", () => {
  it("structure tree in reading order, every MCID owned once, artifacts for furniture, MarkInfo, Lang, DisplayDocTitle", async () => {
    const bytes = await renderPdf(small);
    const tagged = await readTagged(bytes);
    expect(tagged.marked).toBe(true);
    expect(tagged.lang).toBe("en");
    expect(tagged.displayDocTitle).toBe(true);
    expect(tagged.doc.getTitle()).toBe("Flood TTX Situation Manual");
    expectConsistent(tagged);

    expect(tagged.top.map((e) => e.type)).toEqual(["Document"]);
    const interesting = new Set(["H1", "H2", "P", "L", "LI", "Lbl", "LBody", "Table", "TR", "TH", "TD"]);
    expect(tagged.elements.map((e) => e.type).filter((t) => interesting.has(t))).toEqual([
      // cover: title, subtitle, date line, the handling instructions and their list
      "H1", "P", "P", "H2", "L", "LI", "Lbl", "LBody",
      // body
      "H1", "P",
      "L", "LI", "Lbl", "LBody", "L", "LI", "Lbl", "LBody", "LI", "Lbl", "LBody",
      "H2",
      "Table", "TR", "TH", "TH", "TR", "TD", "TD", "TR", "TD", "TD",
      "Table", "TR", "TH", "TD",
    ]); // prettier-ignore

    // Each element holds its own text.
    const text = (e: Element) =>
      tagged.sequences
        .filter((s) => e.mcids.some((m) => m.mcid === s.mcid && tagged.pages[s.page]!.ref === m.page))
        .map((s) => shown(s.body))
        .join(" ");
    const ofType = (t: string) => tagged.elements.filter((e) => e.type === t);
    expect(ofType("H1").map(text)).toEqual(["Flood TTX", "Exercise Overview"]);
    expect(ofType("H2").map(text)).toEqual(["Handling Instructions", "Capabilities"]);
    expect(ofType("P").map(text)).toEqual(["Situation Manual", "March 2026", RIVER]);
    expect(tagged.sequences.find((seq) => seq.tag === "P" && shown(seq.body) === RIVER)?.body.match(/ Tj$/gm)).toHaveLength(2);
    expect(ofType("Lbl").map(text)).toEqual(["1.", "1.", "a)", "2."]);
    expect(ofType("LBody").map(text)).toEqual(["Handle with care.", "Open the EOC", "Call staff", "Warn residents"]);
    expect(ofType("TH").map(text)).toEqual(["Capability", "Objective", "Date"]);
    expect(ofType("TD").map(text)).toEqual(["Planning", "Write the plan", "Operational Communications", "", "1 March"]);

    // A sub-list is nested in its item's body; list and table attributes are set.
    const [, body] = tagged.elements.filter((e) => e.type === "L");
    expect(body!.children[0]!.children[1]!.children.map((e) => e.type)).toEqual(["L"]);
    expect(tagged.attribute(body!, "ListNumbering")).toBe("/Decimal");
    expect(ofType("TH").map((e) => tagged.attribute(e, "Scope"))).toEqual(["/Column", "/Column", "/Row"]);
    // The drawn check box reads as one.
    expect(
      ofType("TD")[3]!
        .dict.get((await import("pdf-lib")).PDFName.of("ActualText"))
        ?.toString(),
    ).toBe("<FEFF2610>");

    // Footers, rules and cell boxes are artifacts; the footer is pagination.
    expect(tagged.artifacts[1]!.some((a) => shown(a).includes("Page 2 of 2"))).toBe(true);
    expect(tagged.sequences.some((s) => shown(s.body).includes("Page"))).toBe(false);

    // Text extraction keeps the reading order.
    const { text: extracted } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    const order = [
      "Flood TTX",
      "Handling Instructions",
      "Exercise Overview",
      "The river rises overnight",
      "Open the EOC",
      "Call staff",
      "Warn residents",
      "Capability",
      "Write the plan",
      "1 March",
    ];
    const positions = order.map((s) => extracted.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("a table across pages: its header is tagged once (repeats are artifacts), a cell split over two pages is one TD", async () => {
    const long = Array.from({ length: 90 }, (_, i) => `Line ${i + 1} of a long message.`).join("\n");
    const rows = [...Array.from({ length: 30 }, (_, i) => [`${i + 1}`, `Inject ${i + 1}`]), ["31", long]];
    const doc: SitMan = { ...small, sections: [{ orientation: "landscape", blocks: [{ type: "table", headers: ["#", "Message"], widths: [1, 6], rows }] }] };
    const tagged = await readTagged(await renderPdf(doc));
    expectConsistent(tagged);
    expect(tagged.pages.length).toBeGreaterThan(3);
    const ofType = (t: string) => tagged.elements.filter((e) => e.type === t);
    expect(ofType("TH")).toHaveLength(2);
    expect(ofType("TR")).toHaveLength(32);
    expect(ofType("TD")).toHaveLength(62);
    // The repeated header rows are there, as artifacts, on the later pages.
    expect(tagged.artifacts.slice(2).filter((page) => page.some((a) => shown(a).includes("Message")))).not.toHaveLength(0);
    // The long cell: one TD, marked content on more than one page, the later ones by reference.
    const split = ofType("TD").at(-1)!;
    expect(new Set(split.mcids.map((m) => m.page)).size).toBeGreaterThan(1);
  });

  it("the Unicode-font path is tagged too, and its embedded fonts have a ToUnicode map", async () => {
    const { PDFDict, PDFName, PDFStream } = await import("pdf-lib");
    const doc: SitMan = { ...small, title: "Київ TTX", cover: { ...small.cover, title: "Київ TTX" } };
    const bytes = await renderPdf(doc);
    const tagged = await readTagged(bytes);
    expectConsistent(tagged);
    const fonts = tagged.doc.context
      .enumerateIndirectObjects()
      .map(([, obj]) => obj)
      .filter(
        (obj): obj is PDFDict =>
          obj instanceof PDFDict && obj.get(PDFName.of("Type")) === PDFName.of("Font") && obj.get(PDFName.of("Subtype")) === PDFName.of("Type0"),
      );
    expect(fonts).toHaveLength(2);
    for (const font of fonts) expect(font.lookup(PDFName.of("ToUnicode"))).toBeInstanceOf(PDFStream);
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    expect(text.indexOf("Київ TTX")).toBeLessThan(text.indexOf("Exercise Overview"));
  });
});
