import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Runs a command with inherited stdio and exits the script if it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Starts a long-running command in its own process group. npx → wrangler → workerd is three
 * processes deep; `stopGroup` signals all of them, so stopping `npm start` leaves no server behind.
 */
export function runAsync(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env }, detached: true });
}

export function stopGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** wrangler must not reach the network for the `cf` object or telemetry on these machines. */
export const wranglerEnv = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

const WRANGLER_JS = fileURLToPath(new URL("../../node_modules/wrangler/bin/wrangler.js", import.meta.url));

/**
 * The command that runs this project's wrangler with the Node.js running this script: `npx wrangler`
 * costs about 0.6 s more per call to resolve the same file, and the admin CLI and the seed call
 * wrangler many times.
 */
export function wranglerCommand(args: string[]): [string, string[]] {
  return [process.execPath, [WRANGLER_JS, ...args]];
}
