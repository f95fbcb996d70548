import { describe, expect, it } from "vitest";
import { findChromium } from "../../e2e/lib/browser";

/** A machine with only these files, this environment and Playwright's chromium expected at `own`. */
const machine = (files: string[], env: NodeJS.ProcessEnv = {}, own = "/root/.cache/ms-playwright/chromium-1/chrome-linux/chrome") => ({
  env,
  exists: (file: string) => files.includes(file),
  playwrightChromium: () => own,
});

describe("the e2e journeys' browser (e2e/lib/browser.ts)", () => {
  it("takes CHROMIUM_PATH first, over a system chromium", () => {
    expect(findChromium(machine(["/opt/chrome/chrome", "/usr/bin/chromium"], { CHROMIUM_PATH: "/opt/chrome/chrome" }))).toEqual({
      path: "/opt/chrome/chrome",
      source: "CHROMIUM_PATH",
    });
  });

  it("says so when CHROMIUM_PATH names nothing, instead of quietly using another browser", () => {
    const found = findChromium(machine(["/usr/bin/chromium"], { CHROMIUM_PATH: "/nope/chrome" }));
    expect(found).toEqual({ error: expect.stringContaining("CHROMIUM_PATH is /nope/chrome, which does not exist.") });
  });

  it("finds Debian's chromium on the PATH, or at /usr/bin/chromium", () => {
    expect(findChromium(machine(["/usr/local/bin/chromium"], { PATH: "/usr/local/bin:/bin" }))).toMatchObject({ path: "/usr/local/bin/chromium" });
    expect(findChromium(machine(["/usr/bin/chromium"], { PATH: "/bin" }))).toMatchObject({ path: "/usr/bin/chromium" });
  });

  it("prefers Debian's headless shell to the whole browser when both are there", () => {
    expect(findChromium(machine(["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"], { PATH: "/usr/bin" }))).toEqual({
      path: "/usr/bin/chromium-headless-shell",
      source: "the system's chromium-headless-shell",
    });
  });

  it("falls back to Playwright's own build when it is installed", () => {
    const own = "/home/me/.cache/ms-playwright/chromium-1200/chrome-linux/chrome";
    expect(findChromium(machine([own], { PATH: "/bin" }, own))).toEqual({ path: own, source: "Playwright's chromium" });
  });

  it("with none, names the commands that install one", () => {
    const found = findChromium(machine([], { PATH: "/bin" }));
    expect("error" in found && found.error).toMatch(/No Chromium found/);
    expect("error" in found && found.error).toContain("sudo apt-get install chromium-headless-shell");
    expect("error" in found && found.error).toContain("sudo apt-get install chromium");
    expect("error" in found && found.error).toContain("npx playwright install chromium");
  });
});
