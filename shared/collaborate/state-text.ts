/**
 * What contributorStateHash (./model.ts) hashes: the sorted ids of COMPLETED contributors, each with
 * the day it submitted. Import-free, so the demo seed (scripts/lib/demo-campaign.ts) hashes the
 * same text in Node without the browser's model.
 */
export function contributorStateText(contributors: { id: string; status: string; submittedAt: string | null }[]): string {
  return contributors
    .filter((c) => c.status === "COMPLETED")
    .map((c) => `${c.id}@${c.submittedAt ?? ""}`)
    .sort()
    .join("\n");
}
