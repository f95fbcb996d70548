/**
 * The one way tests call the API: Hono's `app.request` on the app /api/* reaches (worker/app.ts),
 * with a chosen env (the suite's by default, or an override such as aiEnv() or stripeEnv()) and an
 * execution context whose waitUntil work has finished before the response is returned. Requests
 * look like the browser's: same-origin (the API refuses cross-site writes), the user's session
 * cookie, JSON bodies. Pages (Remix, outside /api) are still fetched with SELF.fetch.
 */
import { createExecutionContext, env as suiteEnv, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { app } from "../../worker/app";
import { cookieFrom, testClientIp, type TestUser } from "./auth";

export const ORIGIN = "http://localhost";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are probed field by field
export type Json = Record<string, any>;

export type ApiInit = {
  /** Defaults to POST when there is a body, GET otherwise. */
  method?: string;
  /** Sends this user's session cookie. */
  user?: TestUser | null;
  /** A Cookie header of its own (wins over `user`). */
  cookie?: string;
  /** JSON-encoded, labelled application/json. */
  body?: unknown;
  /** Sent as is: malformed JSON, signed webhook bytes, forms, streams. A string is labelled application/json, a form multipart. */
  raw?: BodyInit;
  /** Win over the defaults (origin, content-type, content-length, cookie, cf-connecting-ip). */
  headers?: Record<string, string>;
  /** The Worker env for this request; the suite's `env` when absent. */
  env?: object;
  /** The client address (cf-connecting-ip); a fresh one per request by default, so auth rate limits never couple tests. */
  ip?: string;
};

export async function api(path: string, init: ApiInit = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN, "cf-connecting-ip": init.ip ?? testClientIp() };
  const cookie = init.cookie ?? init.user?.cookie;
  if (cookie) headers.cookie = cookie;
  const source = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  let body: BodyInit | undefined = source;
  if (source !== undefined && !(source instanceof ReadableStream)) {
    // Sent as the network delivers it: with its length (the API refuses oversized bodies by it).
    const encoded = new Response(source);
    body = await encoded.arrayBuffer();
    headers["content-length"] = String(body.byteLength);
    const type = typeof source === "string" ? "application/json" : encoded.headers.get("content-type");
    if (type) headers["content-type"] = type;
  }
  const request = { method: init.method ?? (source === undefined ? "GET" : "POST"), headers: { ...headers, ...init.headers }, body };
  const ctx = createExecutionContext();
  const res = await app.request(path, request, (init.env ?? suiteEnv) as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Signs in through /api/auth and returns the Cookie header it set (a two-factor challenge's, if one is due). */
export async function signIn(email: string, password: string, options: { ip?: string } = {}): Promise<string> {
  const res = await api("/api/auth/sign-in/email", { body: { email, password }, ip: options.ip });
  await expectStatus(res, 200, `sign-in as ${email}`);
  return cookieFrom(res);
}

export async function json<T = Json>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export type ApiError = { status: number; message: string; code: string } & Json;

/** The app's JSON error `{ message, code, ...details }` with the status; throws if the body is not one. */
export async function apiError(res: Response): Promise<ApiError> {
  const text = await res.text();
  let body: Json | undefined;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = undefined;
  }
  if (typeof body?.message !== "string" || typeof body?.code !== "string") {
    throw new Error(`expected a JSON error { message, code } but HTTP ${res.status} answered: ${text.slice(0, 2000)}`);
  }
  return { ...body, status: res.status, message: body.message, code: body.code };
}

/** Asserts the status; a failure shows what the API answered. Returns the response, body unread. */
export async function expectStatus(res: Response, status: number, label?: string): Promise<Response> {
  const said = res.status === status ? "" : (await res.clone().text()).slice(0, 2000);
  expect(res.status, `${label ? `${label}: ` : ""}HTTP ${res.status} answered: ${said}`).toBe(status);
  return res;
}
