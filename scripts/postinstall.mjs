// `npm install`'s last step, in plain JavaScript so any Node runs it: the dependency patches
// (scripts/patch-dependencies.ts, decision 0018) need Node 22's type stripping, which the pinned
// `node` package provides through node_modules/.bin. If that Node is missing (its own install step
// did not run), the install still succeeds, unpatched — the app is correct, only slower — and says so.
import { spawnSync } from "node:child_process";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 6)) {
  console.warn(
    `postinstall: Node ${process.versions.node} cannot run scripts/patch-dependencies.ts (needs 22.6+, which the "node" dev dependency provides). ` +
      "React's server renderer and Remix's router stay unpatched (slower first paint). Run `npm rebuild node && npm run postinstall` to apply them.",
  );
  process.exit(0);
}
const run = spawnSync(process.execPath, ["--experimental-strip-types", "scripts/patch-dependencies.ts"], { stdio: "inherit" });
process.exit(run.status ?? 1);
