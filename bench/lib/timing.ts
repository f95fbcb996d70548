/** Small helpers for sections that time single requests themselves (streams, cold/cached pages). */

export type Timed = { ms: number; status: number; headers: Headers; body: string };

/**
 * Milliseconds until the first non-empty body chunk (or until `firstWanted` first matches the body
 * read so far: e.g. the first text event of an NDJSON stream), then the rest of the body is drained
 * and returned.
 */
export async function timeToFirstByte(url: string, init: RequestInit = {}, firstWanted?: RegExp): Promise<Timed & { firstByteMs: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let firstByte = Number.NaN;
  let first = Number.NaN;
  let body = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.byteLength === 0) continue;
    const now = performance.now() - started;
    if (Number.isNaN(firstByte)) firstByte = now;
    body += decoder.decode(value, { stream: true });
    if (Number.isNaN(first) && (!firstWanted || firstWanted.test(body))) first = now;
  }
  return { ms: first, firstByteMs: firstByte, status: res.status, headers: res.headers, body };
}

export const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : Number.NaN;
};

/** The nearest-rank quantile `q` (0–1) of the finite values; NaN when there are none. */
export const quantile = (xs: number[], q: number) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * q) - 1))] ?? Number.NaN;
};

export const p90 = (xs: number[]) => quantile(xs, 0.9);

/** "12.3 ms", or "—" when there is no figure. */
export const msText = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "—");
