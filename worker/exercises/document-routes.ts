import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { documentLibraryRoutes } from "../documents/routes";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { ASSIGNMENT_MAX_BYTES, assignClientBodySchema, assignDocumentToClient, documentAssignments, unassignDocumentFromClient } from "./assignments";

/**
 * /api/documents: the library's routes (worker/documents/routes.ts) and, from here, a document's
 * assignments. The router lives in this folder because the library cannot import the exercise
 * feature (exercises depend on documents, not the reverse). Assigning to an exercise goes through
 * the exercise's own /api/exercises/{id}/documents.
 */
export const documentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .route("/", documentLibraryRoutes)
  .get("/:id/assignments", describe({ summary: "The exercises and clients a document is assigned to" }), async (c) =>
    c.json(await documentAssignments(ctxOf(c), c.req.param("id"))),
  )
  .post(
    "/:id/clients",
    describe({ summary: "Assign a document to a client (enterprise accounts)" }),
    jsonBody(assignClientBodySchema, { maxBytes: ASSIGNMENT_MAX_BYTES }),
    async (c) => c.json(await assignDocumentToClient(ctxOf(c), c.req.param("id"), c.req.valid("json").clientId)),
  )
  .delete("/:id/clients/:clientId", describe({ summary: "Unassign a document from a client" }), async (c) =>
    c.json(await unassignDocumentFromClient(ctxOf(c), c.req.param("id"), c.req.param("clientId"))),
  );

export type DocumentRoutes = typeof documentRoutes;
