import autocannon from "autocannon";

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

export type MeasureOptions = { connections: number; durationSec: number; warmupSec: number };

/**
 * Latency percentiles from every 2xx response time (sub-millisecond, from autocannon's response
 * event): its own histogram rounds to whole milliseconds, too coarse next to a ~1 ms floor.
 */
export async function measureHttp(baseURL: string, target: HttpTarget, { connections, durationSec, warmupSec }: MeasureOptions): Promise<HttpStats> {
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
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const started = performance.now();
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
