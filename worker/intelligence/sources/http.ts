import { readAtMost } from "../../lib/body-limit";
import { nowMs } from "../../lib/clock";
import { SourceError } from "./types";

/**
 * The one way adapters call a provider: a total time budget (first attempt, retries and waits
 * together, so a slow source cannot hold a chat answer longer than INTEL_TIMEOUT_MS), retries with
 * exponential backoff on 429/5xx and network failures honouring Retry-After, a cap on the bytes
 * read, and JSON parsing. Every expected failure becomes a SourceError with a sentence of ours.
 */

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** Injected by tests: the network peer stays real (a fake server), only waiting is skipped. */
export type HttpDeps = { fetch?: typeof fetch; sleep?: Sleep };

export type RequestPolicy = {
  /** The source's short name, for messages ("NWS did not answer within 6 s."). */
  label: string;
  timeoutMs: number;
  /** Attempts after the first one. */
  retries: number;
  maxBytes: number;
  signal?: AbortSignal;
  /** App clock (ms), to read a Retry-After given as an HTTP date. */
  now?: number;
  deps?: HttpDeps;
};

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 4000;

const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });

/** Delay before attempt `attempt + 1`: Retry-After when the provider gave one, else 250 ms doubling up to 4 s. */
export function retryDelayMs(attempt: number, retryAfter: string | null, now: number): number {
  const backoff = Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_MAX_MS);
  if (!retryAfter) return backoff;
  const value = retryAfter.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? backoff : Math.max(0, at - now);
}

const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

export async function fetchJson(url: string, init: RequestInit, policy: RequestPolicy): Promise<unknown> {
  const text = await fetchText(url, init, policy);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    console.warn(`[intel ${policy.label}] not JSON: ${text.slice(0, 200)}`);
    throw new SourceError("malformed", `${policy.label} answered something other than JSON.`);
  }
}

/** The body of a 2xx answer as text, within the policy's budget, retries and size cap. */
async function fetchText(url: string, init: RequestInit, policy: RequestPolicy): Promise<string> {
  const doFetch = policy.deps?.fetch ?? fetch;
  const sleep = policy.deps?.sleep ?? defaultSleep;
  const { label } = policy;
  const controller = new AbortController();
  const deadline = performance.now() + policy.timeoutMs;
  const timer = setTimeout(
    () => controller.abort(new SourceError("timeout", `${label} did not answer within ${seconds(policy.timeoutMs)}.`)),
    policy.timeoutMs,
  );
  // The aggregator aborts with its own SourceError (its deadline); anything else is a cancellation.
  const onCallerAbort = () =>
    controller.abort(
      policy.signal?.reason instanceof SourceError ? policy.signal.reason : new SourceError("timeout", `The search was cancelled before ${label} answered.`),
    );
  if (policy.signal?.aborted) onCallerAbort();
  policy.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const aborted = (err: unknown) => (controller.signal.aborted && controller.signal.reason instanceof SourceError ? controller.signal.reason : err);

  try {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, { ...init, signal: controller.signal });
      } catch (err) {
        if (controller.signal.aborted) throw aborted(err);
        console.warn(`[intel ${label}] attempt ${attempt + 1} failed`, err);
        if (attempt >= policy.retries) throw new SourceError("network", `${label} could not be reached.`);
        await wait(attempt, null);
        continue;
      }
      if (res.ok) return await readCapped(res, policy.maxBytes, label).catch((err) => Promise.reject(aborted(err)));
      await res.body?.cancel().catch(() => undefined);
      if (res.status === 401 || res.status === 403) throw new SourceError("auth", `${label} refused our request (${res.status}); check its configuration.`);
      if (!RETRYABLE.has(res.status)) throw new SourceError("http", `${label} answered ${res.status}.`);
      const limited = res.status === 429;
      const failure = () =>
        limited
          ? new SourceError("rate-limited", `${label} is limiting our requests (429 after ${attempt + 1} attempt${attempt ? "s" : ""}).`)
          : new SourceError("http", `${label} answered ${res.status} after ${attempt + 1} attempt${attempt ? "s" : ""}.`);
      if (attempt >= policy.retries) throw failure();
      const delay = retryDelayMs(attempt, res.headers.get("retry-after"), policy.now ?? nowMs());
      // Waiting past the budget would only end in a timeout: say what the provider asked instead.
      if (performance.now() + delay >= deadline) {
        throw limited ? new SourceError("rate-limited", `${label} is limiting our requests (asked to wait ${seconds(delay)}).`) : failure();
      }
      await wait(attempt, delay);
    }
  } finally {
    clearTimeout(timer);
    policy.signal?.removeEventListener("abort", onCallerAbort);
  }

  async function wait(attempt: number, delay: number | null) {
    try {
      await sleep(delay ?? retryDelayMs(attempt, null, 0), controller.signal);
    } catch (err) {
      throw aborted(err);
    }
  }
}

/** Reads at most maxBytes: a provider answering megabytes it should not cannot fill the isolate's memory. */
async function readCapped(res: Response, maxBytes: number, label: string): Promise<string> {
  const tooLarge = () => new SourceError("too-large", `${label} answered more than ${Math.round(maxBytes / 1024)} KiB.`);
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return "";
  const bytes = await readAtMost(res.body, maxBytes);
  if (!bytes) throw tooLarge();
  return new TextDecoder().decode(bytes);
}
