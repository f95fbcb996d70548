/**
 * `npm run bench` section: alert summaries completed per minute (issue 12), with the fake public
 * sources and the fake AI provider (bench/lib/fakes.ts; the provider answers at once, so the figure
 * is our pipeline's, not a real model's). POST /api/dev/bench/alert-summaries (worker/dev/
 * alert-summaries-bench.ts) inserts N alerts for the demo user and runs one enqueueDueAlerts over
 * them through the real ALERTS queue; the queue consumer (wrangler.toml: batches of 10, one batch
 * at a time locally) searches, summarises, charges, stores and notifies. This side polls until N
 * summaries exist; the time is the database's: from the enqueue's start to the last summary's
 * createdAt.
 *
 * Baseline, same run: the same work without the queue, runAlertSummary for each of
 * BENCH_ALERT_SUMMARIES_INLINE alerts in turn inside one request, right before and right after the
 * queued run (pooled). queue ÷ inline shows what delivery through the local queue costs or gains.
 *
 * BENCH_ALERT_SUMMARIES (default 100), BENCH_ALERT_SUMMARIES_INLINE (default 20),
 * BENCH_ALERT_SUMMARIES_TIMEOUT (s, default 180).
 */
import { benchFakes } from "./lib/fakes.ts";
import type { BenchContext } from "./lib/section.ts";
import { ratio } from "./lib/table.ts";

export const name = "alert-summaries";

const QUEUED = Number(process.env.BENCH_ALERT_SUMMARIES ?? 100);
const INLINE = Number(process.env.BENCH_ALERT_SUMMARIES_INLINE ?? 20);
const TIMEOUT_MS = Number(process.env.BENCH_ALERT_SUMMARIES_TIMEOUT ?? 180) * 1000;

type Started = { tag: string; alerts: number; startedAt: number; enqueued?: number; enqueueMs?: number; ms?: number; outcomes?: Record<string, number> };
type Status = {
  summaries: number;
  charged: number;
  noItems: number;
  withNotice: number;
  items: number;
  firstAt: number | null;
  lastAt: number | null;
  notice: string | null;
};

export async function prepare() {
  const peer = await benchFakes({ sources: true });
  return { vars: peer.vars, stop: peer.stop };
}

const perMinute = (n: number, ms: number) => (ms > 0 ? Math.round((n * 60_000) / ms) : Number.NaN);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(ctx: BenchContext) {
  if (!ctx.cookie) {
    console.log("\nbench section alert-summaries skipped: no demo session.");
    return;
  }
  const headers = { cookie: ctx.cookie, "content-type": "application/json", origin: ctx.baseURL };
  const start = async (alerts: number, mode: "queue" | "inline"): Promise<Started> => {
    const res = await fetch(`${ctx.baseURL}/api/dev/bench/alert-summaries`, { method: "POST", headers, body: JSON.stringify({ alerts, mode }) });
    if (!res.ok) throw new Error(`POST /api/dev/bench/alert-summaries (${mode}) answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as Started;
  };
  const status = async (tag: string): Promise<Status> => {
    const res = await fetch(`${ctx.baseURL}/api/dev/bench/alert-summaries/${tag}`, { headers });
    if (!res.ok) throw new Error(`GET /api/dev/bench/alert-summaries/{tag} answered ${res.status}`);
    return (await res.json()) as Status;
  };

  // Warm-up: a couple of summaries through the queue and inline, discarded.
  const warm = await start(2, "queue");
  for (const deadline = Date.now() + 30_000; Date.now() < deadline && (await status(warm.tag)).summaries < 2;) await sleep(250);
  await start(2, "inline");

  const before = await start(INLINE, "inline");
  const queued = await start(QUEUED, "queue");
  const deadline = Date.now() + TIMEOUT_MS;
  let s = await status(queued.tag);
  while (s.summaries < QUEUED && Date.now() < deadline) {
    // Polling is one indexed count a second: little next to the consumer's work on a 2-core machine.
    await sleep(1000);
    s = await status(queued.tag);
  }
  const after = await start(INLINE, "inline");

  const queueMs = s.lastAt !== null ? s.lastAt - queued.startedAt : Number.NaN;
  const inlineMs = (before.ms ?? 0) + (after.ms ?? 0);
  const inlineN = before.alerts + after.alerts;
  const inlineRate = perMinute(inlineN, inlineMs);
  const queueRate = perMinute(s.summaries, queueMs);
  const outcomes = (o: Record<string, number> = {}) =>
    Object.entries(o)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ");
  const sec = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "—");
  ctx.printTable(
    `Alert summaries per minute, fake sources (NWS, USGS, OpenFEMA, GDELT) and fake provider answering at once; queue ÷ inline baseline, same run`,
    ["run", "summaries", "time", "per summary", "summaries/min", "÷ inline", "detail"],
    [
      [
        "inline: runAlertSummary in turn, one request (baseline)",
        inlineN,
        sec(inlineMs),
        `${(inlineMs / inlineN).toFixed(1)} ms`,
        inlineRate,
        "1.00x",
        `two runs of ${INLINE}, right before and after the queued one, pooled: ${outcomes(before.outcomes)} / ${outcomes(after.outcomes)}`,
      ],
      [
        "queue: one tick's enqueue → ALERTS consumer",
        `${s.summaries}/${QUEUED}`,
        sec(queueMs),
        `${(queueMs / s.summaries).toFixed(1)} ms`,
        queueRate,
        ratio(queueRate, inlineRate),
        `enqueue ${queued.enqueueMs} ms; ${s.charged} provider-written (charged), ${s.noItems} no-items, ${s.withNotice} with a notice${s.notice ? ` ("${s.notice.slice(0, 80)}")` : ""}, ${(s.items / Math.max(1, s.summaries)).toFixed(1)} items each${s.summaries < QUEUED ? `; TIMED OUT after ${TIMEOUT_MS / 1000} s` : ""}`,
      ],
    ],
  );
  console.log(
    "  time = the database clock from the enqueue's start to the last summary's createdAt; locally miniflare's queue hands the consumer one batch (≤ 10 messages, wrangler.toml) at a time and the consumer runs its messages in turn: one consumer's rate (deployed queues run consumers concurrently)",
  );
}
