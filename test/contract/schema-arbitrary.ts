import fc from "fast-check";

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document (issue 28 item 5): values a
 * schema accepts, and values it should refuse. Covers what zod's JSON Schema output uses (objects,
 * arrays, strings with lengths and formats, numbers with bounds, enums, consts, anyOf, nullables);
 * anything else becomes any JSON value — which the API must then refuse with a 4xx, never a 500.
 */
type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

const json = fc.jsonValue({ maxDepth: 2 });

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  // Long enough to reach a limit now and then, short enough to keep a run fast.
  const max = Math.min(schema.maxLength ?? min + 40, min + 200);
  switch (schema.format) {
    case "email":
      return fc.emailAddress();
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toISOString());
    case "uri":
    case "url":
      return fc.webUrl();
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

export function validValue(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return json;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => validValue(s, depth + 1)));
  if (schema.allOf?.length) return validValue(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringOf(schema);
    case "integer":
      return numberOf(schema, true);
    case "number":
      return numberOf(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => validValue(s, depth + 1)));
      const minLength = schema.minItems ?? 0;
      return fc.array(validValue(schema.items, depth + 1), { minLength, maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 3) });
    }
    case "object": {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = validValue(property, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
    }
  }
  return json;
}

/** A value of the wrong shape: another type, a missing required field, a string far over its limit. */
export function invalidValue(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const wrongTypes = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.string({ maxLength: 20 }),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.constant({ unexpected: true }),
  );
  if (!schema) return wrongTypes;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" && schema.properties && Object.keys(schema.properties).length) {
    const names = Object.keys(schema.properties);
    return fc.oneof(
      wrongTypes,
      // One field of the wrong type or far too long.
      fc
        .tuple(validValue(schema), fc.constantFrom(...names), fc.oneof(fc.constant(12345), fc.constant("x".repeat(60_000)), fc.constant([]), fc.constant({})))
        .map(([value, name, wrong]) => ({ ...(value as object), [name]: wrong })),
    );
  }
  return wrongTypes;
}

/** Path segments: real-looking ids, blanks, traversal, encodings and the very long. */
export const idSegment = fc.oneof(
  fc.uuid(),
  fc.constantFrom("undefined", "null", "0", "-1", "..", "%2e%2e", "' OR 1=1 --", "<script>", "x".repeat(300), "%00", "é"),
  fc.string({ minLength: 1, maxLength: 40 }),
);
