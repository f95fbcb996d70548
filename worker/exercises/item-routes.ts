import { Hono, type Context } from "hono";
import { z } from "zod";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { fileResponse, parseExportFormat, type ExportFormat } from "./export";
import { exportExercise } from "./export/service";
import { addFeedback, listFeedback } from "./feedback";
import { ASSIGNMENT_MAX_BYTES, assignDocument, assignDocumentBodySchema, listExerciseDocuments, unassignDocument } from "./assignments";
import { acquireExerciseLock, getExerciseLock, releaseExerciseLock } from "./lock-service";
import { feedbackBodySchema, updateExerciseBodySchema } from "./schemas";
import type { ExerciseScope } from "./scope";
import { deleteExercise, getExercise, updateExercise } from "./service";
import { exerciseInjectRoutes } from "./inject/routes";

/** A full exercise with long scenario text and a large MSEL is well over the default 1 MiB. */
export const EXERCISE_MAX_BYTES = 5 * 1024 * 1024;

export type Scoped = (c: Context<AppEnv>) => { scope: ExerciseScope; id: string };

/**
 * The routes of one exercise, the same for personal and campaign exercises: only how the scope is
 * read from the path and which export formats are offered differ (spec §7). Mounted under a router
 * that has signed the caller in.
 */
export function exerciseItemRoutes(scoped: Scoped, exports: { formats: readonly ExportFormat[]; default?: ExportFormat }) {
  // Any string reaches parseExportFormat, whose message lists the formats; the document names them.
  const exportQuery = z.object({
    format: z
      .string()
      .meta({ enum: [...exports.formats] })
      .optional(),
    day1: z.iso
      .datetime({ offset: true, message: "day1 must be a date and time with its offset, e.g. 2026-12-01T00:00:00-05:00." })
      .optional()
      .meta({ description: "format=ics: when Day 1 of the scenario begins (ISO 8601 with offset)." }),
  });
  return (
    new Hono<AppEnv>()
      .get("/:id", describe({ summary: "One exercise, whole" }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json(await getExercise(ctxOf(c), scope, id));
      })
      .put(
        "/:id/update",
        describe({ summary: "Save an exercise (the fields sent replace the stored ones)", errors: [423] }),
        jsonBody(updateExerciseBodySchema, { maxBytes: EXERCISE_MAX_BYTES }),
        async (c) => {
          const { scope, id } = scoped(c);
          return c.json(await updateExercise(ctxOf(c), scope, id, c.req.valid("json").exercise));
        },
      )
      .delete("/:id/delete", describe({ summary: "Delete an exercise", errors: [403, 423] }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json(await deleteExercise(ctxOf(c), scope, id));
      })
      .get(
        "/:id/export",
        describe({ summary: `Download the exercise (${exports.formats.join(", ")})`, produces: "application/octet-stream", errors: [409] }),
        querySchema(exportQuery),
        async (c) => {
          const { scope, id } = scoped(c);
          const query = c.req.valid("query");
          const format = parseExportFormat(query.format ?? exports.default, exports.formats);
          const { file, renderMs } = await exportExercise(ctxOf(c), scope, id, format, { day1: query.day1 ? Date.parse(query.day1) : null });
          // Render time for devtools and `npm run bench`. Deployed Workers only advance the clock across
          // I/O, so there it may read 0 for a pure-CPU render; the HTTP time is then the upper bound.
          const response = fileResponse(file);
          response.headers.set("server-timing", `render;dur=${renderMs.toFixed(1)}`);
          return response;
        },
      )
      // The planner's documents that ground the design assistant for this exercise (issue 11).
      .get("/:id/documents", describe({ summary: "Documents assigned to the exercise" }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json({ documents: await listExerciseDocuments(ctxOf(c), scope, id) });
      })
      .post(
        "/:id/documents",
        describe({ summary: "Assign one of the caller's documents to the exercise" }),
        jsonBody(assignDocumentBodySchema, { maxBytes: ASSIGNMENT_MAX_BYTES }),
        async (c) => {
          const { scope, id } = scoped(c);
          return c.json({ documents: await assignDocument(ctxOf(c), scope, id, c.req.valid("json").documentId) });
        },
      )
      .delete("/:id/documents/:documentId", describe({ summary: "Unassign a document from the exercise" }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json({ documents: await unassignDocument(ctxOf(c), scope, id, c.req.param("documentId")) });
      })
      .get("/:id/feedback", describe({ summary: "Feedback left on the exercise's steps" }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json({ feedback: await listFeedback(ctxOf(c), scope, id) });
      })
      .post("/:id/feedback", describe({ summary: "Leave feedback on a step" }), jsonBody(feedbackBodySchema), async (c) => {
        const { scope, id } = scoped(c);
        return c.json(await addFeedback(ctxOf(c), scope, id, c.req.valid("json")), 201);
      })
      .get("/:id/lock", describe({ summary: "Who holds the exercise's edit lock" }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json(await getExerciseLock(ctxOf(c), scope, id));
      })
      // Acquire, or renew when already held (the editor's heartbeat).
      .post("/:id/lock", describe({ summary: "Take or renew the edit lock", errors: [423] }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json(await acquireExerciseLock(ctxOf(c), scope, id));
      })
      .delete("/:id/lock", describe({ summary: "Release the edit lock" }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json(await releaseExerciseLock(ctxOf(c), scope, id));
      })
      // navigator.sendBeacon can only POST: the editor releases through this when the tab closes.
      .post("/:id/lock/release", describe({ summary: "Release the edit lock (for navigator.sendBeacon)" }), async (c) => {
        const { scope, id } = scoped(c);
        return c.json(await releaseExerciseLock(ctxOf(c), scope, id));
      })
      .route("/", exerciseInjectRoutes(scoped))
  );
}
