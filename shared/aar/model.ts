import { z } from "zod";
import { aarContentSchema } from "../db/conduct-shapes";

/** AAR/IP request schemas and limits (issue 15), shared by the API and the browser. */

export const AAR_BODY_LIMIT = 512 * 1024;

export const AAR_MESSAGES = {
  notFound: "No after-action report yet. Generate the draft once the session has ended.",
  notEnded: "End the session before drafting the after-action report.",
  edited: "The report has been edited. Generating again replaces your edits: confirm to go on.",
  final: "This report is final and can no longer be edited.",
} as const;

/** How evidence written in the evaluators' hot wash, after the session ended, is labelled (page and export). */
export const AFTER_PLAY = "after play";

export const saveAarSchema = z.object({ content: aarContentSchema });
export type SaveAarInput = z.infer<typeof saveAarSchema>;

export const generateAarSchema = z.object({ replace: z.boolean().default(false) });

export { CAPABILITY_ELEMENTS, RATING_LABELS, RATINGS } from "../db/conduct-shapes";
