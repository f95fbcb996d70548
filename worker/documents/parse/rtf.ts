import { trimLine } from "./html";
import { finish, type ParsedDocument } from "./types";
import { tidyWhitespace } from "./whitespace";

/** Destinations whose text is not the document's (fonts, colours, styles, metadata, pictures, fields' instructions). */
const SKIPPED_DESTINATIONS = new Set([
  "fonttbl",
  "colortbl",
  "stylesheet",
  "info",
  "pict",
  "object",
  "fldinst",
  "themedata",
  "colorschememapping",
  "datastore",
  "latentstyles",
  "listtable",
  "listoverridetable",
  "rsidtbl",
  "generator",
  "xmlnstbl",
  "header",
  "footer",
  "headerl",
  "headerr",
  "footerl",
  "footerr",
]);

/** Windows-1252's 0x80–0x9F (the rest of the 8-bit range is Latin-1). */
const CP1252 = "€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ";
const cp1252 = (byte: number) => (byte >= 0x80 && byte <= 0x9f ? CP1252[byte - 0x80]! : String.fromCharCode(byte));

/**
 * Rich Text: the text of the body, paragraphs as lines, tabs and cells kept apart; \'hh bytes read
 * as Windows-1252 and \uN as Unicode (skipping the \ucN fallback characters). One forward pass
 * over the file; group nesting only counts, so a file of a million "{" costs no more memory.
 */
export function parseRtf(bytes: ArrayBuffer): ParsedDocument {
  const rtf = new TextDecoder("latin1").decode(bytes);
  let text = "";
  let depth = 0;
  // Depth at which a skipped destination began (everything deeper is skipped), or -1.
  let skipFrom = -1;
  // Fallback characters still to drop after a \uN, and how many each \uN has (\ucN, default 1).
  let pendingSkip = 0;
  let ucount = 1;
  const out = (s: string) => {
    if (skipFrom >= 0) return;
    if (pendingSkip > 0) {
      pendingSkip -= 1;
      return;
    }
    text += s;
  };
  for (let i = 0; i < rtf.length; i++) {
    const c = rtf[i]!;
    if (c === "{") {
      depth += 1;
    } else if (c === "}") {
      if (skipFrom >= 0 && depth <= skipFrom) skipFrom = -1;
      depth -= 1;
      pendingSkip = 0;
    } else if (c === "\\") {
      const next = rtf[i + 1];
      if (next === undefined) break;
      if (next === "'") {
        const hex = rtf.slice(i + 2, i + 4);
        if (/^[0-9a-fA-F]{2}$/.test(hex)) out(cp1252(parseInt(hex, 16)));
        i += 3;
        continue;
      }
      if (next === "*") {
        // An unknown "\*\dest" group is optional: skip it.
        if (skipFrom < 0) skipFrom = depth;
        i += 1;
        continue;
      }
      if (!/[A-Za-z]/.test(next)) {
        // Control symbols: \\ \{ \} are text; \~ a non-breaking space, \- \_ hyphens.
        if (next === "\\" || next === "{" || next === "}") out(next);
        else if (next === "~") out(" ");
        else if (next === "_") out("-");
        else if (next === "\n" || next === "\r") out("\n");
        i += 1;
        continue;
      }
      const m = /^([A-Za-z]{1,32})(-?\d{1,10})? ?/.exec(rtf.slice(i + 1, i + 46));
      if (!m) continue;
      const word = m[1]!;
      const param = m[2] === undefined ? null : Number(m[2]);
      i += m[0].length;
      if (SKIPPED_DESTINATIONS.has(word) && skipFrom < 0) skipFrom = depth;
      else if (word === "par" || word === "line" || word === "sect" || word === "page") out("\n");
      else if (word === "row") out("\n");
      else if (word === "tab") out("\t");
      else if (word === "cell") out(" | ");
      else if (word === "emdash") out("—");
      else if (word === "endash") out("–");
      else if (word === "bullet") out("•");
      else if (word === "lquote") out("‘");
      else if (word === "rquote") out("’");
      else if (word === "ldblquote") out("“");
      else if (word === "rdblquote") out("”");
      else if (word === "uc" && param !== null) ucount = Math.max(0, param);
      else if (word === "u" && param !== null) {
        out(String.fromCharCode(param < 0 ? param + 65536 : param));
        pendingSkip = ucount;
      }
    } else if (c === "\n" || c === "\r") {
      // Line breaks in the source are not text.
    } else out(c);
  }
  const lines = tidyWhitespace(text.replace(/\t/g, " ")).split("\n").map(trimLine);
  return finish([{ heading: null, text: tidyWhitespace(lines.join("\n")) }], "This Rich Text file has no text to index.");
}
