import { capabilitiesIn } from "../collaborate/synthesis/capability-keywords";
import type { ConductPlan } from "../../shared/db/conduct-shapes";
import { CORE_CAPABILITIES, getCapabilityByName } from "../../shared/exercises/capabilities";

/**
 * What an EEG is built around: the core capabilities the session's objectives name, each with its
 * objectives in plan order (hseep.md: one EEG per capability, its objectives grouped under it).
 * Pure, shared by the offline and AI generators and the retrieval that feeds them.
 */

export type EegObjective = {
  /** The objective as the planner wrote it; null when the row named only a capability. */
  text: string | null;
  /** Position in the plan's objectives (what an AI answer refers back to). */
  index: number;
};

export type CapabilityGroup = { id: string; capability: string; objectives: EegObjective[] };

/** An objective row with no capability falls here when its words point at none either. */
const FALLBACK_CAPABILITY = "Operational Coordination";

const byLowerName = new Map(CORE_CAPABILITIES.map((c) => [c.name.toLowerCase(), c.name as string]));

/** The doctrine's spelling of a capability name (case-insensitive), else the name as written. */
function canonicalCapability(name: string): string {
  const t = name.trim().replace(/\s+/g, " ");
  return byLowerName.get(t.toLowerCase()) ?? t;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|(?<!-)-+$/g, "")
      .slice(0, 60) || "capability"
  );
}

/** The guide id of a capability: the doctrine's own stable slug when it is one, so regenerating keeps ids. */
export function guideId(capability: string): string {
  return `eeg-${getCapabilityByName(capability)?.id ?? slug(capability)}`;
}

export function capabilityGroups(plan: Pick<ConductPlan, "objectives">): CapabilityGroup[] {
  const groups = new Map<string, CapabilityGroup>();
  plan.objectives.forEach((row, index) => {
    const text = row.objective?.trim() || null;
    const named = row.capability?.trim();
    if (!named && !text) return;
    const capability = named ? canonicalCapability(named) : (capabilitiesIn(text ?? "")[0] ?? FALLBACK_CAPABILITY);
    const key = capability.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      group = { id: guideId(capability), capability, objectives: [] };
      groups.set(key, group);
    }
    group.objectives.push({ text, index });
  });
  // Two custom names that slug alike must still get distinct ids.
  const seen = new Set<string>();
  return [...groups.values()].map((g) => {
    let id = g.id;
    for (let n = 2; seen.has(id); n++) id = `${g.id}-${n}`;
    seen.add(id);
    return { ...g, id };
  });
}

/** What retrieval searches the planner's documents for, per capability. */
export function retrievalQuery(group: CapabilityGroup): string {
  return [group.capability, ...group.objectives.map((o) => o.text ?? "")].join(" ").slice(0, 1_000);
}
