import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { configSchema } from "../../worker/env";
import { clearAskNewsTokens } from "../../worker/intelligence/sources/asknews";
import { searchIntelligence, outcomeNotice } from "../../worker/intelligence/sources";
import { forgetRecordedOutcomes } from "../../worker/intelligence/sources/last-outcome";
import { getStatus } from "../../worker/status/service";
import { ASKNEWS_TEST_KEY } from "../fakes/intel/asknews";
import { fakeSourceVars, NOW, recordingSleep } from "./helpers";

type Vars = Record<string, string>;
const ctxWith = (vars: Vars) => ({ ...appContext(env), config: configSchema.parse({ ...fakeSourceVars(), ...vars }) });
const noWait = { http: { sleep: recordingSleep().sleep } };
const WA = { region: { state: "WA" }, now: NOW };

describe("searchIntelligence: every configured source at once", () => {
  beforeEach(() => {
    clearAskNewsTokens();
    forgetRecordedOutcomes();
  });

  it("merges all sources newest first, one copy per story, with an ok outcome per source", async () => {
    const result = await searchIntelligence(ctxWith({ ASKNEWS_API_KEY: ASKNEWS_TEST_KEY }), "flood", WA, noWait);
    expect(result.anyAnswered).toBe(true);
    expect(result.outcomes).toEqual([
      { source: "nws", name: "National Weather Service", status: "ok", count: 2 },
      { source: "usgs", name: "U.S. Geological Survey", status: "ok", count: 2 },
      { source: "openfema", name: "FEMA (OpenFEMA)", status: "ok", count: 2 },
      { source: "asknews", name: "AskNews", status: "ok", count: 3 },
      { source: "gdelt", name: "GDELT", status: "ok", count: 3 },
    ]);
    // 12 answered; GDELT's copy of the levee story (same URL with tracking) and its syndicated copy
    // of the shelters story (same headline) are dropped in favour of AskNews's.
    expect(result.items).toHaveLength(10);
    expect(result.items.filter((i) => i.source === "gdelt").map((i) => i.publisher)).toEqual(["brackwaterherald.example"]);
    const dates = result.items.map((i) => i.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(result.items[0]).toMatchObject({ source: "nws", publishedAt: "2026-03-02T16:00:00.000Z" });
    expect(new Set(result.items.map((i) => i.id)).size).toBe(10);
    expect(outcomeNotice(result.outcomes)).toBeNull();
  });

  it("still answers from the others when one source is down, and says which one", async () => {
    const result = await searchIntelligence(ctxWith(fakeSourceVars({ nws: "500" })), "flood", WA, noWait);
    expect(result.anyAnswered).toBe(true);
    expect(result.outcomes.find((o) => o.source === "nws")).toEqual({
      source: "nws",
      name: "National Weather Service",
      status: "error",
      message: "NWS answered 500 after 3 attempts.",
    });
    expect(result.items.some((i) => i.source === "nws")).toBe(false);
    expect(result.items.some((i) => i.source === "usgs")).toBe(true);
    expect(outcomeNotice(result.outcomes)).toBe("Not included: NWS answered 500 after 3 attempts.");
  });

  it("bounds a slow source by INTEL_TIMEOUT_MS and reports it", async () => {
    const result = await searchIntelligence(ctxWith({ ...fakeSourceVars({ usgs: "slow" }), INTEL_TIMEOUT_MS: "600" }), "flood", WA, noWait);
    expect(result.outcomes.find((o) => o.source === "usgs")).toMatchObject({ status: "error", message: expect.stringMatching(/did not answer within 1 s\.$/) });
    expect(result.outcomes.filter((o) => o.status === "ok").map((o) => o.source)).toEqual(["nws", "openfema", "gdelt"]);
  });

  it("says when no source answered", async () => {
    const down = fakeSourceVars({ nws: "500", usgs: "malformed", openfema: "wrong-shape", gdelt: "429" });
    const result = await searchIntelligence(ctxWith({ ...down, INTEL_RETRIES: "0" }), "flood", WA, noWait);
    expect(result.anyAnswered).toBe(false);
    expect(result.items).toEqual([]);
    expect(outcomeNotice(result.outcomes)).toBe(
      "No intelligence source answered: NWS answered 500 after 1 attempt. USGS answered something other than JSON. OpenFEMA answered declarations in an unexpected shape. GDELT is limiting our requests (429 after 1 attempt).",
    );
  });

  it("reports skipped sources (no state for NWS) without counting them as failures of the feed", async () => {
    const result = await searchIntelligence(ctxWith({ INTEL_SOURCES: "nws,usgs" }), "flood", { now: NOW }, noWait);
    expect(result.outcomes.map((o) => [o.source, o.status])).toEqual([
      ["nws", "skipped"],
      ["usgs", "ok"],
      ["openfema", "not-configured"],
      ["asknews", "not-configured"],
      ["gdelt", "not-configured"],
    ]);
    expect(outcomeNotice(result.outcomes)).toBe("Not included: NWS alerts need a US state in the profile.");
  });

  it("answers nothing, calling nobody, when no source is configured", async () => {
    const result = await searchIntelligence(ctxWith({ INTEL_SOURCES: "none" }), "flood", WA, noWait);
    expect(result).toEqual({
      items: [],
      anyAnswered: false,
      outcomes: [
        { source: "nws", name: "National Weather Service", status: "not-configured", message: "Turned off by INTEL_SOURCES." },
        { source: "usgs", name: "U.S. Geological Survey", status: "not-configured", message: "Turned off by INTEL_SOURCES." },
        { source: "openfema", name: "FEMA (OpenFEMA)", status: "not-configured", message: "Turned off by INTEL_SOURCES." },
        {
          source: "asknews",
          name: "AskNews",
          status: "not-configured",
          message: "AskNews needs ASKNEWS_API_KEY, or ASKNEWS_CLIENT_ID and ASKNEWS_CLIENT_SECRET.",
        },
        { source: "gdelt", name: "GDELT", status: "not-configured", message: "Turned off by INTEL_SOURCES." },
      ],
    });
    expect(outcomeNotice(result.outcomes)).toBe("No intelligence source is configured.");
  });

  it("caps the merged list with maxItems", async () => {
    const result = await searchIntelligence(ctxWith({}), "flood", { ...WA, limit: 1, maxItems: 3 }, noWait);
    expect(result.items).toHaveLength(3);
    expect(result.outcomes.filter((o) => o.status === "ok").every((o) => o.status === "ok" && o.count <= 1)).toBe(true);
  });
});

describe("intelligence sources on /status", () => {
  beforeEach(() => forgetRecordedOutcomes());

  it("shows each source's last outcome, keeps a third party's failure out of the app's status, and never shows keys", async () => {
    const ctx = ctxWith({ ...fakeSourceVars({ gdelt: "500" }), INTEL_SOURCES: "nws,gdelt", ASKNEWS_API_KEY: "secret-asknews-key" });
    await searchIntelligence(ctx, "flood", WA, noWait);
    const report = await getStatus(ctx);
    const intel = report.checks.filter((c) => c.key.startsWith("intel_"));
    expect(intel.map((c) => [c.key, c.status])).toEqual([
      ["intel_nws", "ok"],
      ["intel_usgs", "not_configured"],
      ["intel_openfema", "not_configured"],
      ["intel_asknews", "not_configured"],
      ["intel_gdelt", "degraded"],
    ]);
    expect(intel[0]!.detail).toMatch(/^Answered the last search, at \d{4}-\d\d-\d\dT/);
    expect(intel[4]!.detail).toMatch(/got no answer: GDELT answered 500 after 3 attempts\.$/);
    expect(intel[1]!.detail).toBe("Turned off by INTEL_SOURCES.");
    expect(intel.every((c) => c.latencyMs === null)).toBe(true);
    expect(report.status).toBe("ok");
    expect(JSON.stringify(report)).not.toContain("secret-asknews-key");
  });
});
