import { z } from "zod";
import { exerciseInputSchema } from "../../../shared/db/exercise-shapes";
import { exportEnvelopeSchema } from "../copy";

/**
 * The published JSON Schema of the JSON export (issue 32 item 8), served at MSEL_SCHEMA_PATH: what
 * other tools validate a Readyroom exercise and its MSEL against. It is generated from the zod schema
 * import validates with (copy.ts), so the document and the importer cannot drift: it describes what
 * import accepts, and every export carries `$schema` naming it.
 *
 * The version is in the path. A change that would refuse a document the schema accepted today gets
 * a new file (msel-v2.json) and a new envelope `version`; v1 stays served as it is.
 */
const MSEL_SCHEMA_VERSION = 1;
export const MSEL_SCHEMA_PATH = `/schemas/msel-v${MSEL_SCHEMA_VERSION}.json`;

export const mselSchemaUrl = (appUrl: string) => new URL(MSEL_SCHEMA_PATH, appUrl).href;

/** The export as written (json.ts): the import envelope plus the fields import ignores, described. */
const publishedSchema = exportEnvelopeSchema.extend({
  $schema: z.string().optional().meta({ description: "The URL of this schema: the version the document follows." }),
  exportedAt: z.iso.datetime().optional().meta({ description: "When the file was exported (UTC)." }),
  exercise: exerciseInputSchema.extend({
    id: z.string().optional().meta({ description: "The exercise's id where it was exported; import gives the copy a new one." }),
    createdAt: z.iso.datetime().optional(),
    updatedAt: z.iso.datetime().optional(),
    campaignId: z.string().optional().meta({ description: "The team campaign the exercise belongs to, when it does." }),
  }),
});

let cached: string | null = null;
let cachedFor: string | null = null;

/** The schema document for the deployment at `appUrl` (its `$id` is where it is served), as JSON text. */
export function mselJsonSchema(appUrl: string): string {
  if (cached === null || cachedFor !== appUrl) {
    // io "input": what a document may hold (numbers where text is expected are accepted and stored as text).
    const schema = z.toJSONSchema(publishedSchema, { io: "input", target: "draft-2020-12" });
    cached = JSON.stringify(
      {
        ...schema,
        $id: mselSchemaUrl(appUrl),
        title: `Readyroom exercise and MSEL, version ${MSEL_SCHEMA_VERSION}`,
        description:
          "An exercise exported from Readyroom (GET /api/exercises/{id}/export?format=json), and what POST /api/exercises/import accepts. mselTable is the Master Scenario Events List: one object per inject, in order.",
      },
      null,
      2,
    );
    cachedFor = appUrl;
  }
  return cached;
}
