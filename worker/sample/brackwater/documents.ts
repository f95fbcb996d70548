/**
 * Brackwater County's plan documents, the files in ./documents: the demo planner has all four in
 * her library (scripts/seed.ts reads the files), every new account's sample workspace the three
 * marked `sample` (worker/sample/workspace.ts; their text comes from ./document-texts.ts). No I/O
 * here, so Node scripts import it too. Brackwater County is fictional.
 */
export const BRACKWATER_DOCUMENTS = [
  {
    key: "eop-base-plan",
    name: "Brackwater County EOP — Base Plan (excerpt)",
    filename: "brackwater-eop-base-plan.md",
    type: "md",
    contentType: "text/markdown; charset=utf-8",
    sample: true,
  },
  {
    key: "flood-annex",
    name: "Annex F — Riverine and Coastal Flood",
    filename: "brackwater-flood-annex.md",
    type: "md",
    contentType: "text/markdown; charset=utf-8",
    sample: true,
  },
  {
    key: "odalys-aar-ip",
    name: "Hurricane Odalys After-Action Report / Improvement Plan",
    filename: "hurricane-odalys-aar-ip.md",
    type: "md",
    contentType: "text/markdown; charset=utf-8",
    sample: true,
  },
  {
    key: "hazard-profile",
    name: "Hazard Mitigation Plan — Hazard Profile Summary",
    filename: "brackwater-hazard-profile.txt",
    type: "txt",
    contentType: "text/plain; charset=utf-8",
    sample: false,
  },
] as const;

export type BrackwaterDocument = (typeof BRACKWATER_DOCUMENTS)[number];
