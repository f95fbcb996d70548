import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { ASSIGNMENT_MAX_BYTES, assignClientBodySchema, assignDocumentToClient, documentAssignments, unassignDocumentFromClient } from "./assignments";

/**
 * A document's assignments, seen from the library (mounted at /api/documents beside the library's
 * own routes, which it cannot import: the exercise feature depends on documents, not the reverse).
 * Assigning to an exercise goes through the exercise's own /api/exercises/{id}/documents.
 */
export const documentAssignmentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/:id/assignments", async (c) => c.json(await documentAssignments(ctxOf(c), c.req.param("id"))))
  .post("/:id/clients", async (c) => {
    const { clientId } = await readJson(c, assignClientBodySchema, ASSIGNMENT_MAX_BYTES);
    return c.json(await assignDocumentToClient(ctxOf(c), c.req.param("id"), clientId));
  })
  .delete("/:id/clients/:clientId", async (c) => c.json(await unassignDocumentFromClient(ctxOf(c), c.req.param("id"), c.req.param("clientId"))));
