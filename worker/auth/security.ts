import { renderSVG } from "uqr";
import { userContext } from "../context";
import type { Env } from "../env";
import { callAuth, setMfaType, type AuthCallResult } from "./service";

/**
 * /account/security operations: each one is a better-auth call made with the browser's session, plus
 * the mfaType bookkeeping of spec §6 (EMAIL or TOTP) that better-auth does not know about. Failures
 * come back with a message the page can show as it is.
 */

const WRONG_PASSWORD = "That password is not right.";
const WRONG_CURRENT_PASSWORD = "Current password is not right.";

/** better-auth's wrong-password answer (code INVALID_PASSWORD, "Invalid password") in our words. */
function sayWrongPassword<T>(result: AuthCallResult<T>, message = WRONG_PASSWORD): AuthCallResult<T> {
  return !result.ok && result.code === "INVALID_PASSWORD" ? { ...result, message } : result;
}

export function qrSvg(totpURI: string): string {
  // uqr renders pure SVG from the otpauth URI we generated ourselves; no user-controlled markup.
  return renderSVG(totpURI, { ecc: "M", border: 2 });
}

export function totpSecretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}

export async function startTotpEnrolment(env: Env, request: Request, userId: string, password: string) {
  const result = await callAuth<{ totpURI: string; backupCodes: string[] }>(env, request, "/two-factor/enable", { body: { password, method: "totp" } });
  if (!result.ok && /already enabled/i.test(result.message)) {
    // The authenticator is already set up: choosing it again only switches the preferred factor.
    await setMfaType(userContext(env, userId), "TOTP");
    return { kind: "switched" as const, setCookies: result.setCookies };
  }
  return { kind: "started" as const, result: sayWrongPassword(result) };
}

export async function confirmTotp(env: Env, request: Request, userId: string, code: string): Promise<AuthCallResult> {
  const result = await callAuth(env, request, "/two-factor/verify-totp", { body: { code } });
  if (result.ok) await setMfaType(userContext(env, userId), "TOTP");
  return result;
}

export async function enableEmailCodes(env: Env, request: Request, userId: string, password: string): Promise<AuthCallResult> {
  const result = await callAuth(env, request, "/two-factor/enable", { body: { password, method: "otp" } });
  if (result.ok) await setMfaType(userContext(env, userId), "EMAIL");
  return sayWrongPassword(result);
}

export async function disableTwoFactor(env: Env, request: Request, userId: string, password: string): Promise<AuthCallResult> {
  const result = await callAuth(env, request, "/two-factor/disable", { body: { password } });
  if (result.ok) await setMfaType(userContext(env, userId), null);
  return sayWrongPassword(result);
}

export async function regenerateRecoveryCodes(env: Env, request: Request, password: string) {
  return sayWrongPassword(await callAuth<{ backupCodes: string[] }>(env, request, "/two-factor/generate-backup-codes", { body: { password } }));
}

export async function changePassword(env: Env, request: Request, input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) {
  return sayWrongPassword(await callAuth(env, request, "/change-password", { body: input }), WRONG_CURRENT_PASSWORD);
}

export async function revokeOtherSessions(env: Env, request: Request) {
  return callAuth(env, request, "/revoke-other-sessions", { body: {} });
}
