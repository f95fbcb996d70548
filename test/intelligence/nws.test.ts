import { describe, expect, it } from "vitest";
import { nwsSource } from "../../worker/intelligence/sources/nws";
import { SourceError } from "../../worker/intelligence/sources/types";
import { NOW, requestsOf, settings, uniqueKey } from "./helpers";

describe("NWS active alerts adapter", () => {
  it("asks for the state's actual alerts with a User-Agent and normalises the current ones, most severe first", async () => {
    const key = uniqueKey();
    const items = await nwsSource(settings("nws", `ok.${key}`)).search("anything", { region: { state: "WA" }, limit: 10, now: NOW });
    // Expired (Frost Advisory), test messages, cancellations and other states are left out.
    expect(items.map((i) => i.title)).toEqual([
      "Flood Warning issued March 2 at 8:00AM PST until March 3 at 8:00PM PST by NWS Seattle WA",
      "Wind Advisory issued March 2 at 5:00AM PST by NWS Seattle WA",
    ]);
    expect(items[0]).toEqual({
      id: "nws:urn:oid:2.49.0.1.840.0.fake1",
      source: "nws",
      sourceName: "National Weather Service",
      kind: "hazard-alert",
      title: "Flood Warning issued March 2 at 8:00AM PST until March 3 at 8:00PM PST by NWS Seattle WA",
      publisher: "NWS Seattle WA",
      url: "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.fake1",
      publishedAt: "2026-03-02T16:00:00.000Z",
      summary:
        "* WHAT...Flooding caused by excessive rainfall. * WHERE...The Brackwater River at Millbrook. Turn around, don't drown when encountering flooded roads.",
      severity: "severe",
      area: "Brackwater; King",
    });
    const [request] = await requestsOf(key);
    const url = new URL(request!.url, "http://x");
    expect(url.pathname).toBe("/alerts/active");
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: "actual", area: "WA" });
    expect(request!.headers["user-agent"]).toBe("Readyroom-tests/1.0 (tests@readyroom.local)");
    expect(request!.headers.accept).toBe("application/geo+json");
  });

  it("narrows to alerts naming the profile's area when there are some, and keeps the state's otherwise", async () => {
    const source = nwsSource(settings("nws"));
    const local = await source.search("", { region: { state: "WA", area: "Brackwater County" }, limit: 10, now: NOW });
    expect(local.map((i) => i.id)).toEqual(["nws:urn:oid:2.49.0.1.840.0.fake1"]);
    const elsewhere = await source.search("", { region: { state: "WA", area: "Spokane" }, limit: 10, now: NOW });
    expect(elsewhere).toHaveLength(2);
  });

  it("asks by point when the region has one, honours since and limit", async () => {
    const key = uniqueKey();
    const source = nwsSource(settings("nws", `ok.${key}`));
    const items = await source.search("", { region: { point: { lat: 45.4, lon: -121.7 } }, limit: 5, now: NOW });
    expect(items.map((i) => i.title)).toEqual(["Winter Storm Warning issued March 2 at 3:00AM PST by NWS Portland OR"]);
    expect(new URL((await requestsOf(key))[0]!.url, "http://x").searchParams.get("point")).toBe("45.4000,-121.7000");
    const since = await source.search("", { region: { state: "WA" }, since: "2026-03-02T14:00:00Z", limit: 5, now: NOW });
    expect(since.map((i) => i.severity)).toEqual(["severe"]);
    expect(await source.search("", { region: { state: "WA" }, limit: 1, now: NOW })).toHaveLength(1);
  });

  it("is skipped without a US state, without calling NWS", async () => {
    const key = uniqueKey();
    const error = await nwsSource(settings("nws", `ok.${key}`))
      .search("flood", { limit: 5, now: NOW })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ kind: "skipped", message: "NWS alerts need a US state in the profile." });
    expect(await requestsOf(key)).toEqual([]);
  });

  it("reports malformed JSON and an unexpected shape as errors of the source", async () => {
    const region = { state: "WA" };
    await expect(nwsSource(settings("nws", "malformed")).search("", { region, limit: 5, now: NOW })).rejects.toMatchObject({
      kind: "malformed",
      message: "NWS answered something other than JSON.",
    });
    await expect(nwsSource(settings("nws", "wrong-shape")).search("", { region, limit: 5, now: NOW })).rejects.toMatchObject({
      kind: "malformed",
      message: "NWS answered alerts in an unexpected shape.",
    });
  });

  it("reports a refusal as a configuration problem (NWS answers 403 without a User-Agent)", async () => {
    await expect(nwsSource(settings("nws", undefined, { userAgent: "" })).search("", { region: { state: "WA" }, limit: 5, now: NOW })).rejects.toMatchObject({
      kind: "auth",
      message: "NWS refused our request (403); check its configuration.",
    });
  });
});
