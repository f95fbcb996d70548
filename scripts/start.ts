/**
 * `npm start`: the faithful local mode. Builds the app, applies the D1 migrations to the local
 * database under .wrangler/state, seeds the demo workspace, and serves everything (Remix, API,
 * Durable Objects, Queues, Cron) from workerd on http://localhost:8787.
 */
import { run, runAsync, stopGroup, wranglerCommand, wranglerEnv } from "./lib/run.ts";
import { printDemoSignIn, seedLocal } from "./seed.ts";

const port = process.env.PORT ?? "8787";
const persist = process.env.READYROOM_STATE_DIR ?? ".wrangler/state";

if (process.env.SKIP_BUILD !== "1") run("npx", ["remix", "vite:build"]);
run(...wranglerCommand(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]), wranglerEnv);
await seedLocal(persist);

// Extra Worker vars for this run, as a JSON object (bench/e2e point AI_BASE_URL at a fake provider).
const extraVars = Object.entries(JSON.parse(process.env.READYROOM_VARS || "{}") as Record<string, string>).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
// More wrangler dev arguments, as a JSON array (the bench's variants of the Worker: another --config).
const extraArgs = JSON.parse(process.env.READYROOM_WRANGLER_ARGS || "[]") as string[];

const child = runAsync(
  ...wranglerCommand([
    "dev",
    "--port",
    port,
    "--ip",
    "127.0.0.1",
    "--test-scheduled",
    "--persist-to",
    persist,
    "--show-interactive-dev-session=false",
    "--var",
    "APP_ENV:local",
    ...extraVars,
    ...extraArgs,
  ]),
  // wrangler dev bundles React's development build unless NODE_ENV says otherwise (deploy bundles
  // production): a server-rendered page cost about twice the CPU of what production runs.
  { ...wranglerEnv, NODE_ENV: process.env.NODE_ENV ?? "production" },
);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stopGroup(child, signal));

// Print the demo sign-in once the server answers, so it is the last thing on screen, not lost
// above wrangler's start-up output.
void (async () => {
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      printDemoSignIn(port);
      return;
    }
  }
})();
process.on("exit", () => stopGroup(child));
child.on("exit", (code) => process.exit(code ?? 0));
