/**
 * Exact edits to one installed package, React's server renderer (decision 0018), shipped as vendored files: each
 * vendor/<pkg>@<version>/<file> is the package's own file with the edits below, and wrangler.toml's
 * [alias] bundles them into the Worker in place of the package's. Nothing edits node_modules.
 * `npm run vendor` writes the files from node_modules; the build (vite.config.ts) and
 * test/platform/dependency-patches.node.test.ts refuse a vendored file that is not exactly that, an
 * installed package of another version, and an alias that is missing.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type Edit = { find: string; replace: string; count?: number };
export type DependencyPatch = { name: string; pkg: string; version: string; file: string; why: string; edits: Edit[] };

export const ROOT = path.resolve(import.meta.dirname, "../..");

const RENDERER = "cjs/react-dom-server.browser.production.min.js";
const IN_PACKAGE = "../../node_modules/react-dom/cjs/";

export const PATCHES: DependencyPatch[] = [
  {
    name: "react-dom server: string chunks",
    pkg: "react-dom",
    version: "18.3.1",
    // The production build of the renderer a Worker streams with (react-dom/server's "worker" entry).
    file: RENDERER,
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
    name: "react-dom server: the entry the alias names",
    pkg: "react-dom",
    version: "18.3.1",
    // react-dom/server as a Worker resolves it: the same choice between builds, but the streaming
    // renderer's production build is the edited one beside it; every other build is the package's.
    file: "server.browser.js",
    why: "wrangler.toml aliases react-dom/server to this file, so the Worker bundles the edited renderer.",
    edits: [
      { find: "require('./cjs/", replace: `require('${IN_PACKAGE}`, count: 4 },
      { find: `require('${IN_PACKAGE}react-dom-server.browser.production.min.js')`, replace: `require('./${RENDERER}')` },
    ],
  },
];

/** What wrangler.toml's [alias] must say: the import the Worker makes, and the vendored file it gets. */
export const ALIASES: Record<string, string> = {
  "react-dom/server": `./${vendoredPath(PATCHES[1]!)}`,
};

/**
 * vendor/package.json: the vendored files are CommonJS, as in their packages; without it they would
 * take the root package's "type": "module", and the Worker would fail at start ("exports is not defined").
 */
export const VENDOR_MANIFEST = { path: "vendor/package.json", text: `${JSON.stringify({ private: true, type: "commonjs" }, null, 2)}\n` };

/** Where a patch's file lives in the repo, relative to the root. */
export function vendoredPath(patch: DependencyPatch) {
  return path.posix.join("vendor", `${patch.pkg}@${patch.version}`, patch.file);
}

/** The first line of every vendored file: where it came from, and that it is written, not edited. */
function headerOf(patch: DependencyPatch) {
  return `/* vendored by \`npm run vendor\`: ${patch.pkg} ${patch.version} ${patch.file} with the edits of scripts/lib/dependency-patches.ts ("${patch.name}", decision 0018). Do not edit by hand. */`;
}

// The in-place patches this file replaced (before issue 28) marked the files they edited.
const IN_PLACE_MARK = "/* readyroom: patched by scripts/patch-dependencies.ts";

function occurrences(text: string, find: string) {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + find.length)) count++;
  return count;
}

/** The vendored text made from the package's own file, or an error naming the edit that no longer matches. */
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
  return `${headerOf(patch)}\n${text}`;
}

/** The installed package's version, or null when it is not installed. */
function installedVersion(root: string, pkg: string): string | null {
  const manifest = path.join(root, "node_modules", pkg, "package.json");
  return existsSync(manifest) ? ((JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version ?? null) : null;
}

/** The vendored text the installed package makes; throws with what to do when it cannot. */
export function expectedVendored(patch: DependencyPatch, root = ROOT): string {
  const version = installedVersion(root, patch.pkg);
  if (version === null) throw new Error(`${patch.pkg} is not installed. Run npm install.`);
  if (version !== patch.version) {
    throw new Error(
      `${patch.pkg} is ${version} in node_modules, but vendor/${patch.pkg}@${patch.version}/ was made from ${patch.version}: the Worker would pair the ` +
        `old edited files with the new package. Check that the edits in scripts/lib/dependency-patches.ts still apply to ${version} (or that ` +
        `it no longer needs them), set their version and run \`npm run vendor\`; or install ${patch.pkg}@${patch.version}.`,
    );
  }
  const source = readFileSync(path.join(root, "node_modules", patch.pkg, patch.file), "utf8");
  if (source.includes(IN_PLACE_MARK)) {
    throw new Error(
      `node_modules/${patch.pkg}/${patch.file} was edited in place by an older install. Reinstall it: rm -rf node_modules/${patch.pkg} && npm install`,
    );
  }
  return applyEdits(source, patch);
}

/** The [alias] table of a wrangler.toml: `"key" = "value"` lines up to the next table. */
export function wranglerAliases(toml: string): Record<string, string> {
  const aliases: Record<string, string> = {};
  let inAlias = false;
  for (const raw of toml.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) inAlias = line === "[alias]";
    else if (inAlias) {
      const entry = /^"([^"]+)"\s*=\s*"([^"]+)"/.exec(line);
      if (entry) aliases[entry[1]!] = entry[2]!;
    }
  }
  return aliases;
}

/**
 * Why the Worker would not get the edited files: a vendored file missing or not exactly what the
 * installed package makes, or wrangler.toml not aliasing to it. Empty when all is well.
 */
export function vendoredProblems(root = ROOT): string[] {
  const problems: string[] = [];
  for (const patch of PATCHES) {
    const file = path.join(root, vendoredPath(patch));
    try {
      const expected = expectedVendored(patch, root);
      if (!existsSync(file)) problems.push(`${vendoredPath(patch)} is missing. Run \`npm run vendor\` (or restore it from git).`);
      else if (readFileSync(file, "utf8") !== expected) {
        problems.push(
          `${vendoredPath(patch)} is not ${patch.pkg} ${patch.version}'s ${patch.file} with the listed edits. Run \`npm run vendor\` instead of editing it.`,
        );
      }
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
  }
  const manifest = path.join(root, VENDOR_MANIFEST.path);
  if (!existsSync(manifest) || readFileSync(manifest, "utf8") !== VENDOR_MANIFEST.text)
    problems.push(`${VENDOR_MANIFEST.path} must declare the vendored files CommonJS. Run \`npm run vendor\`.`);
  const wranglerToml = path.join(root, "wrangler.toml");
  const aliases = existsSync(wranglerToml) ? wranglerAliases(readFileSync(wranglerToml, "utf8")) : {};
  for (const [from, to] of Object.entries(ALIASES)) {
    if (aliases[from] !== to)
      problems.push(`wrangler.toml's [alias] must map "${from}" to "${to}" (it ${aliases[from] ? `maps it to "${aliases[from]}"` : "does not"}).`);
  }
  // Each message once: two patches of one package report the same version mismatch.
  return [...new Set(problems)];
}
