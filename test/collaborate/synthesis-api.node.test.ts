import { describe, expect, it } from "vitest";
import { createSynthesisClient, statePath, TOKEN_REFRESH_MARGIN_MS } from "../../web/lib/synthesis-api";
import { SynthesisApiError } from "../../web/lib/synthesis-logic";
import { expectConsoleError } from "../helpers/console";

type Call = { url: string; init: RequestInit | undefined };

/** A fake of the app's /api and the hosted synthesis service: records calls, answers per URL. */
function fakeFetch(answer: (url: string, init?: RequestInit) => Response) {
  const calls: Call[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    return answer(url, init);
  }) as typeof fetch;
  return { fn, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const header = (call: Call | undefined, name: string) => new Headers(call?.init?.headers).get(name);

describe("synthesis client (spec §7, §8)", () => {
  it("builds the state variants' queries", () => {
    expect(statePath("c1")).toBe("/synthesis/state/c1");
    expect(statePath("c1", { content: "anonymized" })).toBe("/synthesis/state/c1?content=anonymized");
    expect(statePath("c1", { content: "all", includeIdentifying: true })).toBe("/synthesis/state/c1?content=all&include_identifying=true");
  });

  it("goes through /api with a JSON content-type when there is no direct-mode token", async () => {
    const { fn, calls } = fakeFetch((url) => (url === "/api/synthesis/token" ? json({ error: "Not found" }, 404) : json({ status: "queued" }, 202)));
    const client = createSynthesisClient({ fetch: fn });
    await client.trigger("c1", {});
    await client.summary("c1");
    expect(calls.map((c) => c.url)).toEqual(["/api/synthesis/token", "/api/synthesis/trigger/c1", "/api/synthesis/state/c1?content=summary"]);
    expect(calls[1]?.init?.method).toBe("POST");
    expect(calls[1]?.init?.body).toBe("{}");
    expect(header(calls[1], "content-type")).toBe("application/json");
    expect(header(calls[2], "content-type")).toBe("application/json");
    expect(header(calls[2], "authorization")).toBeNull();
  });

  it("in direct mode calls the hosted address with the bearer token, and fetches a new token before expiry", async () => {
    let now = 1_000_000;
    let issued = 0;
    const { fn, calls } = fakeFetch((url) => {
      if (url === "/api/synthesis/token") {
        issued++;
        return json({ token: `tok-${issued}`, expiresAt: new Date(now + 10 * 60_000).toISOString(), baseUrl: "https://synth.example/v1/" });
      }
      return json({ status: "analysing" });
    });
    const client = createSynthesisClient({ fetch: fn, now: () => now });
    await client.state("c1");
    await client.all("c1");
    expect(calls.map((c) => c.url)).toEqual([
      "/api/synthesis/token",
      "https://synth.example/v1/synthesis/state/c1",
      "https://synth.example/v1/synthesis/state/c1?content=all",
    ]);
    expect(header(calls[1], "authorization")).toBe("Bearer tok-1");
    expect(header(calls[1], "content-type")).toBe("application/json");
    now += 10 * 60_000 - TOKEN_REFRESH_MARGIN_MS + 1;
    await client.allWithIdentifying("c1");
    expect(calls.at(-2)?.url).toBe("/api/synthesis/token");
    expect(header(calls.at(-1), "authorization")).toBe("Bearer tok-2");
  });

  it("throws 'Synthesis API error: ' with the response text, else the status text; logs all but 404", async () => {
    const { fn } = fakeFetch((url) => {
      if (url === "/api/synthesis/token") return json({}, 404);
      if (url.endsWith("/c404")) return new Response("", { status: 404, statusText: "Not Found" });
      return new Response("Synthesis backend down", { status: 503, statusText: "Service Unavailable" });
    });
    const client = createSynthesisClient({ fetch: fn });
    const notFound = await client.state("c404").catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(SynthesisApiError);
    expect((notFound as Error).message).toBe("Synthesis API error: Not Found");
    expectConsoleError(/Synthesis API error: Synthesis backend down/);
    await expect(client.state("c1")).rejects.toThrow("Synthesis API error: Synthesis backend down");
  });
});
