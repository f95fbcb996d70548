import { z } from "zod";
import type { ChunkSpan } from "./chunk";
import type { ParsedSection } from "./parse";

/**
 * A document's reading copy: the sections its reader found (heading path, page, text) and where
 * each of its passages (chunks, in position order) lies in them. Written to R2 beside the original
 * when the document is read, so the document view shows the text with its structure and highlights a
 * cited passage without parsing the file again on a page request (a 300-page PDF takes seconds).
 */

export type ReadingSection = { heading: string | null; path: string[]; page: number | null; text: string };
/** `passages[i]`: the chunk of that id and where it lies in `sections`. */
export type ReadingCopy = { version: 1; sections: ReadingSection[]; passages: (ChunkSpan & { id: string })[] };

const position = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
const readingCopySchema = z.object({
  version: z.literal(1),
  sections: z.array(z.object({ heading: z.string().nullable(), path: z.array(z.string()), page: z.number().int().nullable(), text: z.string() })),
  passages: z.array(z.object({ id: z.string(), from: position, to: position })),
});

/**
 * Beside the original (documentKey in ./service.ts): a stored filename never starts with a dot
 * (keySegment strips them), so the two keys cannot meet.
 */
export const readingCopyKey = (ownerId: string, documentId: string) => `documents/${ownerId}/${documentId}/.reading.json`;

/**
 * The copy of what chunkSectionsWithSpans read (texts trimmed as its spans count them), its passages
 * named by the ids their chunks are stored under: a copy matches the stored chunks only if the ids do.
 */
export function readingCopyOf(sections: readonly ParsedSection[], spans: ChunkSpan[], chunkIds: string[]): ReadingCopy {
  return {
    version: 1,
    sections: sections.map((s) => {
      const heading = s.heading?.trim() || null;
      return { heading, path: s.path?.length ? s.path : heading ? [heading] : [], page: s.page ?? null, text: s.text.trim() };
    }),
    passages: spans.map((span, i) => ({ id: chunkIds[i] ?? "", ...span })),
  };
}

export async function storeReadingCopy(bucket: R2Bucket, key: string, copy: ReadingCopy): Promise<void> {
  await bucket.put(key, JSON.stringify(copy), { httpMetadata: { contentType: "application/json" } });
}

/** The stored copy, or null when there is none (read before copies were kept) or it cannot be read. */
export async function loadReadingCopy(bucket: R2Bucket, key: string): Promise<ReadingCopy | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  try {
    const parsed = readingCopySchema.safeParse(await object.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
