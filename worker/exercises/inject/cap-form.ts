import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { bodyTooLargeMessage, limitRequestBody } from "../../lib/body-limit";
import { badRequest, payloadTooLarge } from "../../lib/errors";
import { withMeta } from "../../lib/route-meta";
import type { AppEnv } from "../../types";
import { CAP_MAX_BYTES } from "./cap-file";

/** The file and the multipart envelope around it. */
const CAP_FORM_MAX_BYTES = CAP_MAX_BYTES + 64 * 1024;

type CapFormValidator = MiddlewareHandler<AppEnv, string, { in: { form: { file: File } }; out: { form: { file: File } } }>;

/**
 * The CAP import's multipart body as a validator (`c.req.valid("form").file`), read within its own
 * limit (declared here, so the app-wide MAX_BODY_BYTES leaves it to this).
 */
export function capFileForm(): CapFormValidator {
  const handler = createMiddleware<AppEnv>(async (c, next) => {
    if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
      throw badRequest("Send the CAP file as multipart/form-data with a file field.", "multipart_required");
    }
    const limited = await limitRequestBody(c.req.raw, CAP_FORM_MAX_BYTES);
    if (!limited.ok) throw payloadTooLarge(`${bodyTooLargeMessage(CAP_FORM_MAX_BYTES)} Send fewer alerts at a time.`);
    let form: FormData;
    try {
      form = await limited.request.formData();
    } catch {
      throw badRequest("The upload could not be read. Try again.", "invalid_multipart");
    }
    const file = form.get("file");
    if (!(file instanceof File)) throw badRequest("Choose a CAP alert file (.xml) or a zip of them to import.", "file_required");
    c.req.addValidatedData("form", { file });
    await next();
  });
  return withMeta(handler, {
    bodyLimit: CAP_FORM_MAX_BYTES,
    form: { description: "multipart/form-data", fields: { file: "A CAP 1.2 alert (.xml), or a zip of such files (required)" } },
  }) as unknown as CapFormValidator;
}
