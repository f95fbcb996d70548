import type { AppContext } from "../../context";
import { nowMs } from "../../lib/clock";
import { type AggregateOptions, type IntelSearch, searchSources } from "./aggregate";
import type { HttpDeps } from "./http";
import { recordOutcomes } from "./last-outcome";
import { createSources } from "./registry";
import { adapterSettings, planSources } from "./config";
import { fetchNwsAlert, type NwsAlert } from "./nws";
import { SourceError } from "./types";

/**
 * The intelligence sources, as the chat, briefs and alerts use them: one call asks every
 * configured source in parallel and answers merged items plus one outcome per source.
 */
export { outcomeNotice, type IntelSearch } from "./aggregate";
export { intelRegion } from "./region";
export type { IntelItem, IntelKind, IntelRegion } from "./types";
export { SourceError } from "./types";
export type { NwsAlert } from "./nws";

export type IntelSearchOptions = Omit<AggregateOptions, "timeoutMs" | "limit"> & { limit?: number };

/** Items each source returns when the caller does not say. */
const DEFAULT_LIMIT = 10;

export async function searchIntelligence(
  ctx: Pick<AppContext, "env" | "config">,
  query: string,
  options: IntelSearchOptions = {},
  deps: { http?: HttpDeps; background?: { waitUntil(promise: Promise<unknown>): void } } = {},
): Promise<IntelSearch> {
  const { sources, unavailable } = createSources(ctx.config, deps.http);
  const result = await searchSources(
    sources,
    query,
    { ...options, limit: options.limit ?? DEFAULT_LIMIT, timeoutMs: ctx.config.INTEL_TIMEOUT_MS },
    unavailable,
  );
  // For /status, at the app's time (options.now pins the search window, not this record). With a
  // background (a request's ctx) the answer does not wait for the write.
  const recording = recordOutcomes(ctx.env.DB, result.outcomes, nowMs());
  if (deps.background) deps.background.waitUntil(recording);
  else await recording;
  return result;
}

/**
 * The whole alert behind a cited NWS item (item id "nws:<alert id>"), asked of NWS again: a
 * citation keeps only its headline, office and time. Rejects with a SourceError (another source's
 * item, NWS turned off or not answering, an alert it no longer has).
 */
export function fetchCitedNwsAlert(ctx: Pick<AppContext, "config">, itemId: string, options: { now?: number; signal?: AbortSignal } = {}): Promise<NwsAlert> {
  if (!itemId.startsWith("nws:")) return Promise.reject(new SourceError("skipped", "Only National Weather Service alerts are read in full."));
  // A deploy that turned NWS off is not asked behind its back.
  if (!planSources(ctx.config).some((p) => p.id === "nws" && p.on)) return Promise.reject(new SourceError("skipped", "NWS is turned off on this server."));
  return fetchNwsAlert(adapterSettings(ctx.config, "nws"), itemId.slice("nws:".length), options);
}
