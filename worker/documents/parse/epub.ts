import { htmlSections } from "./html";
import { entryText, withZip, type ZipFormat } from "./office-zip";
import { finish, type ParsedDocument, type ParsedSection } from "./types";
import { attribute, xmlTokens } from "./xml-tokens";
import type { ZipArchive } from "./zip";

const EPUB: ZipFormat = { noun: "EPUB file", kind: "EPUB e-book", app: "your e-book editor", extension: ".epub", saveAs: ".epub" };

/** A path inside the archive relative to the file that names it ("OEBPS/content.opf" + "../x.xhtml"). */
function resolve(base: string, href: string): string {
  const parts = base.split("/").slice(0, -1);
  for (const part of decodeURIComponent(href.split("#")[0] ?? "").split("/")) {
    if (part === "..") parts.pop();
    else if (part && part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/** The reading order: META-INF/container.xml → the package document → its spine. */
function spineParts(zip: ZipArchive): string[] {
  let opfPath: string | undefined;
  for (const token of xmlTokens(entryText(zip, "META-INF/container.xml") ?? "")) {
    if (token.kind === "open" && /(^|:)rootfile$/.test(token.name)) {
      opfPath = attribute(token.attributes, "full-path");
      if (opfPath) break;
    }
  }
  if (!opfPath) return [];
  const manifest = new Map<string, string>();
  const spine: string[] = [];
  for (const token of xmlTokens(entryText(zip, opfPath) ?? "")) {
    if (token.kind !== "open") continue;
    if (/(^|:)item$/.test(token.name)) {
      const id = attribute(token.attributes, "id");
      const href = attribute(token.attributes, "href");
      if (id && href) manifest.set(id, resolve(opfPath, href));
    } else if (/(^|:)itemref$/.test(token.name)) {
      const ref = attribute(token.attributes, "idref");
      const part = ref ? manifest.get(ref) : undefined;
      if (part && !spine.includes(part)) spine.push(part);
    }
  }
  return spine;
}

/** EPUB: the chapters in reading order, each read as HTML (headings start sections). */
export function parseEpub(bytes: ArrayBuffer): ParsedDocument {
  const sections = withZip(bytes, EPUB, (zip) => {
    const out: ParsedSection[] = [];
    for (const part of spineParts(zip)) {
      const html = entryText(zip, part);
      if (html) out.push(...htmlSections(html));
    }
    return out;
  });
  return finish(sections, "This e-book has no text to index.");
}
