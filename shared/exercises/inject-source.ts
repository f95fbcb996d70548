import { z } from "zod";

/**
 * "Use as inject" (issue 32 item 11), shared with the browser: what an inject can be made from and
 * the request bodies. The server reads the source itself (the caller's own chat answer, news alert
 * summary, or a hazard alert one of their answers cites), so a body names the source and never
 * carries its text.
 */

const id = z.string("Give the source's id.").trim().min(1, "Give the source's id.").max(200, "That id is too long.");
const index = (what: string) =>
  z
    .number(`${what} must be a whole number.`)
    .int(`${what} must be a whole number.`)
    .min(0, `${what} must be 0 or more.`)
    .max(100_000, `${what} is too large.`);

export const injectSourceSchema = z.discriminatedUnion(
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

export const EXERCISE_NAME_MAX = 500;
export const EXERCISE_NAME_REQUIRED = "Give the exercise a name. You can change it later.";

/** The New exercise dialog's rule (and the API's): a name, at most EXERCISE_NAME_MAX characters. */
export function exerciseNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return EXERCISE_NAME_REQUIRED;
  if (trimmed.length > EXERCISE_NAME_MAX) return `Keep the name under ${EXERCISE_NAME_MAX} characters.`;
  return null;
}

/** POST /api/exercises/{id}/msel/inject */
export const injectBodySchema = z.object({ source: injectSourceSchema });

/** POST /api/exercises/from-source: a new exercise, named first, holding the inject. */
export const injectNewBodySchema = z.object({
  source: injectSourceSchema,
  name: z
    .string(EXERCISE_NAME_REQUIRED)
    .trim()
    .min(1, EXERCISE_NAME_REQUIRED)
    .max(EXERCISE_NAME_MAX, `Keep the name under ${EXERCISE_NAME_MAX} characters.`),
  clientId: z.string().trim().max(200).nullish(),
});

/** Most rows an MSEL may hold after an append (an MSEL import's own limit). */
export const MSEL_MAX_ROWS = 5_000;

/**
 * What an append answers: the rows added, 0-based in the MSEL (the editor highlights them), and
 * their event numbers.
 */
export type MselAppendResult = { exerciseId: string; firstIndex: number; count: number; events: string[] };

/** The editor's MSEL step with the rows [from, to] (1-based, as its # column) highlighted. */
export function addedRowsQuery(result: Pick<MselAppendResult, "firstIndex" | "count">): string {
  const from = result.firstIndex + 1;
  const to = result.firstIndex + result.count;
  return `added=${from === to ? from : `${from}-${to}`}`;
}

/** The range `addedRowsQuery` wrote, as 0-based indexes; null when absent or not one. */
export function parseAddedRows(value: string | null): { from: number; to: number } | null {
  const m = value ? /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(value) : null;
  if (!m) return null;
  const from = Number(m[1]) - 1;
  const to = (m[2] ? Number(m[2]) : Number(m[1])) - 1;
  return from >= 0 && to >= from ? { from, to } : null;
}
