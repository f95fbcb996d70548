import { describe, expect, it } from "vitest";
import devVarsExample from "../../.dev.vars.example?raw";
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
});
