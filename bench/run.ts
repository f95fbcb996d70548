/**
 * `npm run bench`: first runs the `npm test` stages (scripts/test.ts) and prints their wall times,
 * then starts the built app like `npm start` (fresh database, free port) and prints figures —
 * latency against the platform's floor, first-load JS per page, Worker bundle size. Never asserts.
 * Later issues add sections as bench/<name>.ts exporting { name, run(ctx) }.
 *
 * Shared machines swing absolute times 2–3x from run to run, so every timing is printed beside its
 * ratio to a baseline measured in the same run, close in time (interleaved or adjacent), and the
 * baseline itself is printed too: HTTP latency against GET /api/health at the same connections,
 * the ledger against a bare Durable Object (bench/ledger.ts), the design assistant against the
 * signed-in floor (bench/streaming.ts), the intelligence chat likewise (bench/intelligence-chat.ts),
 * the shared brief page cold and cached against GET /api/health (bench/share-page.ts), queued alert
 * summaries against the same work run inline (bench/alert-summaries.ts), exports against the JSON
 * export (bench/exports.ts), HTML parsing against a normal page (bench/parse.ts), Markdown on
 * adversarial input against a normal brief (bench/markdown.ts). Sizes are deterministic: the Worker bundle is
 * stated against the plan limits instead.
 *
 * `npm run bench -- --skip-suite` does not run the suite; it prints the last recorded
 * test-results/summary.json (its commit and time) instead.
 *
 * BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default "1,32"),
 * BENCH_ROUNDS (default 5: the page table's duration split into that many interleaved rounds),
 * BENCH_SECTIONS (comma-separated section names to run, e.g. "retrieval"; default all).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, startApp, type RunningApp } from "../e2e/lib/server.ts";
import { demoExercisePath, signInDemo } from "./lib/demo.ts";
import { measureHttp, measureRounds, type HttpStats, type HttpTarget, type RoundStats } from "./lib/http.ts";
import type { BenchContext, BenchSection } from "./lib/section.ts";
import { scriptAssetsIn, sizeOfClientAssets, WORKER_LIMITS, workerBundleSize, type SizeRow } from "./lib/sizes.ts";
import { lastSuite, runSuite } from "./lib/suite.ts";
import { kib, ms, printTable, ratio } from "./lib/table.ts";

const durationSec = Number(process.env.BENCH_DURATION ?? 10);
const warmupSec = Number(process.env.BENCH_WARMUP ?? 2);
const connections = (process.env.BENCH_CONNECTIONS ?? "1,32")
  .split(",")
  .map(Number)
  .filter((n: number) => n > 0);
const rounds = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 5)) || 5);

function ensureBuild() {
  if (existsSync(path.join(ROOT, "build", "server", "index.js"))) return;
  console.log("bench: build/ is missing, building…");
  const result = spawnSync("npx", ["remix", "vite:build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  if (result.status !== 0) {
    console.error("bench: the build failed.");
    process.exit(1);
  }
}

/** One request first: a redirect or error would make every figure meaningless, so say so instead. */
async function probe(baseURL: string, target: HttpTarget): Promise<string | null> {
  try {
    const res = await fetch(baseURL + target.path, { method: target.method ?? "GET", headers: target.headers, body: target.body, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status >= 200 && res.status < 300) return null;
    const location = res.headers.get("location");
    return `${target.method ?? "GET"} ${target.path} answered ${res.status}${location ? ` → ${location}` : ""}`;
  } catch (e) {
    return `${target.path}: ${(e as Error).message}`;
  }
}

const only = process.env.BENCH_SECTIONS?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);

async function loadSections(): Promise<BenchSection[]> {
  const dir = path.join(ROOT, "bench");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== "run.ts")
    .filter((f) => !only || only.includes(f.replace(/\.ts$/, "")))
    .sort();
  const sections: BenchSection[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Partial<BenchSection> & { default?: BenchSection };
    const section = mod.default ?? (typeof mod.run === "function" ? { name: mod.name ?? file, run: mod.run, prepare: mod.prepare } : null);
    if (section && typeof section.run === "function") sections.push({ name: section.name ?? file, run: section.run, prepare: section.prepare });
    else console.log(`bench: bench/${file} exports no { name, run }; skipped.`);
  }
  return sections;
}

function sizeRows(rows: SizeRow[]) {
  return rows.map((r) => [r.label, r.files, kib(r.raw), kib(r.gzip), r.note ?? ""]);
}

async function main() {
  // The suite first: it builds, and its e2e stage's app is gone before the bench's starts.
  const suite = process.argv.includes("--skip-suite") ? lastSuite(ROOT) : runSuite(ROOT);
  console.log(`\n${suite}\n`);
  ensureBuild();
  // Sections may start peers the app must reach (a fake AI provider) before the app starts.
  const sections = await loadSections();
  const vars: Record<string, string> = {};
  const stops: (() => Promise<void>)[] = [];
  for (const section of sections) {
    if (!section.prepare) continue;
    try {
      const prepared = await section.prepare();
      Object.assign(vars, prepared.vars ?? {});
      if (prepared.stop) stops.push(prepared.stop);
    } catch (e) {
      console.log(`bench: preparing section ${section.name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const startedAt = performance.now();
  const app: RunningApp = await startApp({ label: "bench", logFile: path.join(tmpdir(), `readyroom-bench-${process.pid}.log`), vars }).catch((e: unknown) => {
    console.error(`bench: the app did not start: ${e instanceof Error ? e.message : String(e)}`);
    return process.exit(1);
  });
  console.log(
    `bench: app ready on ${app.baseURL} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; ${durationSec} s per run after ${warmupSec} s warm-up, connections ${connections.join(" and ")}`,
  );
  console.log(`bench: host ${process.platform}/${process.arch}, Node ${process.version}, ${cpus().length} CPUs (shared)`);

  const floor = new Map<number, HttpStats>();
  const pages: { label: string; path: string; html: string | null; note?: string }[] = [];
  try {
    const auth = await signInDemo(app.baseURL);
    const cookie = "cookie" in auth ? auth.cookie : null;
    const userId = "userId" in auth ? auth.userId : null;
    if ("error" in auth) console.log(`bench: demo sign-in failed (${auth.error}); authenticated targets are skipped.`);

    // An exercise of the demo user's, for the editor's first paint and first-load JS (issue 10 targets).
    const editorPath = cookie ? await demoExercisePath(app.baseURL, cookie) : null;

    // The HTML the browser gets for each page, for the first-load JS figures below.
    const pageList: [string, string, Record<string, string>][] = [
      ["/login (signed out)", "/login", {}],
      ["/dashboard (demo user)", "/dashboard", cookie ? { cookie } : {}],
    ];
    if (editorPath && cookie) pageList.push(["/exercise/{id}/{step} (editor; target ≤ 250 KiB gz)", editorPath, { cookie }]);
    for (const [label, pagePath, headers] of pageList) {
      const res = await fetch(app.baseURL + pagePath, { headers, redirect: "manual" });
      const html = await res.text();
      pages.push({ label, path: pagePath, html: res.ok ? html : null, note: res.ok ? undefined : `answered ${res.status}` });
    }

    const ctx: BenchContext = {
      root: ROOT,
      baseURL: app.baseURL,
      cookie,
      userId,
      connections,
      durationSec,
      warmupSec,
      floor,
      measureHttp: (target, options) =>
        measureHttp(app.baseURL, target, {
          connections: options?.connections ?? 1,
          durationSec: options?.durationSec ?? durationSec,
          warmupSec: options?.warmupSec ?? warmupSec,
        }),
      printHttpTable: (title, stats) => printHttpTable(title, stats, floor),
      printTable,
    };

    const targets: HttpTarget[] = [{ label: "GET /api/health (floor)", path: "/api/health" }];
    const skipped: string[] = [];
    if (cookie && userId) {
      targets.push({ label: "GET /api/users/{id}/onboarding-status", path: `/api/users/${userId}/onboarding-status`, headers: { cookie } });
      targets.push({ label: "GET /dashboard (SSR)", path: "/dashboard", headers: { cookie } });
      if (editorPath) targets.push({ label: "GET /exercise/{id}/{step} (SSR)", path: editorPath, headers: { cookie } });
    } else {
      skipped.push("authenticated targets (no session)");
    }
    const reachable: HttpTarget[] = [];
    for (const target of targets) {
      const problem = await probe(app.baseURL, target);
      if (problem) skipped.push(problem);
      else reachable.push(target);
    }
    // Per connection count, rounds of the floor and each target right after it; each ratio is the
    // median of the rounds' own ratios (bench/lib/http.ts measureRounds).
    const measured: RoundStats[] = [];
    const roundSec = Math.max(1, durationSec / rounds);
    // Without the floor there is nothing to divide by: the targets are not measured (the probe said why).
    const hasFloor = reachable[0]?.path === "/api/health";
    for (const n of hasFloor ? connections : []) {
      const stats = await measureRounds(app.baseURL, reachable, { connections: n, rounds, roundSec, warmupSec });
      floor.set(n, stats[0]!);
      measured.push(...stats);
    }
    printRoundsTable(
      `HTTP latency (ms) and throughput, same Worker under wrangler dev; ${rounds} interleaved rounds of ${roundSec} s per target (floor GET /api/health, then each target); medians of the rounds, ratios the median of each round's ratio to that round's floor`,
      measured,
    );
    for (const s of skipped) console.log(`  not measured: ${s}`);

    for (const section of sections) {
      try {
        await section.run(ctx);
      } catch (e) {
        console.log(`\nbench section ${section.name} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  } finally {
    await app.stop();
    for (const stop of stops) await stop().catch(() => undefined);
  }

  const clientDir = path.join(ROOT, "build", "client");
  const firstLoad = pages.map((p) =>
    p.html
      ? { ...sizeOfClientAssets(clientDir, p.label, scriptAssetsIn(p.html)), path: p.path }
      : { label: p.label, path: p.path, files: 0, raw: 0, gzip: 0, note: p.note },
  );
  printTable(
    "First-load JavaScript per page (the /assets/*.js its HTML loads; gzip -6 of build/client files)",
    ["page", "files", "raw", "gzip", "note"],
    sizeRows(firstLoad),
  );
  for (const line of firstLoadBudgetLines(firstLoad)) console.log(line);
  // One wrangler run: wrangler.toml sets minify = true, so what a deploy uploads is the --minify
  // bundle (a run without the flag printed the same bytes, ~25 s more of CPU for nothing).
  const bundle = workerBundleSize(ROOT, "minified (--minify, as wrangler.toml deploys)", ["--minify"]);
  // The plan limits apply to the compressed upload: wrangler's own gzip figure when it printed one.
  const uploaded = bundle.reportedGzip ?? (bundle.files > 0 ? bundle.gzip : Number.NaN);
  const share = (limit: number) => (Number.isFinite(uploaded) ? `${((uploaded / limit) * 100).toFixed(0)}%` : "—");
  printTable(
    "Deployable Worker bundle (wrangler deploy --dry-run --outdir; modules only, no source maps) against the plan limits on the compressed upload",
    ["bundle", "files", "raw", "gzip", "÷ 3 MiB (Free)", "÷ 10 MiB (Paid)", "note"],
    [[...sizeRows([bundle])[0]!.slice(0, 4), share(WORKER_LIMITS.free), share(WORKER_LIMITS.paid), bundle.note ?? ""]],
  );
  if (Number.isFinite(uploaded)) {
    console.log(
      `  minified upload ${kib(uploaded)} gzip: ${share(WORKER_LIMITS.free)} of the Workers Free limit (3 MiB, ${kib(WORKER_LIMITS.free - uploaded)} left), ${share(WORKER_LIMITS.paid)} of Workers Paid's (10 MiB)`,
    );
  }
}

/**
 * The first-load budgets of issue 29 (item 9): what a visitor's first page and a planner's
 * dashboard may ship, gzip. Printed beside the measured figure, never asserted (shared machines
 * do not change sizes, but the bench reports; review reads it).
 */
const FIRST_LOAD_BUDGETS_KIB: Record<string, number> = { "/login": 150, "/dashboard": 180 };

function firstLoadBudgetLines(rows: (SizeRow & { path: string })[]): string[] {
  return Object.entries(FIRST_LOAD_BUDGETS_KIB).map(([pagePath, budget]) => {
    const row = rows.find((r) => r.path === pagePath);
    if (!row || row.files === 0) return `  first-load JS ${pagePath}: not measured (budget ${budget} KiB gzip)`;
    const kibGz = row.gzip / 1024;
    return `  first-load JS ${pagePath}: ${kibGz.toFixed(1)} KiB gzip, budget ${budget} KiB: ${kibGz <= budget ? "within" : `OVER by ${(kibGz - budget).toFixed(1)} KiB`}`;
  });
}

/** The page table: medians over rounds beside the median of the per-round ratios (the floor's own rows read 1.00x). */
function printRoundsTable(title: string, stats: RoundStats[]) {
  printTable(
    title,
    ["target", "conns", "p50", "÷ floor", "p99", "÷ floor", "req/s", "÷ floor", "2xx", "non-2xx", "errors"],
    stats.map((s) => [
      s.label,
      s.connections,
      ms(s.p50),
      ratio(s.ratio.p50, 1),
      ms(s.p99),
      ratio(s.ratio.p99, 1),
      Math.round(s.rps),
      ratio(s.ratio.rps, 1),
      s.ok,
      s.non2xx,
      s.errors,
    ]),
  );
}

/** Every figure beside its ratio to the floor's at the same connection count (the floor's own rows read 1.00x). */
function printHttpTable(title: string, stats: HttpStats[], floor: Map<number, HttpStats>) {
  printTable(
    title,
    ["target", "conns", "p50", "÷ floor", "p99", "÷ floor", "req/s", "÷ floor", "2xx", "non-2xx", "errors"],
    stats.map((s) => {
      const base = floor.get(s.connections);
      return [
        s.label,
        s.connections,
        ms(s.p50),
        ratio(s.p50, base?.p50 ?? Number.NaN),
        ms(s.p99),
        ratio(s.p99, base?.p99 ?? Number.NaN),
        Math.round(s.rps),
        ratio(s.rps, base?.rps ?? Number.NaN),
        s.ok,
        s.non2xx,
        s.errors,
      ];
    }),
  );
}

await main();
