import { decodeText } from "./text";
import { finish, type ParsedDocument } from "./types";
import { tidyWhitespace } from "./whitespace";
import { xmlTokens } from "./xml-tokens";

/**
 * Any XML file: the text of its elements, one element's text per line (data exports such as
 * resource lists put each value in its own element, so running them together would merge
 * "Lincoln High" and "450").
 */
export function parseXml(bytes: ArrayBuffer): ParsedDocument {
  const lines: string[] = [];
  let line = "";
  for (const token of xmlTokens(decodeText(bytes).replace(/^\ufeff/, ""))) {
    if (token.kind === "text") line += token.text;
    else {
      const text = line.replace(/\s+/g, " ").trim();
      if (text) lines.push(text);
      line = "";
    }
  }
  const last = line.replace(/\s+/g, " ").trim();
  if (last) lines.push(last);
  return finish([{ heading: null, text: tidyWhitespace(lines.join("\n")) }], "This XML file has no text to index.");
}
