import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("API floor and error shape", () => {
  it("answers the bare health route", async () => {
    const res = await SELF.fetch("http://localhost/api/health");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await SELF.fetch("http://localhost/api/nope");
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.code).toBe("not_found");
    expect(typeof body.message).toBe("string");
    expect(Object.keys(body).sort()).toEqual(["code", "message"]);
  });

  it("serves the Remix app outside /api", async () => {
    const res = await SELF.fetch("http://localhost/");
    expect(res.headers.get("content-type")).toContain("text/html");
  });
});
