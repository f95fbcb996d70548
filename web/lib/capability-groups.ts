import { CORE_CAPABILITIES, MISSION_AREAS, type CoreCapability } from "../../shared/exercises/capabilities";

/**
 * The 32 core capabilities grouped for a picker: the cross-cutting ones first ("All mission
 * areas"), then each mission area with the capabilities that start there; each one listed once
 * (the shared module's groupCapabilitiesByMissionArea repeats a shared one under every area).
 */
function groupedOnce(): { area: string; capabilities: CoreCapability[] }[] {
  const crossCutting = CORE_CAPABILITIES.filter((c) => c.missionAreas.length === MISSION_AREAS.length);
  const groups: { area: string; capabilities: CoreCapability[] }[] = [{ area: "All mission areas", capabilities: [...crossCutting] }];
  for (const area of MISSION_AREAS) {
    groups.push({
      area,
      capabilities: CORE_CAPABILITIES.filter((c) => c.missionAreas.length < MISSION_AREAS.length && c.missionAreas[0] === area),
    });
  }
  return groups.filter((g) => g.capabilities.length > 0);
}

export const CAPABILITY_GROUPS = groupedOnce();
