import { Hono } from "hono";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
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
  updateBodySchema,
  updateDocument,
  uploadDocument,
} from "./service";
import { ENVELOPE_SLACK, uploadForm } from "./upload-form";
import { readDocumentText, textQuerySchema } from "./reader";

/**
 * The document library. Always the caller's own: others' are 404. Part of the /api/documents
 * router (worker/exercises/document-routes.ts, beside the documents' assignments), which signs the
 * caller in before any of these run.
 */
export const documentLibraryRoutes = new Hono<AppEnv>()
  .get("/", describe({ summary: "The caller's documents" }), querySchema(listQuerySchema), async (c) => {
    const documents = await listDocuments(ctxOf(c), c.req.valid("query"));
    return c.json({ documents });
  })
  .post(
    "/upload",
    describe({ summary: "Upload a document (multipart/form-data); it is queued for reading", errors: [402, 415, 429] }),
    // Everything that needs no body first: a 30 MB upload refused by its header is never read, and
    // asking for a plan and pipeline room here spares reading the body for a 402 or a full pipeline's
    // 429 (uploadDocument checks again).
    async (c, next) => {
      assertDeclaredSize(c.req.header("content-length"), ENVELOPE_SLACK);
      await assertCanUpload(ctxOf(c));
      await next();
    },
    uploadForm(),
    async (c) => c.json({ document: await uploadDocument(ctxOf(c), c.req.valid("form")) }, 201),
  )
  // Before /:id, or "search" would be read as an id.
  .get("/search", describe({ summary: "Keyword search over the caller's documents" }), querySchema(searchQuerySchema), async (c) => {
    const { q, limit } = c.req.valid("query");
    return c.json({ hits: await searchDocuments(ctxOf(c), q, limit) });
  })
  .get("/:id", describe({ summary: "One document" }), async (c) => {
    return c.json({ document: await getDocument(ctxOf(c), c.req.param("id")) });
  })
  .patch(
    "/:id",
    describe({ summary: "Rename or describe a document (a new description reads it again)", errors: [402, 409, 429] }),
    jsonBody(updateBodySchema),
    async (c) => {
      return c.json({ document: await updateDocument(ctxOf(c), c.req.param("id"), c.req.valid("json")) });
    },
  )
  .delete("/:id", describe({ summary: "Delete a document and its file" }), async (c) => {
    return c.json(await deleteDocument(ctxOf(c), c.req.param("id")));
  })
  .get(
    "/:id/text",
    describe({ summary: "A document's text with its structure and passages, at one cited passage (?passage=chunk id) with its neighbours" }),
    querySchema(textQuerySchema),
    async (c) => c.json(await readDocumentText(ctxOf(c), c.req.param("id"), c.req.valid("query").passage)),
  )
  .get("/:id/download", describe({ summary: "Download the stored file", produces: "application/octet-stream" }), async (c) => {
    return downloadDocument(ctxOf(c), c.req.param("id"));
  })
  .post("/:id/reprocess", describe({ summary: "Read a document again", errors: [402, 409, 429] }), async (c) => {
    return c.json({ document: await reprocessDocument(ctxOf(c), c.req.param("id")) }, 202);
  });
