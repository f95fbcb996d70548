import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { readUploadMultipart } from "../../documents/upload-form";
import { bodyTooLargeMessage } from "../../lib/body-limit";
import { badRequest } from "../../lib/errors";
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
    const form = await readUploadMultipart(c, {
      maxBytes: CAP_FORM_MAX_BYTES,
      tooLargeMessage: `${bodyTooLargeMessage(CAP_FORM_MAX_BYTES)} Send fewer alerts at a time.`,
      notMultipartMessage: "Send the CAP file as multipart/form-data with a file field.",
    });
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
