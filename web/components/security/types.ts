import type { FieldErrors } from "../../../shared/auth/schemas";

/** What /account/security's action answers: which card it is about, and what that card shows. */
export type Section = "password" | "mfa" | "sessions";
export type SecurityActionData = {
  section: Section;
  ok?: string;
  formError?: string;
  fieldErrors?: FieldErrors;
  enrolment?: { qr: string; secret: string; totpURI: string; backupCodes?: string[] };
  recoveryCodes?: string[];
};
