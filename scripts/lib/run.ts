import { spawn, spawnSync } from "node:child_process";

/** Runs a command with inherited stdio and exits the script if it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

export function runAsync(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
}

/** wrangler must not reach the network for the `cf` object or telemetry on these machines. */
export const wranglerEnv = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
