/**
 * Starts the app exactly as `npm start` does (scripts/start.ts: migrations, seed, `wrangler dev`)
 * on a free port with a fresh state directory, so every e2e or bench run begins from an empty,
 * freshly migrated and seeded database and never touches anyone's :8787 or .wrangler/state.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
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

export async function freePort(): Promise<number> {
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

type StartOptions = { label: string; logFile: string; timeoutMs?: number };

export async function startApp({ label, logFile, timeoutMs = 180_000 }: StartOptions): Promise<RunningApp> {
  const port = await freePort();
  const stateDir = mkdtempSync(path.join(tmpdir(), `readyroom-${label}-`));
  const log = createWriteStream(logFile);
  const binDir = path.join(ROOT, "node_modules", ".bin");

  // detached: the server gets its own process group, so stop() can end start.ts, npx, wrangler
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
      READYROOM_STATE_DIR: stateDir,
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
  // Last resort if this process dies abruptly (uncaught error, Ctrl-C): never leave the server behind.
  const onExit = () => killGroup("SIGKILL");
  process.on("exit", onExit);
  // Signals end Node without "exit" handlers; turn them into an orderly exit that runs them.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => process.exit(130));

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      killGroup("SIGTERM");
      const exited = await waitForExit(child, 5_000);
      if (!exited) killGroup("SIGKILL");
    }
    // workerd may outlive start.ts by a moment; the group kill reaches it either way.
    killGroup("SIGKILL");
    process.off("exit", onExit);
    log.end();
    rmSync(stateDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
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
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
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
