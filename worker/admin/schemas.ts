import { z } from "zod";
import { COLLABORATE_ROLES, NEW_CAMPAIGN_STATUSES, TEAM_ROLES } from "./team-sql";
import { ADMIN_CREDITS_MAX, ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX, BILLING_INTERVALS, FLAGS, PLAN_TYPES, ROLES } from "../../shared/admin/model";

/** The admin API's request shapes (worker/admin/routes.ts); every failure is a 400 naming the field. */

/** Admin bodies are a handful of fields: anything larger is refused (413) before it is parsed. */
export const ADMIN_BODY_MAX_BYTES = 4096;

const page = z.coerce
  .number({ error: "page must be a whole number." })
  .int("page must be a whole number.")
  .min(1, "page must be 1 or more.")
  .max(100_000, "page is too large.")
  .default(1);
const pageSize = z.coerce
  .number({ error: "pageSize must be a whole number." })
  .int("pageSize must be a whole number.")
  .min(1, "pageSize must be 1 or more.")
  .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be at most ${ADMIN_PAGE_SIZE_MAX}.`)
  .default(ADMIN_PAGE_SIZE);

export const userSearchSchema = z.object({
  q: z.string().trim().max(200, "q is too long.").optional(),
  page,
  pageSize,
});
export type UserSearch = z.infer<typeof userSearchSchema>;

export const updateUserSchema = z
  .strictObject(
    {
      disabled: z.boolean({ error: "disabled must be true or false." }).optional(),
      role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}.` }).optional(),
      isBeta: z.boolean({ error: "isBeta must be true or false." }).optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}.` : "Send a JSON object.") },
  )
  .refine((v) => v.disabled !== undefined || v.role !== undefined || v.isBeta !== undefined, "Send at least one of disabled, role or isBeta.");
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const grantPlanSchema = z.strictObject({
  plan: z.enum(PLAN_TYPES, { error: `plan must be one of ${PLAN_TYPES.join(", ")}.` }),
  interval: z.enum(BILLING_INTERVALS, { error: `interval must be one of ${BILLING_INTERVALS.join(", ")}.` }).default("MONTHLY"),
});
export type GrantPlan = z.infer<typeof grantPlanSchema>;

export const setFlagSchema = z.strictObject({
  flag: z.enum(FLAGS, { error: `flag must be one of ${FLAGS.join(", ")}.` }),
  enabled: z.boolean({ error: "enabled must be true or false." }),
});
export type SetFlag = z.infer<typeof setFlagSchema>;

const credits = z.number({ error: "amount must be a whole number of credits." }).int("amount must be a whole number of credits.");

export const creditsSchema = z
  .strictObject({
    kind: z.enum(["grant", "adjust"], { error: "kind must be grant or adjust." }),
    /** grant: credits to add (1 or more); adjust: a signed correction (not 0). */
    amount: credits
      .min(-ADMIN_CREDITS_MAX, `amount must be at least -${ADMIN_CREDITS_MAX}.`)
      .max(ADMIN_CREDITS_MAX, `amount must be at most ${ADMIN_CREDITS_MAX}.`),
    reason: z.string({ error: "reason is required." }).trim().min(1, "reason is required.").max(500, "reason is too long (500 characters at most)."),
    /** Chosen by the browser per submission: a retried request applies once (the ledger's idempotency key). */
    requestId: z.uuid({ error: "requestId must be a UUID." }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "grant" && v.amount < 1) ctx.addIssue({ code: "custom", path: ["amount"], message: "A grant must be 1 credit or more." });
    if (v.kind === "adjust" && v.amount === 0) ctx.addIssue({ code: "custom", path: ["amount"], message: "An adjustment must not be 0." });
  });
export type CreditsChange = z.infer<typeof creditsSchema>;

/** A day (YYYY-MM-DD, UTC) or an instant (ISO 8601). */
const instant = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), "Use a date (YYYY-MM-DD) or an ISO 8601 time.");

export const auditQuerySchema = z
  .object({
    actor: z.string().trim().max(320, "actor is too long.").optional(),
    action: z.string().trim().max(100, "action is too long.").optional(),
    target: z.string().trim().max(320, "target is too long.").optional(),
    from: instant.optional(),
    to: instant.optional(),
    page,
    pageSize,
  })
  .transform((v) => ({
    ...v,
    from: v.from ? Date.parse(v.from) : undefined,
    // A bare day as the end means up to the end of that day.
    to: v.to ? Date.parse(v.to) + (/^\d{4}-\d{2}-\d{2}$/.test(v.to) ? 86_400_000 - 1 : 0) : undefined,
  }))
  .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { message: "from must not be after to.", path: ["from"] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const email = z.email({ error: "email must be an e-mail address." }).trim().toLowerCase();
const teamRoles = [TEAM_ROLES.admin, TEAM_ROLES.member] as const;
const collaborateRoles = [COLLABORATE_ROLES.manager, COLLABORATE_ROLES.standard] as const;

export const createTeamSchema = z.strictObject({
  email,
  seats: z
    .number({ error: "seats must be a whole number." })
    .int("seats must be a whole number.")
    .min(1, "seats must be 1 or more.")
    .max(10_000, "seats must be at most 10000.")
    .optional(),
});
export type CreateTeam = z.infer<typeof createTeamSchema>;

export const addTeamMemberSchema = z.strictObject({
  email,
  role: z.enum(teamRoles, { error: `role must be one of ${teamRoles.join(", ")}.` }).default("MEMBER"),
  collaborateRole: z.enum(collaborateRoles, { error: `collaborateRole must be one of ${collaborateRoles.join(", ")}.` }).default("STANDARD_USER"),
  growSeats: z.boolean({ error: "growSeats must be true or false." }).default(false),
});
export type AddTeamMember = z.infer<typeof addTeamMemberSchema>;

export const createCampaignSchema = z.strictObject({
  name: z.string({ error: "name is required." }).trim().min(1, "name is required.").max(200, "name is too long (200 characters at most)."),
  email,
  status: z.enum(NEW_CAMPAIGN_STATUSES, { error: `status must be one of ${NEW_CAMPAIGN_STATUSES.join(", ")}.` }).default("DRAFT"),
});
export type CreateCampaign = z.infer<typeof createCampaignSchema>;
