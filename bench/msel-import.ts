/**
 * `npm run bench` section (issue 32 item 15): preview and import of a 1,000-row xlsx MSEL, each as
 * a ratio to the same rows read from CSV in the same run. Printed, never asserted.
 *
 * As the demo user, through the real API: POST /api/exercises/msel/preview and /msel/import with
 * the workbook and with its CSV twin, in rounds (xlsx, csv, xlsx, csv…) so both share the same
 * moments of a machine whose speed drifts. The CSV is the baseline: same upload, header detection,
 * mapping and rows; no zip, no XML. Each import makes an exercise of the demo user's.
 *
 * BENCH_MSEL_REQUESTS (default 8), BENCH_MSEL_ROWS (default 1000). Standalone against a running app:
 * BASE_URL=http://localhost:8787 node --experimental-strip-types bench/msel-import.ts
 */
import type { BenchContext } from "./lib/section.ts";
import { printTable, ratio } from "./lib/table.ts";
import { csvOfSheet, generatedMsel, makeXlsx } from "../test/exercises/msel-fixtures.ts";

export const name = "msel-import";

const REQUESTS = Number(process.env.BENCH_MSEL_REQUESTS ?? 8);
const ROWS = Number(process.env.BENCH_MSEL_ROWS ?? 1000);
const WARMUP = 1;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : Number.NaN;
};
const f = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "—");

async function post(baseURL: string, cookie: string, path: "preview" | "import", file: File): Promise<number> {
  const form = new FormData();
  form.append("file", file);
  const started = performance.now();
  const res = await fetch(`${baseURL}/api/exercises/msel/${path}`, { method: "POST", headers: { cookie, origin: baseURL }, body: form });
  const body = await res.text();
  const elapsed = performance.now() - started;
  if (!res.ok) throw new Error(`POST /api/exercises/msel/${path} answered ${res.status}: ${body.slice(0, 200)}`);
  const counted = (JSON.parse(body) as { rowCount?: number; imported?: number }).rowCount ?? (JSON.parse(body) as { imported?: number }).imported;
  if (counted !== ROWS) throw new Error(`POST /api/exercises/msel/${path} read ${counted} rows of ${ROWS}.`);
  return elapsed;
}

export async function run(ctx: Pick<BenchContext, "baseURL" | "cookie"> & Partial<Pick<BenchContext, "printTable">>) {
  if (!ctx.cookie) {
    console.log("\nbench section msel-import skipped: no demo session.");
    return;
  }
  const sheet = generatedMsel(ROWS);
  const xlsxBytes = makeXlsx([sheet]);
  const csvText = csvOfSheet(sheet);
  const files = {
    xlsx: () => new File([xlsxBytes], "bench-msel.xlsx"),
    csv: () => new File([csvText], "bench-msel.csv"),
  };
  const times = { preview: { xlsx: [] as number[], csv: [] as number[] }, import: { xlsx: [] as number[], csv: [] as number[] } };
  for (const path of ["preview", "import"] as const) {
    for (let i = 0; i < WARMUP; i++) for (const kind of ["xlsx", "csv"] as const) await post(ctx.baseURL, ctx.cookie, path, files[kind]());
    for (let i = 0; i < REQUESTS; i++)
      for (const kind of ["xlsx", "csv"] as const) times[path][kind].push(await post(ctx.baseURL, ctx.cookie, path, files[kind]()));
  }
  const rows: (string | number)[][] = [];
  for (const path of ["preview", "import"] as const) {
    const base = median(times[path].csv);
    rows.push([`${path}: csv (baseline)`, f(base), "1.00x"]);
    rows.push([`${path}: xlsx`, f(median(times[path].xlsx)), ratio(median(times[path].xlsx), base)]);
  }
  (ctx.printTable ?? printTable)(
    `MSEL import of ${ROWS} rows (full HTTP, median of ${REQUESTS}; xlsx ${(xlsxBytes.byteLength / 1024).toFixed(1)} KiB, csv ${(new TextEncoder().encode(csvText).byteLength / 1024).toFixed(1)} KiB)`,
    ["request", "median", "vs csv"],
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { signInDemo } = await import("./lib/demo.ts");
  const baseURL = process.env.BASE_URL ?? "http://localhost:8787";
  const auth = await signInDemo(baseURL);
  await run({ baseURL, cookie: "cookie" in auth ? auth.cookie : null });
}
