/**
 * `npm run bench` section: parse time of 25 MB HTML files (the upload limit) by the ingest
 * consumer's HTML parser (worker/documents/parse/html.ts), in this Node process: a normal page, and
 * adversarial ones that made the old regex scan quadratic (security issue, item 12). Medians of 3,
 * after one warm-up parse of a small file. Printed, never asserted. The normal page is the baseline:
 * each adversarial input's time is also printed as a ratio to it (absolute times swing between runs
 * on shared machines; a ratio far above 1 would mean a scan that is no longer linear).
 *
 * Standalone (no app needed): node --experimental-strip-types bench/parse.ts
 * BENCH_PARSE_MB (default 25) sets the size of each file.
 */
import { resolveAppImports } from "./lib/extensionless.ts";
import type { BenchContext } from "./lib/section.ts";
import { printTable, ratio } from "./lib/table.ts";

export const name = "parse";

const MB = 1024 * 1024;
const SIZE = Math.round(Number(process.env.BENCH_PARSE_MB ?? 25) * MB);
const RUNS = 3;

/** `text` repeated up to `size` UTF-8 bytes (all inputs here are ASCII). */
const fill = (text: string, size: number) => text.repeat(Math.floor(size / text.length));

/** A planning document as a web page exports it: headings, paragraphs, lists, a table, some script and style. */
function normalPage(size: number): string {
  const block = `<h2>Annex F: Evacuation &amp; Sheltering</h2>
<p class="lead">The <em>county EOC</em> coordinates evacuation of the barrier communities when the National Weather Service issues a hurricane warning &mdash; see <a href="#routes">routes</a>.</p>
<ul><li>Shelter A: Brackwater High School, 1,200 capacity</li><li>Shelter B: Ostrander Civic Center, 800 capacity</li></ul>
<table><tr><th>Zone</th><th>Trigger</th><th>Lead</th></tr><tr><td>A</td><td>Tropical storm warning</td><td>Sheriff</td></tr><tr><td>B</td><td>Hurricane warning</td><td>Fire &amp; Rescue</td></tr></table>
<!-- reviewed 2026-03 -->
<script>window.dataLayer = window.dataLayer || []; if (a < b && c > d) track("annex-f");</script>
<style>.lead{font-weight:600}</style>
<h4>Notes</h4><p>Residents without transport call 311.&nbsp;Pets are accepted at Shelter B.<br>Updated each season.</p>
`;
  return `<!doctype html><html><head><title>Brackwater County EOP</title></head><body><h1>Emergency Operations Plan</h1>${fill(block, size)}</body></html>`;
}

type Input = { label: string; html: string; note: string };

function inputs(size: number): Input[] {
  const intro = "<html><body><h1>Shelters</h1><p>Open during the storm.</p>";
  return [
    { label: "normal page", html: normalPage(size), note: "headings, lists, tables, entities, script/style" },
    {
      label: "unclosed <!-- and <script>, repeated",
      html: intro + fill("<!--x<script>", size),
      note: "the first unclosed comment runs to the end",
    },
    {
      label: "unclosed <script> then text",
      html: intro + "<script>" + fill("<p>Evacuation routes &amp; shelters.</p>\n", size),
      note: "the script runs to the end",
    },
    {
      label: "unterminated markup as text",
      html: intro + fill("<a <![CDATA[x <!x &nbsp;&nbsp; Zone ", size),
      note: "<a, <![CDATA[, <! without an end; scanned in full",
    },
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function run(ctx?: Partial<Pick<BenchContext, "printTable">>) {
  resolveAppImports();
  const { parseHtml } = (await import("../worker/documents/parse/html.ts")) as typeof import("../worker/documents/parse/html.ts");
  const encoder = new TextEncoder();
  const parse = (bytes: ArrayBuffer) => {
    try {
      return parseHtml(bytes).text.length;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  parse(encoder.encode(normalPage(256 * 1024)).buffer as ArrayBuffer); // warm-up

  const rows: (string | number)[][] = [];
  let baseline = Number.NaN;
  for (const input of inputs(SIZE)) {
    const bytes = encoder.encode(input.html).buffer as ArrayBuffer;
    const times: number[] = [];
    let result: number | string = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      result = parse(bytes);
      times.push(performance.now() - started);
    }
    const ms = median(times);
    if (Number.isNaN(baseline)) baseline = ms; // the normal page, first: the baseline of the ratios
    rows.push([
      input.label,
      `${(bytes.byteLength / MB).toFixed(1)} MB`,
      `${ms!.toFixed(0)} ms`,
      ratio(ms!, baseline),
      `${(bytes.byteLength / MB / (ms! / 1000)).toFixed(0)} MB/s`,
      typeof result === "number" ? `${result.toLocaleString("en-US")} chars` : result,
      input.note,
    ]);
  }
  (ctx?.printTable ?? printTable)(
    `HTML parse time (worker/documents/parse/html.ts in Node ${process.version}; median of ${RUNS}); ratios to the normal page, same run`,
    ["input", "size", "median", "÷ normal page", "rate", "text indexed", "note"],
    rows,
  );
}

export default { name, run };

if (import.meta.url === `file://${process.argv[1]}`) await run();
