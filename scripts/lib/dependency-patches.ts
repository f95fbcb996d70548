/**
 * Exact edits to installed packages, applied after `npm install` (scripts/patch-dependencies.ts,
 * the "postinstall" script) and proven by test/platform/dependency-patches.node.test.ts. Each names
 * the version it was written for: another version fails the install with a message instead of
 * being patched blind, and each edit must match exactly once. Decision 0018 says why each exists.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Edit = { find: string; replace: string; count?: number };
export type DependencyPatch = { name: string; pkg: string; version: string; file: string; why: string; edits: Edit[] };

const compilePathMemo: Edit = {
  // compilePath is a pure function of (path, caseSensitive, end); it built a RegExp on every call, for
  // every route of every branch tried, several times a request. Route patterns are few: keep them.
  find: "function compilePath(path, caseSensitive, end) {",
  replace: [
    "const readyroomCompiledPaths = new Map();",
    "function compilePath(path, caseSensitive, end) {",
    // The same truthiness as the original: caseSensitive defaults to false, end to true.
    '  const key = path + "\\u0000" + (caseSensitive ? "1" : "0") + (end === undefined || end ? "1" : "0");',
    "  let compiled = readyroomCompiledPaths.get(key);",
    "  if (compiled === undefined) {",
    "    compiled = readyroomCompilePath(path, caseSensitive, end);",
    "    if (readyroomCompiledPaths.size < 1000) readyroomCompiledPaths.set(key, compiled);",
    "  }",
    "  return compiled;",
    "}",
    "function readyroomCompilePath(path, caseSensitive, end) {",
  ].join("\n"),
};

const routerWhy =
  "Remix matches the URL against the route tree four to six times a page (server routes, the loaders' " +
  "static handler, the partial manifest's parent paths, the render), and each match flattened and ranked " +
  "every route and compiled a RegExp per route tried: a sixth of the exercise editor's render time.";

/** Every patched file ends with this, and a hash of its edits: a changed patch is noticed, not skipped. */
export const PATCHED_MARK = "/* readyroom: patched by scripts/patch-dependencies.ts";

export function markOf(patch: DependencyPatch) {
  const hash = createHash("sha256").update(JSON.stringify(patch.edits)).digest("hex").slice(0, 16);
  return `${PATCHED_MARK} (edits ${hash}) */`;
}

export const PATCHES: DependencyPatch[] = [
  {
    name: "react-dom server: string chunks",
    pkg: "react-dom",
    version: "18.3.1",
    // The build the Worker renders with (wrangler bundles react-dom/server's "browser" entry in production).
    file: "cjs/react-dom-server.browser.production.min.js",
    why:
      "React 18's web-stream renderer turns every piece of markup (each attribute's name and value, each tag) into bytes " +
      "with its own TextEncoder.encode call and copies them into 512-byte views: in workerd that was half of a page's " +
      "render time. The edited renderer keeps the pieces as strings and encodes each flush once.",
    edits: [
      {
        // writeChunk: append to the flush's string instead of copying bytes into the current view.
        find: "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}",
        replace: 'var readyroomFlush="";function p(a,b){readyroomFlush+=b}',
      },
      {
        // completeWriting: the end of a flush: one encode, one enqueue.
        find: "function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}",
        replace: 'function ba(a){readyroomFlush&&(a.enqueue(ca.encode(readyroomFlush)),readyroomFlush="")}',
      },
      {
        // stringToChunk and stringToPrecomputedChunk: chunks stay strings.
        find: "function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}",
        replace: "function u(a){return a}function w(a){return a}",
      },
      {
        // The start of a flush (and after its boundaries): a fresh buffer was a fresh view; now an empty string.
        find: "l=new Uint8Array(512);n=0",
        replace: 'readyroomFlush=""',
        count: 2,
      },
    ],
  },
  {
    name: "remix router (ESM, server and browser): compiled paths kept",
    pkg: "@remix-run/router",
    version: "1.23.3",
    file: "dist/router.js",
    why: routerWhy,
    edits: [compilePathMemo],
  },
  {
    name: "remix router (CommonJS, the server's): compiled paths and ranked branches kept",
    pkg: "@remix-run/router",
    version: "1.23.3",
    // Only Remix's server runtime loads this build (require); its route arrays are made once per
    // build and never changed. The browser's router patches its routes in place as it discovers
    // them, so the ESM build above keeps no branches.
    file: "dist/router.cjs.js",
    why: routerWhy,
    edits: [
      compilePathMemo,
      {
        find: "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
        replace: [
          "const readyroomRankedBranches = new WeakMap();",
          "function readyroomBranchesOf(routes) {",
          "  let branches = readyroomRankedBranches.get(routes);",
          "  if (branches === undefined) {",
          "    branches = flattenRoutes(routes);",
          "    rankRouteBranches(branches);",
          "    readyroomRankedBranches.set(routes, branches);",
          "  }",
          "  return branches;",
          "}",
          "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
        ].join("\n"),
      },
      {
        find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
        replace: "  let branches = readyroomBranchesOf(routes);\n",
      },
    ],
  },
];

export const ROOT = path.resolve(import.meta.dirname, "../..");

export function fileOf(patch: DependencyPatch, root = ROOT) {
  return path.join(root, "node_modules", patch.pkg, patch.file);
}

function occurrences(text: string, find: string) {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + find.length)) count++;
  return count;
}

/** The patched text, or an error naming the edit that no longer matches. */
export function applyEdits(source: string, patch: DependencyPatch): string {
  let text = source;
  for (const [i, edit] of patch.edits.entries()) {
    const found = occurrences(text, edit.find);
    const wanted = edit.count ?? 1;
    if (found !== wanted) {
      throw new Error(`${patch.name}: edit ${i + 1} matches ${found} time(s) in ${patch.pkg}/${patch.file}, expected ${wanted}. Has the file changed?`);
    }
    text = text.split(edit.find).join(edit.replace);
  }
  return `${text}\n${markOf(patch)}\n`;
}

export type Outcome = { patch: DependencyPatch; status: "patched" | "already" | "absent" };

/** Applies every patch to node_modules under root; throws on a version or text it was not written for. */
export function patchDependencies(root = ROOT): Outcome[] {
  return PATCHES.map((patch) => {
    const file = fileOf(patch, root);
    const manifest = path.join(root, "node_modules", patch.pkg, "package.json");
    if (!existsSync(manifest) || !existsSync(file)) return { patch, status: "absent" as const };
    const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version?: string };
    if (version !== patch.version) {
      throw new Error(
        `${patch.name}: ${patch.pkg} is ${version}, the patch was written for ${patch.version}. Check that its edits still apply ` +
          `(or that the new version no longer needs them) and update scripts/lib/dependency-patches.ts.`,
      );
    }
    const source = readFileSync(file, "utf8");
    if (source.includes(markOf(patch))) return { patch, status: "already" as const };
    if (source.includes(PATCHED_MARK)) {
      // Patched with other edits: they cannot be undone in place, so start from the package's own file.
      throw new Error(
        `${patch.name}: ${patch.pkg}/${patch.file} carries an older version of this patch. Reinstall it: rm -rf node_modules/${patch.pkg} && npm install`,
      );
    }
    writeFileSync(file, applyEdits(source, patch));
    return { patch, status: "patched" as const };
  });
}
