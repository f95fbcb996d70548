import { Hono, type Context } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { badRequest } from "../lib/errors";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { importExercise, createFromTemplate, parseImport } from "./copy";
import { EXERCISE_EXPORT_FORMATS } from "./export";
import { EXERCISE_MAX_BYTES, exerciseItemRoutes } from "./item-routes";
import { createExerciseBodySchema, fromTemplateBodySchema, listQuerySchema } from "./schemas";
import { EXERCISE_ID_REQUIRED, personal, requireId } from "./scope";
import { createExercise, listExercises } from "./service";
import { listTemplateSummaries } from "./templates";

export { EXERCISE_MAX_BYTES } from "./item-routes";

const missingId = () => {
  throw badRequest(EXERCISE_ID_REQUIRED, "exercise_id_required");
};

function listQuery(c: Context<AppEnv>) {
  const result = listQuerySchema.safeParse(c.req.query());
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid query.", "validation_error");
  return result.data;
}

/** Personal exercises (mounted at /api/exercises). Always the caller's own: others' are 404. */
export const exerciseRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json({ exercises: await listExercises(ctxOf(c), listQuery(c)) }))
  .get("/templates", (c) => c.json({ templates: listTemplateSummaries() }))
  .post("/create", async (c) => {
    const body = await readJson(c, createExerciseBodySchema, EXERCISE_MAX_BYTES);
    return c.json(await createExercise(ctxOf(c), personal, body), 201);
  })
  .post("/from-template", async (c) => {
    const body = await readJson(c, fromTemplateBodySchema);
    return c.json(await createFromTemplate(ctxOf(c), body), 201);
  })
  .post("/import", async (c) => {
    const input = parseImport(await readJson(c, z.unknown(), EXERCISE_MAX_BYTES));
    return c.json(await importExercise(ctxOf(c), input), 201);
  })
  // A client with no id at hand calls e.g. /api/exercises//update: answer the spec's message.
  .put("/update", missingId)
  .put("//update", missingId)
  .delete("/delete", missingId)
  .delete("//delete", missingId)
  .route("/", exerciseItemRoutes((c) => ({ scope: personal, id: requireId(c.req.param("id")) }), { formats: EXERCISE_EXPORT_FORMATS }));
