import { z } from "zod";

/**
 * Where a document is in ingestion. Stored as Document.structuredContent = { ingest: IngestStatus,
 * outline?: string[] } so no migration alters the Document table (0000 is frozen).
 */
const ingestStatusSchema = z.object({
  status: z.enum(["queued", "processing", "ready", "failed"]),
  progress: z.number().int().min(0).max(100),
  error: z.string().optional(),
  chunkCount: z.number().int().optional(),
  characters: z.number().int().optional(),
  /** Something the planner should know about a ready document (e.g. only its description is indexed). */
  note: z.string().optional(),
  updatedAt: z.string(),
});
export type IngestStatus = z.infer<typeof ingestStatusSchema>;

/** What Document.structuredContent holds when set: the column is `json(…, z.json())` (worker/db/shapes.ts). */
type StructuredContent = NonNullable<z.infer<ReturnType<typeof z.json>>>;

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
export function withIngestStatus(structuredContent: unknown, ingest: IngestStatus, extra: Record<string, unknown> = {}): StructuredContent {
  const base =
    typeof structuredContent === "object" && structuredContent !== null && !Array.isArray(structuredContent)
      ? (structuredContent as Record<string, unknown>)
      : {};
  // Values come from parsed JSON or from IngestStatus, both JSON; the column's zod schema re-checks on write.
  return { ...base, ...extra, ingest } as StructuredContent;
}
