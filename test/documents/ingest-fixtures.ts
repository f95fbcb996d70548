import { strToU8, zipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** Test files built from scratch, so each test says exactly what is in the file it parses. */

export const bytesOf = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;

/** A minimal valid .docx: paragraphs as [style | null, text]; "Heading1".."Heading3" make headings. */
export function makeDocx(paragraphs: [string | null, string][]): ArrayBuffer {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const body = paragraphs
    .map(([style, text]) => {
      const pPr = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : "";
      const runs = text
        .split("\t")
        .map((part) => `<w:r><w:t xml:space="preserve">${escape(part)}</w:t></w:r>`)
        .join("<w:r><w:tab/></w:r>");
      return `<w:p>${pPr}${runs}</w:p>`;
    })
    .join("");
  return docxFromBody(body);
}

/** A .docx whose word/document.xml body is exactly `body` (for markup makeDocx does not produce). */
export function docxFromBody(body: string): ArrayBuffer {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  const zipped = zipSync({
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ),
    "word/document.xml": strToU8(document),
  });
  return zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength) as ArrayBuffer;
}

/** A PDF with one page per entry, each page's lines drawn in Helvetica. */
export async function makePdf(pages: string[][]): Promise<ArrayBuffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font }));
  }
  const saved = await pdf.save();
  return saved.buffer.slice(saved.byteOffset, saved.byteOffset + saved.byteLength) as ArrayBuffer;
}
