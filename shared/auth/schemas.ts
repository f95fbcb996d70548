import * as z from "zod/mini";
import type { $ZodError, $ZodType, output } from "zod/v4/core";

/**
 * The sign-up and sign-in rules of spec §5, with its messages word for word. This one module is
 * imported by the Remix forms (messages shown next to each field before the request is sent) and by
 * the server (enforced again on every request), so the two can never drift apart.
 * It ships to the sign-in pages, which load nothing else of zod: written with zod/mini (the same
 * parser, tree-shaken: ~8 KiB gzip where full zod's schemas took ~28; bench: first-load JS on /login).
 */

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

// Checks run in order and the forms show the first message per field, so "required" comes first.
const email = z.string({ error: "Email is required" }).check(
  z.trim(),
  z.minLength(1, "Email is required"),
  z.regex(z.regexes.email, "Please enter a valid email address"),
  z.refine((value: string) => value === value.toLowerCase(), "Email addresses cannot contain uppercase letters. Please use lowercase letters only."),
);

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Must be at most ${max} characters`));

const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`))),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  );

const newPassword = z
  .string({ error: "Password is required" })
  .check(
    z.minLength(1, "Password is required"),
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

export const signupSchema = z.object({
  firstName: requiredText("First name is required"),
  lastName: requiredText("Last name is required"),
  email,
  password: newPassword,
  organization: optionalText(200),
  country: optionalText(100),
});

/** Login: e-mail valid and lowercase; the password is any string (the check is the credential itself). */
export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string().check(z.minLength(1, "This reset link is incomplete. Request a new one.")),
  password: newPassword,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).check(z.minLength(1, "Current password is required")),
  newPassword,
});

export const twoFactorCodeSchema = z.object({
  code: z.string({ error: "Code is required" }).check(z.trim(), z.minLength(1, "Code is required"), z.regex(/^[0-9]{6}$/, "Enter the 6-digit code")),
});

export const recoveryCodeSchema = z.object({
  code: z
    .string({ error: "Recovery code is required" })
    .check(z.trim(), z.minLength(1, "Recovery code is required"), z.maxLength(64, "That is not a recovery code")),
});

/** First message per field, the shape the forms render beside each input. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf(error: $ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

/** Parses FormData or a plain object; returns the data or the per-field messages. */
export function validate<S extends $ZodType>(
  schema: S,
  input: FormData | Record<string, unknown>,
): { ok: true; data: output<S> } | { ok: false; fieldErrors: FieldErrors } {
  const raw = input instanceof FormData ? formDataToObject(input) : input;
  const result = z.safeParse(schema, raw);
  return result.success ? { ok: true, data: result.data } : { ok: false, fieldErrors: fieldErrorsOf(result.error) };
}

function formDataToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}
