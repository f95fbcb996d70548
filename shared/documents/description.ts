import { z } from "zod";

/**
 * The planner's own words about a document, kept in Document.structuredContent.description and
 * indexed as the document's first passage. It is how an image with no readable text (no OCR engine,
 * a photo of a whiteboard, a map) still answers questions, and how any file gains context its text
 * lacks ("the 2019 draft, superseded by…").
 */
export const DESCRIPTION_MAX = 4000;

/** Heading of the passage the description becomes (what a citation shows). */
const DESCRIPTION_HEADING = "Description";

export const descriptionSchema = z
  .string({ error: "Description must be text." })
  .trim()
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters.`);

/** Said on a document whose file yielded no text, so its only passage is the description. */
export const DESCRIPTION_ONLY_NOTE = "Indexed from your description: no text could be read from the file itself.";

export function readDescription(structuredContent: unknown): string | null {
  if (typeof structuredContent !== "object" || structuredContent === null || Array.isArray(structuredContent)) return null;
  const value = (structuredContent as Record<string, unknown>).description;
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** structuredContent with the description set (an empty one removes it), other keys kept. */
export function withDescription(structuredContent: unknown, description: string): Record<string, unknown> {
  const base =
    typeof structuredContent === "object" && structuredContent !== null && !Array.isArray(structuredContent)
      ? { ...(structuredContent as Record<string, unknown>) }
      : {};
  delete base.description;
  return description ? { ...base, description } : base;
}

/** The description as a parsed section (worker/documents/parse/types.ts ParsedSection), indexed first. */
export function descriptionSection(description: string): { heading: string; text: string } {
  return { heading: DESCRIPTION_HEADING, text: description };
}
