import { htmlSections } from "./html";
import { rowsWithHeaders } from "./table";
import { parseCsvRows, tsvRows } from "./text";
import { finish, type ParsedDocument, type ParsedSection } from "./types";
import { tidyWhitespace } from "./whitespace";

/** How deep multiparts may nest and how many parts a message may have: real mail stays far below. */
export const MAX_DEPTH = 8;
export const MAX_PARTS = 500;
/** Header fields worth indexing: who, when, what. */
const SHOWN_HEADERS = ["from", "to", "cc", "date", "subject"];
/** Attachments read as text: their MIME type or, when that is generic, their extension. */
const TEXT_ATTACHMENT = /^text\/(plain|csv|markdown|x-markdown|tab-separated-values|html)$/;
const TEXT_EXTENSION = /\.(txt|csv|md|markdown|tsv|html?)$/i;

type Headers = Map<string, string>;
type Part = { headers: Headers; body: string };

/** Bytes as the "binary string" MIME works in (one char per byte); decoded to text per part. */
const binary = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

function splitHeaders(raw: string): Part {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : "";
  const headers: Headers = new Map();
  // Unfold continuation lines, then "Name: value" (the first occurrence of a name wins).
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header value's main token and its parameters: `text/plain; charset="utf-8"`. */
function parseParams(value: string): { value: string; params: Map<string, string> } {
  const [main = "", ...rest] = value.split(";");
  const params = new Map<string, string>();
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq > 0)
      params.set(
        p.slice(0, eq).trim().toLowerCase().replace(/\*$/, ""),
        p
          .slice(eq + 1)
          .trim()
          .replace(/^"|"$/g, ""),
      );
  }
  return { value: main.trim().toLowerCase(), params };
}

function decodeCharset(data: string, charset: string | undefined): string {
  const bytes = Uint8Array.from(data, (c) => c.charCodeAt(0) & 0xff);
  try {
    return new TextDecoder(charset?.toLowerCase() || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function decodeBase64(data: string): string {
  const clean = data.replace(/[^A-Za-z0-9+/]/g, "");
  try {
    return atob(clean.slice(0, clean.length - (clean.length % 4)));
  } catch {
    return "";
  }
}

function decodeQuotedPrintable(data: string, inHeader = false): string {
  const text = inHeader ? data.replace(/_/g, " ") : data.replace(/=\r?\n/g, "");
  return text.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 2047 encoded words in a header: =?utf-8?B?…?= and =?iso-8859-1?Q?…?=. */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) =>
      decodeCharset(encoding.toUpperCase() === "B" ? decodeBase64(text) : decodeQuotedPrintable(text, true), charset),
    );
}

/** A leaf part's content as text, per its transfer encoding and charset. */
function partText(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "").trim().toLowerCase();
  const data = encoding === "base64" ? decodeBase64(part.body) : encoding === "quoted-printable" ? decodeQuotedPrintable(part.body) : part.body;
  return decodeCharset(data, parseParams(part.headers.get("content-type") ?? "").params.get("charset"));
}

function attachmentName(part: Part): string | null {
  const disposition = parseParams(part.headers.get("content-disposition") ?? "");
  const name = disposition.params.get("filename") ?? parseParams(part.headers.get("content-type") ?? "").params.get("name");
  if (name) return decodeHeader(name);
  return disposition.value === "attachment" ? "attachment" : null;
}

function multipartChildren(part: Part, boundary: string): Part[] {
  const children: Part[] = [];
  const delimiter = `--${boundary}`;
  const pieces = part.body.split(delimiter);
  // pieces[0] is the preamble; a piece starting with "--" is the epilogue after the close delimiter.
  for (const piece of pieces.slice(1)) {
    if (piece.startsWith("--")) break;
    children.push(splitHeaders(piece.replace(/^[ \t]*\r?\n/, "")));
    if (children.length >= MAX_PARTS) break;
  }
  return children;
}

/** What a message yields: its body text and its attachments, each becoming a section. */
type Reading = { body: string[]; attachments: ParsedSection[]; parts: number };

function readPart(part: Part, depth: number, reading: Reading): void {
  if (depth > MAX_DEPTH || ++reading.parts > MAX_PARTS) return;
  const type = parseParams(part.headers.get("content-type") ?? "text/plain");
  const name = attachmentName(part);
  if (type.value.startsWith("multipart/")) {
    const boundary = type.params.get("boundary");
    if (!boundary) return;
    const children = multipartChildren(part, boundary);
    if (type.value === "multipart/alternative") {
      // The same content twice: plain text when there is one, else the richest.
      const chosen = children.find((c) => parseParams(c.headers.get("content-type") ?? "text/plain").value === "text/plain") ?? children[children.length - 1];
      if (chosen) readPart(chosen, depth + 1, reading);
      return;
    }
    for (const child of children) readPart(child, depth + 1, reading);
    return;
  }
  if (type.value === "message/rfc822") {
    const inner = splitHeaders(partText(part));
    reading.attachments.push({ heading: `Forwarded message: ${decodeHeader(inner.headers.get("subject") ?? "")}`.trim(), text: headerLines(inner.headers) });
    readPart(inner, depth + 1, reading);
    return;
  }
  if (name !== null) {
    reading.attachments.push(attachmentSection(name, type.value, () => partText(part)));
    return;
  }
  if (type.value === "text/plain" || type.value === "text/html" || type.value === "") reading.body.push(bodyText(partText(part), type.value, null));
}

/**
 * An attachment as a section headed by its name: read when it is text (by its MIME type, or by its
 * extension when the type is generic), else only named. Shared with the Outlook reader (msg.ts).
 */
export function attachmentSection(name: string, type: string, content: () => string): ParsedSection {
  const isText = TEXT_ATTACHMENT.test(type) || (TEXT_EXTENSION.test(name) && /^(application\/octet-stream|text\/)/.test(type));
  const text = isText ? bodyText(content(), type, name) : "";
  return { heading: `Attachment: ${name}`, text: text || `(${type || "file"}, not read)` };
}

/** A body or attachment's text: CSV and TSV as rows with their headers, HTML as its text, plain text tidied. */
export function bodyText(text: string, type: string, name: string | null): string {
  if (type === "text/csv" || (name !== null && /\.csv$/i.test(name))) return rowsWithHeaders(parseCsvRows(text));
  if (type === "text/tab-separated-values" || (name !== null && /\.tsv$/i.test(name))) return rowsWithHeaders(tsvRows(text));
  const html = type === "text/html" || (name !== null && /\.html?$/i.test(name));
  if (!html) return tidyWhitespace(text.replace(/\r\n?/g, "\n"));
  return htmlSections(text)
    .map((s) => (s.heading ? `${s.heading}\n${s.text}` : s.text))
    .join("\n\n");
}

function headerLines(headers: ReadonlyMap<string, string>): string {
  return SHOWN_HEADERS.flatMap((h) => {
    const value = headers.get(h);
    return value ? [`${h[0]!.toUpperCase()}${h.slice(1)}: ${decodeHeader(value).replace(/\s+/g, " ")}`] : [];
  }).join("\n");
}

/** An RFC 822 message (already as one char per byte) to sections: headers and body, then attachments. */
export function mailSections(raw: string): ParsedSection[] {
  const message = splitHeaders(raw.replace(/^From [^\n]*\n/, ""));
  const reading: Reading = { body: [], attachments: [], parts: 0 };
  readPart(message, 0, reading);
  return messageSections(message.headers, reading.body, reading.attachments);
}

/**
 * A message's sections: the subject as heading over the From, To, Cc, Date and Subject lines and
 * the body, then one per attachment. `headers` is keyed by lower-case field name.
 */
export function messageSections(headers: ReadonlyMap<string, string>, body: string[], attachments: ParsedSection[]): ParsedSection[] {
  const subject = decodeHeader(headers.get("subject") ?? "").trim();
  return [{ heading: subject || null, text: [headerLines(headers), ...body].filter(Boolean).join("\n\n") }, ...attachments];
}

/**
 * E-mail (.eml): the From, To, Cc, Date and Subject, the body (plain text preferred over its HTML
 * alternative), then each attachment as its own section — text attachments read, others named.
 * Bounded: at most MAX_PARTS parts, MAX_DEPTH levels of nesting.
 */
export function parseEml(bytes: ArrayBuffer): ParsedDocument {
  return finish(mailSections(binary(new Uint8Array(bytes))), "This e-mail has no text to index.");
}
