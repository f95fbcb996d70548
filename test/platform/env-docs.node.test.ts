import { describe, expect, it } from "vitest";
import devVarsExample from "../../.dev.vars.example?raw";
import readme from "../../README.md?raw";
import { devVarsExample as generatedDevVars, readmeTable } from "../../scripts/config-docs";
import { configSchema } from "../../worker/env";
import { CONFIG_DOCS } from "../../worker/env-docs";

describe("configuration is documented", () => {
  const schemaNames = Object.keys(configSchema.shape).sort();

  it("has a CONFIG_DOCS entry for every variable of worker/env.ts, and no stale one", () => {
    expect(CONFIG_DOCS.map((d) => d.name).sort()).toEqual(schemaNames);
  });

  it("lists every variable in .dev.vars.example", () => {
    const listed = [...devVarsExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
    expect([...new Set(listed)]).toEqual(schemaNames);
  });

  it("keeps .dev.vars.example and the README table as scripts/config-docs.ts generates them", () => {
    expect(devVarsExample).toBe(generatedDevVars());
    expect(readme).toContain(readmeTable());
  });

  it("documents the defaults the schema applies to APP_ENV and APP_URL", () => {
    const defaults = configSchema.parse({});
    const doc = (name: string) => CONFIG_DOCS.find((d) => d.name === name)?.default ?? "";
    expect(doc("APP_ENV").startsWith(defaults.APP_ENV)).toBe(true);
    expect(doc("APP_URL").startsWith(defaults.APP_URL)).toBe(true);
  });
});
