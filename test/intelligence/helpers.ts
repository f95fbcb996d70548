import { env } from "cloudflare:test";
import type { AdapterSettings } from "../../worker/intelligence/sources/common";
import type { Sleep } from "../../worker/intelligence/sources/http";

/** Every intelligence test runs at this instant (the fixtures' "now"), whatever the machine's date or zone. */
export const NOW = Date.parse("2026-03-02T12:00:00Z");

/** A key unique to one test, so its scenario counters and request log are its own. */
export const uniqueKey = () => crypto.randomUUID().replace(/-/g, "").slice(0, 12);

/** The fake provider's base URL, under a scenario (test/fakes/intel/scenario.ts) when given. */
export function fakeBase(prefix: string, scenario?: string): string {
  return `${env.FAKE_ORIGIN}/${prefix}${scenario ? `/~${scenario}` : ""}`;
}

/** Records the waits the HTTP policy asks for instead of waiting: tests never depend on the clock's speed. */
export function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

export function settings(prefix: string, scenario?: string, overrides: Partial<AdapterSettings> = {}): AdapterSettings {
  return {
    baseUrl: fakeBase(prefix, scenario),
    userAgent: "Readyroom-tests/1.0 (tests@readyroom.local)",
    timeoutMs: 5000,
    retries: 2,
    deps: { sleep: recordingSleep().sleep },
    ...overrides,
  };
}

export type LoggedRequest = { method: string; url: string; headers: Record<string, string>; body: string };

/** What the fakes received under a scenario key. */
export async function requestsOf(key: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${env.FAKE_ORIGIN}/__fake/intel/requests?key=${key}`);
  return (await res.json()) as LoggedRequest[];
}

/** Config values pointing every source at the fakes (optionally under a scenario per source). */
export function fakeSourceVars(scenarios: Partial<Record<"asknews" | "gdelt" | "nws" | "usgs" | "openfema", string>> = {}) {
  return {
    APP_ENV: "test",
    ASKNEWS_API_BASE: fakeBase("asknews", scenarios.asknews),
    ASKNEWS_TOKEN_URL: `${fakeBase("asknews", scenarios.asknews)}/oauth2/token`,
    GDELT_API_BASE: fakeBase("gdelt", scenarios.gdelt),
    NWS_API_BASE: fakeBase("nws", scenarios.nws),
    USGS_API_BASE: fakeBase("usgs", scenarios.usgs),
    OPENFEMA_API_BASE: fakeBase("openfema", scenarios.openfema),
  };
}
