import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// package-lock.json must serve every platform a contributor or a deploy uses, or `npm ci` fails
// there and `npm install` rewrites the lock (README, "Dependencies and the lockfile").
type LockEntry = { version?: string; optionalDependencies?: Record<string, string>; os?: string[]; cpu?: string[] };
const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  devEngines?: { packageManager?: { name?: string; version?: string; onFail?: string } };
};

/** Where Node would find `name` from the package at `from` (its own node_modules, then each parent's). */
function resolve(from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

describe("package-lock.json holds every platform's optional packages", () => {
  it("resolves every optional dependency of every locked package", () => {
    const missing = Object.entries(lock.packages).flatMap(([at, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolve(at, name))
        .map((name) => `${at || "(root)"} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  const platforms = [
    ["linux", "x64"],
    ["linux", "arm64"],
    ["darwin", "arm64"],
    ["darwin", "x64"],
    ["win32", "x64"],
  ] as const;
  for (const tool of ["workerd", "esbuild", "rollup", "oxlint", "oxfmt"]) {
    it(`has ${tool}'s native binary for Linux, macOS (arm64, x64) and Windows`, () => {
      const entry = lock.packages[`node_modules/${tool}`];
      expect(entry, `${tool} is not in the lock`).toBeDefined();
      const natives = Object.keys(entry!.optionalDependencies ?? {}).map((name) => lock.packages[resolve(`node_modules/${tool}`, name) ?? ""]);
      for (const [os, cpu] of platforms) {
        expect(
          natives.some((n) => n?.os?.includes(os) && n.cpu?.includes(cpu)),
          `${tool} for ${os}/${cpu}`,
        ).toBe(true);
      }
    });
  }

  it("is written by npm 11, which package.json requires (npm 10 records other dev flags and no libc)", () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(pkg.devEngines?.packageManager).toMatchObject({ name: "npm", version: ">=11", onFail: "error" });
  });
});
