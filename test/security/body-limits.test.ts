import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, testClientIp, type TestUser } from "../helpers/auth";

// Security item 14: MAX_BODY_BYTES (1 MiB in tests) bounds every body — API, better-auth and
// Remix actions — by Content-Length and, without one, by counting while reading.
const LIMIT = 1_048_576;

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

/** A JSON object `{ focus: "xxx…" }` of exactly `size` bytes. */
function jsonOfSize(size: number, field = "focus"): string {
  const shell = JSON.stringify({ [field]: "" });
  return JSON.stringify({ [field]: "x".repeat(size - shell.length) });
}

async function focusOf(user: TestUser): Promise<string | undefined> {
  return (await json(await api("/api/profile/custom-instructions", { user }))).focus as string | undefined;
}

async function expectApi413(res: Response) {
  const err = await apiError(res);
  expect(err.status).toBe(413);
  expect(err.code).toBe("payload_too_large");
  expect(err.message).toBe("The request body is larger than 1 MB.");
}

describe("request body limit (MAX_BODY_BYTES)", () => {
  it("an /api route refuses an over-limit JSON body, with and without Content-Length", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const body = jsonOfSize(LIMIT + 1, "title");
    await expectApi413(await api("/api/ask/chats", { user, raw: body }));
    await expectApi413(await api("/api/ask/chats", { user, raw: streamOf(new TextEncoder().encode(body)), headers: { "content-type": "application/json" } }));
    // A just-under body is read (and judged by the route, not refused for its size).
    const under = await api("/api/ask/chats", { user, raw: jsonOfSize(LIMIT - 16, "title") });
    expect(under.status).not.toBe(413);
    await under.text();
  });

  it("a route with its own larger limit (profile, 3 MB) still refuses past it, nothing changed", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const before = await focusOf(user);
    const body = jsonOfSize(3 * LIMIT + 1);
    const declared = await api("/api/profile/custom-instructions", { method: "PUT", user, raw: body });
    expect(declared.status).toBe(413);
    const streamed = await api("/api/profile/custom-instructions", {
      method: "PUT",
      user,
      raw: streamOf(new TextEncoder().encode(body)),
      headers: { "content-type": "application/json" },
    });
    expect(streamed.status).toBe(413);
    expect(await focusOf(user)).toBe(before);
  });

  it("an /api route still reads a body just under the limit (refused by its schema, not its size)", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const body = jsonOfSize(LIMIT - 16);
    const declared = await api("/api/profile/custom-instructions", { method: "PUT", user, raw: body });
    expect(declared.status).toBe(400);
    const streamed = await api("/api/profile/custom-instructions", {
      method: "PUT",
      user,
      raw: streamOf(new TextEncoder().encode(body)),
      headers: { "content-type": "application/json" },
    });
    expect(streamed.status).toBe(400);
    const ok = await api("/api/profile/custom-instructions", {
      method: "PUT",
      user,
      raw: streamOf(new TextEncoder().encode(JSON.stringify({ focus: "Streamed focus" }))),
      headers: { "content-type": "application/json" },
    });
    await expectStatus(ok, 200);
    expect(await focusOf(user)).toBe("Streamed focus");
  });

  it("/api/auth/sign-in/email refuses an over-limit body, with and without Content-Length", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const body = JSON.stringify({ email: user.email, password: user.password, pad: "x".repeat(LIMIT) });
    const declared = await api("/api/auth/sign-in/email", { raw: body });
    expect(declared.headers.getSetCookie()).toEqual([]);
    await expectApi413(declared);
    const streamed = await api("/api/auth/sign-in/email", { raw: streamOf(new TextEncoder().encode(body)), headers: { "content-type": "application/json" } });
    expect(streamed.headers.getSetCookie()).toEqual([]);
    await expectApi413(streamed);
  });

  it("a page action (/account/profile) refuses an over-limit form, with and without Content-Length", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const before = await focusOf(user);
    const form = new TextEncoder().encode(new URLSearchParams({ intent: "instructions", focus: "Oversize", pad: "x".repeat(LIMIT) }).toString());
    const headers = {
      cookie: user.cookie,
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost",
      host: "localhost",
      "cf-connecting-ip": testClientIp(),
    };
    for (const body of [form, streamOf(form)]) {
      const res = await SELF.fetch("http://localhost/account/profile", { method: "POST", headers, body });
      expect(res.status).toBe(413);
      expect(res.headers.get("content-type")).toMatch(/text\/plain/);
      expect(await res.text()).toBe("The request body is larger than 1 MB.");
    }
    expect(await focusOf(user)).toBe(before);

    const small = await SELF.fetch("http://localhost/account/profile", {
      method: "POST",
      headers,
      body: streamOf(new TextEncoder().encode(new URLSearchParams({ intent: "instructions", focus: "Small streamed form" }).toString())),
    });
    expect(small.status).toBe(200);
    await small.text();
    expect(await focusOf(user)).toBe("Small streamed form");
  });

  it("a 2 MB document upload is still accepted (uploads keep their own 25 MB limit)", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const text = "Levee L-3 seepage boils near Alder Flats.\n".repeat(Math.ceil((2 * LIMIT) / 42));
    const form = new FormData();
    form.set("file", new File([text], "big-annex.txt", { type: "text/plain" }));
    const res = await api("/api/documents/upload", { method: "POST", user, raw: form });
    await expectStatus(res, 201, "2 MB upload");
  });
});
