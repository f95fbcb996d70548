import { describe, expect, it } from "vitest";
import { configSchema, parseConfig } from "../../worker/env";
import { adapterSettings, planSources } from "../../worker/intelligence/sources/config";
import { createSources } from "../../worker/intelligence/sources/registry";

const config = (vars: Record<string, string> = {}) => configSchema.parse({ APP_ENV: "test", ...vars });
const on = (vars: Record<string, string> = {}) =>
  planSources(config(vars))
    .filter((p) => p.on)
    .map((p) => p.id);

describe("intelligence source configuration", () => {
  it("turns on the keyless feeds by default, and AskNews only with its credentials", () => {
    expect(on()).toEqual(["nws", "usgs", "openfema", "gdelt"]);
    expect(on({ ASKNEWS_API_KEY: "k" })).toEqual(["nws", "usgs", "openfema", "asknews", "gdelt"]);
    expect(on({ ASKNEWS_CLIENT_ID: "id" })).toEqual(["nws", "usgs", "openfema", "gdelt"]);
    expect(on({ ASKNEWS_CLIENT_ID: "id", ASKNEWS_CLIENT_SECRET: "s" })).toContain("asknews");
  });

  it("turns on exactly what INTEL_SOURCES lists (any case, spaces, repeats), or nothing for none", () => {
    expect(on({ INTEL_SOURCES: " NWS , gdelt,nws" })).toEqual(["nws", "gdelt"]);
    expect(on({ INTEL_SOURCES: "none" })).toEqual([]);
    expect(on({ INTEL_SOURCES: "" })).toEqual(["nws", "usgs", "openfema", "gdelt"]);
    const plan = planSources(config({ INTEL_SOURCES: "asknews,usgs" }));
    expect(plan.find((p) => p.id === "asknews")).toEqual({
      id: "asknews",
      on: false,
      reason: "AskNews needs ASKNEWS_API_KEY, or ASKNEWS_CLIENT_ID and ASKNEWS_CLIENT_SECRET.",
    });
    expect(plan.find((p) => p.id === "nws")).toEqual({ id: "nws", on: false, reason: "Turned off by INTEL_SOURCES." });
  });

  it("fails the configuration on an unknown source name, naming the variable", () => {
    expect(() => parseConfig({ APP_ENV: "test", INTEL_SOURCES: "nws,nsw" })).toThrow(
      "Invalid configuration: INTEL_SOURCES: unknown source nsw: use a comma list of nws, usgs, openfema, asknews, gdelt, or none",
    );
    expect(() => parseConfig({ APP_ENV: "test", INTEL_TIMEOUT_MS: "10" })).toThrow(/INTEL_TIMEOUT_MS/);
    expect(() => parseConfig({ APP_ENV: "test", NWS_API_BASE: "not a url" })).toThrow(/NWS_API_BASE/);
  });

  it("reaches the public endpoints by default, identifies itself, and takes overrides", () => {
    const defaults = config({ APP_URL: "https://readyroom.example" });
    expect(adapterSettings(defaults, "nws")).toEqual({
      baseUrl: "https://api.weather.gov",
      userAgent: "Readyroom/1.0 (+https://readyroom.example)",
      timeoutMs: 6000,
      retries: 2,
    });
    expect(adapterSettings(defaults, "usgs").baseUrl).toBe("https://earthquake.usgs.gov");
    expect(adapterSettings(defaults, "openfema").baseUrl).toBe("https://www.fema.gov");
    expect(adapterSettings(defaults, "gdelt").baseUrl).toBe("https://api.gdeltproject.org");
    expect(adapterSettings(defaults, "asknews").baseUrl).toBe("https://api.asknews.app");
    const custom = config({
      INTEL_USER_AGENT: "Readyroom (ops@county.example)",
      INTEL_TIMEOUT_MS: "3000",
      INTEL_RETRIES: "0",
      GDELT_API_BASE: "http://127.0.0.1:9/gdelt",
    });
    expect(adapterSettings(custom, "gdelt")).toEqual({
      baseUrl: "http://127.0.0.1:9/gdelt",
      userAgent: "Readyroom (ops@county.example)",
      timeoutMs: 3000,
      retries: 0,
    });
  });

  it("builds one adapter per source that is on, and a not-configured outcome for each that is off", () => {
    const { sources, unavailable } = createSources(config({ INTEL_SOURCES: "usgs,asknews", ASKNEWS_API_KEY: "k" }));
    expect(sources.map((s) => s.id)).toEqual(["usgs", "asknews"]);
    expect(unavailable.map((o) => o.source)).toEqual(["nws", "openfema", "gdelt"]);
  });
});
