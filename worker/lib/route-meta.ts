import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { z } from "zod";

/**
 * What a route says about itself, beside its handler: its body limit, its exception to the
 * same-origin check, its input schemas and its documentation. Each piece is carried by the
 * middleware that enforces it (a validator knows its schema), so the route's own line is the one
 * place it is declared: app-wide middleware reads it from the matched handlers (worker/app.ts), and
 * the OpenAPI document reads it from the router (worker/openapi/document.ts).
 */
export interface RouteMeta {
  /** The largest body the route reads, when above MAX_BODY_BYTES. */
  bodyLimit?: number;
  /** Why a cross-site write is accepted here (a signed webhook, a bearer-token API). */
  crossSite?: (c: Context) => boolean;
  /** Input schemas, for the OpenAPI document. */
  json?: z.ZodType;
  query?: z.ZodType;
  param?: z.ZodType;
  /** A body that is not JSON (a multipart upload), described for the OpenAPI document. */
  form?: { description: string; fields: Record<string, string> };
  /** Sign-in the route requires: the session cookie (requireUser), a link token, or nothing. */
  auth?: "cookie" | "cookie-or-bearer" | "none";
  doc?: RouteDoc;
}

export interface RouteDoc {
  summary: string;
  description?: string;
  /** Statuses the route answers besides 200/201 and the 400/401/404/413/500 every route may. */
  errors?: number[];
  /** The answer is not JSON: its media type (a file, a stream), or "websocket" for an upgrade. */
  produces?: string;
  /** Left out of the published document (development-only routes). */
  internal?: boolean;
}

const META = Symbol.for("readyroom.route-meta");

type Tagged = { [META]?: RouteMeta };

/** Attaches `meta` to a middleware (merged with what it already carries). */
export function withMeta<H extends MiddlewareHandler>(handler: H, meta: RouteMeta): H {
  const tagged = handler as H & Tagged;
  tagged[META] = { ...tagged[META], ...meta };
  return handler;
}

export function metaOf(handler: unknown): RouteMeta | undefined {
  return typeof handler === "function" ? (handler as Tagged)[META] : undefined;
}

const passThrough = (): MiddlewareHandler => async (_c, next) => {
  await next();
};

/** Documents a route: `router.get("/", describe({ summary: "…" }), handler)`. */
export function describe(doc: RouteDoc): MiddlewareHandler {
  return withMeta(passThrough(), { doc });
}

/**
 * A route that reads a body larger than MAX_BODY_BYTES declares it here (or through its JSON
 * validator's `maxBytes`); the app-wide limit in worker/app.ts then applies this one.
 */
export function bodyLimit(bytes: number): MiddlewareHandler {
  return withMeta(passThrough(), { bodyLimit: bytes });
}

/** A write route that must accept cross-site requests when `when(c)` holds, and says why in its comment. */
export function crossSiteAllowed(when: (c: Context) => boolean = () => true): MiddlewareHandler {
  return withMeta(passThrough(), { crossSite: when });
}

/** The metadata of every handler the request matched (router-level middleware included). */
function requestMeta(c: Context): RouteMeta[] {
  const found: RouteMeta[] = [];
  for (const route of matchedRoutes(c)) {
    const meta = metaOf(route.handler);
    if (meta) found.push(meta);
  }
  return found;
}

/** The body limit that applies to this request: the largest a matched route declares, else `fallback`. */
export function declaredBodyLimit(c: Context, fallback: number): number {
  let limit = fallback;
  for (const meta of requestMeta(c)) if (meta.bodyLimit !== undefined && meta.bodyLimit > limit) limit = meta.bodyLimit;
  return limit;
}

export function crossSiteAccepted(c: Context): boolean {
  return requestMeta(c).some((meta) => meta.crossSite?.(c) === true);
}
