/**
 * Writes the answer schemas of the OpenAPI document (worker/openapi/answers.generated.json) from the
 * types the typed client sees: for every router of worker/api-routers.ts, Hono's schema type
 * records each route's answer (`c.json(view)` → JSON-parsed view) and status. The request side comes
 * from the zod schemas at run time (worker/openapi/document.ts); this side cannot, because answers
 * are TypeScript types, so it is generated here and checked by `npm run typecheck` (--check fails
 * when the committed file differs from the code).
 *
 *   node --experimental-strip-types scripts/openapi-answers.ts [--check]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "..");
const TABLE = resolve(ROOT, "worker/api-routers.ts");
const OUT = resolve(ROOT, "worker/openapi/answers.generated.json");
const MAX_DEPTH = 14;

type Json = Record<string, unknown>;

function program(): ts.Program {
  const configPath = resolve(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  return ts.createProgram({ rootNames: [TABLE], options: { ...parsed.options, noEmit: true } });
}

function literalOf(type: ts.Type): string | number | boolean | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return (type as unknown as { intrinsicName: string }).intrinsicName === "true";
  return undefined;
}

function schemaOf(checker: ts.TypeChecker, type: ts.Type, depth: number, seen: Set<ts.Type>): Json {
  if (depth > MAX_DEPTH || seen.has(type)) return {};
  const f = type.flags;
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
  if (f & ts.TypeFlags.Null) return { type: "null" };
  if (f & ts.TypeFlags.StringLiteral || f & ts.TypeFlags.NumberLiteral || f & ts.TypeFlags.BooleanLiteral) return { const: literalOf(type) };
  if (f & ts.TypeFlags.StringLike) return { type: "string" };
  if (f & ts.TypeFlags.NumberLike) return { type: "number" };
  if (f & ts.TypeFlags.BooleanLike) return { type: "boolean" };
  if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never)) return { not: {} };
  if (type.isUnion()) {
    const members = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const literals = members.map((t) => (t.flags & ts.TypeFlags.Null ? null : literalOf(t)));
    if (literals.every((l) => l !== undefined)) {
      if (literals.length === 2 && literals.every((l) => typeof l === "boolean")) return { type: "boolean" };
      return { enum: literals };
    }
    const parts = members.map((t) => schemaOf(checker, t, depth + 1, seen));
    return parts.length === 1 ? parts[0]! : { anyOf: parts };
  }
  if (type.isIntersection()) return objectSchema(checker, type, depth, seen);
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference);
    return { type: "array", items: item ? schemaOf(checker, item, depth + 1, seen) : {} };
  }
  if (checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => schemaOf(checker, t, depth + 1, seen));
    return { type: "array", prefixItems: items, minItems: items.length, maxItems: items.length };
  }
  if (f & ts.TypeFlags.Object) return objectSchema(checker, type, depth, seen);
  return {};
}

function objectSchema(checker: ts.TypeChecker, type: ts.Type, depth: number, seen: Set<ts.Type>): Json {
  seen.add(type);
  const properties: Json = {};
  const required: string[] = [];
  for (const prop of checker.getPropertiesOfType(type)) {
    const propType = checker.getTypeOfSymbol(prop);
    const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 || (propType.isUnion() && propType.types.some((t) => t.flags & ts.TypeFlags.Undefined));
    properties[prop.name] = schemaOf(checker, propType, depth + 1, seen);
    if (!optional) required.push(prop.name);
  }
  const index = checker.getIndexInfosOfType(type)[0];
  seen.delete(type);
  const out: Json = { type: "object", properties };
  if (required.length) out.required = required;
  if (index) out.additionalProperties = schemaOf(checker, index.type, depth + 1, seen);
  return out;
}

/** "METHOD /path" → status → { format, schema } for every route of every router in the table. */
export function collectAnswers(): Record<string, Record<string, { format: string; schema: Json }>> {
  const prog = program();
  const checker = prog.getTypeChecker();
  const file = prog.getSourceFile(TABLE);
  if (!file) throw new Error(`Cannot read ${TABLE}`);
  const decl = file.statements.find(
    (s): s is ts.VariableStatement => ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => d.name.getText(file) === "apiRouters"),
  );
  if (!decl) throw new Error("worker/api-routers.ts has no apiRouters table");
  const tableType = checker.getTypeAtLocation(decl.declarationList.declarations[0]!.name);
  const answers: Record<string, Record<string, { format: string; schema: Json }>> = {};
  for (const entry of checker.getTypeArguments(tableType as ts.TypeReference)) {
    const [prefixType, routerType] = checker.getTypeArguments(entry as ts.TypeReference);
    const prefix = literalOf(prefixType!) as string;
    const schemaType = checker.getTypeArguments(routerType as ts.TypeReference)[1];
    if (!schemaType) continue;
    // `.route()` makes the schema a union (the sub-router's, merged, | the router's own): each member holds its routes.
    const schemaMembers = schemaType.isUnion() ? schemaType.types : [schemaType];
    for (const pathProp of schemaMembers.flatMap((member) => checker.getPropertiesOfType(member))) {
      const methods = checker.getTypeOfSymbol(pathProp);
      for (const methodProp of checker.getPropertiesOfType(methods)) {
        const method = methodProp.name.replace(/^\$/, "").toUpperCase();
        const path = (prefix + (pathProp.name === "/" ? "" : pathProp.name)).replace(/\/$/, "") || "/";
        const endpoint = checker.getTypeOfSymbol(methodProp);
        const variants = endpoint.isUnion() ? endpoint.types : [endpoint];
        const byStatus: Record<string, { format: string; schema: Json }> = {};
        for (const variant of variants) {
          const prop = (name: string) => {
            const symbol = checker.getPropertyOfType(variant, name);
            return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
          };
          const status = prop("status");
          const format = prop("outputFormat");
          const output = prop("output");
          const statuses = status ? (status.isUnion() ? status.types : [status]).map(literalOf).filter((s) => typeof s === "number") : [];
          const formatName = format ? String(literalOf(format) ?? "json") : "json";
          for (const code of statuses.length && statuses.length < 5 ? statuses : [200]) {
            // A route that answers Hono's generic status (c.json(view) without one) answers 200.
            byStatus[String(code)] = { format: formatName, schema: output && formatName === "json" ? schemaOf(checker, output, 0, new Set()) : {} };
          }
        }
        answers[`${method} ${path}`] = byStatus;
      }
    }
  }
  return Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)));
}

if (import.meta.main ?? process.argv[1]?.endsWith("openapi-answers.ts")) {
  // One route a line: compact, and a diff still shows which routes' answers changed.
  const lines = Object.entries(collectAnswers()).map(([route, answer]) => `${JSON.stringify(route)}:${JSON.stringify(answer)}`);
  const text = `{\n${lines.join(",\n")}\n}\n`;
  if (process.argv.includes("--check")) {
    let committed = "";
    try {
      committed = readFileSync(OUT, "utf8");
    } catch {
      // missing: reported below
    }
    if (committed !== text) {
      console.error(
        "worker/openapi/answers.generated.json is out of date with the routes' answer types. Run: node --experimental-strip-types scripts/openapi-answers.ts",
      );
      process.exit(1);
    }
    console.log("openapi answers: up to date");
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${OUT}`);
  }
}
