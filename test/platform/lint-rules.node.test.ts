import { beforeAll, describe, expect, it } from "vitest";
import { lintProbe, rulesOf, type LintFinding } from "../helpers/lint-probe";

/**
 * The project's own rules in .oxlintrc.json and lint/readyroom-plugin.mjs (ARCHITECTURE.md): each
 * fires where it applies and only there, so a change of linter or config cannot drop one silently.
 */

const clock = "export const a = Date.now();\nexport const b = new Date();\nexport const c = Date();\nexport const d = new Date(0);\n";
const router = [
  'import { eq } from "drizzle-orm";',
  'import { users } from "../db/schema";',
  'import type { User } from "../db/schema";',
  'export const f = (c: any, u: User) => [eq, users, u, c.env.DB, c.var.db, c.get("db"), c.env.DB.prepare("x"), sql`select 1`];',
  "declare const sql: any;",
  "",
].join("\n");
const toWeb = 'import { a } from "~/lib/a";\nimport { b } from "../../web/lib/b";\nexport const x = [a, b];\n';
const toServer = 'import type { A } from "../../worker/a";\nimport { b } from "../../worker/b";\nexport const x = (a: A) => [a, b];\n';
// Probe sources for the focused-test rule, spelt so that this file holds no focused test itself.
const ONLY = "only";
const writes =
  "declare const setSaving: (b: boolean) => void;\ndeclare const setBusy: (b: boolean) => void;\nsetSaving(true);\nsetBusy(true);\nsetSaving(false);\n";

// One oxlint run for every probe (each run loads the JS plugins: ~0.8 s).
let findings: LintFinding[] = [];
beforeAll(() => {
  findings = lintProbe({
    "test/any.test.ts": clock,
    "test/helpers/any.ts": clock,
    "e2e/journeys/any.ts": clock,
    "worker/lib/any.test.ts": clock,
    "worker/lib/any.ts": clock,
    "test/disabled.ts": "// oxlint-disable-next-line readyroom/no-clock-in-tests -- the clock's own test\nexport const a = Date.now();\n",
    "test/focused.test.ts": `it.${ONLY}("x", () => {});\ndescribe.${ONLY}("y", () => {});\n`,
    "worker/lib/focused.ts": `it.${ONLY}("x", () => {});\n`,
    "e2e/journeys/focused.ts": `test.${ONLY}("x", async () => {});\n`,
    "worker/feature/routes.ts": router,
    "worker/feature/admin-routes.ts": router,
    "worker/feature/service.ts": router,
    "worker/other/routes.ts": 'import { x } from "~/lib/x";\nexport const y = x;\n',
    "shared/feature/any.ts":
      'import type { A } from "../../worker/a";\nimport { b } from "~/lib/b";\nimport { c } from "../../durable-objects/c";\nexport type X = [A, typeof b, typeof c];\n',
    "worker/feature/any.ts": toWeb,
    "durable-objects/any.ts": toWeb,
    "web/components/any.tsx": toServer,
    "web/lib/any.ts": toServer,
    "web/hooks/any.ts": toServer,
    "web/entry.client.tsx": toServer,
    "web/lib/any.server.ts": toServer,
    "web/routes/any.tsx": toServer,
    "web/components/writes.tsx": writes,
    "web/routes/writes.tsx": writes,
    "worker/writes.ts": writes,
  });
});

const rulesIn = (file: string) => rulesOf(findings, file);

describe("lint: tests never read the time", () => {
  it("Date.now(), new Date() and Date() are refused in test/, e2e/ and *.test.ts; an argument or the app's code is fine", () => {
    for (const file of ["test/any.test.ts", "test/helpers/any.ts", "e2e/journeys/any.ts", "worker/lib/any.test.ts"]) {
      expect(rulesIn(file), file).toEqual(Array(3).fill("readyroom/no-clock-in-tests"));
    }
    expect(rulesIn("worker/lib/any.ts")).toEqual([]);
    expect(rulesIn("test/disabled.ts")).toEqual([]);
    expect(findings.find((f) => f.file === "test/any.test.ts")?.message).toMatch(/^Tests do not read the time\./);
  });

  it("a focused test is refused in unit, workerd and e2e files, and anywhere else", () => {
    expect(rulesIn("test/focused.test.ts")).toEqual(["readyroom/no-focused-tests", "readyroom/no-focused-tests"]);
    expect(rulesIn("e2e/journeys/focused.ts")).toEqual(["readyroom/no-focused-tests"]);
    expect(rulesIn("worker/lib/focused.ts")).toEqual(["readyroom/no-focused-tests"]);
  });
});

describe("lint: routers hold no SQL", () => {
  it("routes.ts and *-routes.ts may not import drizzle or the schema's values, nor reach D1 or write SQL", () => {
    for (const file of ["worker/feature/routes.ts", "worker/feature/admin-routes.ts"]) {
      const rules = rulesIn(file).filter((r) => r !== "typescript/no-explicit-any");
      expect(
        rules.filter((r) => r === "eslint/no-restricted-imports"),
        file,
      ).toHaveLength(2);
      // One a selector, and DB twice (c.env.DB, and again before .prepare): losing any selector shows here.
      expect(
        rules.filter((r) => r === "readyroom/no-sql-in-routers"),
        file,
      ).toHaveLength(6);
    }
    expect(rulesIn("worker/feature/service.ts").filter((r) => r.startsWith("readyroom/") || r.endsWith("no-restricted-imports"))).toEqual([]);
  });

  it("a router still may not import web/", () => {
    expect(rulesIn("worker/other/routes.ts")).toEqual(["eslint/no-restricted-imports"]);
  });
});

describe("lint: the web/worker boundary", () => {
  it("shared/ imports nothing of worker/, web/ or durable-objects/, types included", () => {
    expect(rulesIn("shared/feature/any.ts")).toEqual(Array(3).fill("eslint/no-restricted-imports"));
  });

  it("worker/ and durable-objects/ never import web/", () => {
    expect(rulesIn("worker/feature/any.ts")).toEqual(Array(2).fill("eslint/no-restricted-imports"));
    expect(rulesIn("durable-objects/any.ts")).toEqual(Array(2).fill("eslint/no-restricted-imports"));
  });

  it("browser code imports only types from the server; loaders, actions and *.server.ts may call services", () => {
    expect(rulesIn("web/components/any.tsx")).toEqual(["eslint/no-restricted-imports"]);
    for (const file of ["web/lib/any.ts", "web/hooks/any.ts", "web/entry.client.tsx"]) expect(rulesIn(file), file).toEqual(["eslint/no-restricted-imports"]);
    expect(rulesIn("web/lib/any.server.ts")).toEqual([]);
    expect(rulesIn("web/routes/any.tsx")).toEqual([]);
  });
});

describe("lint: the browser writes through useMutation", () => {
  it("setSaving(true) and its kin are refused in web/; false, or outside web/, is fine", () => {
    expect(rulesIn("web/components/writes.tsx")).toEqual(Array(2).fill("readyroom/no-hand-rolled-writes"));
    expect(rulesIn("web/routes/writes.tsx")).toEqual(Array(2).fill("readyroom/no-hand-rolled-writes"));
    expect(rulesIn("worker/writes.ts")).toEqual([]);
  });
});
