import { z } from "zod";
import { CAPABILITY_ELEMENTS, isoDateSchema, short } from "../db/conduct-shapes";
import { CORRECTIVE_ACTION_STATUSES } from "../db/hseep-terms";

/** Corrective-action request schemas (issue 15), shared by the API and the browser. */

export const IMPROVEMENT_BODY_LIMIT = 16 * 1024;
/** Days before the due date when the reminder starts, and the least time between two reminders of one action. */
export const REMINDER_LEAD_DAYS = 7;
export const REMINDER_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

export const IMPROVEMENT_MESSAGES = {
  notFound: "Corrective action not found.",
  verifyNeedsSession: "Choose the later exercise session that verified this fix.",
  verifyEarlierSession: "The verifying session must have ended after this corrective action was tracked.",
  verifyNotEnded: "The verifying session has not ended yet: choose a session that has ended.",
  sessionWithoutVerified: "Only a verified corrective action cites a verifying session: set the status to verified.",
} as const;

export const listActionsQuerySchema = z.object({
  status: z.enum(CORRECTIVE_ACTION_STATUSES).optional(),
  capability: short(200).optional(),
  overdue: z.enum(["true", "false"]).optional(),
});

/** GET /api/improvement/trends: the caller's own ratings ("mine"), or with their team's shared exercises ("team"). */
export const trendsQuerySchema = z.object({ view: z.enum(["mine", "team"]).catch("mine").default("mine") });
export type TrendsView = z.infer<typeof trendsQuerySchema>["view"];

export const updateCorrectiveActionSchema = z
  .object({
    status: z.enum(CORRECTIVE_ACTION_STATUSES),
    action: z.string().trim().min(1).max(4_000),
    element: z.enum(CAPABILITY_ELEMENTS),
    organization: short(300),
    pointOfContact: short(300),
    startDate: isoDateSchema.nullable(),
    dueDate: isoDateSchema.nullable(),
    /** Required with status "verified". */
    verifiedBySessionId: z.string().trim().min(1).max(100).nullable(),
    verificationNote: z.string().trim().max(2_000),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change.");
export type UpdateCorrectiveActionInput = z.infer<typeof updateCorrectiveActionSchema>;
