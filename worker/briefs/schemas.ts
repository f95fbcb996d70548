import { z } from "zod";
import { BRIEF_CONTENT_MAX, BRIEF_MESSAGES, BRIEF_TITLE_MAX } from "../../shared/briefs/limits";

/** The briefs API's request shapes (bodies and the list query), with the limits' own messages. */

export const LIST_DEFAULT = 20;
const LIST_MAX = 50;

const titleSchema = z
  .string({ error: BRIEF_MESSAGES.titleRequired })
  .trim()
  .min(1, BRIEF_MESSAGES.titleRequired)
  .max(BRIEF_TITLE_MAX, BRIEF_MESSAGES.titleTooLong);

const contentSchema = z
  .string({ error: BRIEF_MESSAGES.contentRequired })
  .trim()
  .min(1, BRIEF_MESSAGES.contentRequired)
  .max(BRIEF_CONTENT_MAX, BRIEF_MESSAGES.contentTooLong);

export const createBriefSchema = z
  .object({
    title: titleSchema,
    // Saved from a chat answer, the server composes the content from the stored message (shared/briefs/compose.ts).
    content: contentSchema.optional(),
    chatId: z.string({ error: "chatId must be a string." }).trim().min(1, "chatId must not be empty.").max(64, "chatId is too long.").optional(),
    messageIndex: z
      .number({ error: "messageIndex must be a whole number." })
      .int("messageIndex must be a whole number.")
      .min(0, "messageIndex must be 0 or more.")
      .max(100_000, "messageIndex is too large.")
      .optional(),
  })
  // A brief points at one message of one chat, or at nothing: half a pointer is a mistake.
  .refine((b) => (b.chatId === undefined) === (b.messageIndex === undefined), {
    message: "Give chatId and messageIndex together, or neither.",
    path: ["messageIndex"],
  })
  .refine((b) => b.content !== undefined || b.chatId !== undefined, { message: BRIEF_MESSAGES.contentRequired, path: ["content"] });
export type CreateBriefInput = z.infer<typeof createBriefSchema>;

export const updateBriefSchema = z
  .object({ title: titleSchema.optional(), content: contentSchema.optional() })
  .refine((b) => b.title !== undefined || b.content !== undefined, { message: "Give a new title or content.", path: ["_"] });
export type UpdateBriefInput = z.infer<typeof updateBriefSchema>;

/** A page's position: the last brief seen, as "<createdAt ms>.<id>" (newest-first order is by both). */
const cursorSchema = z
  .string()
  .regex(/^\d{1,16}\.[A-Za-z0-9-]{1,64}$/, "cursor is not one this list gave out.")
  .transform((s) => {
    const dot = s.indexOf(".");
    return { createdAt: new Date(Number(s.slice(0, dot))), id: s.slice(dot + 1) };
  });

export const listQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(LIST_MAX, `limit must be at most ${LIST_MAX}.`)
    .default(LIST_DEFAULT),
  cursor: cursorSchema.optional(),
});
export type BriefListQuery = z.output<typeof listQuerySchema>;

/** POST /:id/share: a brief quoting the planner's own documents is shared only once confirmed. */
export const shareBriefSchema = z.object({
  confirmInternal: z.boolean({ error: "confirmInternal must be true or false." }).optional(),
});
export type ShareBriefInput = z.infer<typeof shareBriefSchema>;
