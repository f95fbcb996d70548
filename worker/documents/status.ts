import { z } from "zod";
import type { Document } from "../db/schema";

/**
 * Where a document is in ingestion. Stored as Document.structuredContent = { ingest: IngestStatus,
 * outline?: string[] } so no migration alters the Document table (0000 is frozen).
 */
export const ingestStatusSchema = z.object({
  status: z.enum(["queued", "processing", "ready", "failed"]),
  progress: z.number().int().min(0).max(100),
  error: z.string().optional(),
  chunkCount: z.number().int().optional(),
  characters: z.number().int().optional(),
  updatedAt: z.string(),
});
export type IngestStatus = z.infer<typeof ingestStatusSchema>;

function ingestValue(structuredContent: unknown): unknown {
  if (typeof structuredContent !== "object" || structuredContent === null || Array.isArray(structuredContent)) {
    return undefined;
  }
  return (structuredContent as Record<string, unknown>).ingest;
}

/** True when the document has ever been queued by this pipeline (seeded rows have no ingest key). */
export function hasIngestStatus(structuredContent: unknown): boolean {
  return ingestStatusSchema.safeParse(ingestValue(structuredContent)).success;
}

/**
 * The status to show. A row without a (valid) ingest key reads as queued/0 unless it is already
 * processed (a row processed before this pipeline existed counts as ready).
 */
export function readIngestStatus(doc: { processed: boolean; structuredContent: unknown }): IngestStatus {
  const parsed = ingestStatusSchema.safeParse(ingestValue(doc.structuredContent));
  if (parsed.success) return parsed.data;
  return doc.processed
    ? { status: "ready", progress: 100, updatedAt: new Date(0).toISOString() }
    : { status: "queued", progress: 0, updatedAt: new Date(0).toISOString() };
}

/** The object stored in structuredContent with `ingest` replaced and other keys kept. */
export function withIngestStatus(
  structuredContent: unknown,
  ingest: IngestStatus,
  extra: Record<string, unknown> = {},
): NonNullable<Document["structuredContent"]> {
  const base =
    typeof structuredContent === "object" && structuredContent !== null && !Array.isArray(structuredContent)
      ? (structuredContent as Record<string, unknown>)
      : {};
  // Values come from parsed JSON or from IngestStatus, both JSON; the column's zod schema re-checks on write.
  return { ...base, ...extra, ingest } as NonNullable<Document["structuredContent"]>;
}

export const SUPPORTED_TYPES: { extension: string; mime: string; label: string }[] = [
  { extension: "pdf", mime: "application/pdf", label: "PDF" },
  {
    extension: "docx",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "Word (.docx)",
  },
  { extension: "txt", mime: "text/plain", label: "Text" },
  { extension: "md", mime: "text/markdown", label: "Markdown" },
  { extension: "csv", mime: "text/csv", label: "CSV" },
  { extension: "html", mime: "text/html", label: "HTML" },
];

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** File extensions that mean the same canonical type. */
const EXTENSION_ALIASES: Record<string, string> = {
  pdf: "pdf",
  docx: "docx",
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
  csv: "csv",
  html: "html",
  htm: "html",
};

const MIME_ALIASES: Record<string, string> = {
  ...Object.fromEntries(SUPPORTED_TYPES.map((t) => [t.mime, t.extension])),
  "text/x-markdown": "md",
  "application/csv": "csv",
  "application/xhtml+xml": "html",
};

/**
 * The canonical extension ("pdf", "docx", "md", "txt", "csv", "html") or null when unsupported.
 * The filename's extension wins (browsers send generic or empty MIME types for .md and .csv);
 * the MIME type decides only when the name has no known extension. Also accepts a stored type
 * that is already canonical or a MIME (older rows) as `mime`.
 */
export function detectType(filename: string, mime: string | null): string | null {
  const match = /\.([a-z0-9]+)$/i.exec(filename.trim());
  const fromName = match ? EXTENSION_ALIASES[match[1]!.toLowerCase()] : undefined;
  if (fromName) return fromName;
  if (!mime) return null;
  const m = (mime.split(";")[0] ?? "").trim().toLowerCase();
  return MIME_ALIASES[m] ?? EXTENSION_ALIASES[m] ?? null;
}
