/**
 * `npm test`: the whole suite as stages, in two steps — the build; then, in two lanes side by side,
 * the e2e journeys, and the type-check, lint, the workerd tests (vitest's workers project, which
 * needs the build, as the journeys do) and the plain-Node unit tests (vitest's node project) one
 * after another. The suite is CPU-bound on a 2-core machine, and the journeys spend part of their
 * time waiting (on the app, on timers, on the queue): started right after the build, beside the
 * other lane's CPU-bound stages, the machine stays ~95% busy (fresh clone: 449–591 s, 852–1,132
 * CPU-s busy and ~45 idle, as this VM's speed varies), where with the journeys last, beside only the end of the workerd tests,
 * it took ~590–625 s. The two vitest projects in one process took 165 s against 117 s and 33 s apart.
 * Each stage is a child process in its own process group with a deadline; one that passes it is
 * stopped (its whole process tree: SIGTERM, then SIGKILL after 10 s). A failing stage skips the
 * later steps (the rest of its lane still runs: each checks something else). Output streams
 * through unchanged, except that stages running side by side print theirs whole when each ends
 * (never interleaved); at the end come a table of wall times, the test counts and, as the very
 * last line, `N passed, N failed`.
 *
 * `npm test -- --only workerd,e2e` runs only the named stages, in their steps and lanes (so these
 * two side by side from the start), with the same deadlines.
 *
 * Deadlines (ms): TEST_BUILD_DEADLINE_MS, TEST_TYPECHECK_DEADLINE_MS, TEST_LINT_DEADLINE_MS,
 * TEST_UNIT_DEADLINE_MS (default 5 min each), TEST_WORKERD_DEADLINE_MS (10 min), TEST_E2E_DEADLINE_MS
 * (12 min). The e2e journeys (Playwright Test, playwright.config.ts) get their own deadline 2 min
 * shorter, a quarter shorter below 8 min (E2E_DEADLINE_MS; 8 min when run alone with `npm run
 * test:e2e`), so they can report the unfinished journeys and stop their app before this one kills them.
 *
 * Writes test-results/summary.json (stages, counts, commit, time); vitest writes
 * test-results/vitest-node.json and test-results/vitest.json, Playwright test-results/e2e.json,
 * from which the counts come.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { descendants, getOwnPgid, signalQuietly, type Proc } from "../e2e/lib/server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "test-results");
const SUMMARY = path.join(RESULTS, "summary.json");
const KILL_GRACE_MS = 10_000;
const MIN = 60_000;

type StageName = "build" | "typecheck" | "lint" | "unit" | "workerd" | "e2e";
type TestStage = "unit" | "workerd" | "e2e";
type Status = "passed" | "failed" | "timeout" | "interrupted" | "skipped";
type Counts = { passed: number; failed: number };

type Stage = {
  name: StageName;
  command: string;
  args: string[];
  defaultDeadlineMs: number;
  /** Stages with the same step start together (see the header); steps run in order. */
  step: number;
  /** Stages of a step that share a lane run one after another (in this table's order), beside the step's other lanes. */
  lane?: string;
  /** The stage's JSON report under test-results/, for the test counts (test stages only). */
  report?: { file: string; counts(json: unknown): Counts | null };
};

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** vitest's JSON reporter: the counts of passed and failed tests. */
function vitestCounts(json: unknown): Counts | null {
  const r = json as { numPassedTests?: unknown; numFailedTests?: unknown };
  const passed = num(r.numPassedTests);
  const failed = num(r.numFailedTests);
  return passed === null || failed === null ? null : { passed, failed };
}

const vitest = (project: "node" | "workers", file: string) => [
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=test-results/${file}`,
];

const STAGES: Stage[] = [
  { name: "build", command: "npm", args: ["run", "build"], defaultDeadlineMs: 5 * MIN, step: 1 },
  { name: "typecheck", command: "npm", args: ["run", "typecheck"], defaultDeadlineMs: 5 * MIN, step: 2, lane: "checks" },
  { name: "lint", command: "npm", args: ["run", "lint"], defaultDeadlineMs: 5 * MIN, step: 2, lane: "checks" },
  {
    name: "workerd",
    command: "vitest",
    args: vitest("workers", "vitest.json"),
    defaultDeadlineMs: 10 * MIN,
    step: 2,
    lane: "checks",
    report: { file: "vitest.json", counts: vitestCounts },
  },
  {
    name: "unit",
    command: "vitest",
    args: vitest("node", "vitest-node.json"),
    defaultDeadlineMs: 5 * MIN,
    step: 2,
    lane: "checks",
    report: { file: "vitest-node.json", counts: vitestCounts },
  },
  {
    name: "e2e",
    command: "playwright",
    args: ["test"],
    // Beside the other lane for their whole run, the journeys take ~1.35 times as long as alone.
    defaultDeadlineMs: 12 * MIN,
    step: 2,
    report: {
      file: "e2e.json",
      // Playwright's JSON reporter: expected = passed, flaky = passed on a retry (there are none), unexpected =
      // failed, skipped = not run before the deadline (no journey skips itself), so those count as failed too.
      counts(json) {
        const stats = (json as { stats?: { expected?: unknown; flaky?: unknown; unexpected?: unknown; skipped?: unknown } }).stats;
        const expected = num(stats?.expected);
        const unexpected = num(stats?.unexpected);
        if (expected === null || unexpected === null) return null;
        return { passed: expected + (num(stats?.flaky) ?? 0), failed: unexpected + (num(stats?.skipped) ?? 0) };
      },
    },
  },
];

const deadlineVar = (name: StageName) => `TEST_${name.toUpperCase()}_DEADLINE_MS`;

type Outcome = { name: StageName; seconds: number | null; status: Status; note?: string; counts?: Counts };

function usage(): never {
  console.log(`usage: npm test [-- --only ${STAGES.map((s) => s.name).join(",")}]`);
  console.log(`deadlines (ms): ${STAGES.map((s) => `${deadlineVar(s.name)}=${s.defaultDeadlineMs}`).join(" ")}`);
  process.exit(0);
}

function parseArgs(argv: string[]): StageName[] {
  let only: string[] | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") usage();
    else if (arg === "--only") only = (argv[++i] ?? "").split(",");
    else if (arg!.startsWith("--only=")) only = arg!.slice("--only=".length).split(",");
    else fail(`unknown argument ${arg} (try --help)`);
  }
  const names = STAGES.map((s) => s.name);
  if (!only) return names;
  const wanted = only.map((s) => s.trim()).filter(Boolean);
  const unknown = wanted.filter((s) => !names.includes(s as StageName));
  if (unknown.length || wanted.length === 0) fail(`--only takes stage names among ${names.join(", ")}; got "${only.join(",")}"`);
  return names.filter((n) => wanted.includes(n));
}

function fail(message: string): never {
  console.error(`test: ${message}`);
  console.log("0 passed, 1 failed");
  process.exit(2);
}

function deadlineOf(stage: Stage): number {
  const raw = process.env[deadlineVar(stage.name)];
  if (raw === undefined || raw === "") return stage.defaultDeadlineMs;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) fail(`${deadlineVar(stage.name)} must be a positive number of milliseconds, not "${raw}"`);
  return value;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
const round1 = (ms: number) => Math.round(ms / 100) / 10;

// ---- process groups -------------------------------------------------------------------------

type Running = { child: ChildProcess; stopping: Promise<void> | null };
const running = new Set<Running>();
let interrupted: NodeJS.Signals | null = null;

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * SIGTERM to the stage's group (an orderly stop: the e2e run stops its app), then SIGKILL to the
 * group and to every process seen in its tree — also those in groups of their own (the app
 * the e2e run starts, browsers), which a group signal does not reach.
 */
async function stopTree(child: ChildProcess) {
  if (!child.pid) return;
  const pid = child.pid;
  const seen = new Map<number, Proc>(descendants(pid).map((p) => [p.pid, p]));
  signalQuietly(-pid, "SIGTERM");
  await waitForExit(child, KILL_GRACE_MS);
  for (const p of descendants(pid)) seen.set(p.pid, p);
  signalQuietly(-pid, "SIGKILL");
  const own = getOwnPgid();
  for (const pgid of new Set([...seen.values()].map((p) => p.pgid))) {
    if (pgid > 1 && pgid !== own && pgid !== process.pid) signalQuietly(-pgid, "SIGKILL");
  }
  for (const p of seen.values()) signalQuietly(p.pid, "SIGKILL");
  await waitForExit(child, 2_000);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    // The stages run in groups of their own, so a Ctrl-C on the terminal reaches only this process.
    if (interrupted || running.size === 0) {
      for (const r of running) if (r.child.pid) signalQuietly(-r.child.pid, "SIGKILL");
      process.exit(130);
    }
    interrupted = signal;
    console.error(`\ntest: ${signal}: stopping the running stage${running.size > 1 ? "s" : ""}…`);
    for (const r of running) r.stopping ??= stopTree(r.child);
  });
}

// ---- stages ---------------------------------------------------------------------------------

/** `buffered`: the output is kept and printed whole when the stage ends (stages side by side). */
async function runStage(stage: Stage, buffered: boolean): Promise<Outcome> {
  const deadlineMs = deadlineOf(stage);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Tools and Node 22 from node_modules/.bin, even when this was started outside npm.
    PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  };
  if (stage.name === "e2e" && !process.env.E2E_DEADLINE_MS) {
    // The e2e run reports and cleans up at its own deadline (playwright.config.ts globalTimeout); keep it inside this stage's.
    env.E2E_DEADLINE_MS = String(Math.max(deadlineMs - 2 * MIN, Math.round(deadlineMs * 0.75)));
  }
  if (stage.report) rmSync(path.join(RESULTS, stage.report.file), { force: true });

  const shown = [stage.command === process.execPath ? "node" : stage.command, ...stage.args].join(" ");
  const header = `\n▶ ${stage.name}: ${shown} (deadline ${secs(deadlineMs)}, ${deadlineVar(stage.name)})\n`;
  console.log(buffered ? `${header.trimEnd()} — started; its output follows when it ends` : header);
  const started = performance.now();

  let child: ChildProcess;
  const output: Buffer[] = [];
  try {
    // detached: a process group of its own, so the deadline can stop the stage and all it started.
    child = spawn(stage.command, stage.args, {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ["ignore", buffered ? "pipe" : "inherit", buffered ? "pipe" : "inherit"],
    });
  } catch (e) {
    return { name: stage.name, seconds: round1(performance.now() - started), status: "failed", note: `could not start: ${(e as Error).message}` };
  }
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  const current: Running = { child, stopping: null };
  running.add(current);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    console.error(
      `\n✗ test: stage "${stage.name}" passed its deadline of ${secs(deadlineMs)} (${deadlineVar(stage.name)}); ` +
        `stopping its process tree (SIGTERM, then SIGKILL after ${secs(KILL_GRACE_MS)}).`,
    );
    current.stopping ??= stopTree(child);
  }, deadlineMs);

  const result = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.once("error", (error) => resolve({ code: null, signal: null, error }));
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  clearTimeout(timer);
  if (current.stopping) await current.stopping;
  // Whatever the stage left behind in its own group goes with it.
  if (child.pid) signalQuietly(-child.pid, "SIGKILL");
  // "exit" can come before the pipes are drained: wait for them (briefly, in case something outside
  // the group still holds one open), or the end of a buffered stage's output — its summary — is lost.
  if (buffered) await Promise.race([closed, new Promise((r) => setTimeout(r, 2_000))]);
  running.delete(current);
  const seconds = round1(performance.now() - started);
  if (buffered) {
    console.log(`${header.trimEnd()} — ended after ${seconds.toFixed(1)} s\n`);
    process.stdout.write(Buffer.concat(output));
  }

  let status: Status = "passed";
  let note: string | undefined;
  if (timedOut) {
    status = "timeout";
    note = `killed after its deadline of ${secs(deadlineMs)}`;
  } else if (interrupted) {
    status = "interrupted";
    note = `stopped on ${interrupted}`;
  } else if (result.error) {
    status = "failed";
    note = `could not start: ${result.error.message}`;
  } else if (result.code !== 0) {
    status = "failed";
    note = result.signal ? `killed by ${result.signal}` : `exit ${result.code}`;
  }

  let counts: Counts | undefined;
  if (stage.report) {
    const reported = readReport(stage.report.file, stage.report.counts);
    if (!reported && status === "passed") {
      status = "failed";
      note = `exited 0 but wrote no usable test-results/${stage.report.file}`;
    }
    // A crash without a report, or a failure the report does not show as a failing test
    // (an unhandled error, a set-up that failed), counts as one failed test.
    counts = reported ?? { passed: 0, failed: 0 };
    if (status !== "passed" && counts.failed === 0) counts = { ...counts, failed: 1 };
  }
  if (status !== "passed") console.error(`\n✗ test: stage "${stage.name}" ${status}${note ? ` (${note})` : ""}.`);
  return { name: stage.name, seconds, status, note, counts };
}

function readReport(file: string, counts: (json: unknown) => Counts | null): Counts | null {
  try {
    return counts(JSON.parse(readFileSync(path.join(RESULTS, file), "utf8")));
  } catch {
    return null;
  }
}

function git(args: string[]): string | null {
  const r = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

// ---- report ---------------------------------------------------------------------------------

function printTable(outcomes: Outcome[], totalSeconds: number, ok: boolean) {
  const rows = [
    ...outcomes.map((o) => [o.name, o.seconds === null ? "—" : o.seconds.toFixed(1), o.status + (o.note && o.status !== "skipped" ? ` (${o.note})` : "")]),
    ["total", totalSeconds.toFixed(1), ok ? "passed" : "failed"],
  ];
  const headers = ["stage", "wall s", "status"];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => [r[0]!.padEnd(widths[0]!), r[1]!.padStart(widths[1]!), r[2]].join("  ");
  console.log(`\n${line(headers)}`);
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

const skipped = (stage: Stage, note: string): Outcome => ({ name: stage.name, seconds: null, status: "skipped", note });

async function main() {
  const selected = parseArgs(process.argv.slice(2));
  const stages = STAGES.filter((s) => selected.includes(s.name));
  stages.forEach(deadlineOf); // a bad deadline var fails before anything runs
  mkdirSync(RESULTS, { recursive: true });
  rmSync(SUMMARY, { force: true });

  const startedAt = performance.now();
  const byName = new Map<StageName, Outcome>();
  let stopped = false;
  for (const step of [...new Set(stages.map((s) => s.step))].sort((a, b) => a - b)) {
    const together = stages.filter((s) => s.step === step);
    if (stopped) {
      for (const stage of together) byName.set(stage.name, skipped(stage, "an earlier stage failed"));
      continue;
    }
    const lanes = new Map<string, Stage[]>();
    for (const stage of together) {
      const lane = stage.lane ? `lane:${stage.lane}` : `stage:${stage.name}`;
      lanes.set(lane, [...(lanes.get(lane) ?? []), stage]);
    }
    const runLane = async (lane: Stage[]) => {
      const outcomes: Outcome[] = [];
      // A stage that fails does not stop its lane: the next ones check other things, and report them.
      for (const stage of lane) outcomes.push(interrupted ? skipped(stage, `stopped on ${interrupted}`) : await runStage(stage, lanes.size > 1));
      return outcomes;
    };
    const results = (await Promise.all([...lanes.values()].map(runLane))).flat();
    for (const outcome of results) byName.set(outcome.name, outcome);
    if (results.some((o) => o.status !== "passed")) stopped = true;
  }
  const outcomes = stages.map((s) => byName.get(s.name)!);
  const totalSeconds = round1(performance.now() - startedAt);
  const ok = outcomes.every((o) => o.status === "passed");

  const tests: Partial<Record<TestStage, Counts>> = {};
  let passed = 0;
  let failed = 0;
  for (const o of outcomes) {
    if (o.counts) {
      tests[o.name as TestStage] = o.counts;
      passed += o.counts.passed;
      failed += o.counts.failed;
    } else if (o.status !== "passed" && o.status !== "skipped") {
      failed += 1; // build, typecheck or lint failed: no tests, but never "0 failed"
    }
  }

  printTable(outcomes, totalSeconds, ok);
  const countsOf = (name: TestStage) => {
    const outcome = outcomes.find((o) => o.name === name);
    if (!outcome) return `${name}: not selected`;
    if (outcome.status === "skipped") return `${name}: skipped`;
    const c = tests[name] ?? { passed: 0, failed: 0 };
    return `${name}: ${c.passed} passed, ${c.failed} failed`;
  };

  const commit = git(["rev-parse", "--short", "HEAD"]);
  const summary = {
    time: new Date().toISOString(),
    commit,
    dirty: commit ? Boolean(git(["status", "--porcelain", "--untracked-files=no"])) : null,
    ok,
    stages: outcomes.map((o) => ({ name: o.name, seconds: o.seconds, status: o.status, ...(o.note ? { note: o.note } : {}) })),
    totalSeconds,
    unit: tests.unit ?? null,
    workerd: tests.workerd ?? null,
    e2e: tests.e2e ?? null,
    passed,
    failed,
  };
  writeFileSync(SUMMARY, `${JSON.stringify(summary, null, 2)}\n`);

  console.log(`\n${countsOf("unit")} · ${countsOf("workerd")} · ${countsOf("e2e")}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(interrupted ? 130 : ok ? 0 : 1);
}

if (!existsSync(path.join(ROOT, "node_modules"))) fail("node_modules/ is missing: run `npm install` first");
await main();
