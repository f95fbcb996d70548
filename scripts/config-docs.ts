/**
 * Regenerates `.dev.vars.example` and prints the README configuration table from
 * worker/env-docs.ts: `node --experimental-strip-types scripts/config-docs.ts [--readme]`.
 */
import { writeFileSync } from "node:fs";
import { CONFIG_DOCS } from "../worker/env-docs.ts";

export function devVarsExample(): string {
  const lines = [
    "# Local configuration for `npm start` / `wrangler dev`. Copy to .dev.vars (git-ignored) and fill in",
    "# what you need; everything is optional locally. In production, vars go in wrangler.toml or",
    "# `wrangler deploy --var`, secrets through `wrangler secret put` (npm run deploy does both).",
    "# Generated from worker/env-docs.ts by scripts/config-docs.ts.",
  ];
  let group = "";
  for (const doc of CONFIG_DOCS) {
    if (doc.group !== group) {
      group = doc.group;
      lines.push("", `# ── ${group}`);
    }
    lines.push(`# ${doc.meaning} [${doc.kind}; default: ${doc.default}]`);
    lines.push(`# ${doc.name}=`);
  }
  return `${lines.join("\n")}\n`;
}

export function readmeTable(): string {
  const rows = CONFIG_DOCS.map((d) => `| \`${d.name}\` | ${d.kind} | ${d.default.replace(/\|/g, "\\|")} | ${d.meaning.replace(/\|/g, "\\|")} |`);
  return ["| Name | Kind | Default | Meaning |", "|---|---|---|---|", ...rows].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--readme")) console.log(readmeTable());
  else {
    writeFileSync(new URL("../.dev.vars.example", import.meta.url), devVarsExample());
    console.log("Wrote .dev.vars.example");
  }
}
