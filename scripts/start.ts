/**
 * `npm start`: the faithful local mode. Builds the app, applies the D1 migrations to the local
 * database under .wrangler/state, seeds the demo workspace, and serves everything (Remix, API,
 * Durable Objects, Queues, Cron) from workerd on http://localhost:8787.
 */
import { run, runAsync, wranglerEnv } from "./lib/run.ts";
import { seedLocal } from "./seed.ts";

const port = process.env.PORT ?? "8787";
const persist = process.env.READYROOM_STATE_DIR ?? ".wrangler/state";

if (process.env.SKIP_BUILD !== "1") run("npx", ["remix", "vite:build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], wranglerEnv);
await seedLocal(persist);

const child = runAsync(
  "npx",
  ["wrangler", "dev", "--port", port, "--ip", "127.0.0.1", "--test-scheduled", "--persist-to", persist, "--show-interactive-dev-session=false"],
  wranglerEnv,
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
