import type { Env } from "../env";
import { getAuth } from "./auth";

/** The signed-in user as every feature sees it (contracts.md). */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "admin" | "basic";
  onboarded: boolean;
  twoFactorEnabled: boolean;
  mfaType: "EMAIL" | "TOTP" | null;
};

export type SessionInfo = { user: SessionUser; session: { id: string; expiresAt: Date } };

/** Reads the session cookie from request headers; null when signed out, expired or disabled. */
export async function getSession(env: Env, headers: Headers): Promise<SessionInfo | null> {
  if (!headers.get("cookie")) return null;
  const result = await getAuth(env).api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & Record<string, unknown>;
  if (u.disabledAt) return null;
  return {
    user: {
      id: u.id,
      email: u.email,
      firstName: String(u.firstName ?? ""),
      lastName: String(u.lastName ?? ""),
      role: u.role === "admin" ? "admin" : "basic",
      onboarded: Boolean(u.onboarded),
      twoFactorEnabled: Boolean(u.twoFactorEnabled),
      mfaType: u.mfaType === "EMAIL" || u.mfaType === "TOTP" ? u.mfaType : null,
    },
    session: { id: result.session.id, expiresAt: new Date(result.session.expiresAt) },
  };
}
