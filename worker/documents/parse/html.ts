import { decodeEntities } from "./entities";
import { decodeText } from "./text";
import { finish, normalizeWhitespace, type ParsedDocument, type ParsedSection } from "./types";

/** Elements that are paragraphs: a blank line before and after (the chunker prefers to cut there). */
const BLOCK =
  /^(p|div|hr|ul|ol|dl|table|section|article|aside|header|footer|nav|main|blockquote|pre|figure|figcaption|h[4-6]|address|details|summary|form|fieldset)$/;
/** Elements that end a line when they close (or, for br, where they stand). */
const LINE = /^(br|li|dt|dd|tr|caption)$/;

/**
 * HTML to sections: h1–h3 start a section with their text as heading; scripts, styles, templates,
 * comments and tags are dropped; entities decoded. A plain scan rather than HTMLRewriter so the
 * parser is synchronous and its entity handling is ours (HTMLRewriter leaves entities encoded).
 */
export function parseHtml(bytes: ArrayBuffer): ParsedDocument {
  const html = decodeText(bytes)
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, " ")
    .replace(/<(script|style|template|noscript|svg|head)\b[\s\S]*?<\/\1\s*>/gi, " ");
  const sections: ParsedSection[] = [];
  let current: ParsedSection = { heading: null, text: "" };
  let heading: string | null = null; // text of an open h1–h3
  const tag = /<\/?([A-Za-z][A-Za-z0-9-]*)\b[^>]*>|<![^>]*>|<\?[^>]*>/g;
  let last = 0;
  const emit = (raw: string) => {
    const text = decodeEntities(raw.replace(/\s+/g, " "));
    if (heading !== null) heading += text;
    else current.text += text;
  };
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    emit(html.slice(last, m.index));
    last = tag.lastIndex;
    const name = m[1]?.toLowerCase();
    if (!name) continue;
    const closing = m[0][1] === "/";
    if (/^h[1-3]$/.test(name)) {
      if (!closing) {
        sections.push(current);
        heading = "";
      } else if (heading !== null) {
        current = { heading: heading.trim() || null, text: "" };
        heading = null;
      }
    } else if (BLOCK.test(name) || (LINE.test(name) && (closing || name === "br"))) {
      if (heading !== null) heading += " ";
      else current.text += BLOCK.test(name) ? "\n\n" : "\n";
    } else if (name === "td" || name === "th") {
      if (closing) emit(" | ");
    }
  }
  emit(html.slice(last));
  if (heading !== null) current = { heading: heading.trim() || null, text: "" }; // an unclosed heading
  sections.push(current);
  return finish(
    sections.map((s) => ({
      ...s,
      text: normalizeWhitespace(s.text.split("\n").map((l) => l.replace(/^[ |]+|[ |]+$/g, "").trim()).join("\n")),
    })),
    "This web page has no readable text to index.",
  );
}
