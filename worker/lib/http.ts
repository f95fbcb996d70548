import type { Context } from "hono";
import type { z } from "zod";
import { bodyTooLargeMessage, readAtMost } from "./body-limit";
import { badRequest, payloadTooLarge } from "./errors";

const DEFAULT_MAX_BODY = 1_048_576;

/**
 * Reads a JSON body and validates it. Every /api route takes its input through here so that
 * malformed JSON is a 400, an oversized body a 413, and a schema failure a 400 that names the
 * field — never a 500.
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes = (c.get("config") as { MAX_BODY_BYTES?: number } | undefined)?.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY,
): Promise<z.infer<S>> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes) throw payloadTooLarge(bodyTooLargeMessage(maxBytes));
  const text = await readLimitedText(c.req.raw, maxBytes);
  let data: unknown;
  try {
    data = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON.", "invalid_json");
  }
  return parseWith(schema, data);
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "_";
      fieldErrors[key] ??= issue.message;
    }
    const first = result.error.issues[0]!;
    throw badRequest(first.message, "validation_error", { fieldErrors });
  }
  return result.data;
}

/** Reads at most `maxBytes` of a body, refusing more even when Content-Length lies or is absent. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const all = await readAtMost(request.body, maxBytes);
  if (!all) throw payloadTooLarge(bodyTooLargeMessage(maxBytes));
  return new TextDecoder().decode(all);
}
