/**
 * Starts the app exactly as `npm start` does (scripts/start.ts: migrations, seed, `wrangler dev`)
 * on a free port with a fresh state directory, so every e2e or bench run begins from an empty,
 * freshly migrated and seeded database and never touches anyone's :8787 or .wrangler/state.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type RunningApp = {
  baseURL: string;
  port: number;
  stateDir: string;
  logFile: string;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * vars: extra Worker vars for this run (scripts/start.ts passes them to wrangler dev as --var); a
 * function receives the app's base URL first, for vars that name it (APP_URL). wranglerArgs: more
 * arguments for wrangler dev (the bench's variants of the Worker: another --config, bench/dependency-patches.ts).
 */
type StartOptions = {
  label: string;
  logFile: string;
  timeoutMs?: number;
  vars?: Record<string, string> | ((baseURL: string) => Record<string, string>);
  wranglerArgs?: string[];
};

export async function startApp({ label, logFile, timeoutMs = 300_000, vars, wranglerArgs }: StartOptions): Promise<RunningApp> {
  const port = await freePort();
  const stateDir = mkdtempSync(path.join(tmpdir(), `readyroom-${label}-`));
  const log = createWriteStream(logFile);
  const binDir = path.join(ROOT, "node_modules", ".bin");
  const baseURL = `http://127.0.0.1:${port}`;
  const workerVars = typeof vars === "function" ? vars(baseURL) : vars;

  // detached: the server gets its own process group, so stop() can end start.ts, wrangler
  // and workerd together instead of leaving an orphaned workerd holding the port.
  const child = spawn(process.execPath, ["--experimental-strip-types", "scripts/start.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      // Node 22 from node_modules/.bin for npx/wrangler, even if this was started outside npm.
      PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
      SKIP_BUILD: "1",
      PORT: String(port),
      // No Cron ticks in the middle of a journey or a measurement (scripts/start.ts).
      READYROOM_CRON: process.env.READYROOM_CRON ?? "off",
      READYROOM_STATE_DIR: stateDir,
      ...(workerVars ? { READYROOM_VARS: JSON.stringify(workerVars) } : {}),
      ...(wranglerArgs ? { READYROOM_WRANGLER_ARGS: JSON.stringify(wranglerArgs) } : {}),
      FORCE_COLOR: "0",
      NO_COLOR: "1",
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  let stopped = false;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // start.ts runs wrangler in a process group of its own, so killing our group is not enough if
  // start.ts dies before it can forward the signal: kill every descendant's group too.
  const killTree = (signal: NodeJS.Signals) => {
    if (!child.pid) return;
    const tree = descendants(child.pid);
    killGroup(signal);
    for (const pgid of new Set(tree.map((p) => p.pgid))) {
      if (pgid > 1 && pgid !== process.pid && pgid !== getOwnPgid()) signalQuietly(-pgid, signal);
    }
    for (const p of tree) signalQuietly(p.pid, signal);
  };
  // Last resort if this process dies abruptly (uncaught error, Ctrl-C, a deadline that leaves no
  // time for stop()): never leave the server or its database behind.
  const onExit = () => {
    killTree("SIGKILL");
    rmSync(stateDir, { recursive: true, force: true });
  };
  process.on("exit", onExit);
  // Signals end Node without "exit" handlers; turn them into an orderly exit that runs them.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => process.exit(130));

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const tree = child.pid ? descendants(child.pid) : [];
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM first so start.ts stops wrangler in its own orderly way.
      killGroup("SIGTERM");
      await waitForExit(child, 5_000);
    }
    // Whatever is left of the tree seen before stopping (wrangler, workerd) goes now.
    killGroup("SIGKILL");
    for (const pgid of new Set(tree.map((p) => p.pgid))) {
      if (pgid > 1 && pgid !== getOwnPgid()) signalQuietly(-pgid, "SIGKILL");
    }
    for (const p of tree) signalQuietly(p.pid, "SIGKILL");
    process.off("exit", onExit);
    log.end();
    rmSync(stateDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, timeoutMs);
  } catch (error) {
    await stop();
    const tail = safeTail(logFile, 40);
    throw new Error(`${(error as Error).message}\n--- last lines of ${logFile} ---\n${tail}`);
  }
  return { baseURL, port, stateDir, logFile, stop };
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number) {
  // The caller's own deadline, on the monotonic timer: a hung health check must not stretch the
  // wait past the run's budget.
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app exited before it became healthy (exit ${child.exitCode ?? child.signalCode}).`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${baseURL}/api/health did not answer 200 within ${Math.round(timeoutMs / 1000)} s.`);
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function safeTail(file: string, lines: number) {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export type Proc = { pid: number; ppid: number; pgid: number };

function readProcs(): Proc[] {
  const procs: Proc[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid pgrp ..." — comm may contain spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      procs.push({ pid: Number(name), ppid: Number(fields[1]), pgid: Number(fields[2]) });
    } catch {
      // exited while listing
    }
  }
  return procs;
}

/** Every live descendant of `root` (Linux /proc; elsewhere nothing, and the group kill suffices). */
export function descendants(root: number): Proc[] {
  if (!existsSync("/proc/self/stat")) return [];
  const procs = readProcs();
  const found: Proc[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const p of procs) {
      if (p.ppid === parent) {
        found.push(p);
        queue.push(p.pid);
      }
    }
  }
  return found;
}

let ownPgid: number | null = null;
export function getOwnPgid() {
  if (ownPgid === null) {
    const self = readProcs().find((p) => p.pid === process.pid);
    ownPgid = self?.pgid ?? -1;
  }
  return ownPgid;
}

export function signalQuietly(target: number, signal: NodeJS.Signals) {
  try {
    process.kill(target, signal);
  } catch {
    // already gone
  }
}
