/**
 * A passage among a document's passages (reading order): where it is and the ones either side, for
 * the document view's "Previous passage" / "Next passage". The API (worker/documents/reader.ts) and
 * the page, which moves between passages without asking the server again, both use this.
 */
export function passageAt<P extends { id: string }>(passages: readonly P[], id: string): { at: number; passage: P; previous: P | null; next: P | null } | null {
  const at = passages.findIndex((p) => p.id === id);
  const passage = passages[at];
  if (!passage) return null;
  return { at, passage, previous: passages[at - 1] ?? null, next: passages[at + 1] ?? null };
}
