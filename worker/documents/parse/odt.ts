import { entryText, withZip, type ZipFormat } from "./office-zip";
import { rowsWithHeaders } from "./table";
import { finish, HeadingTrail, type ParsedDocument, type ParsedSection } from "./types";
import { tidyWhitespace } from "./whitespace";
import { attribute, xmlTokens } from "./xml-tokens";

const WRITER: ZipFormat = { noun: "OpenDocument file", kind: "OpenDocument text", app: "LibreOffice Writer", extension: ".odt", saveAs: ".odt" };

/**
 * OpenDocument text (.odt, content.xml): headings (text:h, levels 1–3) start sections; paragraphs
 * and list items are lines (list items marked "- ", indented by their nesting); tables
 * read as rows with their header names, like spreadsheets.
 */
export function parseOdt(bytes: ArrayBuffer): ParsedDocument {
  const xml = withZip(bytes, WRITER, (zip) => entryText(zip, "content.xml"));
  const sections: ParsedSection[] = [];
  let current: ParsedSection = { heading: null, text: "" };
  let line = "";
  let heading: string | null = null;
  let headingLevel = 0;
  const trail = new HeadingTrail();
  const table: { rows: string[][]; row: string[] | null; cell: string | null } = { rows: [], row: null, cell: null };
  let tableDepth = 0;
  const listNumbers: number[] = [];
  let listItemPrefix = "";
  const endLine = () => {
    const text = line.replace(/[ \t]+/g, " ").trim();
    line = "";
    if (!text) return;
    if (table.cell !== null) table.cell += (table.cell ? " " : "") + text;
    else current.text += `${listItemPrefix}${text}\n`;
    listItemPrefix = "";
  };
  for (const token of xmlTokens(xml ?? "")) {
    if (token.kind === "text") {
      if (heading !== null) heading += token.text;
      else line += token.text;
      continue;
    }
    const open = token.kind === "open";
    const selfClosing = open && token.selfClosing;
    switch (token.name) {
      case "text:h":
        if (open && !selfClosing) {
          endLine();
          heading = "";
          headingLevel = Number(attribute(token.attributes, "text:outline-level") ?? "1");
        } else if (!open && heading !== null) {
          const text = heading.replace(/\s+/g, " ").trim();
          if (text && headingLevel <= 3) {
            sections.push(current);
            current = { heading: text, path: trail.enter(headingLevel, text), text: "" };
          } else if (text) current.text += `${text}\n`;
          heading = null;
        }
        break;
      case "text:p":
        if (!open || selfClosing) endLine();
        break;
      case "text:tab":
        line += "\t";
        break;
      case "text:s":
        line += " ";
        break;
      case "text:line-break":
        line += " ";
        break;
      case "text:list":
        if (open && !selfClosing) listNumbers.push(0);
        else if (!open) listNumbers.pop();
        break;
      case "text:list-item":
        if (open && listNumbers.length) {
          listNumbers[listNumbers.length - 1]! += 1;
          listItemPrefix = `${"  ".repeat(listNumbers.length - 1)}- `;
        }
        break;
      case "table:table":
        if (open && !selfClosing) {
          endLine();
          if (tableDepth++ === 0) table.rows = [];
        } else if (!open && --tableDepth === 0) {
          current.text += `${rowsWithHeaders(table.rows)}\n`;
        }
        break;
      case "table:table-row":
        if (tableDepth === 1 && open && !selfClosing) table.row = [];
        else if (tableDepth === 1 && !open && table.row) {
          table.rows.push(table.row);
          table.row = null;
        }
        break;
      case "table:table-cell":
        if (tableDepth === 1 && table.row) {
          if (open && !selfClosing) table.cell = "";
          else if (open) table.row.push("");
          else {
            endLine();
            table.row.push(table.cell ?? "");
            table.cell = null;
          }
        }
        break;
    }
  }
  endLine();
  sections.push(current);
  return finish(
    sections.map((s) => ({ ...s, text: tidyWhitespace(s.text) })),
    "This document has no text to index.",
  );
}
