/**
 * `npm run vendor`: writes vendor/<pkg>@<version>/… from the installed packages and the edits of
 * scripts/lib/dependency-patches.ts (decision 0018). Run it after changing an edit or upgrading a
 * patched package (and setting its version there); the build refuses vendored files it would not write.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expectedVendored, PATCHES, ROOT, VENDOR_MANIFEST, vendoredPath, vendoredProblems } from "./lib/dependency-patches.ts";

try {
  for (const patch of PATCHES) {
    const file = path.join(ROOT, vendoredPath(patch));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, expectedVendored(patch));
    console.log(`wrote ${vendoredPath(patch)} (${patch.name})`);
  }
  writeFileSync(path.join(ROOT, VENDOR_MANIFEST.path), VENDOR_MANIFEST.text);
} catch (err) {
  console.error(`vendor: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
// What the build will still refuse (an alias wrangler.toml lacks).
for (const problem of vendoredProblems()) console.error(`vendor: ${problem}`);
