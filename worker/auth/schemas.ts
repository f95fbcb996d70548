import { z } from "zod";

/**
 * The sign-up and sign-in rules of spec §5, with its messages word for word. This one module is
 * imported by the Remix forms (messages shown next to each field before the request is sent) and by
 * the server (enforced again on every request), so the two can never drift apart.
 * Keep it free of server-only imports: it ships to the browser.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .email("Please enter a valid email address")
  .refine((value) => value === value.toLowerCase(), "Email addresses cannot contain uppercase letters. Please use lowercase letters only.");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const signupSchema = z.object({
  firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100, "Must be at most 100 characters"),
  lastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100, "Must be at most 100 characters"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  organization: optionalText(200),
  country: optionalText(100),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** Login: e-mail valid and lowercase; the password is any string (the check is the credential itself). */
export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "This reset link is incomplete. Request a new one."),
  password: signupSchema.shape.password,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required"),
  newPassword: signupSchema.shape.password,
});

export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: "Code is required" })
    .trim()
    .min(1, "Code is required")
    .regex(/^[0-9]{6}$/, "Enter the 6-digit code"),
});

export const recoveryCodeSchema = z.object({
  code: z.string({ error: "Recovery code is required" }).trim().min(1, "Recovery code is required").max(64, "That is not a recovery code"),
});

/** First message per field, the shape the forms render beside each input. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

/** Parses FormData or a plain object; returns the data or the per-field messages. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: FormData | Record<string, unknown>,
): { ok: true; data: z.infer<S> } | { ok: false; fieldErrors: FieldErrors } {
  const raw = input instanceof FormData ? formDataToObject(input) : input;
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, data: result.data } : { ok: false, fieldErrors: fieldErrorsOf(result.error) };
}

function formDataToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}
