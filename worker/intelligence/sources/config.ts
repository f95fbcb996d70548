import type { Config } from "../../env";
import type { AskNewsCredentials } from "./asknews";
import type { AdapterSettings } from "./common";
import type { HttpDeps } from "./http";
import { INTEL_SOURCE_IDS, type SourceId } from "./ids";

/**
 * Which sources are on, and how each is reached, from configuration alone (like the embedder:
 * a deploy's sources never change shape silently). Unset INTEL_SOURCES turns on every source that
 * needs no key, plus AskNews when its credentials are there; a list turns on exactly what it names.
 */
export type SourcesConfig = Pick<
  Config,
  | "APP_URL"
  | "INTEL_SOURCES"
  | "INTEL_TIMEOUT_MS"
  | "INTEL_RETRIES"
  | "INTEL_USER_AGENT"
  | "ASKNEWS_API_KEY"
  | "ASKNEWS_CLIENT_ID"
  | "ASKNEWS_CLIENT_SECRET"
  | "ASKNEWS_API_BASE"
  | "ASKNEWS_TOKEN_URL"
  | "GDELT_API_BASE"
  | "NWS_API_BASE"
  | "USGS_API_BASE"
  | "OPENFEMA_API_BASE"
>;

/** The sources that need no key: official feeds and GDELT. */
const KEYLESS_SOURCES: readonly SourceId[] = ["nws", "usgs", "openfema", "gdelt"];

const ASKNEWS_MISSING = "AskNews needs ASKNEWS_API_KEY, or ASKNEWS_CLIENT_ID and ASKNEWS_CLIENT_SECRET.";
const TURNED_OFF = "Turned off by INTEL_SOURCES.";

export type SourcePlan = { id: SourceId; on: true } | { id: SourceId; on: false; reason: string };

export function askNewsCredentials(config: SourcesConfig): AskNewsCredentials | null {
  if (config.ASKNEWS_API_KEY) return { apiKey: config.ASKNEWS_API_KEY };
  if (config.ASKNEWS_CLIENT_ID && config.ASKNEWS_CLIENT_SECRET) {
    return { clientId: config.ASKNEWS_CLIENT_ID, clientSecret: config.ASKNEWS_CLIENT_SECRET, tokenUrl: config.ASKNEWS_TOKEN_URL };
  }
  return null;
}

/** Every known source, in priority order, on or off with the reason. */
export function planSources(config: SourcesConfig): SourcePlan[] {
  const hasAskNews = askNewsCredentials(config) !== null;
  const wanted = config.INTEL_SOURCES ?? [...KEYLESS_SOURCES, ...(hasAskNews ? (["asknews"] as const) : [])];
  return INTEL_SOURCE_IDS.map((id): SourcePlan => {
    if (id === "asknews" && !hasAskNews) return { id, on: false, reason: ASKNEWS_MISSING };
    return wanted.includes(id) ? { id, on: true } : { id, on: false, reason: TURNED_OFF };
  });
}

const userAgentOf = (config: Pick<SourcesConfig, "INTEL_USER_AGENT" | "APP_URL">) => config.INTEL_USER_AGENT ?? `Readyroom/1.0 (+${config.APP_URL})`;

/** What the adapter of `id` is built with. */
export function adapterSettings(config: SourcesConfig, id: SourceId, deps?: HttpDeps): AdapterSettings {
  const bases: Record<SourceId, string> = {
    asknews: config.ASKNEWS_API_BASE,
    gdelt: config.GDELT_API_BASE,
    nws: config.NWS_API_BASE,
    usgs: config.USGS_API_BASE,
    openfema: config.OPENFEMA_API_BASE,
  };
  return { baseUrl: bases[id], userAgent: userAgentOf(config), timeoutMs: config.INTEL_TIMEOUT_MS, retries: config.INTEL_RETRIES, ...(deps ? { deps } : {}) };
}
