/**
 * `npm run bench` section `aar` (issue 15): the After-Action Report / Improvement Plan. Printed,
 * never asserted.
 *
 * 1. Offline draft assembly (worker/aar/assemble.ts) in this Node process for the sample 3-module
 *    exercise with 100 observations (worker/aar/sample.ts): median and p90 of BENCH_AAR_RUNS
 *    (default 200) runs after 20 warm-ups, against the 50 ms a peer publishes for its deterministic
 *    draft. Its in-run baseline is a structuredClone of the same inputs (the cost of touching the
 *    data once), so a slow machine shows up in both. The worker modules use extensionless imports
 *    that Node's type stripping cannot load, so this part runs in a tsx child process (like
 *    bench/synthesis-engine.ts).
 * 2. Exports through the real API as the demo user: an ended session with 100 observations is
 *    seeded by the local-only POST /api/dev/bench/aar, its draft generated (POST …/aar/generate),
 *    then GET …/aar (JSON), …/export?format=docx and …=pdf requested in rounds; every figure is a
 *    ratio to the JSON GET of the same report, same rounds.
 *
 * Standalone: npx tsx bench/aar.ts (assembly only).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchContext } from "./lib/section.ts";
import { printTable, ratio } from "./lib/table.ts";
import { median, p90 } from "./lib/timing.ts";

export const name = "aar";

const RUNS = Number(process.env.BENCH_AAR_RUNS ?? 200);
const WARMUP_RUNS = 20;
const PEER_MS = 50;
const OBSERVATIONS = 100;
const ROUNDS = Number(process.env.BENCH_AAR_EXPORTS ?? 15);
const FORMATS = ["json", "docx", "pdf"] as const;

const f = (n: number) => (Number.isFinite(n) ? (n < 1 ? `${n.toFixed(3)} ms` : `${n.toFixed(1)} ms`) : "—");

/** Part 1, in the tsx child. */
export async function measureAssembly(ctx?: Partial<Pick<BenchContext, "printTable">>) {
  const { assembleOfflineDraft } = (await import("../worker/aar/assemble.ts")) as typeof import("../worker/aar/assemble.ts");
  const { sampleInputs } = (await import("../worker/aar/sample.ts")) as typeof import("../worker/aar/sample.ts");
  const inputs = sampleInputs(OBSERVATIONS);
  for (let i = 0; i < WARMUP_RUNS; i++) assembleOfflineDraft(inputs);
  const assembly: number[] = [];
  const clone: number[] = [];
  // Interleaved: the baseline and the measure share the same moments of a drifting machine.
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    structuredClone(inputs);
    clone.push(performance.now() - t);
    t = performance.now();
    assembleOfflineDraft(inputs);
    assembly.push(performance.now() - t);
  }
  const draft = assembleOfflineDraft(inputs);
  const findings = draft.analyses.reduce((n, a) => n + a.strengths.length + a.areasForImprovement.length, 0);
  const base = median(clone);
  (ctx?.printTable ?? printTable)(
    `AAR offline draft assembly: 3 modules, ${OBSERVATIONS} observations, ${inputs.answers.length} answers, ${inputs.feedback.length} feedback forms → ${findings} findings, ${draft.improvementPlan.length} IP rows (${RUNS} runs after ${WARMUP_RUNS} warm-ups, Node ${process.version})`,
    ["measure", "median", "p90", "median ÷ baseline", "vs peer's 50 ms"],
    [
      ["structuredClone of the inputs (baseline)", f(base), f(p90(clone)), "1.00x", ""],
      [
        "assembleOfflineDraft",
        f(median(assembly)),
        f(p90(assembly)),
        ratio(median(assembly), base),
        `${((median(assembly) / PEER_MS) * 100).toFixed(2)}% of 50 ms (${(PEER_MS / median(assembly)).toFixed(0)}x faster)`,
      ],
    ],
  );
}

type Sample = { ms: number; bytes: number };

async function timed(url: string, cookie: string): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${res.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
  return { ms, bytes: body.byteLength };
}

/** Part 2, against the running app. */
async function measureExports(ctx: Pick<BenchContext, "baseURL" | "cookie" | "userId"> & Partial<Pick<BenchContext, "printTable">>) {
  if (!ctx.cookie || !ctx.userId) {
    console.log("\nbench section aar (exports) skipped: no demo session.");
    return;
  }
  const headers = { cookie: ctx.cookie, "content-type": "application/json", origin: ctx.baseURL };
  const seeded = await fetch(`${ctx.baseURL}/api/dev/bench/aar`, {
    method: "POST",
    headers,
    body: JSON.stringify({ userId: ctx.userId, observations: OBSERVATIONS }),
  });
  if (!seeded.ok) throw new Error(`POST /api/dev/bench/aar answered ${seeded.status}: ${(await seeded.text()).slice(0, 200)}`);
  const { sessionId } = (await seeded.json()) as { sessionId: string };
  const base = `${ctx.baseURL}/api/conduct/sessions/${sessionId}/aar`;
  const started = performance.now();
  const generated = await fetch(`${base}/generate`, { method: "POST", headers, body: "{}" });
  const generateMs = performance.now() - started;
  if (!generated.ok) throw new Error(`POST …/aar/generate answered ${generated.status}: ${(await generated.text()).slice(0, 200)}`);
  const { source } = (await generated.json()) as { source: string };

  const url = (format: (typeof FORMATS)[number]) => (format === "json" ? base : `${base}/export?format=${format}`);
  const results = new Map<string, Sample[]>(FORMATS.map((x) => [x, []]));
  for (let i = 0; i < 2; i++) for (const format of FORMATS) await timed(url(format), ctx.cookie);
  for (let i = 0; i < ROUNDS; i++) for (const format of FORMATS) results.get(format)!.push(await timed(url(format), ctx.cookie));
  const json = median(results.get("json")!.map((s) => s.ms));
  (ctx.printTable ?? printTable)(
    `AAR/IP exports of a ${OBSERVATIONS}-observation report (${ROUNDS} rounds of every format after 2 warm-up rounds, full HTTP); ratios to GET …/aar (JSON) of the same report, same rounds`,
    ["measure", "median", "p90", "median ÷ JSON GET", "size"],
    FORMATS.map((format) => {
      const samples = results.get(format)!;
      const ms = samples.map((s) => s.ms);
      return [
        format === "json" ? "GET …/aar JSON (baseline)" : `export ${format}`,
        f(median(ms)),
        f(p90(ms)),
        ratio(median(ms), json),
        `${(samples[0]!.bytes / 1024).toFixed(1)} KiB`,
      ];
    }),
  );
  console.log(`  generate (${source}, one request, includes the D1 reads and write): ${f(generateMs)}`);
}

/** The runner's entry: assembly in a tsx child, then the exports against the app. */
export async function run(ctx: BenchContext) {
  const self = fileURLToPath(import.meta.url);
  const tsx = path.join(path.dirname(self), "..", "node_modules", ".bin", "tsx");
  const result = spawnSync(tsx, [self], { stdio: "inherit", timeout: 120_000 });
  if (result.status !== 0) console.log(`\nbench section ${name}: the tsx child ended with ${result.error?.message ?? `status ${result.status}`}.`);
  await measureExports(ctx);
}

export default { name, run };

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await measureAssembly();
