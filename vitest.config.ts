import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest(async ({ inject }) => ({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            APP_ENV: "test",
            FAKE_ORIGIN: inject("fakeOrigin"),
          },
        },
      })),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/setup.ts"],
      globalSetup: ["./test/global-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 30_000,
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
      // better-auth leaves an APIError rejection behind each error response inside the pool
      // (not in Node, not under wrangler dev); every other unhandled error still fails the run.
      onUnhandledError(error: unknown) {
        if ((error as { name?: string } | undefined)?.name === "APIError") return false;
      },
    },
  };
});
