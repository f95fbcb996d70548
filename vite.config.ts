import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import { defineConfig } from "vite";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The sample workspace's plan documents (worker/sample/brackwater/documents) are imported as
 * strings: wrangler's "Text" rules do it for the Worker's own bundle (wrangler.toml), this does it
 * for the Remix server build, whose loaders reach the same module.
 */
function textModules(): Plugin {
  return {
    name: "readyroom:text-modules",
    // Before Vite's own asset handling, which would make a *.txt import a URL.
    enforce: "pre",
    load(id) {
      if (!/\/worker\/sample\/brackwater\/documents\/[^/]+\.(md|txt)$/.test(id)) return null;
      return { code: `export default ${JSON.stringify(readFileSync(id, "utf8"))};`, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    textModules(),
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
