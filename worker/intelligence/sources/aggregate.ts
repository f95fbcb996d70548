import { INTEL_SOURCE_IDS } from "./ids";
import { mergeItems } from "./merge";
import { type IntelItem, type IntelSource, type SearchOptions, SourceError, type SourceOutcome } from "./types";

export type IntelSearch = {
  /** Merged, de-duplicated, newest first. */
  items: IntelItem[];
  /** One per known source, in priority order: ok, error, skipped or not-configured. */
  outcomes: SourceOutcome[];
  /** False when no source answered: the caller says so and answers from the user's documents only. */
  anyAnswered: boolean;
};

export type AggregateOptions = SearchOptions & {
  /** Each source's budget; a source past it is reported as not answering, the others still count. */
  timeoutMs: number;
  /** Cap on the merged list (each source already returns at most `limit`). */
  maxItems?: number;
};

/**
 * Asks every source at once and waits for all of them, each bounded by its own deadline, so one
 * slow or broken source costs its own items and nothing else. Never rejects for a source's failure.
 */
export async function searchSources(sources: IntelSource[], query: string, options: AggregateOptions, unavailable: SourceOutcome[] = []): Promise<IntelSearch> {
  const { timeoutMs, maxItems, ...searchOptions } = options;
  const answers = await Promise.all(sources.map((source) => askOne(source, query, searchOptions, timeoutMs)));
  const merged = mergeItems(answers.map((a) => a.items));
  const order = (o: SourceOutcome) => INTEL_SOURCE_IDS.indexOf(o.source);
  const outcomes = [...answers.map((a) => a.outcome), ...unavailable].sort((a, b) => order(a) - order(b));
  return {
    items: maxItems === undefined ? merged : merged.slice(0, maxItems),
    outcomes,
    anyAnswered: outcomes.some((o) => o.status === "ok"),
  };
}

async function askOne(source: IntelSource, query: string, options: SearchOptions, timeoutMs: number): Promise<{ items: IntelItem[]; outcome: SourceOutcome }> {
  const base = { source: source.id, name: source.name };
  const controller = new AbortController();
  const timedOut = new SourceError("timeout", `${source.name} did not answer within ${Math.round(timeoutMs / 1000) || 1} s.`);
  const onCallerAbort = () => controller.abort(new SourceError("timeout", `The search was cancelled before ${source.name} answered.`));
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  // The adapter's requests carry the same budget; this guard also covers an adapter making several
  // requests (AskNews's token, then its search) or not honouring the signal at all.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) return reject(controller.signal.reason);
    timer = setTimeout(() => {
      controller.abort(timedOut);
      reject(timedOut);
    }, timeoutMs);
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
  });
  try {
    const items = await Promise.race([source.search(query, { ...options, signal: controller.signal }), deadline]);
    return { items, outcome: { ...base, status: "ok", count: items.length } };
  } catch (err) {
    if (err instanceof SourceError) {
      return { items: [], outcome: { ...base, status: err.kind === "skipped" ? "skipped" : "error", message: err.message } };
    }
    console.error(`[intel ${source.id}] unexpected failure`, err);
    return { items: [], outcome: { ...base, status: "error", message: `${source.name} failed unexpectedly.` } };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
    deadline.catch(() => undefined);
  }
}

/**
 * One sentence for the user about sources that did not contribute, or null when every configured
 * source answered: "No intelligence source answered: …" or "Not included: NWS did not answer …".
 * Sources turned off by configuration are not mentioned (that is the operator's choice, not news).
 */
export function outcomeNotice(outcomes: SourceOutcome[]): string | null {
  const failed = outcomes.filter((o) => o.status === "error" || o.status === "skipped").map((o) => ("message" in o ? o.message : ""));
  if (!outcomes.some((o) => o.status === "ok")) {
    return failed.length ? `No intelligence source answered: ${failed.join(" ")}` : "No intelligence source is configured.";
  }
  return failed.length ? `Not included: ${failed.join(" ")}` : null;
}
