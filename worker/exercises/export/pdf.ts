import type { PDFFont, PDFPage, Rotation } from "pdf-lib";
import type { StructureElement } from "./pdf-structure";
import type { Block, SitMan } from "./sitman";

/**
 * Situation Manual → PDF with pdf-lib (loaded on first use). pdf-lib draws, it does not lay out,
 * so this file is a small layout engine: wrapped paragraphs, headings kept with what follows,
 * numbered lists, tables whose rows wrap, split across pages and repeat their header row, a
 * landscape MSEL, and "Page N of M" footers.
 *
 * The PDF is tagged (pdf-structure.ts): headings, paragraphs, lists and tables are H1–H3, P,
 * L/LI/Lbl/LBody and Table/TR/TH/TD elements in reading order, every drawing is either inside one
 * of them or an artifact (footers, rules, borders, fills, repeated header rows), and the viewer
 * shows the document title. Screen readers and reflow read the structure; text extraction keeps
 * the reading order.
 *
 * Fonts: two paths, chosen per document by `needsUnicodeFont`.
 * - Fast path, when every character is WinAnsi (Latin-1 plus typographic marks) or one of the
 *   symbols spelled out below (→ as "->", ≥ as ">=", a lone ☐ drawn as a box): the PDF standard
 *   fonts (Helvetica), nothing embedded, no font file read. English exercises and the quick-start
 *   templates stay here (largest template: ~30 ms in the test pool).
 * - Unicode path, when any other character occurs (ő, Vietnamese, Greek, Cyrillic, ₫, …): Noto Sans
 *   regular + bold, subset-embedded with fontkit (pdf-unicode-font.ts; ~+7 ms on the largest
 *   template, ~+20 KB of PDF). Noto Sans covers Latin with all its extensions (Vietnamese
 *   included), Greek and Cyrillic, and is smaller than DejaVu Sans (two .ttf ≈ 600 KB gzip vs
 *   ≈ 730 KB). The .ttf files come from npm (@expo-google-fonts/noto-sans ships plain static TTFs;
 *   the @fontsource packages only ship per-script woff/woff2 slices, and one slice cannot set a
 *   mixed document) and are wrangler Data modules: binary, uploaded beside the JS bundle, no build
 *   step and no base64 inflation. fontkit (~150 KB gzip in the bundle) and the fonts are dynamic
 *   imports, evaluated only on this path. Notes are set in the regular face slanted 12°: a third,
 *   italic file would add ≈ 300 KB gzip for one paragraph style.
 * On either path, a character the font lacks goes through the same fallback (`fitToCharset`):
 * spelled-out symbol, else its base letter without accents when the font has that, else a
 * substitute: "?" in WinAnsi, U+FFFD "�" with Noto Sans. So CJK, Arabic, Hebrew, Indic scripts,
 * emoji and arrows (Noto Sans has none of them) come out as "�", "->" etc., never an error;
 * invisible format characters (zero-width joiner, variation selectors) are dropped. The docx
 * export keeps every character.
 */

type Rgb = ReturnType<typeof import("pdf-lib").rgb>;

const LETTER: [number, number] = [612, 792];
const BALLOT_BOX = "☐";
const MARGIN = 54;
const FOOTER_GAP = 28;

const REPLACEMENTS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "↔": "<->",
  "⇒": "=>",
  "≥": ">=",
  "≤": "<=",
  "≠": "!=",
  "±": "+/-",
  "☐": "[  ]",
  "☑": "[x]",
  "✓": "v",
  "✔": "v",
  "✗": "x",
  "\u00a0": " ",
  "\u2009": " ",
  "\u200b": "",
  "\t": "    ",
  "‐": "-",
  "‑": "-",
  "−": "-",
  "′": "'",
  "″": '"',
};

/** Invisible format characters (zero-width joiner, variation selectors, …): dropped when unsupported. */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

/**
 * Makes text drawable with a font of the given character set: known symbols spelled out, accents
 * dropped only when needed, anything else as `missing`. Text is composed first (NFC), so accents
 * typed as combining marks use the precomposed glyph.
 */
export function fitToCharset(text: string, supported: Set<number>, missing = "?"): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n").normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\n" || supported.has(cp)) {
      out += ch;
      continue;
    }
    const replacement = REPLACEMENTS[ch];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    if (IGNORABLE.test(ch)) continue;
    const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
    out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : missing;
  }
  return out;
}

/** Every string of the document (titles, cells, items, …), wherever a block keeps it. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}

/**
 * True when WinAnsi would lose something: a character that is neither WinAnsi nor one of the
 * spelled-out symbols (a "ő" would lose its accent, a "Я" would become "?").
 */
export function needsUnicodeFont(sitman: SitMan, winAnsi: Set<number>): boolean {
  for (const value of strings(sitman)) {
    for (const ch of value.normalize("NFC")) {
      if (ch !== "\n" && ch !== "\r" && !winAnsi.has(ch.codePointAt(0)!) && REPLACEMENTS[ch] === undefined && !IGNORABLE.test(ch)) return true;
    }
  }
  return false;
}

let winAnsi: Set<number> | undefined;

export async function renderPdf(sitman: SitMan): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, degrees, rgb } = await import("pdf-lib");
  const { StructureTree } = await import("./pdf-structure");
  const doc = await PDFDocument.create();
  // showInWindowTitleBar: /ViewerPreferences << /DisplayDocTitle true >> (the title, not the file name).
  doc.setTitle(`${sitman.title} ${sitman.kind ?? "Situation Manual"}`, { showInWindowTitleBar: true });
  doc.setAuthor("Readyroom");
  doc.setSubject(sitman.kind ?? "HSEEP Situation Manual");
  doc.setCreator("Readyroom");
  doc.setProducer("Readyroom (pdf-lib)");
  doc.setLanguage("en");

  // WinAnsi's code points, read from a Helvetica embedded in a scratch document: embedding it in
  // `doc` would leave an unused font in a Unicode-path PDF.
  winAnsi ??= new Set((await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).getCharacterSet());
  let regular: PDFFont, bold: PDFFont, italic: PDFFont;
  let supported = winAnsi;
  let missing = "?";
  /** Slant for "italic" text when the face has no italic (the Unicode path). */
  let oblique: Rotation | undefined;
  if (needsUnicodeFont(sitman, winAnsi)) {
    const { embedUnicodeFonts } = await import("./pdf-unicode-font");
    ({ regular, bold } = await embedUnicodeFonts(doc));
    italic = regular;
    oblique = degrees(12);
    const boldSet = new Set(bold.getCharacterSet());
    supported = new Set(regular.getCharacterSet().filter((cp) => boldSet.has(cp)));
    missing = "\uFFFD";
  } else {
    regular = await doc.embedFont(StandardFonts.Helvetica);
    bold = await doc.embedFont(StandardFonts.HelveticaBold);
    italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  }
  const clean = (t: string) => fitToCharset(t, supported, missing);
  const tags = new StructureTree(doc);
  /** An element for text that shows something; blank text is drawn as an artifact instead. */
  const tagged = (type: "H1" | "H2" | "H3" | "P", value: string) => (value.trim() ? tags.element(undefined, type) : undefined);
  /** Draws into `element`'s marked content, or as an artifact when there is none. */
  const drawInto = (element: StructureElement | undefined, draw: () => void) => {
    if (!element) return tags.artifact(page, draw);
    tags.content(page, element);
    draw();
  };

  const NAVY = rgb(0.12, 0.23, 0.37);
  const TEXT = rgb(0.1, 0.1, 0.1);
  const MUTED = rgb(0.35, 0.35, 0.35);
  const LIGHT = rgb(0.91, 0.93, 0.96);
  const BORDER = rgb(0.6, 0.62, 0.66);
  const WHITE = rgb(1, 1, 1);

  let page!: PDFPage;
  let y = 0;
  let width = 0;
  let height = 0;

  const left = () => MARGIN;
  const contentWidth = () => width - 2 * MARGIN;
  const bottom = () => MARGIN + FOOTER_GAP;

  function newPage(orientation: "portrait" | "landscape") {
    const size: [number, number] = orientation === "landscape" ? [LETTER[1], LETTER[0]] : LETTER;
    tags.close();
    page = doc.addPage(size);
    [width, height] = size;
    y = height - MARGIN;
  }
  let orientation: "portrait" | "landscape" = "portrait";
  const ensure = (needed: number) => {
    if (y - needed < bottom()) newPage(orientation);
  };

  /**
   * Word widths at size 1, per font: a document repeats its words (MSEL headers, form text), and
   * measuring with an embedded font runs fontkit's layout, ~10x the cost of a Helvetica lookup.
   */
  const widths = new Map<PDFFont, Map<string, number>>();
  function measure(font: PDFFont, word: string, size: number): number {
    let known = widths.get(font);
    if (!known) widths.set(font, (known = new Map()));
    let width = known.get(word);
    if (width === undefined) known.set(word, (width = font.widthOfTextAtSize(word, 1)));
    return width * size;
  }

  /**
   * Greedy word wrap; words wider than the line are cut by characters. Widths add up word by word
   * (measuring the growing line each time made long MSEL cells quadratic); inter-word kerning is
   * ignored, hence the half-point of slack. A line broken at a space keeps that space at its end
   * (invisible, not measured): text extraction and screen readers, which read the tagged lines
   * one after the other, then see a word boundary ("Tabletop Exercise", not "TabletopExercise").
   */
  function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
    const limit = maxWidth - 0.5;
    const space = measure(font, " ", size);
    const lines: string[] = [];
    for (const para of clean(text).split("\n")) {
      let line = "";
      let lineWidth = 0;
      for (let word of para.split(/ +/)) {
        let w = measure(font, word, size);
        if (line && lineWidth + space + w <= limit) {
          line += ` ${word}`;
          lineWidth += space + w;
          continue;
        }
        if (line) lines.push(`${line} `);
        while (w > limit && word.length > 1) {
          let cut = word.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > limit) cut--;
          lines.push(word.slice(0, cut));
          word = word.slice(cut);
          w = font.widthOfTextAtSize(word, size);
        }
        line = word;
        lineWidth = w;
      }
      lines.push(line);
    }
    return lines;
  }

  /** `tag` receives the text, `labelTag` the prefix (a list item's number or bullet). */
  function text(
    value: string,
    opts: {
      font?: PDFFont;
      italic?: boolean;
      size?: number;
      color?: Rgb;
      indent?: number;
      after?: number;
      prefix?: string;
      tag?: StructureElement;
      labelTag?: StructureElement;
    } = {},
  ) {
    const font = opts.italic ? italic : (opts.font ?? regular);
    // pdf-lib's ySkew is the text matrix's c term: it leans glyphs right, like an oblique face.
    const slant = opts.italic && oblique ? { ySkew: oblique } : {};
    const size = opts.size ?? 10.5;
    const lineHeight = size * 1.35;
    const indent = opts.indent ?? 0;
    const lines = wrap(value, font, size, contentWidth() - indent);
    lines.forEach((line, i) => {
      ensure(lineHeight);
      const prefix = opts.prefix;
      if (i === 0 && prefix)
        drawInto(opts.labelTag, () => page.drawText(prefix, { x: left() + indent - 16, y: y - size, size, font, color: opts.color ?? TEXT }));
      drawInto(opts.tag, () => page.drawText(line, { x: left() + indent, y: y - size, size, font, color: opts.color ?? TEXT, ...slant }));
      y -= lineHeight;
    });
    tags.close();
    y -= opts.after ?? 6;
  }

  function table(block: Extract<Block, { type: "table" }>) {
    const size = block.small ? 7.5 : 9.5;
    const lineHeight = size * 1.3;
    const pad = 4;
    const total = block.widths.reduce((a, b) => a + b, 0);
    const widths = block.widths.map((w) => (w / total) * contentWidth());
    const xs = widths.map((_, i) => left() + widths.slice(0, i).reduce((a, b) => a + b, 0));

    const tableTag = tags.element(undefined, "Table");
    /**
     * One row: the cell boxes first, as one artifact (no box overlaps another cell's text, so the
     * page looks the same as boxes and text drawn cell by cell), then each cell's text in its TH/TD.
     * Without `cellTags` (a header row repeated on a new page) the whole row is an artifact.
     */
    const drawRow = (
      cells: string[][],
      fonts: PDFFont[],
      fills: (Rgb | null)[],
      colors: Rgb[],
      lineCount: number,
      boxes: boolean[] = [],
      cellTags?: StructureElement[],
    ) => {
      const rowHeight = lineCount * lineHeight + 2 * pad;
      const drawCell = (i: number, lines: string[]) => {
        // A lone ballot box is drawn as a square: WinAnsi has no glyph for it.
        if (boxes[i]) {
          page.drawRectangle({ x: xs[i]! + pad, y: y - pad - size, width: size, height: size, borderColor: TEXT, borderWidth: 0.6 });
          return;
        }
        lines.forEach((line, j) => {
          page.drawText(line, { x: xs[i]! + pad, y: y - pad - size - j * lineHeight + 1, size, font: fonts[i], color: colors[i] });
        });
      };
      tags.artifact(page, () => {
        cells.forEach((_, i) => {
          page.drawRectangle({
            x: xs[i],
            y: y - rowHeight,
            width: widths[i],
            height: rowHeight,
            borderColor: BORDER,
            borderWidth: 0.5,
            color: fills[i] ?? undefined,
          });
        });
        if (!cellTags) cells.forEach((lines, i) => drawCell(i, lines.slice(0, lineCount)));
      });
      if (cellTags) {
        cells.forEach((lines, i) => {
          const shown = lines.slice(0, lineCount);
          // Nothing left of this cell on a row's continuation: no empty marked content.
          if (!boxes[i] && shown.length === 0) return;
          tags.content(page, cellTags[i]!);
          drawCell(i, shown);
        });
        tags.close();
      }
      y -= rowHeight;
    };
    /** A row's TR and its cells' TH/TD (a key-value table's label column is a row header). */
    const rowTags = (count: number, header: boolean, boxes: boolean[] = []) => {
      const tr = tags.element(tableTag, "TR");
      return Array.from({ length: count }, (_, i) =>
        tags.element(tr, header || (block.keyValue && i === 0) ? "TH" : "TD", {
          scope: header ? "Column" : block.keyValue && i === 0 ? "Row" : undefined,
          actualText: boxes[i] ? BALLOT_BOX : undefined,
        }),
      );
    };

    const headerCells = block.headers.map((h, i) => wrap(h, bold, size, widths[i]! - 2 * pad));
    const headerLines = Math.max(...headerCells.map((c) => c.length));
    // The header row is tagged once; its repeats on later pages are artifacts.
    let headerTags = block.keyValue ? undefined : rowTags(block.headers.length, true);
    const drawHeader = () => {
      if (block.keyValue) return;
      drawRow(
        headerCells,
        block.headers.map(() => bold),
        block.headers.map(() => NAVY),
        block.headers.map(() => WHITE),
        headerLines,
        [],
        headerTags,
      );
      headerTags = undefined;
    };
    const headerHeight = block.keyValue ? 0 : headerLines * lineHeight + 2 * pad;

    ensure(headerHeight + lineHeight * 2 + 2 * pad);
    drawHeader();
    for (const row of block.rows) {
      const fonts = row.map((_, i) => (block.keyValue && i === 0 ? bold : regular));
      const fills = row.map((_, i) => (block.keyValue && i === 0 ? LIGHT : null));
      const colors = row.map(() => TEXT);
      const boxes = row.map((v) => v === BALLOT_BOX);
      let cells = row.map((v, i) => wrap(v, fonts[i]!, size, widths[i]! - 2 * pad));
      const cellTags = rowTags(row.length, false, boxes);
      // A row that does not fit moves to the next page under a repeated header.
      for (;;) {
        const lines = Math.max(1, ...cells.map((c) => c.length));
        const available = Math.floor((y - bottom() - 2 * pad) / lineHeight);
        if (lines <= available) {
          drawRow(cells, fonts, fills, colors, lines, boxes, cellTags);
          break;
        }
        // Keep a row whole when it fits on a fresh page; only a row taller than a page is split.
        const fresh = Math.floor((height - MARGIN - headerHeight - bottom() - 2 * pad) / lineHeight);
        if (available >= 3 && lines > fresh) {
          drawRow(cells, fonts, fills, colors, available, [], cellTags);
          cells = cells.map((c) => c.slice(available));
        }
        newPage(orientation);
        drawHeader();
      }
    }
    y -= 10;
  }

  /** An LI with its Lbl (number or bullet) and LBody. */
  function listItem(list: StructureElement): [StructureElement, StructureElement] {
    const li = tags.element(list, "LI");
    return [tags.element(li, "Lbl"), tags.element(li, "LBody")];
  }

  function blocks(list: Block[]) {
    list.forEach((block, index) => {
      switch (block.type) {
        case "heading": {
          const size = block.level === 1 ? 17 : block.level === 2 ? 13 : 11;
          if (block.level === 1 && index > 0) newPage(orientation);
          else ensure(size * 1.4 + 40); // keep a heading with the start of what follows
          if (block.level !== 1) y -= 6;
          const tag = tagged(block.level === 1 ? "H1" : block.level === 2 ? "H2" : "H3", block.text);
          text(block.text, { font: bold, size, color: block.level === 3 ? TEXT : NAVY, after: block.level === 1 ? 10 : 4, tag });
          break;
        }
        case "paragraph":
          text(block.text, {
            font: block.style === "label" ? bold : regular,
            italic: block.style === "note",
            color: block.style === "note" ? MUTED : TEXT,
            tag: tagged("P", block.text),
          });
          break;
        case "list": {
          const list = tags.element(undefined, "L", { numbering: block.ordered ? "Decimal" : "Disc" });
          block.items.forEach((item, i) => {
            const [labelTag, tag] = listItem(list);
            text(item.text, { indent: 20, prefix: block.ordered ? `${i + 1}.` : "•", after: item.sub?.length ? 2 : 4, tag, labelTag });
            // Sub-items are a list nested in the item's body.
            const subList = item.sub?.length ? tags.element(tag, "L", { numbering: "LowerAlpha" }) : undefined;
            item.sub?.forEach((sub, j) => {
              const [subLabel, subBody] = listItem(subList!);
              text(sub, { indent: 40, prefix: `${String.fromCharCode(97 + (j % 26))})`, after: 2, tag: subBody, labelTag: subLabel });
            });
          });
          y -= 4;
          break;
        }
        case "table":
          table(block);
          break;
        case "lines":
          for (let i = 0; i < block.count; i++) {
            ensure(18);
            y -= 17;
            tags.artifact(page, () => page.drawLine({ start: { x: left(), y }, end: { x: left() + contentWidth(), y }, thickness: 0.5, color: BORDER }));
          }
          y -= 5;
          break;
      }
    });
  }

  // Cover: title block, then the handling instructions in a tinted box at the foot of the page.
  newPage("portrait");
  const cover = sitman.cover;
  y = height - 190;
  tags.artifact(page, () => page.drawRectangle({ x: 0, y: height - 140, width, height: 10, color: NAVY }));
  text(cover.title, { font: bold, size: 26, color: NAVY, after: 8, tag: tagged("H1", cover.title) });
  text(cover.subtitle, { size: 16, color: MUTED, after: 24, tag: tagged("P", cover.subtitle) });
  for (const line of cover.lines) text(line, { size: 11, after: 3, tag: tagged("P", line) });
  const handlingLines = cover.handling.map((h) => wrap(h, regular, 8.5, contentWidth() - 44));
  const boxHeight = handlingLines.reduce((a, l) => a + l.length * 11.5 + 5, 0) + 40;
  const boxTop = MARGIN + boxHeight;
  tags.artifact(page, () =>
    page.drawRectangle({ x: MARGIN, y: MARGIN, width: contentWidth(), height: boxHeight, color: LIGHT, borderColor: BORDER, borderWidth: 0.5 }),
  );
  y = boxTop - 12;
  drawInto(tags.element(undefined, "H2"), () => page.drawText("Handling Instructions", { x: MARGIN + 12, y: y - 11, size: 11, font: bold, color: NAVY }));
  y -= 26;
  const handlingList = handlingLines.length ? tags.element(undefined, "L", { numbering: "Decimal" }) : undefined;
  handlingLines.forEach((lines, i) => {
    const [labelTag, tag] = listItem(handlingList!);
    lines.forEach((line, j) => {
      if (j === 0) drawInto(labelTag, () => page.drawText(`${i + 1}.`, { x: MARGIN + 12, y: y - 8.5, size: 8.5, font: regular, color: TEXT }));
      drawInto(tag, () => page.drawText(line, { x: MARGIN + 30, y: y - 8.5, size: 8.5, font: regular, color: TEXT }));
      y -= 11.5;
    });
    y -= 5;
  });
  tags.close();

  for (const section of sitman.sections) {
    orientation = section.orientation;
    newPage(orientation);
    blocks(section.blocks);
  }

  const pages = doc.getPages();
  const footerTitle = clean(`${sitman.title} · ${sitman.kind ?? "Situation Manual"}`);
  pages.forEach((p, i) => {
    if (i === 0) return;
    const { width: w } = p.getSize();
    const label = `Page ${i + 1} of ${pages.length}`;
    const size = 8;
    const maxTitle = w - 2 * MARGIN - regular.widthOfTextAtSize(label, size) - 20;
    let title = footerTitle;
    while (title.length > 4 && regular.widthOfTextAtSize(title, size) > maxTitle) title = `${title.slice(0, -4)}...`;
    tags.artifact(
      p,
      () => {
        p.drawLine({ start: { x: MARGIN, y: MARGIN + 14 }, end: { x: w - MARGIN, y: MARGIN + 14 }, thickness: 0.5, color: BORDER });
        p.drawText(title, { x: MARGIN, y: MARGIN, size, font: regular, color: MUTED });
        p.drawText(label, { x: w - MARGIN - regular.widthOfTextAtSize(label, size), y: MARGIN, size, font: regular, color: MUTED });
      },
      "Footer",
    );
  });

  tags.finish();
  return doc.save();
}
