import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";

/**
 * The held-out evaluation's library as files: five Tamsin County plan excerpts, one per format a
 * planner uploads. The HTML, Markdown and text files are committed as they are; the PDF and the
 * .docx are built here from their committed sources (a small Markdown-like text: "#"/"##"/"###"
 * headings, "- " list items, one paragraph a line) with pdf-lib and the `docx` library, as a word
 * processor's export would lay them out: wrapped lines, several pages, Title metadata. Built at
 * test time (no LibreOffice or pandoc on the test machines), identically in Node and workerd.
 */

export type HeldOutFile = { name: string; type: string; bytes: Uint8Array<ArrayBuffer> };

/** The committed sources, by file name in test/documents/heldout. */
export type HeldOutSource = "hazmat-annex.txt" | "dam-eap-excerpt.txt" | "child-care-annex.html" | "eoc-activation-sop.md" | "shelter-annex.txt";

type Block = { kind: "h1" | "h2" | "h3" | "li" | "p"; text: string };

function blocks(source: string): Block[] {
  return source
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line): Block => {
      if (line.startsWith("### ")) return { kind: "h3", text: line.slice(4) };
      if (line.startsWith("## ")) return { kind: "h2", text: line.slice(3) };
      if (line.startsWith("# ")) return { kind: "h1", text: line.slice(2) };
      if (line.startsWith("- ")) return { kind: "li", text: line.slice(2) };
      return { kind: "p", text: line };
    });
}

const encode = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** US Letter, 1-inch margins, Helvetica 11 pt body, bold headings, a "Page n" footer. */
async function buildPdf(source: string, title: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor("Tamsin County Office of Emergency Management");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = 612 - 144;
  let page = pdf.addPage([612, 792]);
  let y = 720;
  const pages = [page];
  const newPage = () => {
    page = pdf.addPage([612, 792]);
    pages.push(page);
    y = 720;
  };
  for (const block of blocks(source)) {
    const heading = block.kind.startsWith("h");
    const size = block.kind === "h1" ? 16 : block.kind === "h2" ? 13 : block.kind === "h3" ? 11.5 : 11;
    const font = heading ? bold : regular;
    const indent = block.kind === "li" ? 18 : 0;
    const lines = wrap(block.kind === "li" ? `• ${block.text}` : block.text, font, size, width - indent);
    if (heading && y - lines.length * size * 1.4 < 120) newPage();
    y -= heading ? size * 0.8 : 0;
    for (const line of lines) {
      if (y < 90) newPage();
      page.drawText(line, { x: 72 + indent, y, size, font });
      y -= size * 1.4;
    }
    y -= size * 0.6;
  }
  pages.forEach((p, i) => p.drawText(`Page ${i + 1}`, { x: 290, y: 40, size: 9, font: regular }));
  const saved = await pdf.save();
  return new Uint8Array(saved) as Uint8Array<ArrayBuffer>;
}

/** Word structure: Heading 1–3 styles, a bulleted list, the Title core property. */
async function buildDocx(source: string, title: string): Promise<Uint8Array<ArrayBuffer>> {
  const { Document, HeadingLevel, LevelFormat, Packer, Paragraph } = await import("docx");
  const levels = { h1: HeadingLevel.HEADING_1, h2: HeadingLevel.HEADING_2, h3: HeadingLevel.HEADING_3 } as const;
  const children = blocks(source).map((block) =>
    block.kind === "p"
      ? new Paragraph({ text: block.text })
      : block.kind === "li"
        ? new Paragraph({ text: block.text, numbering: { reference: "bullets", level: 0 } })
        : new Paragraph({ text: block.text, heading: levels[block.kind] }),
  );
  const doc = new Document({
    title,
    creator: "Tamsin Valley Water Authority",
    numbering: { config: [{ reference: "bullets", levels: [{ level: 0, format: LevelFormat.BULLET, text: "•" }] }] },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(doc)) as Uint8Array<ArrayBuffer>;
}

/** The five files as a planner would upload them. `read` gives a committed source's text. */
export async function heldOutFiles(read: (name: HeldOutSource) => Promise<string> | string): Promise<HeldOutFile[]> {
  return [
    {
      name: "tamsin-annex-h-hazmat.pdf",
      type: "application/pdf",
      bytes: await buildPdf(await read("hazmat-annex.txt"), "Annex H: Hazardous Materials Response"),
    },
    {
      name: "larkspur-dam-eap.docx",
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      bytes: await buildDocx(await read("dam-eap-excerpt.txt"), "Larkspur Dam Emergency Action Plan"),
    },
    { name: "annex-s-schools-child-care.html", type: "text/html", bytes: encode(await read("child-care-annex.html")) },
    { name: "eoc-activation-sop.md", type: "text/markdown", bytes: encode(await read("eoc-activation-sop.md")) },
    { name: "esf6-shelter-annex.txt", type: "text/plain", bytes: encode(await read("shelter-annex.txt")) },
  ];
}
