import { Hono, type Context } from "hono";
import { ctxOf } from "../context";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { fileResponse, parseExportFormat, renderExport, type ExportFormat } from "./export";
import { addFeedback, listFeedback } from "./feedback";
import { ASSIGNMENT_MAX_BYTES, assignDocument, assignDocumentBodySchema, listExerciseDocuments, unassignDocument } from "./assignments";
import { feedbackBodySchema, updateExerciseBodySchema } from "./schemas";
import type { ExerciseScope } from "./scope";
import { deleteExercise, getExercise, getExerciseRow, updateExercise } from "./service";

/** A full exercise with long scenario text and a large MSEL is well over the default 1 MiB. */
export const EXERCISE_MAX_BYTES = 5 * 1024 * 1024;

export type Scoped = (c: Context<AppEnv>) => { scope: ExerciseScope; id: string };

/**
 * The routes of one exercise, the same for personal and campaign exercises: only how the scope is
 * read from the path and which export formats are offered differ (spec §7).
 */
export function exerciseItemRoutes(scoped: Scoped, exports: { formats: readonly ExportFormat[]; default?: ExportFormat }) {
  return new Hono<AppEnv>()
    .get("/:id", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await getExercise(ctxOf(c), scope, id));
    })
    .put("/:id/update", async (c) => {
      const { scope, id } = scoped(c);
      const { exercise } = await readJson(c, updateExerciseBodySchema, EXERCISE_MAX_BYTES);
      return c.json(await updateExercise(ctxOf(c), scope, id, exercise));
    })
    .delete("/:id/delete", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await deleteExercise(ctxOf(c), scope, id));
    })
    .get("/:id/export", async (c) => {
      const { scope, id } = scoped(c);
      const format = parseExportFormat(c.req.query("format") ?? exports.default, exports.formats);
      const row = await getExerciseRow(ctxOf(c), scope, id);
      // Render time for devtools and `npm run bench`. Deployed Workers only advance the clock across
      // I/O, so there it may read 0 for a pure-CPU render; the HTTP time is then the upper bound.
      const started = performance.now();
      const response = fileResponse(await renderExport(row, format));
      response.headers.set("server-timing", `render;dur=${(performance.now() - started).toFixed(1)}`);
      return response;
    })
    // The planner's documents that ground the design assistant for this exercise (issue 11).
    .get("/:id/documents", async (c) => {
      const { scope, id } = scoped(c);
      return c.json({ documents: await listExerciseDocuments(ctxOf(c), scope, id) });
    })
    .post("/:id/documents", async (c) => {
      const { scope, id } = scoped(c);
      const { documentId } = await readJson(c, assignDocumentBodySchema, ASSIGNMENT_MAX_BYTES);
      return c.json({ documents: await assignDocument(ctxOf(c), scope, id, documentId) });
    })
    .delete("/:id/documents/:documentId", async (c) => {
      const { scope, id } = scoped(c);
      return c.json({ documents: await unassignDocument(ctxOf(c), scope, id, c.req.param("documentId")) });
    })
    .get("/:id/feedback", async (c) => {
      const { scope, id } = scoped(c);
      return c.json({ feedback: await listFeedback(ctxOf(c), scope, id) });
    })
    .post("/:id/feedback", async (c) => {
      const { scope, id } = scoped(c);
      const body = await readJson(c, feedbackBodySchema);
      return c.json(await addFeedback(ctxOf(c), scope, id, body), 201);
    });
}
