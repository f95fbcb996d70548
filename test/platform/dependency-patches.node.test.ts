import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import * as React from "react";
import { describe, expect, it } from "vitest";
import { ALIASES, applyEdits, PATCHES, ROOT, VENDOR_MANIFEST, vendoredPath, vendoredProblems } from "../../scripts/lib/dependency-patches.ts";

const require = createRequire(import.meta.url);
type Renderer = { renderToReadableStream(node: React.ReactNode, options?: object): Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }> };
const [stringChunks, serverEntry] = PATCHES;
// The build the Worker ships (vendored) and React's own development build of the same renderer (never edited).
const patched = require(path.join(ROOT, vendoredPath(stringChunks!))) as Renderer;
const reference = require(path.join(ROOT, "node_modules/react-dom/cjs/react-dom-server.browser.development.js")) as Renderer;

/** reading: "after" waits for every boundary first (one flush); "now" reads as React writes (a flush per boundary). */
async function render(renderer: Renderer, node: React.ReactNode, reading: "after" | "now" = "after") {
  const stream = await renderer.renderToReadableStream(node, { nonce: "n0nce" });
  if (reading === "after") await stream.allReady;
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const html = chunks.map((c) => decoder.decode(c, { stream: true })).join("") + decoder.decode();
  // Whether each chunk is whole UTF-8 on its own (React's 512-byte views can split a character).
  const whole = chunks.every((c) => {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(c);
      return true;
    } catch {
      return false;
    }
  });
  return { html, chunks: chunks.length, whole };
}

const h = React.createElement;

function Later({ ms, text }: { ms: number; text: string }): React.ReactElement {
  const cache = Later as unknown as { done?: Set<string>; pending?: Map<string, Promise<void>> };
  cache.done ??= new Set();
  cache.pending ??= new Map();
  if (!cache.done.has(text)) {
    let promise = cache.pending.get(text);
    if (!promise) {
      promise = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => void cache.done!.add(text));
      cache.pending.set(text, promise);
    }
    throw promise;
  }
  return h("p", { className: "later" }, text);
}

function WithId() {
  const id = React.useId();
  return h("label", { htmlFor: id }, "Name ", h("input", { id, defaultValue: "Dana" }));
}

const longText = "Sable River crest outlook — Fennick Landing. ".repeat(40);
const trees: [string, () => React.ReactNode][] = [
  [
    "attributes, styles, escaping and SVG",
    () =>
      h(
        "html",
        { lang: "en" },
        h(
          "body",
          null,
          h(
            "main",
            { id: "main", tabIndex: -1, className: 'a "quoted" & <b>' },
            h("button", { type: "button", disabled: true, "aria-expanded": false, "data-state": "closed", style: { marginTop: 4, opacity: 0.5 } }, "Go"),
            h("svg", { width: 24, height: 24, "aria-hidden": true, className: "lucide size-4" }, h("use", { href: "/assets/icons.svg#search" })),
            h("div", { dangerouslySetInnerHTML: { __html: "<b>raw</b>" } }),
            h("input", { type: "checkbox", checked: true, readOnly: true }),
            h("select", { value: "b", onChange: () => undefined }, h("option", { value: "a" }, "A"), h("option", { value: "b" }, "B")),
          ),
        ),
      ),
  ],
  ["multi-byte text across the old 512-byte views", () => h("div", null, "héllo 🌊 ", "東京 ".repeat(300), h("p", null, longText), "end ✓")],
  [
    "many elements",
    () =>
      h(
        "ul",
        null,
        Array.from({ length: 400 }, (_, i) => h("li", { key: i, className: `row-${i}` }, `Item ${i} — ${"é".repeat(i % 7)}`)),
      ),
  ],
  ["useId", () => h("form", null, h(WithId), h(WithId))],
  [
    "Suspense boundaries that resolve later (streamed segments and their inline scripts)",
    () =>
      h(
        "html",
        null,
        h(
          "body",
          null,
          h(React.Suspense, { fallback: h("p", null, "Loading…") }, h(Later, { ms: 5, text: "first ✓" })),
          h(React.Suspense, { fallback: h("span", null, "…") }, h("div", null, h(Later, { ms: 15, text: "second — 🌊" + longText }))),
        ),
      ),
  ],
];

describe("the vendored files (what wrangler.toml's [alias] puts in the Worker)", () => {
  it("are the installed packages' own files with the listed edits, aliased in wrangler.toml, and node_modules is untouched", () => {
    expect(vendoredProblems()).toEqual([]);
    expect(readFileSync(path.join(ROOT, "node_modules", stringChunks!.pkg, stringChunks!.file), "utf8")).not.toContain("readyroomFlush");
  });

  it("react-dom/server's vendored entry streams with the edited renderer in production, and with React's own builds otherwise", () => {
    const entry = path.join(ROOT, vendoredPath(serverEntry!));
    const load = (nodeEnv: string) => {
      const saved = process.env.NODE_ENV;
      process.env.NODE_ENV = nodeEnv;
      try {
        delete require.cache[entry];
        return require(entry) as Renderer & { renderToString: unknown; version: string };
      } finally {
        process.env.NODE_ENV = saved;
        delete require.cache[entry];
      }
    };
    const production = load("production");
    expect(production.renderToReadableStream).toBe(patched.renderToReadableStream);
    expect(production.renderToString).toBe(
      require(path.join(ROOT, "node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js")).renderToString,
    );
    expect(load("development").renderToReadableStream).toBe(reference.renderToReadableStream);
    expect(production.version).toBe(stringChunks!.version);
  });
});

describe("react-dom server: string chunks (the edited renderer the Worker ships)", () => {
  for (const [name, tree] of trees) {
    it(`writes exactly React's own markup: ${name}`, async () => {
      const mine = await render(patched, tree());
      const theirs = await render(reference, tree());
      expect(mine.html).toBe(theirs.html);
      expect(mine.html.length).toBeGreaterThan(40);
      expect(mine.whole).toBe(true);
    });
  }

  it("still streams: a Suspense boundary that resolves later arrives in a later chunk", async () => {
    // Texts of their own: Later remembers what has resolved, and the markup tests above already waited for theirs.
    const tree = h(
      "html",
      null,
      h(
        "body",
        null,
        h(React.Suspense, { fallback: h("p", null, "Loading…") }, h(Later, { ms: 5, text: "streamed one" })),
        h(React.Suspense, { fallback: h("p", null, "Loading…") }, h(Later, { ms: 15, text: "streamed two" })),
      ),
    );
    const streamed = await render(patched, tree, "now");
    expect(streamed.chunks).toBeGreaterThanOrEqual(3);
    expect(streamed.html).toContain("streamed two");
  });

  it("sends one chunk per flush instead of 512-byte pieces", async () => {
    const node = h("div", null, longText.repeat(5));
    expect((await render(patched, node)).chunks).toBe(1);
    expect((await render(reference, node)).chunks).toBeGreaterThan(1);
  });
});

describe("vendoredProblems (the build refuses to ship without the edited files)", () => {
  /** A copy of the repo's vendored files, the installed packages' files they are made from, and wrangler.toml. */
  function fakeRepo() {
    const root = mkdtempSync(path.join(tmpdir(), "readyroom-vendor-"));
    for (const patch of PATCHES) {
      for (const file of [patch.file, "package.json"]) {
        mkdirSync(path.dirname(path.join(root, "node_modules", patch.pkg, file)), { recursive: true });
        cpSync(path.join(ROOT, "node_modules", patch.pkg, file), path.join(root, "node_modules", patch.pkg, file));
      }
      mkdirSync(path.dirname(path.join(root, vendoredPath(patch))), { recursive: true });
      cpSync(path.join(ROOT, vendoredPath(patch)), path.join(root, vendoredPath(patch)));
    }
    cpSync(path.join(ROOT, VENDOR_MANIFEST.path), path.join(root, VENDOR_MANIFEST.path));
    cpSync(path.join(ROOT, "wrangler.toml"), path.join(root, "wrangler.toml"));
    return root;
  }
  const edit = (root: string, file: string, change: (text: string) => string) =>
    writeFileSync(path.join(root, file), change(readFileSync(path.join(root, file), "utf8")));

  it("finds nothing wrong in a faithful copy", () => {
    expect(vendoredProblems(fakeRepo())).toEqual([]);
  });

  it("refuses a missing vendored file (npm ci --ignore-scripts does not matter: nothing is installed in place)", () => {
    const root = fakeRepo();
    rmSync(path.join(root, vendoredPath(stringChunks!)));
    expect(vendoredProblems(root)).toEqual([`${vendoredPath(stringChunks!)} is missing. Run \`npm run vendor\` (or restore it from git).`]);
  });

  it("refuses an installed package of another version than the vendored files were made from, saying what to do", () => {
    const root = fakeRepo();
    edit(root, "node_modules/react-dom/package.json", (text) => text.replace('"version": "18.3.1"', '"version": "18.3.2"'));
    const problems = vendoredProblems(root);
    // Both react-dom files say it, once.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^react-dom is 18\.3\.2 in node_modules, but vendor\/react-dom@18\.3\.1\/ was made from 18\.3\.1: .*run `npm run vendor`/);
  });

  it("refuses a vendored file edited by hand", () => {
    const root = fakeRepo();
    edit(root, vendoredPath(stringChunks!), (text) => text.replace('readyroomFlush=""', 'readyroomFlush=" "'));
    expect(vendoredProblems(root)).toEqual([
      `${vendoredPath(stringChunks!)} is not react-dom 18.3.1's ${stringChunks!.file} with the listed edits. Run \`npm run vendor\` instead of editing it.`,
    ]);
  });

  it("refuses a wrangler.toml without the alias, or with another target", () => {
    const root = fakeRepo();
    edit(root, "wrangler.toml", (text) => text.replace(/^"react-dom\/server" = .*\n/m, ""));
    expect(vendoredProblems(root)).toEqual([`wrangler.toml's [alias] must map "react-dom/server" to "${ALIASES["react-dom/server"]}" (it does not).`]);
    const other = fakeRepo();
    edit(other, "wrangler.toml", (text) => text.replace(ALIASES["react-dom/server"]!, "./node_modules/react-dom/server.browser.js"));
    expect(vendoredProblems(other)).toEqual([
      `wrangler.toml's [alias] must map "react-dom/server" to "${ALIASES["react-dom/server"]}" (it maps it to "./node_modules/react-dom/server.browser.js").`,
    ]);
  });

  it("refuses vendored files that would load as ES modules (no vendor/package.json)", () => {
    const root = fakeRepo();
    rmSync(path.join(root, VENDOR_MANIFEST.path));
    expect(vendoredProblems(root)).toEqual([`${VENDOR_MANIFEST.path} must declare the vendored files CommonJS. Run \`npm run vendor\`.`]);
  });

  it("refuses an installed file an older install edited in place, saying how to start over", () => {
    const root = fakeRepo();
    edit(
      root,
      `node_modules/react-dom/${stringChunks!.file}`,
      (text) => `${text}\n/* readyroom: patched by scripts/patch-dependencies.ts (edits 0000000000000000) */\n`,
    );
    expect(vendoredProblems(root)).toContain(
      `node_modules/react-dom/${stringChunks!.file} was edited in place by an older install. Reinstall it: rm -rf node_modules/react-dom && npm install`,
    );
  });

  it("refuses a package file whose text no longer matches an edit", () => {
    const original = stringChunks!.edits.map((e) => e.find.repeat(e.count ?? 1)).join("\n");
    expect(() => applyEdits(original.replace("function u(a)", "function U(a)"), stringChunks!)).toThrow(/edit 3 matches 0 time\(s\)/);
  });
});
