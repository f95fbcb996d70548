import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api, json, type Json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { idSegment, invalidValue, validValue } from "./schema-arbitrary";

/**
 * Issue 28 item 5: every endpoint of the OpenAPI document, called with schema-valid and
 * schema-invalid bodies, queries and ids, never answers 500 or shows a stack trace; and a valid call
 * with another tenant's id is 404. Seeded, so a run is repeatable; bounded to a few hundred calls.
 */
const SEED = 2811;
const CASES_PER_OPERATION = 2;

type Operation = { method: string; path: string; op: Json };

function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) out.push({ method: method.toUpperCase(), path, op });
  }
  return out;
}

function bodySchema(op: Json) {
  return op.requestBody?.content?.["application/json"]?.schema;
}

function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== null) params.set(name, typeof value === "string" ? value : JSON.stringify(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

function fill(path: string, ids: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? "x"));
}

/** A 5xx, or a body that reads like a stack trace or an internal error. */
async function problem(res: Response): Promise<string | null> {
  const text = await res.text();
  if (res.status >= 500 && res.status !== 502 && res.status !== 503) return `HTTP ${res.status}: ${text.slice(0, 200)}`;
  if (/\n\s+at .+:\d+:\d+|\.ts:\d+|node_modules|D1_ERROR|SQLITE_/.test(text)) return `leaks internals (HTTP ${res.status}): ${text.slice(0, 200)}`;
  return null;
}

// Read when the file loads, so the test names below can say how much they cover.
const doc = await json(await api("/api/openapi.json"));
const operations = operationsOf(doc).filter((o) => !o.op.requestBody?.content?.["multipart/form-data"]);

describe("schema-driven fuzzing of the API", () => {
  it(`never answers 500 or a stack trace: ${operations.length * CASES_PER_OPERATION} cases over ${operations.length} endpoints`, async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const problems: string[] = [];
    let cases = 0;
    for (const [index, { method, path, op }] of operations.entries()) {
      const params = (op.parameters ?? []) as Json[];
      const querySchema = { type: "object", properties: Object.fromEntries(params.filter((p) => p.in === "query").map((p) => [p.name, p.schema])) };
      const pathNames = params.filter((p) => p.in === "path").map((p) => p.name as string);
      const schema = bodySchema(op);
      const samples = fc.sample(
        fc.record({
          valid: fc.boolean(),
          ids: fc.record(Object.fromEntries(pathNames.map((name) => [name, idSegment]))),
          query: validValue(querySchema),
          body: fc.boolean().chain((valid) => (valid ? validValue(schema) : invalidValue(schema))),
        }),
        { seed: SEED + index, numRuns: CASES_PER_OPERATION },
      );
      for (const sample of samples) {
        cases += 1;
        const url = fill(path, sample.ids as Record<string, string>) + queryString(sample.query as Record<string, unknown>);
        const res = await api(url, { method, user, ...(method === "GET" || method === "DELETE" ? {} : { body: sample.body }) });
        const found = await problem(res);
        if (found) problems.push(`${method} ${url.slice(0, 120)} → ${found}`);
      }
    }
    expect(cases).toBe(operations.length * CASES_PER_OPERATION);
    expect(problems).toEqual([]);
  }, 300_000);

  it("answers 404 to another tenant's ids on every route that takes them", async () => {
    const owner = await createTestUser({ plan: "SOLO", onboarded: true });
    const other = await createTestUser({ plan: "SOLO", onboarded: true });
    const created = async (path: string, body: unknown, pick: (j: Json) => string) => {
      const res = await api(path, { method: "POST", user: owner, body });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
      return pick(await json(res));
    };
    const exerciseId = await created("/api/exercises/create", { exercise: { name: "Owner's exercise", userId: owner.userId } }, (j) => j.id);
    const chatId = await created("/api/ask/chats", { title: "Owner's chat" }, (j) => j.chat.id);
    const briefId = await created("/api/intelligence/briefs", { title: "Owner's brief", content: "Levee L-3 seepage." }, (j) => j.brief.id);
    // Which of the owner's ids each path's parameters name, by the route's prefix.
    const owned: [RegExp, Record<string, string>][] = [
      [/^\/api\/exercises\/\{id\}/, { id: exerciseId }],
      [/^\/api\/conversations\/(v2\/)?\{exerciseId\}/, { exerciseId }],
      [/^\/api\/ask\/chats\/\{id\}/, { id: chatId }],
      [/^\/api\/intelligence\/briefs\/\{id\}/, { id: briefId }],
      [/^\/api\/users\/\{(id|userId)\}/, { id: owner.userId, userId: owner.userId }],
    ];
    const wrong: string[] = [];
    let cases = 0;
    for (const [index, { method, path, op }] of operations.entries()) {
      const match = owned.find(([pattern]) => pattern.test(path));
      if (!match) continue;
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      if (names.some((name) => !(name in match[1]))) continue;
      const schema = bodySchema(op);
      const [body] = fc.sample(validValue(schema), { seed: SEED + index, numRuns: 1 });
      const query = Object.fromEntries(
        ((op.parameters ?? []) as Json[]).filter((p) => p.in === "query" && p.schema?.enum).map((p) => [p.name, p.schema.enum[0]]),
      );
      cases += 1;
      const res = await api(fill(path, match[1]) + queryString(query), {
        method,
        user: other,
        ...(method === "GET" || method === "DELETE" ? {} : { body: body ?? {} }),
      });
      // A body the schema accepts may still break a rule the schema cannot say (a refinement): that
      // 400 is judged before ownership and reveals nothing; anything else must be the 404.
      const err = res.status === 400 ? ((await json(res)) as Json) : null;
      if (res.status !== 404 && err?.code !== "validation_error") wrong.push(`${method} ${path} → ${res.status}`);
    }
    expect(cases).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
    // The owner still has everything.
    expect((await api(`/api/exercises/${exerciseId}`, { user: owner })).status).toBe(200);
  });
});
