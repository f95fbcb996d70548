/**
 * The INGEST queue message: ids only (queue messages are at most 128 KB, and the consumer must read
 * the current row anyway, because delivery is at least once and the document may have changed or
 * been deleted since the message was sent).
 */
export type IngestMessage = { kind: "ingest"; documentId: string; userId: string };

export function isIngestMessage(body: unknown): body is IngestMessage {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.kind === "ingest" && typeof b.documentId === "string" && b.documentId.length > 0 && typeof b.userId === "string" && b.userId.length > 0;
}
