import { registerHooks } from "node:module";

let hooked = false;

/**
 * The app's modules (worker/, web/) import each other without extensions (a bundler resolves
 * them); Node's type stripping does not. Only for those: a relative specifier that does not
 * resolve is tried with .ts. Sections that load app code in this process call it first.
 */
export function resolveAppImports() {
  if (hooked) return;
  hooked = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        if (!specifier.startsWith(".") || /\.[cm]?[jt]s$/.test(specifier) || !/\/(worker|web)\//.test(context.parentURL ?? "")) throw error;
        return nextResolve(`${specifier}.ts`, context);
      }
    },
  });
}
