// The quick-start library (spec §3 QuickStartExercise): complete HSEEP tabletop exercises a
// planner can copy into a new exercise, and the grounding of the offline drafting provider.
import { activeAssailantPublicEvent } from "./active-assailant-public-event";
import { earthquake } from "./earthquake";
import { hazmatRailDerailment } from "./hazmat-rail-derailment";
import { hurricaneLandfall } from "./hurricane-landfall";
import { massGatheringPublicHealth } from "./mass-gathering-public-health";
import { pandemicRespiratoryIllness } from "./pandemic-respiratory-illness";
import { ransomwareCountySystems } from "./ransomware-county-systems";
import { riverineFlood } from "./riverine-flood";
import { wildfireEvacuation } from "./wildfire-evacuation";
import { winterStormPowerOutage } from "./winter-storm-power-outage";
import type { ExerciseInput } from "../../db/exercise-shapes";
import type { QuickStartTemplate } from "./types";

export type { QuickStartTemplate, TemplateModule, TemplateMselRow } from "./types";

// Checked against the exercise input schema's type too, so a template can always be copied into
// an exercise without conversion.
export const QUICK_START_TEMPLATES: readonly QuickStartTemplate[] = [
  hurricaneLandfall,
  riverineFlood,
  wildfireEvacuation,
  earthquake,
  ransomwareCountySystems,
  pandemicRespiratoryIllness,
  activeAssailantPublicEvent,
  hazmatRailDerailment,
  winterStormPowerOutage,
  massGatheringPublicHealth,
] satisfies readonly (QuickStartTemplate & ExerciseInput)[];

const byId = new Map(QUICK_START_TEMPLATES.map((t) => [t.id, t]));

export function getTemplate(id: string): QuickStartTemplate | undefined {
  return byId.get(id);
}

/** Lightweight listing for pickers, without the heavy scenario and MSEL text. */
export function listTemplateSummaries(): { id: string; name: string; threatType: string; capabilities: string[] }[] {
  return QUICK_START_TEMPLATES.map((t) => ({
    id: t.id,
    name: t.name,
    threatType: t.threatType,
    capabilities: t.capabilitiesAndObjectives.map((c) => c.capability),
  }));
}
