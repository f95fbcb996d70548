import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { badRequest, payloadTooLarge } from "../lib/errors";
import { withMeta } from "../lib/route-meta";
import type { AppEnv } from "../types";
import { MAX_UPLOAD_BYTES } from "../../shared/documents/file-types";
import { TOO_LARGE_MESSAGE, type UploadInput } from "./service";

/** Room for the multipart envelope around a file of the largest allowed size. */
export const ENVELOPE_SLACK = 1024 * 1024;

/**
 * The body as a stream that fails once it passes the limit, so a request without (or with a
 * lying) Content-Length cannot make the Worker buffer more than an allowed upload.
 */
function limitedBody(request: Request, maxBytes: number, tooLargeMessage: string): { request: Request; exceeded: () => boolean } {
  let total = 0;
  let over = false;
  const limiter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        over = true;
        controller.error(payloadTooLarge(tooLargeMessage));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  const body = request.body ? request.body.pipeThrough(limiter) : null;
  return { request: new Request(request.url, { method: request.method, headers: request.headers, body }), exceeded: () => over };
}

/** What a multipart read may take and how it says so (the defaults: an upload of the spec §5 size). */
export type MultipartLimits = { maxBytes?: number; tooLargeMessage?: string; notMultipartMessage?: string };

/**
 * A multipart body holding one file of at most the upload size (spec §5), read within that limit:
 * 400 when it is not multipart or cannot be read, 413 past the limit. Every file upload reads it so;
 * a route with a smaller file (CAP alerts) passes its own limit and wording.
 */
export async function readUploadMultipart(c: Context<AppEnv>, limits: MultipartLimits = {}): Promise<FormData> {
  const maxBytes = limits.maxBytes ?? MAX_UPLOAD_BYTES + ENVELOPE_SLACK;
  const tooLarge = limits.tooLargeMessage ?? TOO_LARGE_MESSAGE;
  const contentType = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw badRequest(limits.notMultipartMessage ?? "Send the file as multipart/form-data with a file field.", "multipart_required");
  }
  const limited = limitedBody(c.req.raw, maxBytes, tooLarge);
  try {
    return await limited.request.formData();
  } catch {
    if (limited.exceeded()) throw payloadTooLarge(tooLarge);
    throw badRequest("The upload could not be read. Try again.", "invalid_multipart");
  }
}

async function readUploadForm(c: Context<AppEnv>): Promise<UploadInput> {
  const form = await readUploadMultipart(c);
  const file = form.get("file");
  if (!(file instanceof File)) throw badRequest("Choose a file to upload.", "file_required");
  const name = form.get("name");
  const clientId = form.get("clientId");
  if (clientId !== null && (typeof clientId !== "string" || clientId.length > 200)) throw badRequest("clientId must be a client id.", "validation_error");
  return { file, name: typeof name === "string" ? name : null, clientId: clientId || null };
}

type UploadFormValidator = MiddlewareHandler<AppEnv, string, { in: { form: { file: File; name?: string; clientId?: string } }; out: { form: UploadInput } }>;

/**
 * The upload's multipart body as a validator (`c.req.valid("form")`): read within the upload's own
 * limit (declared here, so the app-wide MAX_BYTES check leaves it alone), with today's 400s and 413.
 */
export function uploadForm(): UploadFormValidator {
  const handler = createMiddleware<AppEnv>(async (c, next) => {
    c.req.addValidatedData("form", (await readUploadForm(c)) as object);
    await next();
  });
  return withMeta(handler, {
    bodyLimit: MAX_UPLOAD_BYTES + ENVELOPE_SLACK,
    form: {
      description: "multipart/form-data",
      fields: {
        file: "The file (required)",
        name: "The document's name (default: the file name)",
        clientId: "Enterprise accounts: the client to file it under",
      },
    },
  }) as unknown as UploadFormValidator;
}
