import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../helpers/auth";

const URL_CI = "http://localhost/api/profile/custom-instructions";

async function expectErrorShape(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  const body = (await res.json()) as Record<string, unknown>;
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  const allowed = code === "validation_error" ? ["code", "fieldErrors", "message"] : ["code", "message"];
  expect(Object.keys(body).sort()).toEqual(allowed);
  expect(JSON.stringify(body)).not.toMatch(/\bat \S+:\d+|node_modules|worker\//);
  return body;
}

describe("bad input on a real route", () => {
  it("answers malformed JSON with 400 invalid_json", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const res = await SELF.fetch(URL_CI, {
      method: "PUT",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      body: '{"focus": "unterminated',
    });
    const body = await expectErrorShape(res, 400, "invalid_json");
    expect(body.message).toBe("Request body is not valid JSON.");
  });

  it("answers an oversized body with 413, whether or not Content-Length says so", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const huge = JSON.stringify({ focus: "x".repeat(4 * 1024 * 1024) });
    const declared = await SELF.fetch(URL_CI, { method: "PUT", headers: { cookie: user.cookie, "content-type": "application/json" }, body: huge });
    await expectErrorShape(declared, 413, "payload_too_large");

    // A streamed body has no Content-Length: the limit is enforced while reading.
    const bytes = new TextEncoder().encode(huge);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 65536) controller.enqueue(bytes.slice(i, i + 65536));
        controller.close();
      },
    });
    const streamed = await SELF.fetch(URL_CI, {
      method: "PUT",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectErrorShape(streamed, 413, "payload_too_large");
  });

  it("answers a schema failure with 400, the field named in fieldErrors", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const res = await SELF.fetch(URL_CI, {
      method: "PUT",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ language: "nope" }),
    });
    const body = await expectErrorShape(res, 400, "validation_error");
    expect(body.fieldErrors).toEqual({ language: "Choose a language from the list" });
  });

  it("answers a JSON array or scalar body with a 400, not a 500", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    for (const raw of ["[]", "42", "null", '"text"']) {
      const res = await SELF.fetch(URL_CI, { method: "PUT", headers: { cookie: user.cookie, "content-type": "application/json" }, body: raw });
      expect(res.status, raw).toBe(400);
    }
  });

  it("answers unknown /api paths and methods with a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/does-not-exist"],
      ["POST", "/api/profile/nothing-here"],
      ["DELETE", "/api/status"],
      ["GET", "/api"],
    ] as const) {
      const res = await SELF.fetch(`http://localhost${path}`, { method });
      await expectErrorShape(res, 404, "not_found");
    }
  });

  it("answers a signed-out call with a JSON 401", async () => {
    const res = await SELF.fetch(URL_CI, { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" });
    await expectErrorShape(res, 401, "unauthorized");
  });
});
