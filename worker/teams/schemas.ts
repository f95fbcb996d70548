import { z } from "zod";
import { collaborateRoles, teamRoles } from "../db/schema/teams";

/** Input of the team routes (spec §6 roles). Shared with nothing in the browser: pages post forms or JSON. */
export const inviteSchema = z
  .object({
    email: z
      .string({ error: "Email is required" })
      .trim()
      .min(1, "Email is required")
      .max(320, "That e-mail address is too long.")
      .pipe(z.email("Please enter a valid email address"))
      .transform((value) => value.toLowerCase()),
    collaborateRole: z.enum(collaborateRoles, { error: "collaborateRole must be CAMPAIGN_MANAGER or STANDARD_USER." }).default("STANDARD_USER"),
  })
  .strict();

export const memberUpdateSchema = z
  .object({
    role: z.enum(teamRoles, { error: "role must be ADMIN or MEMBER." }).optional(),
    collaborateRole: z.enum(collaborateRoles, { error: "collaborateRole must be CAMPAIGN_MANAGER or STANDARD_USER." }).optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.collaborateRole !== undefined, { message: "Give a role or a collaborateRole to change." });

export const acceptSchema = z
  .object({ token: z.string().trim().min(1, "The invitation token is missing.").max(200, "That invitation token is not valid.") })
  .strict();

export const idParam = z.object({ id: z.string().min(1, "An id is required.").max(200, "That id is too long.") });
