import autocannon from "autocannon";
import { median } from "./timing.ts";

export type HttpTarget = {
  label: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
};

export type HttpStats = {
  label: string;
  connections: number;
  p50: number;
  p99: number;
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
};

/** skipFirst: responses to leave out at the start (a round's first wave, which also opens the connections). */
export type MeasureOptions = { connections: number; durationSec: number; warmupSec: number; skipFirst?: number };

/**
 * Latency percentiles from every 2xx response time (sub-millisecond, from autocannon's response
 * event): its own histogram rounds to whole milliseconds, too coarse next to a ~1 ms floor.
 */
export async function measureHttp(
  baseURL: string,
  target: HttpTarget,
  { connections, durationSec, warmupSec, skipFirst = 0 }: MeasureOptions,
): Promise<HttpStats> {
  const options = {
    url: baseURL + target.path,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections,
    timeout: 30,
  };
  if (warmupSec > 0) await autocannon({ ...options, duration: warmupSec });

  const times: number[] = [];
  const instance = autocannon({ ...options, duration: durationSec });
  let seen = 0;
  let started = performance.now();
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    // Throughput counts from the end of the skipped wave, so both figures describe the same span.
    if (++seen <= skipFirst) {
      if (seen === skipFirst) started = performance.now();
      return;
    }
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  const elapsedSec = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    label: target.label,
    connections,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    rps: times.length / elapsedSec,
    ok: times.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function percentile(sorted: number[], q: number) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

/** A target's figures over the rounds: each the median of its per-round values, each ratio the median of its per-round ratios. */
export type RoundStats = HttpStats & { rounds: number; ratio: { p50: number; p99: number; rps: number } };

/**
 * The floor and the targets in short interleaved rounds (floor, a, b, floor, a, b…) at one
 * connection count. The machine's speed drifts over a run (shared hosts: 2x between minutes), so a
 * target measured right after the floor, divided by it, then the median over rounds, is what
 * survives; one long run each compared figures taken a minute apart. The first target is the floor.
 */
export async function measureRounds(
  baseURL: string,
  targets: HttpTarget[],
  { connections, rounds, roundSec, warmupSec }: { connections: number; rounds: number; roundSec: number; warmupSec: number },
): Promise<RoundStats[]> {
  const runs = targets.map(() => [] as HttpStats[]);
  for (let r = 0; r < rounds; r++) {
    for (const [i, target] of targets.entries()) {
      // Each round opens its own connections: the first wave (one response a connection) is left out.
      runs[i]!.push(await measureHttp(baseURL, target, { connections, durationSec: roundSec, warmupSec: r === 0 ? warmupSec : 0, skipFirst: connections }));
    }
  }
  const floor = runs[0]!;
  // A round in which either side got no 2xx answer says nothing about their ratio: left out, not counted as 0.
  const paired = (own: HttpStats[], figure: (s: HttpStats) => number) =>
    median(own.flatMap((s, r) => (s.ok > 0 && floor[r]!.ok > 0 ? [figure(s) / figure(floor[r]!)] : [])));
  return runs.map((own, i) => ({
    label: targets[i]!.label,
    connections,
    rounds,
    p50: median(own.map((s) => s.p50)),
    p99: median(own.map((s) => s.p99)),
    rps: median(own.map((s) => s.rps)),
    ok: own.reduce((n, s) => n + s.ok, 0),
    non2xx: own.reduce((n, s) => n + s.non2xx, 0),
    errors: own.reduce((n, s) => n + s.errors, 0),
    ratio: {
      p50: paired(own, (s) => s.p50),
      p99: paired(own, (s) => s.p99),
      rps: paired(own, (s) => s.rps),
    },
  }));
}
