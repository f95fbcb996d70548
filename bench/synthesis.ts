/**
 * `npm run bench` section: campaign synthesis wall time end to end (issue 14), with the offline
 * provider the bench app runs with (no AI key: the figure is our pipeline's, not a model's). For
 * each size (5, 20, 50 contributors) POST /api/dev/bench/synthesis (worker/dev/synthesis-bench.ts)
 * makes a campaign of the demo user's team with that many COMPLETED contributors; the section then
 * POSTs /api/synthesis/trigger/{id} and polls GET /api/synthesis/state/{id} every 20 ms until
 * completed. Wall = from the trigger's start to the first poll that saw completed (≤ 20 ms late);
 * the CampaignSynthesis object's own per-stage timings (GET /api/dev/bench/synthesis/{id}) say
 * where the time went, and "queue + polling" is the rest: the queue's delivery and the poll's lag.
 *
 * Baseline, same run: the signed-in floor GET /api/ai/models (session read, one small answer),
 * BENCH_SYNTHESIS_FLOOR sequential requests right before each size; ratios are to its median.
 *
 * BENCH_SYNTHESIS_SIZES (default "5,20,50"), BENCH_SYNTHESIS_RUNS (per size, default 3),
 * BENCH_SYNTHESIS_FLOOR (default 20), BENCH_SYNTHESIS_TIMEOUT (s per run, default 120).
 */
import type { BenchContext } from "./lib/section.ts";
import { ratio } from "./lib/table.ts";
import { median } from "./lib/timing.ts";

export const name = "synthesis";

const SIZES = (process.env.BENCH_SYNTHESIS_SIZES ?? "5,20,50")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const RUNS = Number(process.env.BENCH_SYNTHESIS_RUNS ?? 3);
const FLOOR = Number(process.env.BENCH_SYNTHESIS_FLOOR ?? 20);
const TIMEOUT_MS = Number(process.env.BENCH_SYNTHESIS_TIMEOUT ?? 120) * 1000;
const STEPS = ["anonymising", "analysing", "drafting", "finalising"] as const;

type Run = {
  status: string;
  error: string | null;
  startedAt: number | null;
  completedAt: number | null;
  timings: Partial<Record<(typeof STEPS)[number], number>>;
};
type Sample = { wallMs: number; objectMs: number; timings: Run["timings"] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(ctx: BenchContext) {
  if (!ctx.cookie) {
    console.log("\nbench section synthesis skipped: no demo session.");
    return;
  }
  const headers = { cookie: ctx.cookie, "content-type": "application/json", origin: ctx.baseURL };
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${ctx.baseURL}${path}`, { headers, ...init });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const floor = async (): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < FLOOR; i++) {
      const t = performance.now();
      const res = await fetch(`${ctx.baseURL}/api/ai/models`, { headers: { cookie: ctx.cookie! } });
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - t);
    }
    return times;
  };
  const once = async (contributors: number): Promise<Sample> => {
    const { campaignId } = await call<{ campaignId: string }>("/api/dev/bench/synthesis", { method: "POST", body: JSON.stringify({ contributors }) });
    const started = performance.now();
    await call(`/api/synthesis/trigger/${campaignId}`, { method: "POST", body: "{}" });
    let state = { status: "queued", error: null as string | null };
    const deadline = Date.now() + TIMEOUT_MS;
    while (state.status !== "completed" && state.status !== "failed" && Date.now() < deadline) {
      await sleep(20);
      state = await call(`/api/synthesis/state/${campaignId}`);
    }
    const wallMs = performance.now() - started;
    if (state.status !== "completed")
      throw new Error(`synthesis of ${contributors} contributors ended ${state.status}${state.error ? `: ${state.error}` : ""}`);
    const r = await call<Run>(`/api/dev/bench/synthesis/${campaignId}`);
    return { wallMs, objectMs: (r.completedAt ?? Number.NaN) - (r.startedAt ?? Number.NaN), timings: r.timings };
  };

  // Warm-up: one small synthesis, discarded (first use of the engine's modules and the object class).
  await once(2);

  const rows: (string | number)[][] = [];
  const floors: number[] = [];
  for (const size of SIZES) {
    const base = median(await floor());
    floors.push(base);
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await once(size));
    const wall = median(samples.map((s) => s.wallMs));
    const stage = (step: (typeof STEPS)[number]) => median(samples.map((s) => s.timings[step] ?? Number.NaN));
    const stages = STEPS.map(stage);
    const rest = wall - stages.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
    const f = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : "—");
    rows.push([size, f(wall), ratio(wall, base), f(median(samples.map((s) => s.objectMs))), ...stages.map(f), f(rest), f(base), `${samples.length} runs`]);
  }
  ctx.printTable(
    "Campaign synthesis end to end (trigger → completed through the SYNTHESIS queue and the CampaignSynthesis object), offline provider; medians; ÷ signed-in floor GET /api/ai/models, same run",
    ["contributors", "wall", "÷ floor", "in object", ...STEPS, "queue + polling", "floor", "detail"],
    rows,
  );
  console.log(
    `  floor = median of ${FLOOR} sequential GET /api/ai/models right before each size (${floors.map((x) => `${x.toFixed(1)} ms`).join(", ")}); stages = the object's own timings of each step; "in object" = startedAt → completedAt (trigger to done, queue wait included)`,
  );
  console.log(
    "  queue + polling includes the local queue's batching: wrangler.toml's max_batch_timeout = 1 s for readyroom-synthesis, so locally a lone message waits up to a second before the consumer sees it",
  );
}
