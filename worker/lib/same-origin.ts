import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";
import { forbidden } from "./errors";

const SAFE_METHODS = /^(GET|HEAD|OPTIONS)$/;

/**
 * CSRF defence for cookie-authenticated API calls. Browsers label every cross-site write with
 * Sec-Fetch-Site or Origin, so a write that carries either and is not from our own origin is
 * refused. A request with neither did not come from a browser page and cannot ride on a
 * victim's cookies, so scripts and server-to-server callers are not affected.
 */
export function sameOriginWrites(exempt: (path: string, c: Context<AppEnv>) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.test(c.req.method)) return next();
    const url = new URL(c.req.url);
    if (exempt(url.pathname, c)) return next();
    if (isCrossSiteWrite(c.req.raw, c.get("config").APP_URL)) {
      throw forbidden("Cross-site requests are not accepted. Use Readyroom from its own address.");
    }
    return next();
  };
}

/**
 * The one origin check of the Worker: true when `request` is a write (not GET/HEAD/OPTIONS) that a
 * browser labelled as coming from another site. Used by the API middleware above and, in
 * worker/index.ts, for every page (Remix action) request.
 */
export function isCrossSiteWrite(request: Request, appUrl: string): boolean {
  if (SAFE_METHODS.test(request.method)) return false;
  const url = new URL(request.url);
  return isCrossSite(request.headers.get("sec-fetch-site") ?? undefined, request.headers.get("origin") ?? undefined, [url.origin, new URL(appUrl).origin]);
}

export function isCrossSite(secFetchSite: string | undefined, origin: string | undefined, ownOrigins: string[]): boolean {
  if (secFetchSite === "same-origin" || secFetchSite === "none") return false;
  if (secFetchSite === "same-site" || secFetchSite === "cross-site") return true;
  if (origin === undefined) return false;
  return !ownOrigins.includes(origin);
}
