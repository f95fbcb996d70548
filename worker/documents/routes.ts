import { Hono, type Context } from "hono";
import type { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { badRequest, payloadTooLarge } from "../lib/errors";
import { parseWith, readJson } from "../lib/http";
import { bodyLimit } from "../lib/route-meta";
import type { AppEnv } from "../types";
import { MAX_UPLOAD_BYTES } from "../../shared/documents/file-types";
import {
  assertCanUpload,
  assertDeclaredSize,
  deleteDocument,
  downloadDocument,
  getDocument,
  listDocuments,
  listQuerySchema,
  reprocessDocument,
  searchDocuments,
  searchQuerySchema,
  TOO_LARGE_MESSAGE,
  updateBodySchema,
  updateDocument,
  uploadDocument,
} from "./service";

/** Room for the multipart envelope around a file of the largest allowed size. */
const ENVELOPE_SLACK = 1024 * 1024;

function query<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

/**
 * The body as a stream that fails once it passes the limit, so a request without (or with a
 * lying) Content-Length cannot make the Worker buffer more than an allowed upload.
 */
function limitedBody(request: Request, maxBytes: number): { request: Request; exceeded: () => boolean } {
  let total = 0;
  let over = false;
  const limiter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        over = true;
        controller.error(payloadTooLarge(TOO_LARGE_MESSAGE));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  const body = request.body ? request.body.pipeThrough(limiter) : null;
  return { request: new Request(request.url, { method: request.method, headers: request.headers, body }), exceeded: () => over };
}

async function readUploadForm(c: Context<AppEnv>): Promise<{ file: File; name: string | null; clientId: string | null }> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw badRequest("Send the file as multipart/form-data with a file field.", "multipart_required");
  }
  const limited = limitedBody(c.req.raw, MAX_UPLOAD_BYTES + ENVELOPE_SLACK);
  let form: FormData;
  try {
    form = await limited.request.formData();
  } catch {
    if (limited.exceeded()) throw payloadTooLarge(TOO_LARGE_MESSAGE);
    throw badRequest("The upload could not be read. Try again.", "invalid_multipart");
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw badRequest("Choose a file to upload.", "file_required");
  const name = form.get("name");
  const clientId = form.get("clientId");
  if (clientId !== null && (typeof clientId !== "string" || clientId.length > 200)) throw badRequest("clientId must be a client id.", "validation_error");
  return { file, name: typeof name === "string" ? name : null, clientId: clientId || null };
}

/** The document library (mounted at /api/documents). Always the caller's own: others' are 404. */
export const documentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const documents = await listDocuments(ctxOf(c), query(c, listQuerySchema));
    return c.json({ documents });
  })
  .post("/upload", bodyLimit(MAX_UPLOAD_BYTES + ENVELOPE_SLACK), async (c) => {
    // Everything that needs no body first: a 30 MB upload refused by its header is never read.
    assertDeclaredSize(c.req.header("content-length"), ENVELOPE_SLACK);
    const ctx = ctxOf(c);
    // uploadDocument checks again; asking here first spares reading the body for a 402 or a full pipeline's 429.
    await assertCanUpload(ctx);
    const input = await readUploadForm(c);
    return c.json({ document: await uploadDocument(ctx, input) }, 201);
  })
  // Before /:id, or "search" would be read as an id.
  .get("/search", async (c) => {
    const { q, limit } = query(c, searchQuerySchema);
    return c.json({ hits: await searchDocuments(ctxOf(c), q, limit) });
  })
  .get("/:id", async (c) => {
    return c.json({ document: await getDocument(ctxOf(c), c.req.param("id")) });
  })
  .patch("/:id", async (c) => {
    const update = await readJson(c, updateBodySchema);
    return c.json({ document: await updateDocument(ctxOf(c), c.req.param("id"), update) });
  })
  .delete("/:id", async (c) => {
    return c.json(await deleteDocument(ctxOf(c), c.req.param("id")));
  })
  .get("/:id/download", async (c) => {
    return downloadDocument(ctxOf(c), c.req.param("id"));
  })
  .post("/:id/reprocess", async (c) => {
    return c.json({ document: await reprocessDocument(ctxOf(c), c.req.param("id")) }, 202);
  });
