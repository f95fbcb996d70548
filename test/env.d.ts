import type { Env as WorkerEnv } from "../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      FAKE_ORIGIN: string;
      TEST_CLOCK_OFFSET_MS?: string;
    }
  }
}
declare module "cloudflare:test" {
  interface ProvidedEnv extends WorkerEnv {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    FAKE_ORIGIN: string;
    TEST_CLOCK_OFFSET_MS?: string;
  }
}
