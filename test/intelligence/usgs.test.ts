import { describe, expect, it } from "vitest";
import { usgsSource } from "../../worker/intelligence/sources/usgs";
import { NOW, requestsOf, settings, uniqueKey } from "./helpers";

const feedOf = async (key: string) => (await requestsOf(key)).map((r) => r.url.split("/").pop());

describe("USGS earthquake feed adapter", () => {
  it("reads the M2.5+ week feed for a state and keeps that state's quakes, newest first", async () => {
    const key = uniqueKey();
    const items = await usgsSource(settings("usgs", `ok.${key}`)).search("ignored", { region: { state: "WA" }, limit: 10, now: NOW });
    // "West Virginia" is not Washington; the 20-day-old quake is outside the default week.
    expect(items.map((i) => i.id)).toEqual(["usgs:uw62000001", "usgs:uw62000002"]);
    expect(await feedOf(key)).toEqual(["2.5_week.geojson"]);
    expect(items[0]).toEqual({
      id: "usgs:uw62000001",
      source: "usgs",
      sourceName: "U.S. Geological Survey",
      kind: "earthquake",
      title: "M 3.1 - 12 km NE of Millbrook, Washington",
      publisher: "U.S. Geological Survey",
      url: "https://earthquake.usgs.gov/earthquakes/eventpage/uw62000001",
      publishedAt: "2026-03-02T10:00:00.000Z",
      summary: "Magnitude 3.1 earthquake 12 km NE of Millbrook, Washington at 18.2 km depth. 40 felt reports.",
      severity: "minor",
      area: "12 km NE of Millbrook, Washington",
    });
  });

  it("matches states written as codes (CA) and reads the M4.5+ feed worldwide without a region", async () => {
    const key = uniqueKey();
    const source = usgsSource(settings("usgs", `ok.${key}`));
    const ca = await source.search("", { region: { state: "CA" }, limit: 10, now: NOW });
    expect(ca.map((i) => [i.id, i.severity])).toEqual([["usgs:ci40000003", "minor"]]);
    const world = await source.search("", { limit: 10, now: NOW });
    expect(world.map((i) => i.id)).toEqual(["usgs:ci40000003", "usgs:ak02600004", "usgs:us70000005"]);
    // PAGER yellow and the tsunami flag are kept.
    expect(world[2]).toMatchObject({ severity: "moderate", summary: expect.stringContaining("Tsunami flag set") });
    expect(await feedOf(key)).toEqual(["2.5_week.geojson", "4.5_week.geojson"]);
  });

  it("chooses the smallest feed covering `since`, and filters by distance from a point", async () => {
    const key = uniqueKey();
    const source = usgsSource(settings("usgs", `ok.${key}`));
    const day = await source.search("", { region: { state: "WA" }, since: "2026-03-02T00:00:00Z", limit: 10, now: NOW });
    expect(day.map((i) => i.id)).toEqual(["usgs:uw62000001"]);
    const month = await source.search("", { region: { point: { lat: 46.9, lon: -124.0 } }, since: "2026-02-05T00:00:00Z", limit: 10, now: NOW });
    // Within 250 km of a point on the coast: Westport (20 days ago), and Millbrook and Mount St. Helens (~160 km).
    expect(month.map((i) => i.id)).toEqual(["usgs:uw62000001", "usgs:uw62000002", "usgs:uw62000006"]);
    expect(await feedOf(key)).toEqual(["2.5_day.geojson", "2.5_month.geojson"]);
  });

  it("reports a malformed feed as an error of the source", async () => {
    await expect(usgsSource(settings("usgs", "wrong-shape")).search("", { limit: 5, now: NOW })).rejects.toMatchObject({
      kind: "malformed",
      message: "USGS answered a feed in an unexpected shape.",
    });
  });
});
