import { CfbFormatError, type CompoundFile, oldOfficeMessages, withCompoundFile } from "./cfb";
import { trimLine } from "./html";
import { finish, ParseError, type ParsedDocument } from "./types";
import { tidyWhitespace } from "./whitespace";

const { notOpenable: NOT_DOC, encrypted: ENCRYPTED } = oldOfficeMessages("Word", "document", ".docx");

/** Windows-1252's 0x80–0x9F (the rest of the 8-bit range is Latin-1), for "compressed" pieces. */
const CP1252 = "€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ";

/**
 * Word 97–2003 (.doc, MS-DOC): the main document's text through the piece table (the CLX in the
 * table stream the FIB names), so fast-saved files with pieces out of order read right. Paragraph
 * marks become lines, table cell marks separators; field codes are dropped and their results kept.
 * Headings are not recovered (styles are not read): the document is one section.
 */
export function parseDoc(bytes: ArrayBuffer): ParsedDocument {
  return withCompoundFile(bytes, NOT_DOC, documentText);
}

function documentText(cfb: CompoundFile): ParsedDocument {
  const word = cfb.read("WordDocument");
  if (!word || word.length < 0x200) throw new ParseError(NOT_DOC);
  const fib = new DataView(word.buffer, word.byteOffset, word.byteLength);
  if (fib.getUint16(0, true) !== 0xa5ec) throw new ParseError(NOT_DOC);
  const flags = fib.getUint16(0x0a, true);
  if (flags & 0x0100) throw new ParseError(ENCRYPTED);
  const table = cfb.read(flags & 0x0200 ? "1Table" : "0Table");
  if (!table) throw new ParseError(NOT_DOC);

  // FIB: 32-byte base, then csw + FibRgW, cslw + FibRgLw (ccpText is its 4th value), cbRgFcLcb + pairs.
  let at = 32;
  const csw = fib.getUint16(at, true);
  at += 2 + csw * 2;
  const cslw = fib.getUint16(at, true);
  const rgLw = at + 2;
  const ccpText = fib.getInt32(rgLw + 3 * 4, true);
  at = rgLw + cslw * 4;
  const cbRgFcLcb = fib.getUint16(at, true);
  const rgFcLcb = at + 2;
  if (cbRgFcLcb < 34 || rgFcLcb + 34 * 8 > word.length) throw new ParseError(NOT_DOC);
  // fcClx / lcbClx: the 34th pair of FibRgFcLcb97.
  const fcClx = fib.getUint32(rgFcLcb + 33 * 8, true);
  const lcbClx = fib.getUint32(rgFcLcb + 33 * 8 + 4, true);
  if (fcClx + lcbClx > table.length || lcbClx === 0) throw new ParseError(NOT_DOC);

  const text = pieceTableText(word, table.subarray(fcClx, fcClx + lcbClx), Math.max(ccpText, 0));
  return finish([{ heading: null, text: tidyWhitespace(cleanText(text)) }], "This Word document has no text to index.");
}

/** The text of character positions 0…ccpText through the CLX's piece table. */
function pieceTableText(word: Uint8Array, clx: Uint8Array, ccpText: number): string {
  const view = new DataView(clx.buffer, clx.byteOffset, clx.byteLength);
  let at = 0;
  // Skip Prc records (property modifiers) before the Pcdt.
  while (at < clx.length && clx[at] === 0x01) at += 3 + view.getUint16(at + 1, true);
  if (clx[at] !== 0x02 || at + 5 > clx.length) throw new CfbFormatError("no piece table");
  const lcb = view.getUint32(at + 1, true);
  const plc = at + 5;
  if (plc + lcb > clx.length) throw new CfbFormatError("piece table out of bounds");
  // PlcPcd: (n + 1) CPs of 4 bytes, then n PCDs of 8 bytes.
  const n = Math.floor((lcb - 4) / 12);
  let out = "";
  for (let i = 0; i < n && out.length < ccpText; i++) {
    const cpStart = view.getUint32(plc + i * 4, true);
    const cpEnd = Math.min(view.getUint32(plc + (i + 1) * 4, true), ccpText);
    if (cpEnd <= cpStart) continue;
    const pcd = plc + (n + 1) * 4 + i * 8;
    const fc = view.getUint32(pcd + 2, true);
    const compressed = (fc & 0x40000000) !== 0;
    const length = cpEnd - cpStart;
    if (compressed) {
      const start = (fc & 0x3fffffff) / 2;
      const slice = word.subarray(start, Math.min(start + length, word.length));
      for (const b of slice) out += b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80]! : String.fromCharCode(b);
    } else {
      const start = fc;
      const end = Math.min(start + length * 2, word.length - ((word.length - start) % 2));
      out += new TextDecoder("utf-16le").decode(word.subarray(start, end));
    }
  }
  return out;
}

/** Word's control characters: paragraphs and cells to lines and separators, field codes dropped. */
function cleanText(text: string): string {
  let out = "";
  // Depth of open fields, and whether each is still in its code part (before the separator 0x14).
  const inCode: boolean[] = [];
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (code === 0x13) inCode.push(true);
    else if (code === 0x14) {
      if (inCode.length) inCode[inCode.length - 1] = false;
    } else if (code === 0x15) inCode.pop();
    else if (inCode.some(Boolean)) continue;
    else if (code === 0x0d || code === 0x0b || code === 0x0c) out += "\n";
    else if (code === 0x07) out += " | ";
    else if (code === 0x09) out += " ";
    else if (code === 0x1e) out += "-";
    else if (code === 0x1f) continue;
    else if (code >= 0x20 || code === 0x0a) out += c;
  }
  return out.split("\n").map(trimLine).join("\n");
}
