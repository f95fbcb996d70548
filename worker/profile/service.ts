import { eq } from "drizzle-orm";
import { z } from "zod";
import { getTenancyAccountId } from "../accounts/service";
import type { Database } from "../db/client";
import { accounts, users } from "../db/schema";
import { notFound } from "../lib/errors";
import { isSupportedLanguage } from "./languages";
import { type CustomInstructions, LANGUAGE_MESSAGE, readStoredInstructions } from "./model";

/**
 * Custom instructions live on the user's tenancy account (Account.customInstructions), so a team
 * shares one set with its members and every AI prompt of the account reads the same text.
 */
export async function getCustomInstructions(db: Database, userId: string): Promise<CustomInstructions> {
  const accountId = await requireAccount(db, userId);
  const row = await db.select({ customInstructions: accounts.customInstructions }).from(accounts).where(eq(accounts.id, accountId)).get();
  return readStoredInstructions(row?.customInstructions ?? null);
}

/** Replaces the whole set (the form always sends every field); input is already validated. */
export async function saveCustomInstructions(db: Database, userId: string, input: CustomInstructions): Promise<CustomInstructions> {
  const accountId = await requireAccount(db, userId);
  await db.update(accounts).set({ customInstructions: input }).where(eq(accounts.id, accountId));
  return input;
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

export async function getPersonalDetails(db: Database, userId: string): Promise<PersonalDetails & { email: string }> {
  const row = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organization: users.organization,
      country: users.country,
      preferredLanguage: users.preferredLanguage,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw notFound("User not found.");
  return row;
}

export async function savePersonalDetails(db: Database, userId: string, input: PersonalDetails): Promise<PersonalDetails & { email: string }> {
  // better-auth shows `name`; keep it in step with the parts.
  await db
    .update(users)
    .set({ ...input, name: `${input.firstName} ${input.lastName}` })
    .where(eq(users.id, userId));
  return getPersonalDetails(db, userId);
}
