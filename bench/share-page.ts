/**
 * `npm run bench` section: time to first byte of a shared brief's public page, /share/briefs/{token}
 * (issue 12), cold and cached, each as a ratio to the floor GET /api/health measured in the same
 * rounds (one floor request right before each page request).
 *
 * The demo user's seeded shared brief (scripts/lib/demo-briefs.ts; shared through
 * POST /api/intelligence/briefs/{id}/share if it is not) is read by nobody in particular (no
 * cookie). Each round: an edit of the brief (PATCH, which purges the page's edge copy, as an
 * owner's edit does), then the first request (cold: rendered from D1, stored after the answer),
 * then BENCH_SHARE_REPEATS more (cached: from the Cache API). Whether a request was served from
 * the cache is read from CF-Cache-Status, which the local runtime's cache (miniflare) sets to HIT
 * on a match and the page passes through; the table says how many of each kind were hits, so a
 * no-op cache (every request rendered) would show as 0 hits rather than as a fast "cached" row.
 *
 * BENCH_SHARE_ROUNDS (default 20), BENCH_SHARE_REPEATS (cached requests per round, default 3).
 */
import type { BenchContext } from "./lib/section.ts";
import { ratio } from "./lib/table.ts";
import { median, msText, p90, timeToFirstByte } from "./lib/timing.ts";

export const name = "share-page";

const ROUNDS = Number(process.env.BENCH_SHARE_ROUNDS ?? 20);
const REPEATS = Number(process.env.BENCH_SHARE_REPEATS ?? 3);
const WARMUP = 3;

type Brief = { id: string; title: string; shareToken: string | null };

export async function run(ctx: BenchContext) {
  if (!ctx.cookie) {
    console.log("\nbench section share-page skipped: no demo session.");
    return;
  }
  const headers = { cookie: ctx.cookie, "content-type": "application/json", origin: ctx.baseURL };
  const api = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const res = await fetch(`${ctx.baseURL}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  };

  const { briefs } = await api<{ briefs: Brief[] }>("GET", "/api/intelligence/briefs");
  const seeded = briefs.find((b) => b.shareToken) ?? briefs[0];
  if (!seeded) throw new Error("the demo user has no brief (scripts/lib/demo-briefs.ts seeds some)");
  const { brief } = await api<{ brief: Brief }>("POST", `/api/intelligence/briefs/${seeded.id}/share`);
  if (!brief.shareToken) throw new Error("sharing the brief returned no token");
  const page = `${ctx.baseURL}/share/briefs/${brief.shareToken}`;

  // Signed out on purpose: the page is public and must not depend on a session.
  const health = () => timeToFirstByte(`${ctx.baseURL}/api/health`);
  const get = async () => {
    const r = await timeToFirstByte(page);
    if (r.status !== 200) throw new Error(`GET /share/briefs/{token} answered ${r.status}`);
    return { ms: r.ms, hit: (r.headers.get("cf-cache-status") ?? "").toUpperCase() === "HIT", bytes: r.body.length };
  };
  // An owner's edit: purges the page's edge copy (worker/briefs/service.ts updateBrief).
  const edit = (round: number) =>
    api("PATCH", `/api/intelligence/briefs/${brief.id}`, { title: `${seeded.title.replace(/ \(bench \d+\)$/, "")} (bench ${round})` });

  for (let i = 0; i < WARMUP; i++) {
    await health();
    await get();
  }
  const floor: number[] = [];
  const cold: number[] = [];
  const cached: number[] = [];
  let coldHits = 0;
  let cachedHits = 0;
  let cachedMisses: number[] = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await edit(round);
    floor.push((await health()).ms);
    const first = await get();
    cold.push(first.ms);
    if (first.hit) coldHits++;
    bytes = first.bytes;
    for (let k = 0; k < REPEATS; k++) {
      floor.push((await health()).ms);
      const again = await get();
      if (again.hit) {
        cachedHits++;
        cached.push(again.ms);
      } else {
        cachedMisses.push(again.ms);
      }
    }
  }
  const cacheWorks = cachedHits > 0;
  // Without a single hit, the repeats were rendered like the first: shown as such, not as "cached".
  if (!cacheWorks) {
    cached.push(...cachedMisses);
    cachedMisses = [];
  }
  const base = median(floor);
  const row = (label: string, xs: number[], note: string) => [label, msText(median(xs)), msText(p90(xs)), xs.length, ratio(median(xs), base), note];
  ctx.printTable(
    `Shared brief page TTFB, /share/briefs/{token} signed out (${ROUNDS} rounds: an edit that purges, the first request, ${REPEATS} repeats; a ${(bytes / 1024).toFixed(1)} KiB page); ratios to the floor GET /api/health, one right before each page request`,
    ["request", "median", "p90", "n", "median ÷ floor", "note"],
    [
      row("GET /api/health (floor)", floor, "the bare Worker, same rounds"),
      row(
        "cold: first request after the edit's purge",
        cold,
        `session-free D1 read by token, render, Cache API put in waitUntil; ${coldHits}/${cold.length} were cache hits`,
      ),
      cacheWorks
        ? row("cached: repeat requests (CF-Cache-Status: HIT)", cached, `${cachedHits}/${ROUNDS * REPEATS} repeats were hits`)
        : row("repeat requests (no cache hit seen)", cached, "the Cache API stored nothing here: every repeat was rendered"),
      ...(cachedMisses.length ? [row("  repeats that missed", cachedMisses, "the waitUntil put had not landed yet")] : []),
    ],
  );
  console.log(
    cacheWorks
      ? `  Cache API under wrangler dev: miniflare's real local cache (caches.default stores and matches; its CF-Cache-Status: HIT header passes through). cached ÷ cold ${ratio(median(cached), median(cold))}. Production's edge cache is per data centre; these are one local process's figures.`
      : "  Cache API under wrangler dev: no request was a hit, so caches.default behaved as a no-op here (wrangler dev can run with the cache disabled); the cached figure could not be measured locally.",
  );
}
