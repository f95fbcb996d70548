/**
 * `npm start`: the faithful local mode. Builds the app, applies the D1 migrations to the local
 * database under .wrangler/state, seeds the demo workspace, and serves everything (Remix, API,
 * Durable Objects, Queues, Cron) from workerd on http://localhost:$PORT (8787 by default). Once
 * the Worker answers, the seed's documents are queued for ingestion and wrangler.toml's Cron
 * Triggers run at their times (scripts/lib/scheduler.ts; READYROOM_CRON=off leaves them out).
 */
import { localAppUrl, readDotFiles } from "./lib/local-app-url.ts";
import { run, runAsync, stopGroup, wranglerCommand, wranglerEnv } from "./lib/run.ts";
import { localSchedules, startScheduler } from "./lib/scheduler.ts";
import { printDemoSignIn, queueSeededDocuments, seedLocal } from "./seed.ts";

const port = process.env.PORT ?? "8787";
const persist = process.env.READYROOM_STATE_DIR ?? ".wrangler/state";
const baseURL = `http://127.0.0.1:${port}`;

// Read before anything slow, so a trigger the local scheduler cannot run is said at once.
const cron = process.env.READYROOM_CRON === "off" ? null : localSchedules();

if (process.env.SKIP_BUILD !== "1") run("npx", ["remix", "vite:build"]);
// Migrates as `wrangler d1 migrations apply DB --local` does (scripts/lib/migrate-local.ts), then seeds.
await seedLocal(persist).catch((error: unknown) => {
  console.error(`\n✗ ${(error as Error).message}`);
  process.exit(1);
});

// Extra Worker vars for this run, as a JSON object (bench/e2e point AI_BASE_URL at a fake provider).
const extraVars = JSON.parse(process.env.READYROOM_VARS || "{}") as Record<string, string>;
const appUrl = localAppUrl(port, { env: process.env, extraVars, dotFiles: readDotFiles(process.cwd()) });
const varArgs = Object.entries({ ...(appUrl ? { APP_URL: appUrl } : {}), ...extraVars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
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
    ...varArgs,
    ...extraArgs,
  ]),
  // wrangler dev bundles React's development build unless NODE_ENV says otherwise (deploy bundles
  // production): a server-rendered page cost about twice the CPU of what production runs.
  { ...wranglerEnv, NODE_ENV: process.env.NODE_ENV ?? "production" },
);
let stopCron = () => {};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, () => {
    stopCron();
    stopGroup(child, signal);
  });

// Once the server answers: queue the seed's documents, start the Cron, and print the demo sign-in
// last, so it is not lost above wrangler's start-up output.
void (async () => {
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      await queueSeededDocuments(baseURL);
      if (cron) stopCron = startScheduler(baseURL, cron.schedules, cron.refused);
      printDemoSignIn(port);
      return;
    }
  }
})();
process.on("exit", () => stopGroup(child));
child.on("exit", (code) => process.exit(code ?? 0));
