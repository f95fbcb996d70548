import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";
import { vendoredProblems } from "./scripts/lib/dependency-patches";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The Worker bundles React's server renderer and Remix's router from vendor/ (wrangler.toml's
 * [alias], decision 0018). A build whose vendored files no longer match the installed packages, or
 * whose alias is gone, fails here instead of shipping a Worker that pairs them wrongly or renders slower.
 */
function vendoredDependencies(): Plugin {
  return {
    name: "readyroom:vendored-dependencies",
    apply: "build",
    buildStart() {
      const problems = vendoredProblems();
      if (problems.length) this.error(`The patched dependencies cannot ship (decision 0018):\n- ${problems.join("\n- ")}`);
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    vendoredDependencies(),
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
