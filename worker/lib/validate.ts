import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import type { AppEnv } from "../types";
import { parseWith, readJson } from "./http";
import { withMeta } from "./route-meta";

/**
 * Hono validators over zod, one per input a route reads. They keep the API's answers exact: a
 * body over its limit is a 413, malformed JSON a 400 `invalid_json`, a schema failure a 400
 * `validation_error` naming the field (`parseWith`), whatever the Content-Type says — which is why
 * the JSON one is ours rather than `hono/validator`'s, which skips bodies not labelled JSON. Each
 * declares its `in`/`out` types the way hono/validator does, so `c.req.valid(…)` is typed and the
 * typed client (`hc`) knows what to send; each carries its schema for the OpenAPI document.
 */
type Validated<Target extends string, S extends z.ZodType> = MiddlewareHandler<
  AppEnv,
  string,
  { in: { [K in Target]: z.input<S> }; out: { [K in Target]: z.output<S> } }
>;

/** The JSON body, bounded by `maxBytes` (default MAX_BODY_BYTES) while it is read. */
export function jsonBody<S extends z.ZodType>(schema: S, options: { maxBytes?: number } = {}): Validated<"json", S> {
  const handler = createMiddleware<AppEnv>(async (c, next) => {
    c.req.addValidatedData("json", (await readJson(c, schema, options.maxBytes)) as object);
    await next();
  });
  return withMeta(handler, { json: schema, ...(options.maxBytes ? { bodyLimit: options.maxBytes } : {}) }) as unknown as Validated<"json", S>;
}

/** The query string (the first value of each name, as `c.req.query()` reads it). */
export function querySchema<S extends z.ZodType>(schema: S): Validated<"query", S> {
  const handler = createMiddleware<AppEnv>(async (c, next) => {
    c.req.addValidatedData("query", parseWith(schema, c.req.query()) as object);
    await next();
  });
  return withMeta(handler, { query: schema }) as unknown as Validated<"query", S>;
}

/** The path parameters. */
export function paramSchema<S extends z.ZodType>(schema: S): Validated<"param", S> {
  const handler = createMiddleware<AppEnv>(async (c: Context<AppEnv>, next) => {
    c.req.addValidatedData("param", parseWith(schema, c.req.param()) as object);
    await next();
  });
  return withMeta(handler, { param: schema }) as unknown as Validated<"param", S>;
}
