import type { Block, SitMan } from "./sitman";

/**
 * Situation Manual → .docx with the `docx` library, loaded on first use so the library stays off
 * every other request's path. Real Word structure (Heading 1–3 styles, numbered lists, tables with
 * repeating header rows, page-number footers), so the file navigates well and reads well in a
 * screen reader, as HSEEP asks of a SitMan.
 */

const NAVY = "1F3A5F";
const LIGHT = "E8EEF5";
const MUTED = "555555";

// US Letter in twentieths of a point; 0.75 in margins.
const PAGE_W = 12240;
const PAGE_H = 15840;
const MARGIN = 1080;

export async function renderDocx(sitman: SitMan): Promise<Uint8Array> {
  const d = await import("docx");
  const {
    AlignmentType,
    BorderStyle,
    Document,
    Footer,
    HeadingLevel,
    LevelFormat,
    Packer,
    PageNumber,
    PageOrientation,
    Paragraph,
    ShadingType,
    Table,
    TableCell,
    TableLayoutType,
    TableRow,
    TextRun,
    WidthType,
  } = d;
  type Child = InstanceType<typeof Paragraph> | InstanceType<typeof Table>;

  /** Single newlines inside a paragraph become line breaks. */
  const runs = (text: string, opts: { bold?: boolean; italics?: boolean; color?: string; size?: number } = {}) =>
    text.split("\n").map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined, ...opts }));

  let listInstance = 0;
  let optionInstance = 0;
  const headingLevels = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

  function table(block: Extract<Block, { type: "table" }>, contentWidth: number): InstanceType<typeof Table> {
    const total = block.widths.reduce((a, b) => a + b, 0);
    const widths = block.widths.map((w) => Math.floor((w / total) * contentWidth));
    const size = block.small ? 16 : 20;
    const cell = (text: string, i: number, header: boolean) =>
      new TableCell({
        width: { size: widths[i]!, type: WidthType.DXA },
        margins: { top: 60, bottom: 60, left: 80, right: 80 },
        shading: header
          ? { type: ShadingType.CLEAR, color: "auto", fill: NAVY }
          : block.keyValue && i === 0
            ? { type: ShadingType.CLEAR, color: "auto", fill: LIGHT }
            : undefined,
        children: (text || " ")
          .split(/\n\s*\n/)
          .map((p) => new Paragraph({ children: runs(p, { size, bold: header || (block.keyValue && i === 0), color: header ? "FFFFFF" : undefined }) })),
      });
    const rows = [];
    if (!block.keyValue) rows.push(new TableRow({ tableHeader: true, cantSplit: true, children: block.headers.map((h, i) => cell(h, i, true)) }));
    // An inject (or any row) stays on one page: a row cut in two is easy to misread at the table.
    for (const row of block.rows) rows.push(new TableRow({ cantSplit: true, children: row.map((v, i) => cell(v, i, false)) }));
    return new Table({ width: { size: contentWidth, type: WidthType.DXA }, columnWidths: widths, layout: TableLayoutType.FIXED, rows });
  }

  function blocks(list: Block[], contentWidth: number): Child[] {
    const out: Child[] = [];
    list.forEach((block, index) => {
      switch (block.type) {
        case "heading":
          // Every top-level part after the first of a section starts a new page (modules especially).
          out.push(new Paragraph({ heading: headingLevels[block.level], pageBreakBefore: block.level === 1 && index > 0, children: runs(block.text) }));
          break;
        case "paragraph":
          out.push(
            new Paragraph({
              spacing: { after: 120 },
              children: runs(block.text, block.style === "note" ? { italics: true, color: MUTED } : block.style === "label" ? { bold: true } : {}),
            }),
          );
          break;
        case "list": {
          listInstance += 1;
          const reference = block.ordered ? "sitman-ordered" : "sitman-bullet";
          for (const item of block.items) {
            out.push(new Paragraph({ numbering: { reference, level: 0, instance: listInstance }, spacing: { after: 60 }, children: runs(item.text) }));
            // Each question's options restart at a).
            optionInstance += 1;
            for (const sub of item.sub ?? []) {
              out.push(new Paragraph({ numbering: { reference: "sitman-options", level: 0, instance: optionInstance }, children: runs(sub) }));
            }
          }
          break;
        }
        case "table":
          out.push(table(block, contentWidth), new Paragraph({ spacing: { after: 120 }, children: [] }));
          break;
        case "lines":
          for (let i = 0; i < block.count; i++) {
            out.push(
              new Paragraph({ spacing: { before: 320 }, border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "999999", space: 1 } }, children: [] }),
            );
          }
          out.push(new Paragraph({ spacing: { after: 160 }, children: [] }));
          break;
      }
    });
    return out;
  }

  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({ text: `${sitman.title} · ${sitman.kind ?? "Situation Manual"} · Page `, size: 16, color: MUTED }),
          new TextRun({ children: [PageNumber.CURRENT], size: 16, color: MUTED }),
          new TextRun({ text: " of ", size: 16, color: MUTED }),
          new TextRun({ children: [PageNumber.TOTAL_PAGES], size: 16, color: MUTED }),
        ],
      }),
    ],
  });

  const page = (orientation: "portrait" | "landscape") => ({
    size: { width: PAGE_W, height: PAGE_H, orientation: orientation === "landscape" ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT },
    margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
  });

  const { cover } = sitman;
  const coverChildren: Child[] = [
    new Paragraph({ spacing: { before: 2400, after: 240 }, children: [new TextRun({ text: cover.title, bold: true, size: 56, color: NAVY })] }),
    new Paragraph({ spacing: { after: 480 }, children: [new TextRun({ text: cover.subtitle, size: 36, color: MUTED })] }),
    ...cover.lines.map((line) => new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text: line, size: 24 })] })),
    new Paragraph({ heading: HeadingLevel.HEADING_2, spacing: { before: 960 }, children: [new TextRun("Handling Instructions")] }),
    ...cover.handling.map(
      (text) =>
        new Paragraph({
          numbering: { reference: "sitman-ordered", level: 0, instance: 0 },
          spacing: { after: 80 },
          children: [new TextRun({ text, size: 18 })],
        }),
    ),
  ];

  const doc = new Document({
    creator: "Readyroom",
    title: `${sitman.title} ${sitman.kind ?? "Situation Manual"}`,
    description: `${sitman.kind ?? "HSEEP Situation Manual"} exported from Readyroom`,
    styles: {
      default: { document: { run: { font: "Calibri", size: 22 } } },
      paragraphStyles: [
        {
          id: "Heading1",
          name: "Heading 1",
          basedOn: "Normal",
          next: "Normal",
          quickFormat: true,
          run: { size: 32, bold: true, color: NAVY },
          paragraph: { spacing: { before: 240, after: 160 }, keepNext: true },
        },
        {
          id: "Heading2",
          name: "Heading 2",
          basedOn: "Normal",
          next: "Normal",
          quickFormat: true,
          run: { size: 26, bold: true, color: NAVY },
          paragraph: { spacing: { before: 240, after: 100 }, keepNext: true },
        },
        {
          id: "Heading3",
          name: "Heading 3",
          basedOn: "Normal",
          next: "Normal",
          quickFormat: true,
          run: { size: 22, bold: true, color: "333333" },
          paragraph: { spacing: { before: 160, after: 80 }, keepNext: true },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: "sitman-ordered",
          levels: [
            {
              level: 0,
              format: LevelFormat.DECIMAL,
              text: "%1.",
              alignment: AlignmentType.START,
              style: { paragraph: { indent: { left: 540, hanging: 360 } } },
            },
          ],
        },
        {
          reference: "sitman-bullet",
          levels: [
            { level: 0, format: LevelFormat.BULLET, text: "•", alignment: AlignmentType.START, style: { paragraph: { indent: { left: 540, hanging: 360 } } } },
          ],
        },
        {
          reference: "sitman-options",
          levels: [
            {
              level: 0,
              format: LevelFormat.LOWER_LETTER,
              text: "%1)",
              alignment: AlignmentType.START,
              style: { paragraph: { indent: { left: 1080, hanging: 360 } } },
            },
          ],
        },
      ],
    },
    sections: [
      { properties: { page: page("portrait") }, children: coverChildren },
      ...sitman.sections.map((section) => ({
        properties: { page: page(section.orientation) },
        footers: { default: footer },
        children: blocks(section.blocks, (section.orientation === "landscape" ? PAGE_H : PAGE_W) - 2 * MARGIN),
      })),
    ],
  });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}
