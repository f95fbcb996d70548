import type { IntelKind } from "../../../shared/intelligence/citation";
import type { SourceId } from "./ids";

export type { IntelKind } from "../../../shared/intelligence/citation";
/** CAP's severity scale (NWS uses it as is; USGS and others are mapped onto it). */
export type Severity = "extreme" | "severe" | "moderate" | "minor" | "unknown";

/** One normalised item, whatever source it came from. */
export type IntelItem = {
  /** `<source>:<the provider's own id>` — stable across fetches, so a citation can be resolved later. */
  id: string;
  source: SourceId;
  /** The source's display name ("National Weather Service"), for "according to …". */
  sourceName: string;
  kind: IntelKind;
  title: string;
  /** Who published the item: the outlet for news, the issuing office or agency for official feeds. */
  publisher: string;
  url: string;
  /** ISO-8601 UTC. */
  publishedAt: string;
  /** Plain text, at most SUMMARY_MAX characters; empty when the source gives none (GDELT). */
  summary: string;
  severity?: Severity;
  /** The place the item is about, as the source words it ("King; Pierce", "10 km SW of Ridgecrest, CA"). */
  area?: string;
};

/**
 * Where the user plans for. Official feeds are filtered by it; news searches are not (put place
 * names into the query instead: a state filter on news would drop national coverage of local events).
 */
export type IntelRegion = {
  /** Two-letter USPS code (WA, PR…); see region.ts to derive it from a profile. */
  state?: string;
  /** A county or city name; NWS alerts are narrowed to those whose area mentions it. */
  area?: string;
  /** A point, for distance filtering of earthquakes. */
  point?: { lat: number; lon: number };
};

export type SearchOptions = {
  /** Only items published at or after this instant (ISO-8601). Unset: each source's recent window. */
  since?: string;
  region?: IntelRegion;
  /** Most items one source returns. */
  limit: number;
  /** The caller's cancellation (a client hanging up); each source adds its own timeout to it. */
  signal?: AbortSignal;
  /** The app clock in ms (worker/lib/clock.ts); tests pin it. */
  now?: number;
};

/**
 * One source behind one protocol. `search` resolves with normalised items or rejects with a
 * SourceError (never anything else for an expected failure: the aggregator turns it into an outcome).
 */
export interface IntelSource {
  id: SourceId;
  name: string;
  search(query: string, options: SearchOptions): Promise<IntelItem[]>;
}

/** What happened with one source in one search, for "NWS did not answer" and for /status. */
export type SourceOutcome =
  | { source: SourceId; name: string; status: "ok"; count: number }
  | { source: SourceId; name: string; status: "error" | "not-configured" | "skipped"; message: string };

export const SUMMARY_MAX = 600;

export type SourceErrorKind = "timeout" | "http" | "rate-limited" | "network" | "malformed" | "too-large" | "auth" | "skipped";

/**
 * An expected failure of one source. The message is ours, one sentence naming the source, safe to
 * show a user (never a provider's error text or a key); details go to the logs.
 */
export class SourceError extends Error {
  constructor(
    readonly kind: SourceErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "SourceError";
  }
}
