import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { endpointsOf } from "../../worker/openapi/document";
import { api, json } from "../helpers/api";

// Issue 28 item 4: the API describes itself from its own routers, completely.
describe("the OpenAPI document (/api/openapi.json)", () => {
  it("lists every mounted /api route that is not marked internal, each with a summary", async () => {
    const res = await api("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.openapi).toBe("3.1.0");
    const mounted = endpointsOf(app).filter(
      (e) => e.path.startsWith("/api/") && !e.path.startsWith("/api/auth/") && e.path !== "/api/health" && !["/api/openapi.json", "/api/docs"].includes(e.path),
    );
    expect(mounted.length).toBeGreaterThan(150);
    const undescribed = mounted.filter((e) => !e.meta.doc?.summary).map((e) => `${e.method} ${e.path}`);
    expect(undescribed, "routes without describe({ summary })").toEqual([]);
    const missing = mounted
      .filter((e) => !e.meta.doc?.internal)
      .filter((e) => !doc.paths[e.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")]?.[e.method.toLowerCase()])
      .map((e) => `${e.method} ${e.path}`);
    expect(missing, "mounted routes missing from the document").toEqual([]);
  });

  it("gives each operation its request schema, answer schema, sign-in and errors", async () => {
    const doc = await json(await api("/api/openapi.json"));
    const create = doc.paths["/api/exercises/create"].post;
    expect(create.security).toEqual([{ session: [] }]);
    expect(create["x-body-limit"]).toBe("5 MB");
    expect(create.requestBody.content["application/json"].schema.type).toBe("object");
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "402", "413"]));
    const usage = doc.paths["/api/billing/usage"].get;
    expect(usage.responses["200"].content["application/json"].schema.properties.currentBalance).toEqual({ type: "number" });
    const list = doc.paths["/api/exercises"].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["status", "sort", "sortBy", "search"]));
    // The Stripe webhook is not for integrators.
    expect(doc.paths["/api/billing/webhook"]).toBeUndefined();
  });

  it("renders as a reference page at /api/docs, static and under a strict CSP", async () => {
    const res = await api("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'; style-src 'sha256-/);
    const html = await res.text();
    expect(html).toContain("Readyroom API");
    expect(html).toContain("<code>/api/exercises/{id}/update</code>");
    expect(html).not.toContain("<script");
  });
});
