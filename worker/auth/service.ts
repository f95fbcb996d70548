import { and, eq } from "drizzle-orm";
import type { AppContext, UserContext } from "../context";
import { sessions, users } from "../db/schema";
import type { Env } from "../env";
import { AUTH_BASE_PATH } from "./auth";
import { handleAuthRequest } from "./http";
import type { FieldErrors } from "../../shared/auth/schemas";
import { accessChanged } from "../lib/access-changes";
import { nowMs } from "../lib/clock";
import { sessionEnded } from "./session";

/**
 * What the Remix pages use to talk to better-auth. Each call is dispatched through the same HTTP
 * handler as /api/auth/* (so rate limits, validation hooks and origin checks apply to forms exactly as
 * to API clients), with the browser's cookie and client address, and hands back the Set-Cookie
 * headers for the page to forward.
 */
export type AuthCallResult<T = Record<string, unknown>> =
  | { ok: true; status: number; data: T; setCookies: string[] }
  | { ok: false; status: number; message: string; code: string; fieldErrors: FieldErrors; setCookies: string[] };

export async function callAuth<T = Record<string, unknown>>(
  env: Env,
  request: Request,
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<AuthCallResult<T>> {
  const ownOrigin = new URL(request.url).origin;
  const url = new URL(`${AUTH_BASE_PATH}${path}`, ownOrigin);
  // The browser's own Origin is passed on, so better-auth's CSRF check judges the real request.
  const headers = new Headers({ origin: request.headers.get("origin") ?? ownOrigin, accept: "application/json" });
  const cookie = options.cookie ?? request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  for (const name of ["referer", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "cf-connecting-ip", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const method = options.method ?? "POST";
  if (method === "POST") headers.set("content-type", "application/json");
  const res = await handleAuthRequest(env, new Request(url, { method, headers, body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined }));
  const setCookies = res.headers.getSetCookie();
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  if (res.ok) return { ok: true, status: res.status, data: body as T, setCookies };
  return {
    ok: false,
    status: res.status,
    message: typeof body.message === "string" && body.message ? body.message : "Something went wrong. Try again.",
    code: typeof body.code === "string" ? body.code : "auth_error",
    fieldErrors: (body.fieldErrors as FieldErrors | undefined) ?? {},
    setCookies,
  };
}

/** Adds the cookies of an auth call to a Cookie header, for a follow-up call in the same action. */
export function mergeCookies(cookieHeader: string | null, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const part of (cookieHeader ?? "").split(/;\s*/).filter(Boolean)) {
    const i = part.indexOf("=");
    if (i > 0) jar.set(part.slice(0, i), part.slice(i + 1));
  }
  for (const header of setCookies) {
    const [pair = "", ...attrs] = header.split(";");
    const i = pair.indexOf("=");
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    if (!value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export function headersWithCookies(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const c of setCookies) headers.append("set-cookie", c);
  return headers;
}

/** Which second factor to ask for at sign-in: the one the user chose on /account/security. */
export async function preferredSecondFactor(ctx: AppContext, email: string, offered: string[]): Promise<"totp" | "otp"> {
  const row = await ctx.db.query.users.findFirst({ where: eq(users.email, email), columns: { mfaType: true } });
  if (row?.mfaType === "TOTP" && offered.includes("totp")) return "totp";
  if (offered.includes("otp")) return "otp";
  return "totp";
}

export async function setMfaType(ctx: UserContext, mfaType: "EMAIL" | "TOTP" | null): Promise<void> {
  await ctx.db.update(users).set({ mfaType }).where(eq(users.id, ctx.user.id));
}

export type SessionListItem = { id: string; createdAt: Date; expiresAt: Date; ipAddress: string | null; userAgent: string | null; current: boolean };

export async function listUserSessions(ctx: UserContext, currentSessionId: string): Promise<SessionListItem[]> {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expires: sessions.expires,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, ctx.user.id));
  const now = nowMs();
  return (
    rows
      // An idle or expired session can no longer be used (getSession ends it on its next request), so it is not listed as a signed-in device.
      .filter((r) => !sessionEnded({ expires: r.expires.getTime(), createdAt: r.createdAt.getTime(), lastUsedAt: r.updatedAt.getTime() }, now))
      .map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        expiresAt: r.expires,
        ipAddress: r.ipAddress,
        userAgent: r.userAgent,
        current: r.id === currentSessionId,
      }))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  );
}

/** Revokes one of the caller's sessions by id; another user's session id is simply not found. */
export async function revokeUserSession(ctx: UserContext, sessionId: string): Promise<boolean> {
  const deleted = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, ctx.user.id)))
    .returning({ id: sessions.id });
  if (deleted.length) await accessChanged(ctx, [ctx.user.id]);
  return deleted.length > 0;
}
