import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getTenancyAccountId } from "../accounts/service";
import type { UserContext } from "../context";
import type { Database } from "../db/client";
import { accounts, teamMembers, teams, userAccounts, users } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";
import { isSupportedLanguage } from "../../shared/profile/languages";
import { type CustomInstructions, LANGUAGE_MESSAGE, readStoredInstructions, TEAM_SETTINGS_ADMIN_ONLY } from "../../shared/profile/model";

/**
 * Custom instructions live on the user's tenancy account (Account.customInstructions), so a team
 * shares one set with its members and every AI prompt of the account reads the same text. Every
 * member reads them; only the team's admin (or the account's owner) changes them.
 */
export async function getCustomInstructions({ db, user }: UserContext): Promise<CustomInstructions> {
  const userId = user.id;
  const accountId = await requireAccount(db, userId);
  const row = await db.select({ customInstructions: accounts.customInstructions }).from(accounts).where(eq(accounts.id, accountId)).get();
  return readStoredInstructions(row?.customInstructions ?? null);
}

/** Replaces the whole set (the form always sends every field); input is already validated. */
export async function saveCustomInstructions({ db, user }: UserContext, input: CustomInstructions): Promise<CustomInstructions> {
  const userId = user.id;
  const accountId = await requireAccount(db, userId);
  if (!(await mayChangeAccountSettings(db, userId, accountId))) throw forbidden(TEAM_SETTINGS_ADMIN_ONLY);
  await db.update(accounts).set({ customInstructions: input }).where(eq(accounts.id, accountId));
  return input;
}

/**
 * Whether the user may change the settings of `accountId` (custom instructions: they go into the
 * system prompt of everyone who works in the account). Their own account: yes. An account they
 * work in through a team: only as its owner or admin (UserAccount OWNER/ADMIN), or as ADMIN of a
 * team of that account; a plain team member reads them but cannot change them.
 */
async function mayChangeAccountSettings(db: Database, userId: string, accountId: string): Promise<boolean> {
  const [link, teamAdmin] = await db.batch([
    db
      .select({ role: userAccounts.role })
      .from(userAccounts)
      .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)))
      .limit(1),
    db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, "ADMIN"), eq(teams.accountId, accountId)))
      .limit(1),
  ]);
  const role = link[0]?.role;
  return role === "OWNER" || role === "ADMIN" || teamAdmin.length > 0;
}

/** Whether the signed-in user may change the custom instructions they see (the profile page shows them read-only otherwise). */
async function canEditCustomInstructions({ db, user }: UserContext): Promise<boolean> {
  const userId = user.id;
  const accountId = await getTenancyAccountId(db, userId);
  return accountId ? mayChangeAccountSettings(db, userId, accountId) : false;
}

async function requireAccount(db: Database, userId: string): Promise<string> {
  const accountId = await getTenancyAccountId(db, userId);
  if (!accountId) throw notFound("No account is linked to this user.");
  return accountId;
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null);

/** The user's own details (User row), edited on the same page as the instructions. */
export const personalDetailsSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name must be at most 100 characters"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name must be at most 100 characters"),
  organization: optionalText(200, "Organization"),
  // Where the planner works: Intelligence reads the National Weather Service's alerts for the state
  // (and the county's or city's first) and searches the news and hazards of that place.
  city: optionalText(100, "City or county"),
  state: optionalText(100, "State"),
  country: optionalText(100, "Country"),
  preferredLanguage: z
    .string()
    .trim()
    .refine((v) => v === "" || isSupportedLanguage(v), LANGUAGE_MESSAGE)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
});

export type PersonalDetails = Omit<z.infer<typeof personalDetailsSchema>, "preferredLanguage"> & { preferredLanguage: string | null };

export async function getPersonalDetails({ db, user }: UserContext): Promise<PersonalDetails & { email: string }> {
  const userId = user.id;
  const row = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organization: users.organization,
      city: users.city,
      state: users.state,
      country: users.country,
      preferredLanguage: users.preferredLanguage,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw notFound("User not found.");
  return row;
}

export async function savePersonalDetails(ctx: UserContext, input: PersonalDetails): Promise<PersonalDetails & { email: string }> {
  const { db, user } = ctx;
  const userId = user.id;
  // better-auth shows `name`; keep it in step with the parts.
  await db
    .update(users)
    .set({ ...input, name: `${input.firstName} ${input.lastName}` })
    .where(eq(users.id, userId));
  return getPersonalDetails(ctx);
}

/** The profile page in one call: the user's details, the account's instructions and whether they may change them. */
export async function getProfile(ctx: UserContext) {
  const [instructions, details, canEdit] = await Promise.all([getCustomInstructions(ctx), getPersonalDetails(ctx), canEditCustomInstructions(ctx)]);
  return { instructions, details, canEdit };
}
