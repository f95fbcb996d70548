import type { Hono } from "hono";
import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { readAnswer } from "./query";

/**
 * The browser's typed client of one feature router (issue 28): paths, bodies and answers are those
 * the router declares (`hc<typeof featureRoutes>`), so renaming a field or a path on the server
 * fails type-check here. One client per feature keeps type-check fast: `hc` over the whole app
 * would make TypeScript expand every route at every call.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router, whatever its env and schema
export function apiClient<R extends Hono<any, any, any>>(prefix: string) {
  return hc<R>(prefix, { init: { credentials: "same-origin" }, headers: { accept: "application/json" } });
}

/** The body of a call's successful answers (2xx), as the router declares it. */
export type OkBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/** Awaits a typed call: its answer's JSON when 2xx, else the ApiError its `{message, code}` body names. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<OkBody<R>> {
  const res = await call;
  return (await readAnswer(res as unknown as Response)) as OkBody<R>;
}
