import type { Hono } from "hono";
import { z } from "zod";
import { COOKIE_PREFIX } from "../auth/auth";
import { formatBytes } from "../lib/body-limit";
import { metaOf, type RouteMeta } from "../lib/route-meta";
import answers from "./answers.generated.json";

/**
 * The OpenAPI 3.1 document of the API (served at /api/openapi.json, read as a page at /api/docs):
 * built from the mounted routers themselves. Each route's summary, limits, sign-in and input
 * schemas come from the middleware on its line (worker/lib/route-meta.ts, validate.ts), converted
 * with zod's own JSON Schema output; its answers from the types the typed client reads
 * (answers.generated.json, scripts/openapi-answers.ts).
 */

type Json = Record<string, unknown>;
type Answer = { format: string; schema: Json };
const ANSWERS = answers as Record<string, Record<string, Answer>>;

/** One method on one path, with the metadata its handlers carry. */
export interface Endpoint {
  method: string;
  /** Hono's pattern: /api/exercises/:id */
  path: string;
  meta: RouteMeta;
}

const STANDARD_ERRORS: Record<number, string> = {
  400: "Bad input: `{message, code, fieldErrors?}` names the field and what to send instead.",
  401: "Not signed in.",
  402: "The account's plan or credits do not allow this.",
  403: "Refused: a cross-site write, or a role that may not do this.",
  404: "Not found — also what another tenant's id answers.",
  409: "Conflicts with the current state.",
  410: "No longer available (a closed form, an expired link).",
  413: "The body is over the route's limit.",
  423: "Locked by another editor.",
  429: "Too many requests: wait for Retry-After seconds.",
  500: "Our fault: try again in a moment.",
  502: "The AI provider failed: nothing was charged.",
};

/** Hono's wildcard and parameter syntax as a pattern over a concrete path. */
function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source.endsWith("/.*") ? `${source.slice(0, -3)}(/.*)?` : source}$`);
}

/**
 * Every endpoint the app serves, with what its own handlers and the middleware registered before
 * them on a covering path (a router's `.use(requireUser)`) say about it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app: only its route table is read
export function endpointsOf(app: Hono<any, any, any>): Endpoint[] {
  const routes = app.routes;
  const groups = new Map<string, { method: string; path: string; first: number; metas: RouteMeta[] }>();
  routes.forEach((route, index) => {
    if (route.method === "ALL") return;
    const key = `${route.method} ${route.path}`;
    let group = groups.get(key);
    if (!group) {
      group = { method: route.method, path: route.path, first: index, metas: [] };
      groups.set(key, group);
    }
    const meta = metaOf(route.handler);
    if (meta) group.metas.push(meta);
  });
  const endpoints: Endpoint[] = [];
  for (const group of groups.values()) {
    const concrete = group.path.replace(/:[^/]+/g, "x");
    const before: RouteMeta[] = [];
    for (let i = 0; i < group.first; i++) {
      const route = routes[i]!;
      if (route.method !== "ALL" || !patternOf(route.path).test(concrete)) continue;
      const meta = metaOf(route.handler);
      if (meta) before.push(meta);
    }
    endpoints.push({ method: group.method, path: group.path, meta: Object.assign({}, ...before, ...group.metas) as RouteMeta });
  }
  return endpoints;
}

function jsonSchema(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete out.$schema;
  return out;
}

function parametersOf(endpoint: Endpoint): Json[] {
  const params: Json[] = [];
  const pathSchema = endpoint.meta.param ? jsonSchema(endpoint.meta.param) : undefined;
  for (const [, name] of endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)) {
    const schema = (pathSchema?.properties as Record<string, Json> | undefined)?.[name!] ?? { type: "string" };
    params.push({ name, in: "path", required: true, schema });
  }
  if (endpoint.meta.query) {
    const query = jsonSchema(endpoint.meta.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, Json>) ?? {})) {
      params.push({ name, in: "query", required: required.has(name), schema });
    }
  }
  return params;
}

function responsesOf(endpoint: Endpoint, openApiPath: string): Json {
  const responses: Json = {};
  const known = ANSWERS[`${endpoint.method} ${endpoint.path}`];
  const produces = endpoint.meta.doc?.produces;
  if (produces === "websocket") {
    responses["101"] = { description: "Switching Protocols: a WebSocket (send `Upgrade: websocket`); messages are JSON role states." };
  }
  for (const [status, answer] of Object.entries(known ?? { "200": { format: "json", schema: {} } })) {
    if (Number(status) >= 400 || produces === "websocket") continue;
    const type = produces ?? (answer.format === "json" ? "application/json" : "text/plain");
    responses[status] = { description: "Success", content: { [type]: { schema: type === "application/json" ? answer.schema : { type: "string" } } } };
  }
  const errors = new Set<number>([400, 404, 500, ...(endpoint.meta.doc?.errors ?? [])]);
  if (endpoint.meta.auth === "cookie" || endpoint.meta.auth === "cookie-or-bearer") errors.add(401);
  if (endpoint.meta.json || endpoint.meta.bodyLimit || endpoint.meta.form) errors.add(413);
  if (endpoint.method !== "GET") errors.add(403);
  for (const status of [...errors].sort()) {
    responses[String(status)] = {
      description: STANDARD_ERRORS[status] ?? "Error",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  void openApiPath;
  return responses;
}

function operationOf(endpoint: Endpoint, maxBodyBytes: number): Json {
  const { meta } = endpoint;
  const openApiPath = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
  const tag = endpoint.path.split("/")[2] ?? "api";
  const limit = meta.bodyLimit ?? maxBodyBytes;
  const operation: Json = {
    operationId: `${endpoint.method.toLowerCase()}${openApiPath.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: meta.doc?.summary ?? "",
    tags: [tag],
    parameters: parametersOf(endpoint),
    responses: responsesOf(endpoint, openApiPath),
    security: meta.auth === "cookie" ? [{ session: [] }] : meta.auth === "cookie-or-bearer" ? [{ session: [] }, { bearer: [] }] : [],
  };
  if (meta.doc?.description) operation.description = meta.doc.description;
  if (meta.json) {
    operation.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(meta.json) } } };
    operation["x-body-limit"] = formatBytes(limit);
  } else if (meta.form) {
    operation.requestBody = {
      required: true,
      description: meta.form.description,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: Object.fromEntries(Object.entries(meta.form.fields).map(([name, description]) => [name, { type: "string", description }])),
          },
        },
      },
    };
    operation["x-body-limit"] = formatBytes(limit);
  }
  return operation;
}

/** The endpoints the document publishes: everything but what a route marks internal. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app: only its route table is read
function publishedEndpoints(app: Hono<any, any, any>): Endpoint[] {
  return endpointsOf(app).filter((e) => e.path.startsWith("/api/") && !e.path.startsWith("/api/auth/") && !e.meta.doc?.internal);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app: only its route table is read
export function openApiDocument(app: Hono<any, any, any>, options: { maxBodyBytes: number; version: string }): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of publishedEndpoints(app)) {
    const openApiPath = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    paths[openApiPath] = { ...(paths[openApiPath] ?? {}), [endpoint.method.toLowerCase()]: operationOf(endpoint, options.maxBodyBytes) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Readyroom API",
      version: options.version,
      description: [
        "The JSON API behind Readyroom's pages, for integrators (emergency-management platforms, BI tools).",
        `Sign-in: the session cookie a browser gets from /api/auth (better-auth). Writes from a browser must come from Readyroom's own origin.`,
        `Limits: a body is at most ${formatBytes(options.maxBodyBytes)} unless the route says otherwise (x-body-limit). Errors are JSON {message, code}; a 429 carries Retry-After.`,
        "Another account's ids answer 404, never 403.",
      ].join("\n\n"),
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: `__Secure-${COOKIE_PREFIX}.session_token`,
          description: "The better-auth session cookie (without the __Secure- prefix on http://localhost).",
        },
        bearer: { type: "http", scheme: "bearer", description: "Synthesis direct mode only: a token from GET /api/synthesis/token." },
      },
      schemas: {
        Error: {
          type: "object",
          properties: {
            message: { type: "string", description: "What went wrong and what to do." },
            code: { type: "string" },
            fieldErrors: { type: "object", additionalProperties: { type: "string" } },
          },
          required: ["message", "code"],
        },
      },
    },
    paths,
  };
}
