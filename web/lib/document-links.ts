/**
 * Where a citation opens: the document view at the cited passage (web/routes/documents_.$id.tsx).
 * Every citation — Ask Readyroom's sources, the design assistant's, plan references of drafted
 * elements and EEG tasks — links here, so a passage is read in its document.
 */
export function documentPassageHref(documentId: string, chunkId?: string | null): string {
  const base = `/documents/${encodeURIComponent(documentId)}`;
  return chunkId ? `${base}?passage=${encodeURIComponent(chunkId)}` : base;
}
