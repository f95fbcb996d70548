/**
 * Which Chromium the journeys run in, found the usual ways: CHROMIUM_PATH, then Debian's
 * `chromium-headless-shell`, then Debian's `chromium` on the PATH, then Playwright's own build when
 * `npx playwright install chromium` has put one in its cache. Machines that reach only npm and
 * Debian use Debian's (`@playwright/test` and playwright-core share one version, so either browser
 * speaks the protocol the runner expects). The headless shell first, as Playwright's own headless
 * runs do: the same Blink without the browser's shell, it cost the journeys ~25 % less CPU here
 * (`chromium` 387 s, the shell 300 s) and ~45 s of their wall time on two cores.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

export type ChromiumChoice = { path: string; source: string } | { error: string };

const INSTALL_HINT =
  "Install one: `sudo apt-get install chromium-headless-shell` or `sudo apt-get install chromium` (Debian, Ubuntu) or `npx playwright install chromium` (Playwright's own build), " +
  "or set CHROMIUM_PATH to a Chromium or Chrome executable.";

type Probe = { env: NodeJS.ProcessEnv; exists(file: string): boolean; playwrightChromium(): string };

const SYSTEM: Probe = { env: process.env, exists: existsSync, playwrightChromium: () => chromium.executablePath() };

function onPath(name: string, { env, exists }: Probe): string | null {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    const candidate = dir && path.join(dir, name);
    if (candidate && exists(candidate)) return candidate;
  }
  return exists(`/usr/bin/${name}`) ? `/usr/bin/${name}` : null;
}

/** `probe` stands in for this machine in tests. */
export function findChromium(probe: Probe = SYSTEM): ChromiumChoice {
  const configured = probe.env.CHROMIUM_PATH;
  if (configured) {
    return probe.exists(configured)
      ? { path: configured, source: "CHROMIUM_PATH" }
      : { error: `CHROMIUM_PATH is ${configured}, which does not exist. ${INSTALL_HINT}` };
  }
  const shell = onPath("chromium-headless-shell", probe);
  if (shell) return { path: shell, source: "the system's chromium-headless-shell" };
  const debian = onPath("chromium", probe);
  if (debian) return { path: debian, source: "the system's chromium" };
  const own = probe.playwrightChromium();
  if (own && probe.exists(own)) return { path: own, source: "Playwright's chromium" };
  return {
    error: `No Chromium found for the e2e journeys (looked at CHROMIUM_PATH, \`chromium-headless-shell\` and \`chromium\` on the PATH, Playwright's own). ${INSTALL_HINT}`,
  };
}
