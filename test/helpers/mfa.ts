import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { api, expectStatus, json } from "./api";
import { cookieFrom } from "./auth";

/** The current code an authenticator app would show for this otpauth:// URI (RFC 6238). */
export async function codeFor(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get("secret")!;
  const raw = new TextDecoder().decode(base32.decode(secret));
  return createOTP(raw, { digits: 6, period: 30 }).totp();
}

/** Starts TOTP enrolment for a signed-in user: the otpauth URI, recovery codes and the updated Cookie header. */
export async function enrolTotp(u: { password: string; cookie: string }) {
  const res = await api("/api/auth/two-factor/enable", { body: { password: u.password, method: "totp" }, cookie: u.cookie });
  await expectStatus(res, 200);
  const body = await json<{ totpURI: string; backupCodes: string[] }>(res);
  const cookie = cookieFrom(res, u.cookie);
  return { ...body, cookie };
}

/** Enrols and confirms TOTP, so the next sign-in asks for a code. */
export async function turnOnTotp(u: { password: string; cookie: string }) {
  const enrolled = await enrolTotp(u);
  await expectStatus(await api("/api/auth/two-factor/verify-totp", { body: { code: await codeFor(enrolled.totpURI) }, cookie: enrolled.cookie }), 200);
  return enrolled;
}
