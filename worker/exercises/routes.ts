import { Hono, type Context } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { badRequest } from "../lib/errors";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { EXERCISE_EXPORT_FORMATS, fileResponse, parseExportFormat, renderExport } from "./export";
import {
  addFeedback,
  createExercise,
  createExerciseBodySchema,
  createFromTemplate,
  deleteExercise,
  feedbackBodySchema,
  fromTemplateBodySchema,
  getExercise,
  getExerciseRow,
  importExercise,
  listExercises,
  listFeedback,
  listQuerySchema,
  parseImport,
  personal,
  requireId,
  updateExercise,
  updateExerciseBodySchema,
} from "./service";
import { listTemplateSummaries } from "./templates";

/** A full exercise with long scenario text and a large MSEL is well over the default 1 MiB. */
export const EXERCISE_MAX_BYTES = 5 * 1024 * 1024;

const missingId = () => {
  throw badRequest("Exercise ID required.", "exercise_id_required");
};

function listQuery(c: Context<AppEnv>) {
  const result = listQuerySchema.safeParse(c.req.query());
  if (!result.success) throw badRequest(result.error.issues[0].message, "validation_error");
  return result.data;
}

/** Personal exercises (mounted at /api/exercises). Always the caller's own: others' are 404. */
export const exerciseRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const exercises = await listExercises(getDb(c.env.DB), c.get("user").id, listQuery(c));
    return c.json({ exercises });
  })
  .get("/templates", (c) => c.json({ templates: listTemplateSummaries() }))
  .post("/create", async (c) => {
    const body = await readJson(c, createExerciseBodySchema, EXERCISE_MAX_BYTES);
    return c.json(await createExercise(getDb(c.env.DB), personal(c.get("user").id), body), 201);
  })
  .post("/from-template", async (c) => {
    const body = await readJson(c, fromTemplateBodySchema);
    return c.json(await createFromTemplate(getDb(c.env.DB), c.get("user").id, body), 201);
  })
  .post("/import", async (c) => {
    const input = parseImport(await readJson(c, z.unknown(), EXERCISE_MAX_BYTES));
    return c.json(await importExercise(getDb(c.env.DB), c.get("user").id, input), 201);
  })
  // A client with no id at hand calls e.g. /api/exercises//update: answer the spec's message.
  .put("/update", missingId)
  .put("//update", missingId)
  .delete("/delete", missingId)
  .delete("//delete", missingId)
  .get("/:id", async (c) => {
    return c.json(await getExercise(getDb(c.env.DB), personal(c.get("user").id), requireId(c.req.param("id"))));
  })
  .put("/:id/update", async (c) => {
    const id = requireId(c.req.param("id"));
    const { exercise } = await readJson(c, updateExerciseBodySchema, EXERCISE_MAX_BYTES);
    return c.json(await updateExercise(getDb(c.env.DB), personal(c.get("user").id), id, exercise));
  })
  .delete("/:id/delete", async (c) => {
    const id = requireId(c.req.param("id"));
    return c.json(await deleteExercise(getDb(c.env.DB), personal(c.get("user").id), id));
  })
  .get("/:id/export", async (c) => {
    const id = requireId(c.req.param("id"));
    const format = parseExportFormat(c.req.query("format"), EXERCISE_EXPORT_FORMATS);
    const row = await getExerciseRow(getDb(c.env.DB), personal(c.get("user").id), id);
    // Render time for devtools and `npm run bench`. Deployed Workers only advance the clock across
    // I/O, so there it may read 0 for a pure-CPU render; the HTTP time is then the upper bound.
    const started = performance.now();
    const response = fileResponse(await renderExport(row, format));
    response.headers.set("server-timing", `render;dur=${(performance.now() - started).toFixed(1)}`);
    return response;
  })
  .get("/:id/feedback", async (c) => {
    const id = requireId(c.req.param("id"));
    return c.json({ feedback: await listFeedback(getDb(c.env.DB), personal(c.get("user").id), id) });
  })
  .post("/:id/feedback", async (c) => {
    const id = requireId(c.req.param("id"));
    const body = await readJson(c, feedbackBodySchema);
    return c.json(await addFeedback(getDb(c.env.DB), personal(c.get("user").id), id, body), 201);
  });
