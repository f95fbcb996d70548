/**
 * `npm run bench` section `markdown` (issue 27): the time to parse and render ~50,000 characters
 * of Markdown (a brief's limit) as a public share page does it (worker/share/markdown-html.ts over
 * shared/markdown/markdown.ts, the parser markdown-it), for a normal brief and for adversarial inputs of
 * the same size (long runs of the characters Markdown gives meaning to, deep nesting). CPU time
 * of this process (wall time on a shared machine counts the neighbours too): the median of
 * BENCH_MARKDOWN_RUNS (default 15) runs of each input, beside the median of as many runs of the
 * normal brief made right before it, against a target of ≤ 3x; and beside the input's first half,
 * which a linear parse takes half the time of (a parse that is not linear shows hundreds in the
 * first ratio and 4x or more in the second). Printed, never asserted.
 *
 * Standalone (no app needed, a few seconds): node --experimental-strip-types bench/markdown.ts
 * In the bench: BENCH_SECTIONS=markdown npm run bench -- --skip-suite
 */
import { resolveAppImports } from "./lib/extensionless.ts";
import type { BenchContext } from "./lib/section.ts";
import { printTable } from "./lib/table.ts";
import { median } from "./lib/timing.ts";

export const name = "markdown";

const SIZE = 50_000;
const RUNS = Math.max(3, Number(process.env.BENCH_MARKDOWN_RUNS ?? 15) || 15);
const WARMUP_RUNS = 3;
const TARGET = 3;

/** `unit` repeated to exactly `size` characters. */
const fill = (unit: string, size = SIZE) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
/** `head`, then `unit` repeated, then `tail`: `size` characters in all. */
const around = (head: string, unit: string, tail: string) => head + fill(unit, SIZE - head.length - tail.length) + tail;

/** A brief as the intelligence chat writes one: headings, cited paragraphs, nested lists, a table, a quote, code, sources. */
function normalBrief(): string {
  const section = (i: number) =>
    [
      `## ${i}. Brackwater River flood outlook`,
      "",
      `The **National Weather Service** expects the river to crest near *29 ft* at the Ostrander gauge on day ${i} [1]. ` +
        "Low-lying zones A and B evacuate at 18 ft under Annex F, and the county EOC moves to full activation [2, 3].",
      "",
      "- Shelters open at Brackwater High School (1,200 beds) and the fairgrounds [4]",
      "  - ESF-6 leads; the Red Cross staffs both",
      "  - Pets are accepted at the fairgrounds only",
      "- Route 9 closes at the levee when water reaches the road [1]",
      "",
      "| Zone | Trigger | Lead |",
      "| --- | --- | --- |",
      "| A | Tropical storm warning | Sheriff |",
      "| B | Hurricane warning | Fire & Rescue |",
      "",
      "> Residents without transport call 311; see `EVAC-2` in the [county plan](https://county.example/plans/annex-f).",
      "",
      "```",
      "gauge  18.0 ft  evacuate A, B",
      "```",
      "",
    ].join("\n");
  let text = "";
  for (let i = 1; text.length < SIZE; i++) text += section(i);
  return text.slice(0, SIZE);
}

/** Adversarial inputs: each the size of the normal brief. */
function adversarial(): { label: string; source: string }[] {
  const nested = (line: (depth: number) => string) => {
    let text = "";
    for (let i = 0; text.length < SIZE; i++) text += `${line(i % 60)}\n`;
    return text.slice(0, SIZE);
  };
  return [
    // The old heading pattern was cubic on this: spaces, then a line separator in the title.
    { label: "heading: spaces, then a\\u2028b", source: around("# ", " ", "a\u2028b") },
    { label: "heading of spaces, closing #", source: around("# a", " ", "#") },
    { label: "run of #", source: fill("#") },
    { label: "run of [", source: fill("[") },
    { label: "[a]( then run of (", source: around("[a](", "(", "") },
    { label: "repeated [a](", source: fill("[a](") },
    { label: "backtick runs", source: fill("`a``b```c") },
    { label: "run of *a", source: fill("*a") },
    { label: "run of _a", source: fill("_a") },
    { label: "* on both sides of a word", source: `${"*".repeat(SIZE / 2 - 1)}a${"*".repeat(SIZE / 2)}` },
    { label: "run of > (nested quotes)", source: around("", ">", " x") },
    { label: "nested lists", source: nested((depth) => `${"  ".repeat(depth)}- item`) },
    { label: "nested quotes and lists", source: nested((depth) => `${"> ".repeat(depth % 30)}${"  ".repeat(depth % 7)}1. x`) },
    { label: "mixed", source: fill("*_[`(<>#] ![x](") },
  ];
}

/** CPU milliseconds (user + system) of one call: on a shared machine, wall time also counts the neighbours' work. */
function cpuMs(f: () => unknown): number {
  const started = process.cpuUsage();
  f();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/** The median CPU time of `runs` calls of `f` in a row. */
const block = (f: () => unknown, runs: number) => median(Array.from({ length: runs }, () => cpuMs(f)));

export async function run(ctx?: Partial<Pick<BenchContext, "printTable">>) {
  resolveAppImports();
  const { markdownToHtml } = (await import("../worker/share/markdown-html.ts")) as typeof import("../worker/share/markdown-html.ts");
  const normal = normalBrief();
  // The first runs of a fresh process are slower (the JIT is still compiling): not the baseline.
  for (let i = 0; i < WARMUP_RUNS * 5; i++) markdownToHtml(normal);

  const rows: (string | number)[][] = [];
  let worst = 0;
  for (const input of adversarial()) {
    for (let i = 0; i < WARMUP_RUNS; i++) markdownToHtml(input.source);
    // The normal brief right before the input, each in a block of its own (the garbage one leaves
    // is collected mostly within its own block); then the input's first half, for the growth.
    const base = block(() => markdownToHtml(normal), RUNS);
    const ms = block(() => markdownToHtml(input.source), RUNS);
    const half = block(() => markdownToHtml(input.source.slice(0, SIZE / 2)), RUNS);
    const x = ms / base;
    worst = Math.max(worst, x);
    rows.push([
      input.label,
      input.source.length.toLocaleString("en-US"),
      `${ms.toFixed(1)} ms`,
      `${base.toFixed(1)} ms`,
      `${x.toFixed(2)}x`,
      x <= TARGET ? "yes" : "NO",
      `${(ms / half).toFixed(2)}x`,
      `${Math.round(markdownToHtml(input.source).length / 1024)} KiB`,
    ]);
  }
  (ctx?.printTable ?? printTable)(
    `Markdown parse + render to HTML of ${SIZE.toLocaleString("en-US")} characters (share pages: worker/share/markdown-html.ts over markdown-it) in Node ${process.version}: CPU time, medians of ${RUNS} runs; ÷ normal: against the normal brief measured right before (target ≤ ${TARGET}x); ÷ half: against the input's first 25,000 characters (linear: about 2x)`,
    ["input", "chars", "median", "normal brief", "÷ normal", `≤ ${TARGET}x`, "÷ half", "HTML"],
    rows,
  );
  console.log(
    `  worst adversarial input: ${worst.toFixed(2)}x the normal brief (target ≤ ${TARGET}x); the normal brief's HTML is ${Math.round(markdownToHtml(normal).length / 1024)} KiB`,
  );
}

export default { name, run };

if (import.meta.url === `file://${process.argv[1]}`) await run();
