/**
 * `npm run bench` section: first paint of the server-rendered pages with the edited renderer
 * (decision 0018, wrangler.toml's [alias]) against the packages' own files and the
 * alternatives, in one run. Each variant is the same build served by its own `wrangler dev`, whose
 * [alias] names other files (or none: the package's own), each with a fresh, seeded database; they all run side by
 * side, and the rounds interleave them (each round in a rotated order): per round and variant, the
 * floor GET /api/health, GET /dashboard and the exercise editor, one after another. Each ratio is
 * the median of its per-round ratios: to the variant's own floor, and to the edited variant's
 * figure of the same round. Latency is of the whole answer (the shell and the streamed data).
 * `wrangler dev` ignores `--alias` (only deploy reads it), so each variant is a copy of wrangler.toml
 * with its own [alias] table, beside it (relative paths stay right) and removed when the section ends.
 *
 * BENCH_PATCH_ROUNDS (default 9), BENCH_PATCH_ROUND_SEC (default 2), BENCH_REACT19 (a directory
 * whose node_modules holds react and react-dom 19: adds a variant with React 19's renderer).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startApp, type RunningApp } from "../e2e/lib/server.ts";
import { wranglerAliases } from "../scripts/lib/dependency-patches.ts";
import { demoExercisePath, signInDemo } from "./lib/demo.ts";
import { measureHttp, type HttpStats, type HttpTarget } from "./lib/http.ts";
import type { BenchContext } from "./lib/section.ts";
import { ms, ratio } from "./lib/table.ts";
import { median } from "./lib/timing.ts";

export const name = "dependency-patches";

const ROUNDS = Math.max(1, Number(process.env.BENCH_PATCH_ROUNDS ?? 9) || 9);
const ROUND_SEC = Math.max(1, Number(process.env.BENCH_PATCH_ROUND_SEC ?? 2) || 2);

/** aliases: over wrangler.toml's [alias]; null removes one (the package's own file, as without the alias). */
type Variant = { label: string; aliases: Record<string, string | null> };
type Running = Variant & { app: RunningApp; config: string; targets: HttpTarget[]; bytes: number[]; dataScripts: boolean };

const OWN_RENDERER = { "react-dom/server": null };

function variants(): Variant[] {
  const list: Variant[] = [
    { label: "edited renderer (as shipped)", aliases: {} },
    { label: "package's own renderer", aliases: OWN_RENDERER },
    { label: "renderToString", aliases: { "react-dom/server": "./bench/lib/render-to-string.ts" } },
  ];
  const react19 = process.env.BENCH_REACT19 && path.resolve(process.env.BENCH_REACT19, "node_modules");
  if (react19 && existsSync(path.join(react19, "react-dom", "server.edge.js"))) {
    const version = (JSON.parse(readFileSync(path.join(react19, "react-dom", "package.json"), "utf8")) as { version: string }).version;
    list.push({
      label: `React ${version} (its worker renderer)`,
      aliases: {
        react: path.join(react19, "react", "index.js"),
        "react/jsx-runtime": path.join(react19, "react", "jsx-runtime.js"),
        "react-dom": path.join(react19, "react-dom", "index.js"),
        "react-dom/server": path.join(react19, "react-dom", "server.edge.js"),
      },
    });
  } else if (process.env.BENCH_REACT19) {
    console.log(`  bench section ${name}: BENCH_REACT19 has no node_modules/react-dom/server.edge.js; the React 19 variant is left out.`);
  }
  return list;
}

/** wrangler.toml with the variant's [alias] table instead of its own, as a file beside it. */
function writeConfig(root: string, variant: Variant, index: number) {
  const toml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const aliases = Object.entries({ ...wranglerAliases(toml), ...variant.aliases }).filter((entry): entry is [string, string] => entry[1] !== null);
  let table = "";
  const kept = toml.split("\n").filter((line) => {
    const text = line.trim();
    if (text.startsWith("[")) table = text;
    return table !== "[alias]" || !(text === "[alias]" || /^"[^"]+"\s*=/.test(text));
  });
  const aliasTable = aliases.length ? `\n[alias]\n${aliases.map(([from, to]) => `${JSON.stringify(from)} = ${JSON.stringify(to)}`).join("\n")}\n` : "";
  const file = path.join(root, `.wrangler-bench-${index}-${process.pid}.toml`);
  writeFileSync(file, kept.join("\n") + aliasTable);
  return file;
}

async function start(root: string, variant: Variant, index: number): Promise<Running> {
  const config = writeConfig(root, variant, index);
  const app = await startApp({
    label: `bench-patches-${index}`,
    logFile: path.join(tmpdir(), `readyroom-bench-patches-${index}-${process.pid}.log`),
    wranglerArgs: ["--config", config],
  }).catch((e: unknown) => {
    rmSync(config, { force: true });
    throw e;
  });
  try {
    const auth = await signInDemo(app.baseURL);
    if ("error" in auth) throw new Error(auth.error);
    const editor = await demoExercisePath(app.baseURL, auth.cookie);
    if (!editor) throw new Error("the demo exercise could not be created");
    const headers = { cookie: auth.cookie };
    const targets: HttpTarget[] = [
      { label: "GET /api/health (floor)", path: "/api/health" },
      { label: "GET /dashboard", path: "/dashboard", headers },
      { label: "GET /exercise/{id}/{step}", path: editor, headers },
    ];
    const bytes: number[] = [];
    let dataScripts = true;
    for (const target of targets.slice(1)) {
      const res = await fetch(app.baseURL + target.path, { headers: target.headers, redirect: "manual" });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${target.label} answered ${res.status}`);
      bytes.push(Buffer.byteLength(html));
      // Remix's single-fetch loader data, which hydration waits for, arrives in these inline scripts.
      dataScripts &&= html.includes("streamController.enqueue");
    }
    return { ...variant, app, config, targets, bytes, dataScripts };
  } catch (e) {
    await app.stop();
    rmSync(config, { force: true });
    throw new Error(`${variant.label}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export async function run(ctx: BenchContext) {
  const started: Running[] = [];
  try {
    // One after another: several wrangler builds at once only slow each other down on a small machine.
    for (const [i, variant] of variants().entries()) {
      try {
        started.push(await start(ctx.root, variant, i));
      } catch (e) {
        // Without the edited variant there is nothing to compare with; any other is left out, saying why.
        if (i === 0) throw e;
        console.log(`\nbench section ${name}: left out ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const workerd = (JSON.parse(readFileSync(path.join(ctx.root, "node_modules", "workerd", "package.json"), "utf8")) as { version: string }).version;
    console.log(
      `\nbench section ${name}: ${started.length} Workers under wrangler dev (workerd ${workerd}), ${ROUNDS} interleaved rounds of ${ROUND_SEC} s per target`,
    );

    for (const connections of ctx.connections) {
      // stats[variant][target][round]
      const stats = started.map((v) => v.targets.map(() => [] as HttpStats[]));
      for (let round = 0; round < ROUNDS; round++) {
        for (let k = 0; k < started.length; k++) {
          const v = (round + k) % started.length;
          for (const [t, target] of started[v]!.targets.entries()) {
            stats[v]![t]!.push(
              await measureHttp(started[v]!.app.baseURL, target, {
                connections,
                durationSec: ROUND_SEC,
                warmupSec: round === 0 ? ctx.warmupSec : 0,
                skipFirst: connections,
              }),
            );
          }
        }
      }
      const rows: (string | number)[][] = [];
      for (const [v, variant] of started.entries()) {
        for (const [t, target] of variant.targets.entries()) {
          const own = stats[v]![t]!;
          const perRound = (base: HttpStats[]) => median(own.flatMap((s, r) => (s.ok > 0 && base[r]!.ok > 0 ? [s.p50 / base[r]!.p50] : [])));
          rows.push([
            variant.label,
            target.label,
            ms(median(own.map((s) => s.p50))),
            t === 0 ? "1.00x" : ratio(perRound(stats[v]![0]!), 1),
            ratio(perRound(stats[0]![t]!), 1),
            ms(median(own.map((s) => s.p99))),
            Math.round(median(own.map((s) => s.rps))),
            own.reduce((n, s) => n + s.ok, 0),
            own.reduce((n, s) => n + s.non2xx + s.errors, 0),
            t === 0 ? "" : `${(variant.bytes[t - 1]! / 1024).toFixed(1)} KiB${variant.dataScripts ? "" : ", no loader data"}`,
          ]);
        }
      }
      ctx.printTable(
        `Server-rendered first paint by renderer, ${connections} connection(s): medians of ${ROUNDS} rounds; ÷ floor: of the variant's own GET /api/health in the round, ÷ edited: of the edited (shipped) variant's same target in the same round`,
        ["variant", "target", "p50", "÷ floor", "÷ edited", "p99", "req/s", "2xx", "other", "page"],
        rows,
      );
    }
    console.log(
      '  "no loader data": the page lacks Remix\'s single-fetch data scripts (a Suspense boundary renderToString cannot wait for), so the browser could not hydrate it.',
    );
  } finally {
    for (const v of started) {
      await v.app.stop();
      rmSync(v.config, { force: true });
    }
  }
}
