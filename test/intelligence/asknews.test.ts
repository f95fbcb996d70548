import { beforeEach, describe, expect, it } from "vitest";
import { askNewsSource, clearAskNewsTokens } from "../../worker/intelligence/sources/asknews";
import { ASKNEWS_CLIENT, ASKNEWS_TEST_KEY } from "../fakes/intel/asknews";
import { fakeBase, NOW, requestsOf, settings, uniqueKey } from "./helpers";

const clientCredentials = (scenario: string, secret = ASKNEWS_CLIENT.secret) => ({
  clientId: ASKNEWS_CLIENT.id,
  clientSecret: secret,
  tokenUrl: `${fakeBase("asknews", scenario)}/oauth2/token`,
});

describe("AskNews news search adapter", () => {
  beforeEach(() => clearAskNewsTokens());

  it("searches with an API key as a bearer token and normalises the articles", async () => {
    const key = uniqueKey();
    const items = await askNewsSource(settings("asknews", `ok.${key}`), { apiKey: ASKNEWS_TEST_KEY }).search("levee shelters", { limit: 10, now: NOW });
    expect(items.map((i) => i.id)).toEqual(["asknews:6f1c2a9e-0b7d-4d8e-9a51-2f4b8c1d0e01", "asknews:6f1c2a9e-0b7d-4d8e-9a51-2f4b8c1d0e02"]);
    expect(items[0]).toEqual({
      id: "asknews:6f1c2a9e-0b7d-4d8e-9a51-2f4b8c1d0e01",
      source: "asknews",
      sourceName: "AskNews",
      kind: "news",
      title: "Levee inspections ordered as flood waters rise",
      publisher: "seattletimes",
      url: "https://www.seattletimes.example/weather/levee-inspections-flood",
      publishedAt: "2026-03-02T06:30:00.000Z",
      summary: "State engineers ordered inspections of three levees on the Brackwater River as rain continued.",
      area: "US",
    });
    // No summary: the key points stand in.
    expect(items[1]!.summary).toBe("Two shelters open in Millbrook. Residents near the river are urged to prepare.");
    const [request] = await requestsOf(key);
    expect(request!.headers.authorization).toBe(`Bearer ${ASKNEWS_TEST_KEY}`);
    expect(Object.fromEntries(new URL(request!.url, "http://x").searchParams)).toEqual({
      query: "levee shelters",
      n_articles: "10",
      return_type: "dicts",
      method: "nl",
      start_timestamp: String((NOW - 7 * 86_400_000) / 1000),
      end_timestamp: String(NOW / 1000),
      historical: "true",
    });
  });

  it("uses the English title of a foreign-language article and asks the recent index for a short window", async () => {
    const key = uniqueKey();
    const items = await askNewsSource(settings("asknews", `ok.${key}`), { apiKey: ASKNEWS_TEST_KEY }).search("floods alert", { limit: 10, now: NOW });
    expect(items.find((i) => i.url.includes("lemonde"))).toMatchObject({ title: "Floods: red alert in the south-west", area: "FR", publisher: "lemonde" });
    await askNewsSource(settings("asknews", `ok.${key}`), { apiKey: ASKNEWS_TEST_KEY }).search("flood", { since: "2026-03-01T12:00:00Z", limit: 3, now: NOW });
    expect(new URL((await requestsOf(key))[1]!.url, "http://x").searchParams.get("historical")).toBe("false");
  });

  it("exchanges client credentials for a token once and reuses it", async () => {
    const key = uniqueKey();
    const source = askNewsSource(settings("asknews", `ok.${key}`), clientCredentials(`ok.${key}`));
    expect(await source.search("flood", { limit: 5, now: NOW })).not.toHaveLength(0);
    expect(await source.search("levee", { limit: 5, now: NOW })).toHaveLength(1);
    const requests = await requestsOf(key);
    expect(requests.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual(["POST /oauth2/token", "GET /v1/news/search", "GET /v1/news/search"]);
    const basic = Buffer.from(`${ASKNEWS_CLIENT.id}:${ASKNEWS_CLIENT.secret}`).toString("base64");
    expect(requests[0]!.headers.authorization).toBe(`Basic ${basic}`);
    expect(Object.fromEntries(new URLSearchParams(requests[0]!.body))).toEqual({ grant_type: "client_credentials", scope: "news" });
    expect(requests[1]!.headers.authorization).toMatch(/^Bearer fake-asknews-token-\d+$/);
    expect(requests[2]!.headers.authorization).toBe(requests[1]!.headers.authorization);
  });

  it("reports refused credentials without their value", async () => {
    const wrongKey = askNewsSource(settings("asknews"), { apiKey: "not-the-key" }).search("flood", { limit: 5, now: NOW });
    await expect(wrongKey).rejects.toMatchObject({ kind: "auth", message: "AskNews refused our request (401); check its configuration." });
    const wrongSecret = askNewsSource(settings("asknews"), clientCredentials("ok", "wrong")).search("flood", { limit: 5, now: NOW });
    await expect(wrongSecret).rejects.toMatchObject({ kind: "auth", message: "AskNews sign-in refused our request (401); check its configuration." });
  });

  it("reports an unexpected shape as an error of the source", async () => {
    await expect(askNewsSource(settings("asknews", "wrong-shape"), { apiKey: ASKNEWS_TEST_KEY }).search("flood", { limit: 5, now: NOW })).rejects.toMatchObject(
      {
        kind: "malformed",
        message: "AskNews answered articles in an unexpected shape.",
      },
    );
  });
});
