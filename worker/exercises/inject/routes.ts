import { Hono } from "hono";
import { ctxOf } from "../../context";
import { describe } from "../../lib/route-meta";
import { jsonBody } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { injectBodySchema } from "../../../shared/exercises/inject-source";
import type { Scoped } from "../item-routes";
import { capFileForm } from "./cap-form";
import { importCapFile, injectIntoExercise } from "./service";

/**
 * Rows from outside into one exercise's MSEL (issue 32 item 11), personal and campaign alike: an
 * inject made from an intelligence source, and a CAP file's alerts. Both answer the rows added.
 */
export function exerciseInjectRoutes(scoped: Scoped) {
  return new Hono<AppEnv>()
    .post(
      "/:id/msel/inject",
      describe({ summary: "Add an inject made from an intelligence answer, an official hazard alert it cites, or a news-alert summary", errors: [423] }),
      jsonBody(injectBodySchema),
      async (c) => {
        const { scope, id } = scoped(c);
        return c.json(await injectIntoExercise(ctxOf(c), scope, id, c.req.valid("json").source), 201);
      },
    )
    .post("/:id/msel/cap", describe({ summary: "Import a CAP 1.2 alert file (XML, or a zip of them) as injects", errors: [423] }), capFileForm(), async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await importCapFile(ctxOf(c), scope, id, c.req.valid("form").file), 201);
    });
}
