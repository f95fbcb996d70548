import { z } from "zod";
import type { UserContext } from "../context";
import { HttpError } from "../lib/errors";
import { contextLine, PATH_SEPARATOR, type ChunkSpan } from "./chunk";
import { passagesOf, type StoredPassage } from "./index-store";
import { loadReadingCopy, readingCopyKey, type ReadingCopy, type ReadingSection } from "./reading-copy";
import { openDocument, type DocumentView } from "./service";
import { passageAt } from "../../shared/documents/passages";

/**
 * The document view (/documents/{id}?passage={chunk}): the text of a document the caller may read,
 * with its structure, its passages (the chunks citations name) and where each lies in the text, and
 * the cited one with its neighbours. GET /api/documents/:id/text and the page's loader both call
 * readDocumentText. A document someone else may not read is 404, as everywhere (./service.ts).
 */

/** The code of that 404, which the page tells from the document's own (it then opens the document at its start). */
const PASSAGE_NOT_FOUND_CODE = "passage_not_found";
const PASSAGE_NOT_FOUND = "This passage is not in the document any more: it was read again since it was cited. Open the document, or ask again.";

export const textQuerySchema = z.object({
  passage: z.string().trim().min(1, "Name a passage, or leave passage out.").max(100, "A passage id is at most 100 characters.").optional(),
});

/** A passage: its chunk id, number (0-based, reading order), page, heading path and place in the sections. */
export type PassageView = { id: string; position: number; page: number | null; heading: string | null } & ChunkSpan;

export type DocumentText = {
  document: DocumentView;
  /**
   * The text as its reader found it (headings with their path, page, text). "chunks" for a document
   * read before copies were kept: each passage is then a section of its own, shown as stored.
   */
  source: "copy" | "chunks";
  sections: ReadingSection[];
  passages: PassageView[];
  /** The cited passage with the ids of the ones before and after it; null when none was asked for. */
  passage: { id: string; position: number; page: number | null; previousId: string | null; nextId: string | null } | null;
};

/** The copy, when it describes exactly the stored passages (same ids, same order); else null. */
function matchingCopy(copy: ReadingCopy | null, stored: StoredPassage[]): ReadingCopy | null {
  if (!copy || copy.passages.length !== stored.length) return null;
  const fits = copy.passages.every((p, i) => {
    const [from, to] = [copy.sections[p.from[0]], copy.sections[p.to[0]]];
    return p.id === stored[i]?.id && from !== undefined && to !== undefined && p.from[1] <= from.text.length && p.to[1] <= to.text.length;
  });
  return fits ? copy : null;
}

/** Sections made of the passages themselves (their text without the context line it starts with). */
function sectionsFromPassages(stored: StoredPassage[]): ReadingSection[] {
  return stored.map((p) => {
    const line = contextLine(p.heading, p.page ?? undefined);
    const text = line && p.content.startsWith(`${line}\n`) ? p.content.slice(line.length + 1) : p.content;
    return { heading: p.heading, path: p.heading ? p.heading.split(PATH_SEPARATOR) : [], page: p.page, text };
  });
}

export async function readDocumentText(ctx: UserContext, id: string, passageId?: string): Promise<DocumentText> {
  const { row, view } = await openDocument(ctx, id);
  const [stored, copy] = await Promise.all([passagesOf(ctx.db, row.id), loadReadingCopy(ctx.env.UPLOADS, readingCopyKey(row.userId, row.id))]);
  const matched = matchingCopy(copy, stored);
  const sections = matched ? matched.sections : sectionsFromPassages(stored);
  const passages: PassageView[] = stored.map((p, i) => {
    const span = matched?.passages[i] ?? { from: [i, 0] as [number, number], to: [i, sections[i]?.text.length ?? 0] as [number, number] };
    return { id: p.id, position: p.position, page: p.page, heading: p.heading, from: span.from, to: span.to };
  });
  let passage: DocumentText["passage"] = null;
  if (passageId !== undefined) {
    const found = passageAt(passages, passageId);
    if (!found) throw new HttpError(404, PASSAGE_NOT_FOUND_CODE, PASSAGE_NOT_FOUND);
    const { id, position, page } = found.passage;
    passage = { id, position, page, previousId: found.previous?.id ?? null, nextId: found.next?.id ?? null };
  }
  return { document: view, source: matched ? "copy" : "chunks", sections, passages, passage };
}
