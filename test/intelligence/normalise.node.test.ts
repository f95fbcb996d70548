import { describe, expect, it } from "vitest";
import { outcomeNotice } from "../../worker/intelligence/sources/aggregate";
import { gdeltDate, gdeltQuery } from "../../worker/intelligence/sources/gdelt";
import { retryDelayMs } from "../../worker/intelligence/sources/http";
import { canonicalUrl, mergeItems, stableHash, titleKey } from "../../worker/intelligence/sources/merge";
import { type NwsAlert, selectNwsAlerts } from "../../worker/intelligence/sources/nws";
import { openFemaQuery } from "../../worker/intelligence/sources/openfema";
import { intelRegion, stateOfPlace, usStateCode } from "../../worker/intelligence/sources/region";
import { plain, titleCase, toIso } from "../../worker/intelligence/sources/text";
import type { IntelItem } from "../../worker/intelligence/sources/types";
import { quakeSeverity, usgsFeed } from "../../worker/intelligence/sources/usgs";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const HOUR = 3_600_000;

const item = (p: Partial<IntelItem> & Pick<IntelItem, "id" | "source" | "url" | "title" | "publishedAt">): IntelItem => ({
  sourceName: p.source,
  kind: "news",
  publisher: "p",
  summary: "",
  ...p,
});

describe("merging sources", () => {
  it("treats scheme, www, fragments, trailing slashes and tracking parameters as the same URL", () => {
    expect(canonicalUrl("https://www.Example.com/a/b/?utm_source=x&id=2&fbclid=1#top")).toBe("example.com/a/b?id=2");
    expect(canonicalUrl("http://example.com/a/b?id=2")).toBe("example.com/a/b?id=2");
    expect(canonicalUrl("https://example.com/?b=2&a=1")).toBe(canonicalUrl("https://example.com?a=1&b=2"));
    expect(canonicalUrl("not a url")).toBe("not a url");
  });

  it("treats syndicated headlines as the same story", () => {
    expect(titleKey("County opens emergency shelters ahead of flood - Syndicate News")).toBe(titleKey("County Opens Emergency Shelters Ahead of Flood"));
    expect(titleKey("Flood: what's next?")).toBe("flood what s next");
    expect(titleKey("Évacuation à Nîmes")).toBe("evacuation a nimes");
  });

  it("keeps the higher-priority source's copy, dedupes news titles only, and sorts newest first", () => {
    const merged = mergeItems([
      [
        item({ id: "gdelt:1", source: "gdelt", url: "https://a.example/story?utm_medium=x", title: "Story A", publishedAt: "2026-03-02T10:00:00.000Z" }),
        item({ id: "gdelt:2", source: "gdelt", url: "https://b.example/copy", title: "Story B - Wire", publishedAt: "2026-03-02T11:00:00.000Z" }),
      ],
      [
        item({ id: "asknews:1", source: "asknews", url: "https://a.example/story", title: "Story A", publishedAt: "2026-03-02T09:00:00.000Z" }),
        item({ id: "asknews:2", source: "asknews", url: "https://c.example/original", title: "Story B", publishedAt: "2026-03-02T08:00:00.000Z" }),
      ],
      [
        item({
          id: "nws:1",
          source: "nws",
          kind: "hazard-alert",
          url: "https://api.weather.gov/alerts/1",
          title: "Flood Warning",
          publishedAt: "2026-03-02T07:00:00.000Z",
        }),
        item({
          id: "nws:2",
          source: "nws",
          kind: "hazard-alert",
          url: "https://api.weather.gov/alerts/2",
          title: "Flood Warning",
          publishedAt: "2026-03-02T07:00:00.000Z",
        }),
      ],
    ]);
    expect(merged.map((i) => i.id)).toEqual(["asknews:1", "asknews:2", "nws:1", "nws:2"]);
  });

  it("gives a stable 64-bit hash", () => {
    expect(stableHash("https://example.com/a")).toBe(stableHash("https://example.com/a"));
    expect(stableHash("https://example.com/a")).not.toBe(stableHash("https://example.com/b"));
    expect(stableHash("")).toBe("cbf29ce484222325");
  });
});

describe("outcome notices", () => {
  it("names what did not answer, and says when nothing did", () => {
    const ok = { source: "usgs", name: "USGS", status: "ok", count: 1 } as const;
    const down = { source: "nws", name: "NWS", status: "error", message: "NWS did not answer within 6 s." } as const;
    const off = { source: "asknews", name: "AskNews", status: "not-configured", message: "AskNews needs …" } as const;
    expect(outcomeNotice([ok, off])).toBeNull();
    expect(outcomeNotice([down, ok, off])).toBe("Not included: NWS did not answer within 6 s.");
    expect(outcomeNotice([down, off])).toBe("No intelligence source answered: NWS did not answer within 6 s.");
    expect(outcomeNotice([off])).toBe("No intelligence source is configured.");
  });
});

describe("provider details", () => {
  it("reduces a question to GDELT keywords", () => {
    expect(gdeltQuery("What is the latest on the Brackwater River flood?")).toBe("brackwater river flood");
    expect(gdeltQuery('"Brackwater County" levee (breach) OR is it?')).toBe('"Brackwater County" levee breach');
    expect(gdeltQuery("a b c ok")).toBe("");
    expect(gdeltQuery("one two three four five six seven eight")).toBe("one two three four five six");
  });

  it("reads GDELT's compact dates", () => {
    expect(gdeltDate("20260220T063400Z")).toBe("2026-02-20T06:34:00.000Z");
    expect(gdeltDate("2026-02-20")).toBeNull();
  });

  it("waits as Retry-After says (seconds or an HTTP date), else backs off exponentially up to 4 s", () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => retryDelayMs(a, null, NOW))).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    expect(retryDelayMs(0, "7", NOW)).toBe(7000);
    expect(retryDelayMs(0, new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(retryDelayMs(0, new Date(NOW - 30_000).toUTCString(), NOW)).toBe(0);
    expect(retryDelayMs(1, "soon", NOW)).toBe(500);
  });

  it("filters NWS alerts: in force, since, not cancelled, the area's when named, most severe then newest", () => {
    const alert = (id: string, p: Partial<NwsAlert>): NwsAlert => ({ id, event: "E", sent: "2026-03-02T10:00:00Z", ...p });
    const alerts = [
      alert("old", { sent: "2026-02-20T00:00:00Z", severity: "Extreme" }),
      alert("expired", { expires: "2026-03-02T11:00:00Z", severity: "Extreme" }),
      alert("ends-later", { expires: "2026-03-02T11:00:00Z", ends: "2026-03-02T18:00:00Z", severity: "Minor", areaDesc: "King; Brackwater" }),
      alert("cancel", { messageType: "Cancel", severity: "Severe" }),
      alert("severe", { severity: "Severe", areaDesc: "Pierce" }),
      alert("severe-newer", { severity: "Severe", sent: "2026-03-02T11:00:00Z", areaDesc: "Kingston" }),
    ];
    const since = NOW - 7 * 24 * HOUR + HOUR;
    expect(selectNwsAlerts(alerts, { state: "WA" }, since, NOW, 10).map((a) => a.id)).toEqual(["severe-newer", "severe", "ends-later"]);
    // "King" matches the word King, not Kingston.
    expect(selectNwsAlerts(alerts, { state: "WA", area: "King County" }, since, NOW, 10).map((a) => a.id)).toEqual(["ends-later"]);
    expect(selectNwsAlerts(alerts, { state: "WA", area: "Nowhere" }, since, NOW, 1).map((a) => a.id)).toEqual(["severe-newer"]);
  });

  it("picks the USGS feed for the window and region, and maps severity", () => {
    expect(usgsFeed(NOW - HOUR / 2, NOW, undefined)).toBe("4.5_hour.geojson");
    expect(usgsFeed(NOW - 20 * HOUR, NOW, { state: "WA" })).toBe("2.5_day.geojson");
    expect(usgsFeed(NOW - 100 * 24 * HOUR, NOW, { point: { lat: 1, lon: 2 } })).toBe("2.5_month.geojson");
    expect(quakeSeverity(7.2, null)).toBe("extreme");
    expect(quakeSeverity(4.1, "orange")).toBe("severe");
    expect(quakeSeverity(null, null)).toBe("unknown");
  });

  it("writes OpenFEMA OData filters with literal $ options and quoted values", () => {
    expect(openFemaQuery(Date.parse("2026-01-01T00:00:00Z"), { state: "WA" })).toBe(
      "$filter=declarationDate%20ge%20'2026-01-01T00%3A00%3A00.000Z'%20and%20state%20eq%20'WA'&$orderby=declarationDate%20desc&$top=1000&$select=femaDeclarationString%2CdisasterNumber%2Cstate%2CdeclarationType%2CdeclarationDate%2CincidentType%2CdeclarationTitle%2CincidentBeginDate%2CincidentEndDate%2CdesignatedArea%2CihProgramDeclared%2CiaProgramDeclared%2CpaProgramDeclared%2ChmProgramDeclared",
    );
    expect(decodeURIComponent(openFemaQuery(0, { state: "O'X" }).split("&")[0]!)).toContain("state eq 'O''X'");
  });
});

describe("regions and text", () => {
  it("normalises states given by name or code, and reads them in place names", () => {
    expect(usStateCode(" wa ")).toBe("WA");
    expect(usStateCode("Washington")).toBe("WA");
    expect(usStateCode("State of New York")).toBe("NY");
    expect(usStateCode("Atlantis")).toBeNull();
    expect(stateOfPlace("10 km SW of Ridgecrest, CA")).toBe("CA");
    expect(stateOfPlace("4 km N of Beckley, West Virginia")).toBe("WV");
    expect(stateOfPlace("12 km E of Richmond, Virginia")).toBe("VA");
    expect(stateOfPlace("95 km E of Miyako, Japan")).toBeNull();
  });

  it("derives the region from a profile, US only", () => {
    expect(intelRegion({ state: "Washington", city: "Millbrook", country: "United States" })).toEqual({ state: "WA", area: "Millbrook" });
    expect(intelRegion({ state: "WA" })).toEqual({ state: "WA" });
    expect(intelRegion({ state: "Ontario", country: "Canada", city: "Ottawa" })).toEqual({ area: "Ottawa" });
  });

  it("flattens provider text", () => {
    expect(plain("<p>Hello&nbsp;&amp; <b>world</b></p>\n\n* WHAT")).toBe("Hello & world * WHAT");
    expect(plain("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
    expect(toIso("2026-03-02T08:00:00-08:00")).toBe("2026-03-02T16:00:00.000Z");
    expect(toIso("yesterday")).toBeNull();
    expect(titleCase("SEVERE STORMS AND STRAIGHT-LINE WINDS")).toBe("Severe Storms and Straight-Line Winds");
  });
});
