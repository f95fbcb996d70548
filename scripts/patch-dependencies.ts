/**
 * `postinstall`: applies scripts/lib/dependency-patches.ts to node_modules (idempotent: a patched
 * file is left alone). A package at a version the patch was not written for stops the install
 * with what to do, rather than shipping a renderer that silently lost its edit.
 */
import { patchDependencies } from "./lib/dependency-patches.ts";

try {
  for (const { patch, status } of patchDependencies()) {
    if (status === "patched") console.log(`patched ${patch.pkg}@${patch.version} (${patch.name})`);
    if (status === "absent") console.log(`not patched: ${patch.pkg} is not installed (${patch.name})`);
  }
} catch (err) {
  console.error(`patch-dependencies: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
