import { detectType, MAX_UPLOAD_BYTES, SUPPORTED_TYPES } from "../../../worker/documents/status";

export { detectType, MAX_UPLOAD_BYTES };

/** The file input's accept list: every extension and MIME type the server takes. */
export const ACCEPT = [...new Set([...SUPPORTED_TYPES.flatMap((t) => [`.${t.extension}`, t.mime]), ".htm", ".markdown"])].join(",");

/** "PDF, Word (.docx), Text, Markdown, CSV or HTML" for hints and errors. */
export const SUPPORTED_LABELS = (() => {
  const labels = SUPPORTED_TYPES.map((t) => t.label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels[labels.length - 1]}` : labels.join("");
})();

export function typeLabel(type: string | null): string {
  if (!type) return "File";
  return SUPPORTED_TYPES.find((t) => t.extension === type)?.label ?? type.toUpperCase();
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  // One decimal where it tells something (1.5 KB), none where it would not (2 KB, 25 MB, 340 KB).
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "KB"] : [bytes / (1024 * 1024), "MB"];
  const text = value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${text} ${unit}`;
}

// Fixed locale and zone so the server and the browser print the same date (no hydration mismatch).
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** Why a file cannot be uploaded, checked in the browser before any bytes are sent (the server checks again). */
export function fileProblem(file: File): string | null {
  if (!detectType(file.name, file.type || null)) return `${file.name}: unsupported file type. Upload ${SUPPORTED_LABELS}.`;
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
