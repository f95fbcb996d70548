import { nowMs } from "../../lib/clock";
import type { HttpDeps, RequestPolicy } from "./http";
import type { SearchOptions } from "./types";

/** What every adapter is built from (worker/intelligence/sources/config.ts reads it from configuration). */
export type AdapterSettings = {
  /** Origin (and path prefix) of the provider's API; tests point it at test/fakes. */
  baseUrl: string;
  /** NWS refuses requests without one; every provider gets the same identifying string. */
  userAgent: string;
  timeoutMs: number;
  retries: number;
  /** Largest answer read, bytes (each adapter has a default sized to its feed). */
  maxBytes?: number;
  deps?: HttpDeps;
};

export const DAY_MS = 86_400_000;

export function policyFor(label: string, settings: AdapterSettings, options: SearchOptions, defaultMaxBytes: number): RequestPolicy {
  return {
    label,
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    maxBytes: settings.maxBytes ?? defaultMaxBytes,
    signal: options.signal,
    now: options.now,
    deps: settings.deps,
  };
}

/** The window's start in ms: `since` when given (and valid), else `defaultWindowMs` before now. */
export function sinceMs(options: SearchOptions, defaultWindowMs: number): number {
  const given = options.since ? Date.parse(options.since) : NaN;
  return Number.isFinite(given) ? given : (options.now ?? nowMs()) - defaultWindowMs;
}

export const nowOf = (options: SearchOptions) => options.now ?? nowMs();

export const joinUrl = (base: string, path: string) => `${base.replace(/(?<!\/)\/+$/, "")}${path}`;
