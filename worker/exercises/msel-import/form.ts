import { HEADER_SEARCH_ROWS } from "../../../shared/exercises/msel-import";
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { MAX_UPLOAD_BYTES } from "../../../shared/documents/file-types";
import { ENVELOPE_SLACK, readUploadMultipart } from "../../documents/upload-form";
import { badRequest, payloadTooLarge } from "../../lib/errors";
import { parseWith } from "../../lib/http";
import { withMeta } from "../../lib/route-meta";
import type { AppEnv } from "../../types";
import { TOO_LARGE_MESSAGE } from "../../documents/service";
import type { MselFileInput, MselImportTarget, MselReadOptions } from "./service";
import { MAPPING_TARGETS, type MappingTarget } from "./vocabulary";

/** The form fields besides the file, as text (multipart has no other type). */
const fieldsSchema = z.object({
  sheet: z.string().max(200).optional(),
  headerRow: z.coerce.number().int("headerRow must be a row number.").min(1, "headerRow must be 1 or more.").max(1_000_000).optional(),
  mapping: z
    .string()
    .max(100_000)
    .transform((text, ctx): MappingTarget[] => {
      try {
        return z
          .array(z.enum(MAPPING_TARGETS as [MappingTarget, ...MappingTarget[]]))
          .max(1000)
          .parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: "custom", message: `mapping must be a JSON array with one of ${MAPPING_TARGETS.join(", ")} per column.` });
        return z.NEVER;
      }
    })
    .optional(),
  target: z.string().trim().min(1).max(200).optional(),
  name: z.string().max(200).optional(),
});

type MselForm = { file: MselFileInput; options: MselReadOptions; target: MselImportTarget };

type MselFormIn = { file: File; sheet?: string; headerRow?: string; mapping?: string; target?: string; name?: string };
type MselFormValidator = MiddlewareHandler<AppEnv, string, { in: { form: MselFormIn }; out: { form: MselForm } }>;

const FIELDS = {
  file: "The MSEL: .xlsx, .xls, .ods, .csv, .tsv, or .docx (its first table) (required)",
  sheet: "The sheet to read (default: the one with the most MSEL-like header)",
  headerRow: `The header's row, from 1 (default: found in the first ${HEADER_SEARCH_ROWS} rows)`,
  mapping: `JSON array, one target per column of the preview: ${MAPPING_TARGETS.join(", ")} (default: proposed)`,
  target: '"new" (default) or the id of an exercise to append to (the preview then matches capabilities and objectives against it)',
  name: "Import only: the new exercise's name (default: the file name)",
};

/**
 * The MSEL import's multipart body (`c.req.valid("form")`), read within the upload limit of the
 * spec (30 MB, as every upload): the file and the planner's choices from the preview.
 */
export function mselForm(): MselFormValidator {
  const handler = createMiddleware<AppEnv>(async (c, next) => {
    const form = await readUploadMultipart(c);
    const file = form.get("file");
    if (!(file instanceof File)) throw badRequest("Choose the MSEL file to import.", "file_required");
    if (file.size > MAX_UPLOAD_BYTES) throw payloadTooLarge(TOO_LARGE_MESSAGE);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value !== "" ? value : undefined;
    };
    const fields = parseWith(fieldsSchema, {
      sheet: text("sheet"),
      headerRow: text("headerRow"),
      mapping: text("mapping"),
      target: text("target"),
      name: text("name"),
    });
    const target: MselImportTarget =
      !fields.target || fields.target === "new" ? { target: "new", name: fields.name } : { target: "append", exerciseId: fields.target };
    const value: MselForm = {
      file: { bytes: await file.arrayBuffer(), fileName: file.name || "msel" },
      options: { sheet: fields.sheet, headerRow: fields.headerRow, mapping: fields.mapping },
      target,
    };
    c.req.addValidatedData("form", value as object);
    await next();
  });
  return withMeta(handler, {
    bodyLimit: MAX_UPLOAD_BYTES + ENVELOPE_SLACK,
    form: { description: "multipart/form-data", fields: FIELDS },
  }) as unknown as MselFormValidator;
}
