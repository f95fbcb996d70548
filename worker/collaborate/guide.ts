import type { UserContext } from "../context";
import { managedCampaign } from "./access";
import { interviewScript } from "./interview-script";
import { readParameters } from "./parameters";
import type { Findings } from "../../shared/collaborate/views";

/**
 * The campaign's discussion guide (markdown; spec §8 names its download toasts): the brief, the
 * questions contributors are asked, and — once the synthesis has run — what they raised, from the
 * anonymised findings only (Campaign.insights never holds identities).
 */
export async function discussionGuide(ctx: UserContext, campaignId: string): Promise<{ filename: string; markdown: string }> {
  const campaign = await managedCampaign(ctx, campaignId);
  const p = readParameters(campaign.parameters);
  const findings = findingsOf(campaign.insights);
  const lines: string[] = [`# ${campaign.name} — discussion guide`, ""];
  lines.push(`**Purpose:** ${p.purpose === "generate-findings" ? "findings" : "an exercise"}  `, `**Hazard:** ${p.hazard || "not set"}  `);
  if (p.deadline) lines.push(`**Contributions due:** ${p.deadline}  `);
  lines.push("");
  if (p.scenario) lines.push("## Scenario", "", p.scenario, "");
  if (p.capabilities.length) lines.push("## Core capabilities explored", "", ...p.capabilities.map((c) => `- ${c}`), "");
  const script = interviewScript(p);
  lines.push("## Questions for contributors", "", "### Part 1 — role, plans and experience", "");
  script.filter((q) => q.phase === 1).forEach((q, i) => lines.push(`${i + 1}. ${q.text}`));
  lines.push("", "### Part 2 — proposals", "");
  script.filter((q) => q.phase === 2).forEach((q, i) => lines.push(`${i + 1}. ${q.text}`));
  lines.push("");
  if (findings) {
    lines.push("## What contributors raised (anonymised)", "", findings.summary, "");
    for (const theme of findings.themes)
      lines.push(`- **${theme.title}** (${theme.contributorCount} contributor${theme.contributorCount === 1 ? "" : "s"}): ${theme.detail}`);
    if (findings.gaps.length) lines.push("", "### Gaps to discuss", "", ...findings.gaps.map((g) => `- **${g.title}**: ${g.detail}`));
    if (findings.recommendedObjectives.length)
      lines.push("", "### Recommended objectives", "", ...findings.recommendedObjectives.map((o, i) => `${i + 1}. ${o.text}`));
    lines.push("");
  }
  const slug =
    campaign.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "campaign";
  return { filename: `${slug}-discussion-guide.md`, markdown: `${lines.join("\n")}\n` };
}

/** The findings part of Campaign.insights, if the synthesis wrote any. */
function findingsOf(insights: unknown): Findings | null {
  if (!insights || typeof insights !== "object") return null;
  const f = (insights as { findings?: Findings }).findings;
  return f && typeof f.summary === "string" && Array.isArray(f.themes) ? f : null;
}
