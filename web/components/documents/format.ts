import { ACCEPT, ACCEPTED_EXTENSIONS_TEXT, detectType, documentType, MAX_UPLOAD_BYTES } from "../../../shared/documents/file-types";

export { ACCEPT, ACCEPTED_EXTENSIONS_TEXT, documentType, MAX_UPLOAD_BYTES };

export function typeLabel(type: string | null): string {
  if (!type) return "File";
  return documentType(type)?.label ?? type.toUpperCase();
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  // One decimal where it tells something (1.5 KB), none where it would not (2 KB, 30 MB, 340 KB).
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "KB"] : [bytes / (1024 * 1024), "MB"];
  const text = value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${text} ${unit}`;
}

/** Why a file cannot be uploaded, checked in the browser before any bytes are sent (the server checks again). */
export function fileProblem(file: File): string | null {
  if (!detectType(file.name, file.type || null)) return `${file.name}: this file type is not accepted. Upload one of: ${ACCEPTED_EXTENSIONS_TEXT}.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is too large: files can be up to ${formatBytes(MAX_UPLOAD_BYTES)}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export type SnippetPart = { text: string; match: boolean };

/** Splits a search snippet whose matches are wrapped in [ and ] (index-store.ts) into marked parts. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const re = /\[([^[\]]*)\]/g;
  let last = 0;
  for (let m = re.exec(snippet); m; m = re.exec(snippet)) {
    if (m.index > last) parts.push({ text: snippet.slice(last, m.index), match: false });
    if (m[1]) parts.push({ text: m[1], match: true });
    last = m.index + m[0].length;
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), match: false });
  return parts;
}
