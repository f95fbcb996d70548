import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { badRequest } from "../lib/errors";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { importExercise, createFromTemplate, parseImport } from "./copy";
import { EXERCISE_EXPORT_FORMATS } from "./export";
import { EXERCISE_MAX_BYTES, exerciseItemRoutes } from "./item-routes";
import { createExerciseBodySchema, fromTemplateBodySchema, listQuerySchema } from "./schemas";
import { EXERCISE_ID_REQUIRED, personal, requireId } from "./scope";
import { createExercise, listExercises } from "./service";
import { listOpenableExercises, openableQuerySchema } from "./openable";
import { mselForm } from "./msel-import/form";
import { importMsel, previewMselFor } from "./msel-import/service";
import { listTemplateSummaries } from "./templates";
import { injectNewBodySchema } from "../../shared/exercises/inject-source";
import { injectIntoNewExercise } from "./inject/service";

const missingId = (): Response => {
  throw badRequest(EXERCISE_ID_REQUIRED, "exercise_id_required");
};

/** An exported exercise (its envelope) or a bare exercise: parseImport tells them apart and names the field at fault. */
const importBodySchema = z.json().transform(parseImport);

/** Personal exercises (mounted at /api/exercises). Always the caller's own: others' are 404. */
export const exerciseRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", describe({ summary: "The caller's exercises" }), querySchema(listQuerySchema), async (c) =>
    c.json({ exercises: await listExercises(ctxOf(c), c.req.valid("query")) }),
  )
  .get(
    "/all",
    describe({ summary: "Every exercise the caller may open: their own, their team's, their clients' and their campaigns'" }),
    querySchema(openableQuerySchema),
    async (c) => c.json(await listOpenableExercises(ctxOf(c), c.req.valid("query"))),
  )
  .get("/templates", describe({ summary: "Quick-start templates (names and descriptions)" }), (c) => c.json({ templates: listTemplateSummaries() }))
  .post(
    "/create",
    describe({ summary: "Create an exercise", errors: [402] }),
    jsonBody(createExerciseBodySchema, { maxBytes: EXERCISE_MAX_BYTES }),
    async (c) => c.json(await createExercise(ctxOf(c), personal, c.req.valid("json")), 201),
  )
  .post("/from-template", describe({ summary: "Create an exercise from a template", errors: [402] }), jsonBody(fromTemplateBodySchema), async (c) =>
    c.json(await createFromTemplate(ctxOf(c), c.req.valid("json")), 201),
  )
  .post(
    "/from-source",
    describe({ summary: "Create an exercise holding an inject made from an intelligence answer, hazard alert or news-alert summary", errors: [402] }),
    jsonBody(injectNewBodySchema),
    async (c) => c.json(await injectIntoNewExercise(ctxOf(c), c.req.valid("json")), 201),
  )
  .post(
    "/import",
    describe({ summary: "Import an exported exercise (JSON)", errors: [402] }),
    jsonBody(importBodySchema, { maxBytes: EXERCISE_MAX_BYTES }),
    async (c) => c.json(await importExercise(ctxOf(c), c.req.valid("json")), 201),
  )
  // MSEL import (issue 32): the preview writes nothing; the import sends the file again with the final mapping.
  .post(
    "/msel/preview",
    describe({ summary: "Preview an MSEL file's import: sheets, header row, proposed column mapping, first rows, warnings" }),
    mselForm(),
    async (c) => {
      const { file, options, target } = c.req.valid("form");
      return c.json(await previewMselFor(ctxOf(c), file, options, target));
    },
  )
  .post(
    "/msel/import",
    describe({ summary: "Import an MSEL file into a new exercise or append it to an exercise's MSEL", errors: [402, 423] }),
    mselForm(),
    async (c) => {
      const { file, options, target } = c.req.valid("form");
      return c.json(await importMsel(ctxOf(c), file, options, target), 201);
    },
  )
  // A client with no id at hand calls e.g. /api/exercises//update: answer the spec's message.
  .put("/update", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingId)
  .put("//update", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingId)
  .delete("/delete", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingId)
  .delete("//delete", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingId)
  .route(
    "/",
    exerciseItemRoutes((c) => ({ scope: personal, id: requireId(c.req.param("id")) }), { formats: EXERCISE_EXPORT_FORMATS }),
  );

export type ExerciseRoutes = typeof exerciseRoutes;
