import { z } from "zod";

/**
 * Free-form JSON object columns (metadata, feature flags…). Still validated: a column declared as
 * an object must hold an object, never a string or an array that a caller stringified by mistake.
 */
export const jsonObject = z.record(z.string(), z.unknown());

/** Any JSON value (objects, arrays, scalars) for columns whose shape belongs to a later feature. */
export const jsonValue = z.json();

export const chatRoles = ["assistant", "user", "system"] as const;
/** A chat message as the client shows it (spec §3); extra keys (ids, sources…) are kept. */
const chatMessageSchema = z.looseObject({
  role: z.enum(chatRoles),
  content: z.string(),
});
export const chatMessagesSchema = z.array(chatMessageSchema);
export type ChatMessageShape = z.infer<typeof chatMessageSchema>;
