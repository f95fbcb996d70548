/**
 * `npm run bench` section: the collaborate synthesis engine (worker/collaborate/synthesis, issue
 * 14) in this Node process, no app needed. For 5, 20 and 50 adversarial contributors
 * (worker/collaborate/synthesis/adversarial.ts): anonymise, analyse and draft-injects wall time
 * with the offline provider, per stage, median of BENCH_SYNTHESIS_RUNS (default 5) after one
 * warm-up. The offline provider streams its answer in 40-character chunks with a timer tick between
 * them, as a network would; the "instant" column runs the same two AI stages with a provider that
 * answers the same text in one chunk — the engine's own CPU time, the baseline the offline figure
 * is compared with. Then, on 120 contributions of each adversarial generator (adversarial.ts and
 * the independently written adversarial-notes.ts): the leak count — every planted secret searched
 * (whole words, case-insensitive) in the anonymised object, findings and injects — and the
 * anonymiser's score on each: planted identifiers that survive (leaks, and their share of what
 * was planted) and planted ordinary phrases it lost (over-scrubbing). Printed, never asserted.
 *
 * The engine imports worker/ai, whose modules use TypeScript that Node's type stripping refuses
 * (parameter properties) and extensionless imports; so the runner's entry runs the measurement in
 * a tsx child process (the repository's own dev dependency) and its tables print as they come.
 *
 * Standalone: npx tsx bench/synthesis-engine.ts
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchContext } from "./lib/section.ts";
import { printTable, ratio } from "./lib/table.ts";

export const name = "synthesis-engine";

const SIZES = [5, 20, 50];
const LEAK_SET = 120;
const RUNS = Number(process.env.BENCH_SYNTHESIS_RUNS ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The runner's entry: the measurement in a tsx child (see above). */
export async function run(_ctx?: Partial<BenchContext>) {
  const self = fileURLToPath(import.meta.url);
  const tsx = path.join(path.dirname(self), "..", "node_modules", ".bin", "tsx");
  const result = spawnSync(tsx, [self], { stdio: "inherit", timeout: 120_000 });
  if (result.status !== 0) console.log(`\nbench section ${name}: the tsx child ended with ${result.error?.message ?? `status ${result.status}`}.`);
}

export async function measure(ctx?: Partial<Pick<BenchContext, "printTable">>) {
  const engine = (await import("../worker/collaborate/synthesis/engine.ts")) as typeof import("../worker/collaborate/synthesis/engine.ts");
  const { adversarialContributors, countLeaks, scrubScore } =
    (await import("../worker/collaborate/synthesis/adversarial.ts")) as typeof import("../worker/collaborate/synthesis/adversarial.ts");
  const { offlineProvider } = (await import("../worker/ai/offline.ts")) as typeof import("../worker/ai/offline.ts");
  type Provider = import("../worker/ai/types.ts").AiProvider;
  const offline = offlineProvider();
  // The offline provider's answer in one chunk: the engine's own work without the simulated stream.
  const instant: Provider = {
    ...offline,
    async open(request) {
      const text = request.offlineAnswer?.() ?? "";
      return (async function* () {
        yield { type: "text" as const, text };
        yield { type: "usage" as const, inputTokens: 0, outputTokens: 0 };
      })();
    },
  };

  const pipeline = async (n: number, provider: Provider) => {
    const set = adversarialContributors(n, 11);
    const t0 = performance.now();
    const anon = engine.anonymise(set.campaign, set.contributors);
    const t1 = performance.now();
    const { findings, usage } = await engine.analyse(set.campaign, anon, { provider });
    const t2 = performance.now();
    const drafted = await engine.draftInjects(set.campaign, anon, findings, { provider });
    const t3 = performance.now();
    return {
      anonymise: t1 - t0,
      analyse: t2 - t1,
      draft: t3 - t2,
      total: t3 - t0,
      outputTokens: usage.outputTokens + drafted.usage.outputTokens,
      injects: drafted.injects.length,
    };
  };

  await pipeline(5, offline); // warm-up
  const rows: (string | number)[][] = [];
  let baseline = Number.NaN;
  for (const n of SIZES) {
    const runs: Awaited<ReturnType<typeof pipeline>>[] = [];
    const fast: Awaited<ReturnType<typeof pipeline>>[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await pipeline(n, offline));
      fast.push(await pipeline(n, instant));
    }
    const m = (k: "anonymise" | "analyse" | "draft" | "total", list = runs) => median(list.map((r) => r[k]));
    const total = m("total");
    const instantAi = m("analyse", fast) + m("draft", fast);
    if (Number.isNaN(baseline)) baseline = total;
    rows.push([
      n,
      ms(total),
      ratio(total, baseline),
      ms(m("anonymise")),
      ms(m("analyse")),
      ms(m("draft")),
      ms(instantAi),
      ratio(m("analyse") + m("draft"), instantAi),
      `${ms(total / n)} per contributor; ${runs[0]!.outputTokens} output tokens, ${runs[0]!.injects} injects`,
    ]);
  }
  (ctx?.printTable ?? printTable)(
    `Synthesis engine wall time, offline provider, median of ${RUNS} (Node ${process.version}); total ÷ the 5-contributor run, AI stages ÷ the same stages answered in one chunk (engine CPU only), same run`,
    ["contributors", "total", "÷ 5", "anonymise", "analyse", "draft", "analyse+draft instant", "offline ÷ instant", "note"],
    rows,
  );

  const { fieldNotesContributors } =
    (await import("../worker/collaborate/synthesis/adversarial-notes.ts")) as typeof import("../worker/collaborate/synthesis/adversarial-notes.ts");
  const generators = { "adversarial.ts": adversarialContributors(LEAK_SET, 7), "adversarial-notes.ts": fieldNotesContributors(LEAK_SET, 7) };
  const leakRows: (string | number)[][] = [];
  const scoreRows: (string | number)[][] = [];
  for (const [generator, set] of Object.entries(generators)) {
    const anon = engine.anonymise(set.campaign, set.contributors);
    const { findings } = await engine.analyse(set.campaign, anon, { provider: offline });
    const { injects } = await engine.draftInjects(set.campaign, anon, findings, { provider: offline });
    for (const [label, output] of Object.entries({ "anonymised object": anon.anonymized, summary: findings.summary, findings, "draft injects": injects })) {
      const leaks = countLeaks(output, set.secrets);
      leakRows.push([generator, label, leaks.count, leaks.examples.slice(0, 2).join(" | ").replace(/\s+/g, " ") || "—"]);
    }
    const score = scrubScore(set, anon.anonymized);
    const share = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : "—");
    scoreRows.push([
      generator,
      set.secrets.length,
      score.planted,
      score.leaks,
      share(score.leaks, score.planted),
      score.ordinary,
      score.overScrubbed,
      share(score.overScrubbed, score.ordinary),
      [...score.leakExamples.slice(0, 2).map((e) => e.split(":")[0]), ...score.overScrubExamples.slice(0, 2).map((e) => `lost "${e}"`)].join(" | ") || "—",
    ]);
  }
  (ctx?.printTable ?? printTable)(
    `Leaks on ${LEAK_SET} adversarial contributions per generator (planted secrets searched whole-word, case-insensitive, in each output)`,
    ["generator", "output", "leaks", "examples"],
    leakRows,
  );
  (ctx?.printTable ?? printTable)(
    `Anonymiser on ${LEAK_SET} contributions per generator: planted identifiers left in the anonymised object (leaks) and planted ordinary phrases it removed (over-scrubbing), occurrences`,
    ["generator", "secrets", "planted", "leaks", "leak rate", "ordinary", "over-scrubbed", "over-scrub rate", "examples"],
    scoreRows,
  );
}

export default { name, run };

if (import.meta.url === `file://${process.argv[1]}`) await measure();
