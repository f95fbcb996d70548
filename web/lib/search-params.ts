import { parse, type $ZodType, type output } from "zod/v4/core";

/**
 * A page's search parameters, read through a zod schema (issue 28): the first value of each name,
 * as the API's query validators read them. Page schemas are total — each field has a `.catch()` or
 * a default — because a hand-edited or stale link should still open the page with defaults, never
 * an error page. Where a page lists what an API lists, it reuses that route's query schema.
 */
export function readSearchParams<S extends $ZodType>(source: Request | URL | URLSearchParams, schema: S): output<S> {
  const params = source instanceof URLSearchParams ? source : source instanceof URL ? source.searchParams : new URL(source.url).searchParams;
  const values: Record<string, string> = {};
  for (const [name, value] of params) if (!Object.hasOwn(values, name)) values[name] = value;
  return parse(schema, values);
}
