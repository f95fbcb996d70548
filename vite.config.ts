import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import { defineConfig } from "vite";
import path from "node:path";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  plugins: [
    // The dev proxy starts workerd; in a build it would start it twice for nothing.
    ...(command === "serve" ? [cloudflareDevProxyVitePlugin()] : []),
    remix({
      appDirectory: "web",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "web") } },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"] } },
  build: { sourcemap: false },
}));
