import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { testClockOffsetMs } from "./test/clock-offset";

// Wrangler reads wrangler.toml for the pool and warns that Vectorize has no local simulation; the
// app already uses a local index in tests (worker/documents), so only wrangler's errors matter here.
process.env.WRANGLER_LOG ??= "error";

/**
 * Every dependency is transformed by Vite inside the pool, and some (stripe's ESM build) ship
 * source maps naming files they do not ship: hundreds of warnings that would bury real failures.
 * Vitest installs its own logger, so the filter wraps the resolved one.
 */
function quietMissingSourcemaps(): Plugin {
  const noise = (msg: string) => /^Sourcemap for .* points to missing source files$/.test(msg);
  return {
    name: "readyroom:quiet-missing-sourcemaps",
    configResolved(config) {
      const { warn, warnOnce } = config.logger;
      config.logger.warn = (msg, options) => (noise(msg) ? undefined : warn(msg, options));
      config.logger.warnOnce = (msg, options) => (noise(msg) ? undefined : warnOnce(msg, options));
    },
  };
}

const shared = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  teardownTimeout: 10_000,
  // Logs of passing tests are noise (queue and cron lines); a failing test shows its own.
  silent: "passed-only" as const,
  // The run's clock offset (READYROOM_TEST_NOW, test/clock-offset.ts) for the Node tests' set-up.
  env: { TEST_CLOCK_OFFSET_MS: String(testClockOffsetMs()) },
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      // A stuck test fails with its name after testTimeout; a run that cannot finish still ends.
      ...shared,
      // Vitest's default on a 2-core machine is one worker: every workerd file then ran in one
      // runtime on one core while the other idled. Two workers run two runtimes (each loads the
      // Worker once, with its own storage) and the Node project beside them: the stage went from
      // ~190 s to ~120 s here. More cores, more workers.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // A console line a Durable Object writes as the last file ends (an RPC method's rejection that
      // workerd also logs) can still be on its way when the pool closes its channel: vitest then
      // reports that lost log line as an unhandled error and fails a run whose every test passed
      // (seen once in ~10 runs). Only that one message is ignored; every other unhandled error fails.
      onUnhandledError: (error: { message?: unknown }) => !String(error.message).includes('Closing rpc while "onUserConsoleLog" was pending'),
      projects: [
        {
          // Pure logic (steps, chunking, prompts, templates, validation…) and components rendered to
          // HTML: plain Node, no workerd. `~/` is the web app's alias (tsconfig paths, Remix's Vite config).
          resolve: { alias: [{ find: /^~\//, replacement: `${path.join(import.meta.dirname, "web")}/` }] },
          test: {
            ...shared,
            name: "node",
            environment: "node",
            include: ["test/**/*.node.test.ts"],
            setupFiles: ["./test/setup-node.ts"],
            // The files share their worker's module cache instead of importing the app's modules
            // again each (62 → 28 CPU-s for the project, the same 961 tests): they test pure logic,
            // and the two that patch a global (crypto, console) restore it in the same test.
            isolate: false,
          },
        },
        {
          plugins: [
            quietMissingSourcemaps(),
            cloudflareTest(async ({ inject }) => ({
              main: "./worker/index.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  APP_ENV: "test",
                  // The suite bills as a deploy with Stripe does (no plan until one is bought or
                  // granted); off-mode tests pass BILLING_MODE=off in their own env.
                  BILLING_MODE: "stripe",
                  FAKE_ORIGIN: inject("fakeOrigin"),
                  TEST_CLOCK_OFFSET_MS: String(testClockOffsetMs()),
                  // Margin for a busy CI machine (worker/env.ts).
                  SSR_ABORT_DELAY_MS: "30000",
                },
              },
            })),
          ],
          test: {
            ...shared,
            name: "workers",
            include: ["test/**/*.test.ts"],
            exclude: ["test/**/*.node.test.ts"],
            setupFiles: ["./test/setup.ts"],
            globalSetup: ["./test/global-setup.ts"],
            // One runtime and one storage for every file: the Worker (Remix build, SDKs) is loaded
            // once instead of once per file (~25 s each on 2 cores). Tests therefore never assume
            // empty tables: each makes its own users and rows and looks only at those.
            isolate: false,
            deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
          },
        },
      ],
    },
  };
});
