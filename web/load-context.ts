import type { Env } from "../worker/env";

// What worker/index.ts hands every loader and action: the Worker's bindings and this request's CSP
// nonce (absent under `remix vite:dev`, which serves pages without the Worker's headers).
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; cf: Request["cf"]; ctx: ExecutionContext; caches: CacheStorage };
    cspNonce?: string;
  }
}

export {};
