import { decodeEntities } from "./entities";
import { decodeText } from "./text";
import { forwardSearch } from "./scan";
import { finish, HeadingTrail, type ParsedDocument, type ParsedSection } from "./types";
import { tidyWhitespace } from "./whitespace";

/** Elements that are paragraphs: a blank line before and after (the chunker prefers to cut there). */
const BLOCK =
  /^(p|div|hr|ul|ol|dl|table|section|article|aside|header|footer|nav|main|blockquote|pre|figure|figcaption|h[4-6]|address|details|summary|form|fieldset)$/;
/** Elements that end a line when they close (or, for br, where they stand). */
const LINE = /^(br|li|dt|dd|tr|caption)$/;
/** Elements dropped with everything up to their closing tag. */
const SKIPPED = new Set(["script", "style", "template", "noscript", "svg", "head"]);
/**
 * Of those, the ones whose content is raw text (a browser reads no markup in them): left unclosed,
 * they run to the end of the file, as in a browser. The others (</head> is optional) lose only
 * their tag when unclosed.
 */
const RAW_TEXT = new Set(["script", "style"]);

const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isNameChar = (c: number) => isLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d;

/**
 * HTML to sections: h1–h3 start a section with their text as heading; scripts, styles, templates,
 * comments and tags are dropped; entities decoded. A single forward scan in time linear in the file
 * (no regex backtracks over the document: an unclosed `<!--`, `<script` or `<a` in a 25 MB page
 * must not cost minutes of CPU), rather than HTMLRewriter so the parser is synchronous and its
 * entity handling is ours (HTMLRewriter leaves entities encoded).
 *
 * What a tag is: `<name …>` or `</name …>` up to the next `>` (name: a letter, then letters,
 * digits, hyphens), `<!…>` and `<?…>` likewise; a `<` that starts none of these, or has no `>`
 * after it, is text. A comment runs to `-->` or, unclosed, to the end of the file (as in a
 * browser); `<![CDATA[…]]>` to `]]>`.
 */
export function parseHtml(bytes: ArrayBuffer): ParsedDocument {
  return finish(htmlSections(decodeText(bytes)), "This web page has no readable text to index.");
}

/** parseHtml's sections of an HTML string (an EPUB chapter, an e-mail's HTML body), not yet finished. */
export function htmlSections(html: string): ParsedSection[] {
  const length = html.length;
  const sections: ParsedSection[] = [];
  let current: ParsedSection = { heading: null, text: "" };
  const trail = new HeadingTrail();
  let heading = null as string | null; // text of an open h1–h3 (assigned in closures: not narrowed)
  let headingLevel = 1;
  // Open table cells: line and paragraph breaks inside one (a <br> in an address) become spaces, so
  // a table row stays one line with its cells in order.
  // (A cell's end tag is optional: the next cell or the row's end closes it. A table nested in a
  // cell ends the outer cell at its own cells' ends: rare, and only spacing differs.)
  let cell = null as string | null;
  const endCell = () => {
    if (cell !== null) current.text += `${cell.replace(/\s+/g, " ").trim()} | `;
    cell = null;
  };
  const emit = (raw: string) => {
    if (raw === "") return;
    // Every whitespace run becomes one space; runs that already are one space are left alone.
    const collapsed = raw.replace(/[^\S ]\s*| \s+/g, " ");
    const text = collapsed.includes("&") ? decodeEntities(collapsed) : collapsed;
    if (heading !== null) heading += text;
    else if (cell !== null) cell += text;
    else current.text += text;
  };
  const closeHeading = () => {
    const text = (heading ?? "").replace(/\s+/g, " ").trim();
    current = text ? { heading: text, path: trail.enter(headingLevel, text), text: "" } : { heading: null, text: "" };
    heading = null;
  };
  const onTag = (name: string, closing: boolean) => {
    if (/^h[1-3]$/.test(name)) {
      if (!closing) {
        sections.push(current);
        heading = "";
        headingLevel = Number(name[1]);
      } else if (heading !== null) {
        closeHeading();
      }
    } else if (name === "td" || name === "th") {
      endCell();
      if (!closing) cell = "";
    } else if (name === "tr" || name === "table") {
      endCell();
      if (heading !== null) emit(" ");
      else if (closing || name === "table") current.text += name === "table" ? "\n\n" : "\n";
    } else if (BLOCK.test(name) || (LINE.test(name) && (closing || name === "br"))) {
      if (heading !== null || cell !== null) emit(" ");
      else current.text += BLOCK.test(name) ? "\n\n" : "\n";
    }
  };

  const nextGt = forwardSearch((from) => html.indexOf(">", from));
  const nextCdataEnd = forwardSearch((from) => html.indexOf("]]>", from));
  const closers = new Map<string, (from: number) => number>();
  const nextCloser = (name: string) => {
    let find = closers.get(name);
    if (!find) {
      const re = new RegExp(`</${name}\\s*>`, "gi");
      find = forwardSearch((from) => {
        re.lastIndex = from;
        return re.exec(html)?.index ?? -1;
      });
      closers.set(name, find);
    }
    return find;
  };

  // Text since the last tag, with a space for each comment or skipped element in it: it is decoded
  // and its whitespace collapsed as one piece when the next tag (or the end) comes.
  let pending = "";
  let textStart = 0; // start of the text not yet in `pending`
  let at = 0;
  while (at < length) {
    const lt = html.indexOf("<", at);
    if (lt < 0) break;
    const next = html.charCodeAt(lt + 1);

    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      pending += `${html.slice(textStart, lt)} `;
      textStart = at = end < 0 ? length : end + 3;
      continue;
    }
    if (html.startsWith("<![CDATA[", lt)) {
      const end = nextCdataEnd(lt + 9);
      if (end >= 0) {
        pending += `${html.slice(textStart, lt)} `;
        textStart = at = end + 3;
        continue;
      }
    }
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
      const gt = nextGt(lt + 2);
      if (gt < 0) {
        at = lt + 1;
        continue;
      }
      emit(pending + html.slice(textStart, lt));
      pending = "";
      textStart = at = gt + 1;
      continue;
    }

    const closing = next === 0x2f; /* / */
    const nameStart = lt + (closing ? 2 : 1);
    if (!isLetter(html.charCodeAt(nameStart))) {
      at = lt + 1;
      continue;
    }
    let nameEnd = nameStart + 1;
    while (nameEnd < length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const gt = nextGt(nameEnd);
    if (gt < 0) {
      at = lt + 1;
      continue;
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    if (!closing && SKIPPED.has(name)) {
      const closer = nextCloser(name)(gt + 1);
      if (closer >= 0 || RAW_TEXT.has(name)) {
        pending += `${html.slice(textStart, lt)} `;
        textStart = at = closer < 0 ? length : html.indexOf(">", closer) + 1;
        continue;
      }
    }
    emit(pending + html.slice(textStart, lt));
    pending = "";
    onTag(name, closing);
    textStart = at = gt + 1;
  }
  emit(pending + html.slice(textStart));

  endCell();
  if (heading !== null) closeHeading(); // an unclosed heading
  sections.push(current);
  return sections.map((s) => ({ ...s, text: tidyWhitespace(s.text.split("\n").map(trimLine).join("\n")) }));
}

/** A line without its leading and trailing spaces and table bars (a loop: `[ |]+$` backtracks). */
export function trimLine(line: string): string {
  let start = 0;
  let end = line.length;
  while (start < end && (line[start] === " " || line[start] === "|")) start++;
  while (end > start && (line[end - 1] === " " || line[end - 1] === "|")) end--;
  return line.slice(start, end).trim();
}
