/**
 * `npm run bench` section: time to render the docx and PDF Situation Manual of the largest
 * quick-start template (issue 4; target under 300 ms each in the Worker). Printed, never asserted.
 *
 * As the demo user, through the real API: copy the template into a new exercise, then
 * GET /api/exercises/{id}/export?format=… sequentially after warm-ups. Two figures per format:
 * the full HTTP time seen by this client (an upper bound of the Worker's work) and the route's own
 * `Server-Timing: render;dur=…` around renderExport. The JSON export of the same exercise is the
 * baseline: same session check and database read, next to no rendering. A copy of the exercise
 * whose name has one Cyrillic word is rendered to PDF too: the Unicode path, which subsets and embeds
 * Noto Sans (the WinAnsi standard fonts cannot spell it). Absolute times swing 2–3x
 * between runs on shared machines, so the variants are requested in rounds (docx, pdf, pdf with Noto Sans, json, …) and
 * every figure is printed as a ratio to the JSON export's median full HTTP time of the same run.
 *
 * BENCH_EXPORT_REQUESTS (default 15). Standalone against a running app (signs in as the demo user):
 * BASE_URL=http://localhost:8787 node --experimental-strip-types bench/exports.ts
 */
import type { BenchContext } from "./lib/section.ts";
import { printTable, ratio } from "./lib/table.ts";

export const name = "exports";

// The largest template by JSON size of QUICK_START_TEMPLATES (27.5 KB; the others are 22–24 KB,
// measured 2026-11-22). Hard-coded because the template modules use extensionless imports that
// Node's type stripping cannot load from here.
const TEMPLATE_ID = "hurricane-landfall";
const REQUESTS = Number(process.env.BENCH_EXPORT_REQUESTS ?? 15);
const WARMUP = 2;
/** What one round asks for: a format of the template's exercise, or the PDF of its Cyrillic-named copy. */
const VARIANTS = [
  { key: "docx", format: "docx", copy: false },
  { key: "pdf", format: "pdf", copy: false },
  { key: "pdf with Noto Sans", format: "pdf", copy: true },
  { key: "json", format: "json", copy: false },
] as const;

type Sample = { http: number; render: number | null; bytes: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : Number.NaN;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.9) - 1)] ?? Number.NaN;
const f = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "—");

async function exportOnce(url: string, cookie: string): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.arrayBuffer();
  const http = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`GET ${new URL(url).pathname}${new URL(url).search} answered ${res.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
  const dur = /(?:^|,)\s*render;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  return { http, render: dur ? Number(dur[1]) : null, bytes: body.byteLength };
}

/** Exports the exercise as JSON and imports it back with `suffix` added to its name; the copy's id. */
async function importRenamedCopy(baseURL: string, cookie: string, id: string, suffix: string): Promise<string> {
  const exported = await fetch(`${baseURL}/api/exercises/${id}/export?format=json`, { headers: { cookie } });
  if (!exported.ok) throw new Error(`GET /api/exercises/{id}/export?format=json answered ${exported.status}`);
  const file = (await exported.json()) as { exercise: { name: string } };
  file.exercise.name += suffix;
  const imported = await fetch(`${baseURL}/api/exercises/import`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", origin: baseURL },
    body: JSON.stringify(file),
  });
  if (imported.status !== 201) throw new Error(`POST /api/exercises/import answered ${imported.status}: ${(await imported.text()).slice(0, 200)}`);
  return ((await imported.json()) as { id: string }).id;
}

export async function run(ctx: Pick<BenchContext, "baseURL" | "cookie"> & Partial<Pick<BenchContext, "printTable">>) {
  if (!ctx.cookie) {
    console.log("\nbench section exports skipped: no demo session.");
    return;
  }
  const created = await fetch(`${ctx.baseURL}/api/exercises/from-template`, {
    method: "POST",
    headers: { cookie: ctx.cookie, "content-type": "application/json", origin: ctx.baseURL },
    body: JSON.stringify({ templateId: TEMPLATE_ID }),
  });
  if (!created.ok) throw new Error(`POST /api/exercises/from-template answered ${created.status}: ${(await created.text()).slice(0, 200)}`);
  const { id } = (await created.json()) as { id: string };
  const copyId = await importRenamedCopy(ctx.baseURL, ctx.cookie, id, " Київ");

  // Round-robin: each round asks for every variant once, so the JSON baseline and the rendered
  // formats share the same moments of a machine whose speed drifts.
  const url = (v: (typeof VARIANTS)[number]) => `${ctx.baseURL}/api/exercises/${v.copy ? copyId : id}/export?format=${v.format}`;
  const results = new Map<string, Sample[]>(VARIANTS.map((v) => [v.key, []]));
  for (let i = 0; i < WARMUP; i++) for (const v of VARIANTS) await exportOnce(url(v), ctx.cookie);
  for (let i = 0; i < REQUESTS; i++) for (const v of VARIANTS) results.get(v.key)!.push(await exportOnce(url(v), ctx.cookie));

  const base = median(results.get("json")!.map((s) => s.http));
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  for (const { key } of VARIANTS) {
    const samples = results.get(key)!;
    const http = samples.map((s) => s.http);
    const renders = samples.map((s) => s.render).filter((r): r is number => r !== null);
    const size = `${(samples[0]!.bytes / 1024).toFixed(1)} KiB`;
    const what = key === "json" ? "json (baseline, no layout)" : key;
    rows.push([
      `${what}: full HTTP`,
      f(median(http)!),
      f(p90(http)),
      ratio(median(http)!, base!),
      size,
      key === "json" ? "baseline of the ratios" : "target < 300 ms (absolute)",
    ]);
    if (renders.length === 0) notes.push(`${key}: the response carried no Server-Timing render entry.`);
    else {
      rows.push([`${what}: render in the Worker`, f(median(renders)!), f(p90(renders)), ratio(median(renders)!, base!), "", "Server-Timing render;dur"]);
      if (key !== "json" && renders.every((r) => r === 0))
        notes.push(`${key}: render time reads 0 — the Worker clock did not advance during the CPU-only render; the full HTTP time is the upper bound.`);
    }
  }
  // The Cyrillic copy's PDF embeds a font subset; no larger than the plain one means it did not.
  const bytesOf = (key: string) => results.get(key)![0]!.bytes;
  if (bytesOf("pdf with Noto Sans") <= bytesOf("pdf")) notes.push("pdf with Noto Sans: no larger than the plain PDF — the Unicode font was not embedded.");
  (ctx.printTable ?? printTable)(
    `Exports: Situation Manual of the largest template "${TEMPLATE_ID}" (${REQUESTS} rounds of every format after ${WARMUP} warm-up rounds); ratios to the JSON export's full HTTP median, same rounds`,
    ["measure", "median", "p90", "median ÷ json", "size", "note"],
    rows,
  );
  console.log(
    `  exports vs the JSON export (${f(base!)} full HTTP, same run): ${VARIANTS.filter((v) => v.key !== "json")
      .map(({ key }) => `${key} ${ratio(median(results.get(key)!.map((s) => s.http)), base!)}`)
      .join(", ")}`,
  );
  for (const note of notes) console.log(`  note: ${note}`);
}

export default { name, run };

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseURL = process.env.BASE_URL ?? "http://localhost:8787";
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email: "demo@readyroom.local", password: "Readyroom-demo-2026" }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c!.endsWith("="))
    .join("; ");
  await run({ baseURL, cookie: res.ok && cookie ? cookie : null });
}
