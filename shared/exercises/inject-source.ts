import { z } from "zod";
import { EXERCISE_NAME_MAX, EXERCISE_NAME_REQUIRED } from "./exercise-name";

/**
 * "Use as inject" (issue 32 item 11), shared with the browser: what an inject can be made from and
 * the request bodies. The server reads the source itself (the caller's own chat answer, news alert
 * summary, or a hazard alert one of their answers cites), so a body names the source and never
 * carries its text.
 */

const id = z.string("Give the source's id.").trim().min(1, "Give the source's id.").max(200, "That id is too long.");
const index = (what: string) =>
  z.number(`${what} must be a whole number.`).int(`${what} must be a whole number.`).min(0, `${what} must be 0 or more.`).max(100_000, `${what} is too large.`);

const injectSourceSchema = z.discriminatedUnion(
  "kind",
  [
    /** An intelligence chat answer: chatId + messageIndex as a brief points at it. */
    z.object({ kind: z.literal("intel-answer"), chatId: id, messageIndex: index("messageIndex") }),
    /** The official hazard alert numbered `n` among that answer's sources (an NWS CAP alert). */
    z.object({ kind: z.literal("hazard-alert"), chatId: id, messageIndex: index("messageIndex"), n: index("n").min(1, "n must be 1 or more.") }),
    /** One summary of one of the caller's news alerts. */
    z.object({ kind: z.literal("alert-summary"), alertId: id, summaryId: id }),
  ],
  { error: "Say what the inject comes from: kind intel-answer, hazard-alert or alert-summary." },
);
export type InjectSource = z.infer<typeof injectSourceSchema>;

/** POST /api/exercises/{id}/msel/inject */
export const injectBodySchema = z.object({ source: injectSourceSchema });

/** POST /api/exercises/from-source: a new exercise, named first, holding the inject. */
export const injectNewBodySchema = z.object({
  source: injectSourceSchema,
  name: z.string(EXERCISE_NAME_REQUIRED).trim().min(1, EXERCISE_NAME_REQUIRED).max(EXERCISE_NAME_MAX, `Keep the name under ${EXERCISE_NAME_MAX} characters.`),
  clientId: z.string().trim().max(200).nullish(),
});
