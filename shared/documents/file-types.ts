/**
 * The file types a planner may upload (spec §5: exactly these 26 extensions, up to 31457280
 * bytes). One table for the file picker, the drop zone, the server's checks, the parser choice and
 * the README, so they cannot disagree. Shared with the browser: pure data and functions only.
 */

/** How a type is read: the parser family (parse/index.ts) and the content check (sniff.ts). */
type TypeFamily =
  | "text" // plain text in any common encoding
  | "pdf"
  | "ooxml" // Office Open XML zip: docx, xlsx, pptx
  | "opendocument" // OpenDocument / EPUB zip
  | "ole" // Compound File Binary: old Office (doc, xls, ppt) and Outlook (msg)
  | "rtf"
  | "mail" // RFC 822 e-mail
  | "signed" // PKCS #7 / CMS signed data (p7s)
  | "image";

export type DocumentType = {
  extension: string;
  label: string;
  /** The MIME type stored with the file (served on download) and accepted by the picker. */
  mime: string;
  family: TypeFamily;
  /** Other extensions and MIME types that mean this type. */
  aliases?: string[];
};

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  { extension: "pdf", label: "PDF", mime: "application/pdf", family: "pdf" },
  { extension: "docx", label: "Word (.docx)", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", family: "ooxml" },
  { extension: "doc", label: "Word 97–2003 (.doc)", mime: "application/msword", family: "ole" },
  { extension: "odt", label: "OpenDocument text (.odt)", mime: "application/vnd.oasis.opendocument.text", family: "opendocument" },
  { extension: "rtf", label: "Rich Text (.rtf)", mime: "application/rtf", family: "rtf", aliases: ["text/rtf"] },
  { extension: "txt", label: "Text", mime: "text/plain", family: "text", aliases: ["text"] },
  { extension: "md", label: "Markdown", mime: "text/markdown", family: "text", aliases: ["markdown", "text/x-markdown"] },
  { extension: "rst", label: "reStructuredText (.rst)", mime: "text/x-rst", family: "text", aliases: ["text/prs.fallenstein.rst"] },
  { extension: "org", label: "Org (.org)", mime: "text/org", family: "text", aliases: ["text/x-org"] },
  { extension: "html", label: "HTML", mime: "text/html", family: "text", aliases: ["htm", "application/xhtml+xml"] },
  { extension: "xml", label: "XML", mime: "application/xml", family: "text", aliases: ["text/xml"] },
  { extension: "epub", label: "EPUB", mime: "application/epub+zip", family: "opendocument" },
  { extension: "xlsx", label: "Excel (.xlsx)", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", family: "ooxml" },
  { extension: "xls", label: "Excel 97–2003 (.xls)", mime: "application/vnd.ms-excel", family: "ole" },
  { extension: "csv", label: "CSV", mime: "text/csv", family: "text", aliases: ["application/csv"] },
  { extension: "tsv", label: "TSV", mime: "text/tab-separated-values", family: "text" },
  { extension: "pptx", label: "PowerPoint (.pptx)", mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", family: "ooxml" },
  { extension: "ppt", label: "PowerPoint 97–2003 (.ppt)", mime: "application/vnd.ms-powerpoint", family: "ole" },
  { extension: "eml", label: "E-mail (.eml)", mime: "message/rfc822", family: "mail" },
  { extension: "msg", label: "Outlook message (.msg)", mime: "application/vnd.ms-outlook", family: "ole" },
  { extension: "p7s", label: "Signed message (.p7s)", mime: "application/pkcs7-signature", family: "signed", aliases: ["application/x-pkcs7-signature"] },
  { extension: "jpeg", label: "JPEG image", mime: "image/jpeg", family: "image", aliases: ["jpg", "jpe"] },
  { extension: "png", label: "PNG image", mime: "image/png", family: "image" },
  { extension: "tiff", label: "TIFF image", mime: "image/tiff", family: "image", aliases: ["tif"] },
  { extension: "bmp", label: "BMP image", mime: "image/bmp", family: "image", aliases: ["image/x-ms-bmp"] },
  { extension: "heic", label: "HEIC image", mime: "image/heic", family: "image", aliases: ["heif", "image/heif"] },
];

/** Spec §5: 31457280 bytes (30 MB). */
export const MAX_UPLOAD_BYTES = 31_457_280;

const byExtension = new Map(DOCUMENT_TYPES.map((t) => [t.extension, t]));
const aliasToExtension = new Map<string, string>(
  DOCUMENT_TYPES.flatMap((t) => [
    [t.extension, t.extension] as const,
    [t.mime, t.extension] as const,
    ...(t.aliases ?? []).map((a) => [a, t.extension] as const),
  ]),
);

export function documentType(extension: string | null): DocumentType | undefined {
  return extension ? byExtension.get(extension) : undefined;
}

/**
 * The canonical extension, or null when the type is not accepted. The filename's extension wins
 * (browsers send generic or empty MIME types for .md, .csv, .rst, .msg…); the MIME type decides
 * only when the name has no known extension. Also reads a stored type that is already canonical,
 * or a MIME type (older rows), passed as `mime`.
 */
export function detectType(filename: string, mime: string | null): string | null {
  const match = /\.([a-z0-9]+)$/i.exec(filename.trim());
  const fromName = match ? aliasToExtension.get(match[1]!.toLowerCase()) : undefined;
  if (fromName) return fromName;
  if (!mime) return null;
  return aliasToExtension.get((mime.split(";")[0] ?? "").trim().toLowerCase()) ?? null;
}

/** The picker's accept list: every extension (with its aliases) and MIME type the server takes. */
export const ACCEPT = [
  ...new Set(DOCUMENT_TYPES.flatMap((t) => [`.${t.extension}`, ...(t.aliases ?? []).map((a) => (a.includes("/") ? a : `.${a}`)), t.mime])),
].join(",");

/** "bmp, csv, doc, … or xml": what the hints and refusals name. Extensions, as planners see them. */
export const ACCEPTED_EXTENSIONS_TEXT = (() => {
  const names = DOCUMENT_TYPES.map((t) => `.${t.extension}`).sort();
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
})();

export const UNSUPPORTED_TYPE_MESSAGE = `This file type is not accepted. Upload one of: ${ACCEPTED_EXTENSIONS_TEXT}.`;
