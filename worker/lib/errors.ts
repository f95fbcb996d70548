import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * An error whose message is safe to show the caller. Everything else becomes a generic 500.
 * `headers` go on the response with it (a 429's Retry-After).
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, code = "bad_request", details?: Record<string, unknown>) => new HttpError(400, code, message, details);
export const forbidden = (message = "You do not have access to this.") => new HttpError(403, "forbidden", message);
export const notFound = (message = "Not found.") => new HttpError(404, "not_found", message);
export const conflict = (message: string, code = "conflict") => new HttpError(409, code, message);
export const payloadTooLarge = (message = "Request body is too large.") => new HttpError(413, "payload_too_large", message);
export const unsupportedMediaType = (message: string, code = "unsupported_media_type") => new HttpError(415, code, message);
export const paymentRequired = (message = "Credit limit exceeded") => new HttpError(402, "credit_limit_exceeded", message);
export const locked = (message: string, details?: Record<string, unknown>) => new HttpError(423, "locked", message, details);
export const tooManyRequests = (
  message = "Too many attempts. Wait a minute and try again.",
  code = "rate_limited",
  details?: Record<string, unknown>,
  headers?: Record<string, string>,
) => new HttpError(429, code, message, details, headers);
export const gone = (message: string, code = "gone") => new HttpError(410, code, message);
