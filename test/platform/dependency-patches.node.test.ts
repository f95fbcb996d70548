import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import * as React from "react";
import { describe, expect, it } from "vitest";
import { applyEdits, fileOf, markOf, PATCHED_MARK, PATCHES, patchDependencies, ROOT } from "../../scripts/lib/dependency-patches.ts";

const require = createRequire(import.meta.url);
type Renderer = { renderToReadableStream(node: React.ReactNode, options?: object): Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }> };
const [stringChunks] = PATCHES;
// The build the Worker ships (patched at install) and React's own development build of the same renderer (never patched).
const patched = require(fileOf(stringChunks!)) as Renderer;
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

describe("react-dom server: string chunks (the patched renderer the Worker ships)", () => {
  it("is patched in node_modules (npm install's postinstall ran)", () => {
    expect(readFileSync(fileOf(stringChunks!), "utf8")).toContain(markOf(stringChunks!));
  });

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

describe("patchDependencies", () => {
  function fakeInstall(version: string, source: string) {
    const root = mkdtempSync(path.join(tmpdir(), "readyroom-patch-"));
    const dir = path.join(root, "node_modules", stringChunks!.pkg);
    mkdirSync(path.join(dir, path.dirname(stringChunks!.file)), { recursive: true });
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ version }));
    writeFileSync(path.join(dir, stringChunks!.file), source);
    return root;
  }
  const original = stringChunks!.edits.map((e) => e.find.repeat(e.count ?? 1)).join("\n");

  it("patches once, then leaves the file alone", () => {
    const root = fakeInstall(stringChunks!.version, original);
    // Only react-dom is in this install: the router's patches find nothing to patch and say so.
    expect(patchDependencies(root).map((o) => o.status)).toEqual(["patched", "absent", "absent"]);
    const once = readFileSync(fileOf(stringChunks!, root), "utf8");
    expect(once).toContain("readyroomFlush");
    expect(patchDependencies(root).map((o) => o.status)).toEqual(["already", "absent", "absent"]);
    expect(readFileSync(fileOf(stringChunks!, root), "utf8")).toBe(once);
  });

  it("refuses a file patched with other edits (an older version of the patch), saying how to start over", () => {
    const root = fakeInstall(stringChunks!.version, `${original}\n${PATCHED_MARK} (edits 0000000000000000) */\n`);
    expect(() => patchDependencies(root)).toThrow(/carries an older version of this patch\. Reinstall it: rm -rf node_modules\/react-dom && npm install/);
  });

  it("refuses another version of the package, saying what to do", () => {
    const root = fakeInstall("18.3.2", original);
    expect(() => patchDependencies(root)).toThrow(/react-dom is 18\.3\.2, the patch was written for 18\.3\.1/);
  });

  it("refuses a file whose text no longer matches an edit", () => {
    expect(() => applyEdits(original.replace("function u(a)", "function U(a)"), stringChunks!)).toThrow(/edit 3 matches 0 time\(s\)/);
  });
});

describe("remix router: compiled paths and (server) ranked branches kept", () => {
  type Router = {
    matchRoutes(routes: Route[], location: string): { route: { id: string }; params: Record<string, string | undefined>; pathnameBase: string }[] | null;
    matchPath(pattern: string | { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string): unknown;
  };
  type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
  const routerDist = path.join(ROOT, "node_modules/@remix-run/router/dist");
  const cjs = require(path.join(routerDist, "router.cjs.js")) as Router;
  // The same source as a UMD bundle, which nothing loads and nothing patches: the reference.
  const reference = require(path.join(routerDist, "router.umd.js")) as Router;

  it("patches both builds the app loads", () => {
    for (const patch of PATCHES.filter((p) => p.pkg === "@remix-run/router")) expect(readFileSync(fileOf(patch), "utf8")).toContain(markOf(patch));
    expect(readFileSync(path.join(routerDist, "router.umd.js"), "utf8")).not.toContain(PATCHED_MARK);
  });

  // A tree shaped like the app's flat routes: a root, index, static, dynamic, splat, optional and nested layouts.
  const tree = (): Route[] => [
    {
      id: "root",
      path: "",
      children: [
        { id: "_index", index: true },
        { id: "dashboard", path: "dashboard" },
        { id: "exercise.$id", path: "exercise/:id", children: [{ id: "exercise.$id.$", path: "*" }] },
        { id: "exercise.$id_.conduct", path: "exercise/:id/conduct" },
        {
          id: "conduct.sessions.$sessionId",
          path: "conduct/sessions/:sessionId",
          children: [
            { id: "sessions._index", index: true },
            { id: "sessions.aar", path: "aar" },
          ],
        },
        { id: "conduct.$token", path: "conduct/:token" },
        { id: "docs", path: "documents/:lang?" },
        { id: "Case", path: "Case", caseSensitive: true },
        { id: "catch", path: "*" },
      ],
    },
  ];
  const paths = [
    "/",
    "/dashboard",
    "/dashboard/",
    "/exercise/abc/intro",
    "/exercise/abc",
    "/exercise/abc/conduct",
    "/conduct/sessions/s1",
    "/conduct/sessions/s1/aar",
    "/conduct/t0k",
    "/documents",
    "/documents/fr",
    "/Case",
    "/case",
    "/nope/deeper",
    "/exercise/a%20b/modules/2",
    "",
  ];
  const shape = (m: ReturnType<Router["matchRoutes"]>) => m?.map((x) => ({ id: x.route.id, params: x.params, base: x.pathnameBase })) ?? null;

  it("matches exactly as the unpatched router, call after call on the same and on fresh route arrays", () => {
    const shared = tree();
    for (let round = 0; round < 3; round++) {
      for (const p of paths) {
        expect(shape(cjs.matchRoutes(shared, p)), `${p} (round ${round})`).toEqual(shape(reference.matchRoutes(tree(), p)));
        expect(shape(cjs.matchRoutes(tree(), p))).toEqual(shape(reference.matchRoutes(tree(), p)));
      }
    }
    // end: null is as falsy as false to the original: the memo must not file it under end = true.
    cjs.matchPath({ path: "/a", end: true }, "/a");
    const loose = { path: "/a", end: null } as unknown as { path: string; end: boolean };
    for (const [pattern, p] of [
      ["/x/:a?", "/x"],
      [{ path: "/Y", caseSensitive: true, end: false }, "/y/z"],
      [{ path: "/Y", end: false }, "/y/z"],
      ["/files/*", "/files/a/b"],
      [loose, "/a/b"],
    ] as const) {
      expect(cjs.matchPath(pattern, p)).toEqual(reference.matchPath(pattern, p));
    }
  });

  it("the browser's build sees routes added to an array it has matched before (it patches routes as it discovers them)", async () => {
    const esm = (await import(path.join(routerDist, "router.js"))) as Router;
    const routes = tree();
    expect(shape(esm.matchRoutes(routes, "/improvement"))?.at(-1)?.id).toBe("catch");
    routes[0]!.children!.push({ id: "improvement", path: "improvement" });
    expect(shape(esm.matchRoutes(routes, "/improvement"))?.at(-1)?.id).toBe("improvement");
  });
});
