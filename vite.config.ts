import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { readFileSync } from "node:fs";
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

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    vendoredDependencies(),
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
  build: {
    sourcemap: false,
    // The server build is one module, as wrangler's bundle of it is in production: a lazy chunk
    // (the signed-in chrome, pickers, dialogs) is then already loaded when a render reaches it.
    // Split, the test suite's workerd imported each chunk cold through vitest's module runner in
    // the middle of a render, which on a busy CI machine outlasted the render's 30 s deadline.
    rollupOptions: isSsrBuild ? { output: { inlineDynamicImports: true } } : undefined,
  },
}));
