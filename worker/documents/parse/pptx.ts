import { entryText, withZip, type ZipFormat } from "./office-zip";
import { finish, type ParsedDocument, type ParsedSection } from "./types";
import { tidyWhitespace } from "./whitespace";
import { attribute, xmlTokens } from "./xml-tokens";

const POWERPOINT: ZipFormat = {
  noun: "PowerPoint file",
  kind: "PowerPoint presentation",
  app: "PowerPoint",
  extension: ".pptx",
  saveAs: ".pptx (PowerPoint 2007 or later)",
};

/** A slide as a section: "Slide n: title" is its heading and its one-level path (pptx and ppt). */
export function slideSection(index: number, title: string, body: string): ParsedSection {
  const heading = `Slide ${index + 1}${title ? `: ${title}` : ""}`;
  return { heading, path: [heading], text: body || title };
}

/** One slide's title (its title placeholder's text) and the rest of its text, paragraph per line. */
function slideText(xml: string): { title: string; body: string } {
  let title = "";
  let body = "";
  let shapeIsTitle = false;
  let paragraph = "";
  let inText = false;
  const endParagraph = () => {
    const line = paragraph.replace(/\s+/g, " ").trim();
    if (line) {
      if (shapeIsTitle) title += (title ? " " : "") + line;
      else body += `${line}\n`;
    }
    paragraph = "";
  };
  for (const token of xmlTokens(xml)) {
    if (token.kind === "open") {
      if (token.name === "p:sp") shapeIsTitle = false;
      else if (token.name === "p:ph") shapeIsTitle = /^(title|ctrTitle)$/.test(attribute(token.attributes, "type") ?? "");
      else if (token.name === "a:t") inText = !token.selfClosing;
      else if (token.name === "a:br") paragraph += " ";
    } else if (token.kind === "close") {
      if (token.name === "a:t") inText = false;
      else if (token.name === "a:p") endParagraph();
    } else if (inText) paragraph += token.text;
  }
  endParagraph();
  return { title, body: tidyWhitespace(body) };
}

/** PowerPoint .pptx: one section per slide, in slide order, headed "Slide 3: Evacuation routes". */
export function parsePptx(bytes: ArrayBuffer): ParsedDocument {
  const sections = withZip(bytes, POWERPOINT, (zip) => {
    const slides = [...zip.entries.keys()]
      .map((name) => ({ name, n: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] ?? Number.NaN) }))
      .filter((s) => Number.isInteger(s.n))
      .sort((a, b) => a.n - b.n);
    const out: ParsedSection[] = [];
    slides.forEach((slide, i) => {
      const { title, body } = slideText(entryText(zip, slide.name) ?? "");
      out.push(slideSection(i, title, body));
    });
    return out;
  });
  return finish(sections, "This presentation has no text on its slides to index.");
}
