import { describe, expect, it } from "vitest";
import { openFemaSource } from "../../worker/intelligence/sources/openfema";
import { NOW, requestsOf, settings, uniqueKey } from "./helpers";

describe("OpenFEMA disaster declarations adapter", () => {
  it("asks with OData options for the state's declarations of the last 90 days and groups rows per declaration", async () => {
    const key = uniqueKey();
    const items = await openFemaSource(settings("openfema", `ok.${key}`)).search("ignored", { region: { state: "WA" }, limit: 10, now: NOW });
    expect(items.map((i) => i.id)).toEqual(["openfema:DR-4901-WA", "openfema:EM-3650-WA"]);
    expect(items[0]).toEqual({
      id: "openfema:DR-4901-WA",
      source: "openfema",
      sourceName: "FEMA (OpenFEMA)",
      kind: "disaster-declaration",
      title: "Severe Winter Storms, Straight-Line Winds, and Flooding (DR-4901-WA)",
      publisher: "FEMA",
      url: "https://www.fema.gov/disaster/4901",
      publishedAt: "2026-02-20T00:00:00.000Z",
      summary:
        "Major disaster declaration for Washington: Severe Storm. Incident period 2026-01-28 to 2026-02-04. Designated areas: King (County), Pierce (County), Brackwater (County). Programs: Individuals and Households, Public Assistance, Hazard Mitigation.",
      area: "King (County); Pierce (County); Brackwater (County)",
    });
    expect(items[1]!.summary).toBe(
      "Emergency declaration for Washington: Fire. Incident period 2026-01-05 to 2026-01-12. Designated areas: Statewide. Programs: Public Assistance.",
    );
    const [request] = await requestsOf(key);
    const params = new URL(request!.url, "http://x").searchParams;
    expect(params.get("$filter")).toBe("declarationDate ge '2025-12-02T12:00:00.000Z' and state eq 'WA'");
    expect(params.get("$orderby")).toBe("declarationDate desc");
    expect(params.get("$top")).toBe("1000");
    expect(params.get("$select")).toContain("femaDeclarationString");
  });

  it("answers every state without a region, limits declarations (not rows) and honours since", async () => {
    const source = openFemaSource(settings("openfema"));
    const all = await source.search("", { limit: 10, now: NOW });
    expect(all.map((i) => i.id)).toEqual(["openfema:DR-4899-OR", "openfema:DR-4901-WA", "openfema:EM-3650-WA"]);
    expect(all[0]!.summary).toContain("Incident period 2026-02-01 (continuing).");
    const two = await source.search("", { limit: 2, now: NOW });
    expect(two.map((i) => i.id)).toEqual(["openfema:DR-4899-OR", "openfema:DR-4901-WA"]);
    const old = await source.search("", { region: { state: "WA" }, since: "2025-01-01T00:00:00Z", limit: 10, now: NOW });
    expect(old.map((i) => i.id)).toEqual(["openfema:DR-4901-WA", "openfema:EM-3650-WA", "openfema:DR-4800-WA"]);
  });

  it("reports an unexpected shape as an error of the source", async () => {
    await expect(openFemaSource(settings("openfema", "wrong-shape")).search("", { limit: 5, now: NOW })).rejects.toMatchObject({
      kind: "malformed",
      message: "OpenFEMA answered declarations in an unexpected shape.",
    });
  });
});
