/**
 * The text of Brackwater County's plan documents, bundled into the Worker: the .md and .txt files
 * in ./documents are wrangler "Text" modules (`[[rules]]` in wrangler.toml; the workerd test pool
 * reads the same rules). Worker-only: Node reads the files from disk instead (scripts/seed.ts).
 */
import basePlan from "./documents/brackwater-eop-base-plan.md";
import floodAnnex from "./documents/brackwater-flood-annex.md";
import hazardProfile from "./documents/brackwater-hazard-profile.txt";
import odalys from "./documents/hurricane-odalys-aar-ip.md";
import type { BrackwaterDocument } from "./documents";

export const BRACKWATER_DOCUMENT_TEXTS: Record<BrackwaterDocument["filename"], string> = {
  "brackwater-eop-base-plan.md": basePlan,
  "brackwater-flood-annex.md": floodAnnex,
  "brackwater-hazard-profile.txt": hazardProfile,
  "hurricane-odalys-aar-ip.md": odalys,
};
