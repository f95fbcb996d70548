/**
 * `npm run bench` section: one cron tick with 10,000 active alerts due (issue 12). The alert-summaries
 * task only finds due alerts and enqueues them; this times exactly that (POST /api/dev/bench/alerts:
 * the due scan in pages, planning each trigger date, moving nextRunAt, the sendBatch calls) with
 * messages counted rather than delivered. Printed beside the time to insert the same rows (one
 * batched write of the same size, in the same run) as the baseline. Never asserted.
 * BENCH_ALERTS sets the count (default 10000).
 */
import type { BenchContext } from "./lib/section.ts";
import { ms, ratio } from "./lib/table.ts";

export const name = "alerts";

export async function run(ctx: BenchContext) {
  if (!ctx.userId) {
    console.log("alerts: skipped (the demo user could not sign in)");
    return;
  }
  const alerts = Number(process.env.BENCH_ALERTS ?? 10_000);
  const res = await fetch(`${ctx.baseURL}/api/dev/bench/alerts`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ctx.baseURL },
    body: JSON.stringify({ userId: ctx.userId, alerts }),
  });
  if (!res.ok) {
    console.log(`alerts: the bench route answered ${res.status}: ${await res.text()}`);
    return;
  }
  const r = (await res.json()) as { alerts: number; enqueued: number; messages: number; sendCalls: number; pages: number; insertMs: number; enqueueMs: number };
  ctx.printTable(
    `Alert cron tick: ${r.alerts} due alerts`,
    ["step", "time", "vs insert", "detail"],
    [
      ["insert the alerts (baseline)", ms(r.insertMs), "1.00x", `${Math.ceil(r.alerts / 14)} statements in batches of 50`],
      [
        "enqueue every due alert",
        ms(r.enqueueMs),
        ratio(r.enqueueMs, r.insertMs),
        `${r.enqueued} enqueued, ${r.messages} messages in ${r.sendCalls} sendBatch calls, ${r.pages} pages`,
      ],
    ],
  );
}
