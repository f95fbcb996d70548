// The quick-start library (spec §3 QuickStartExercise): complete HSEEP tabletop exercises a
// planner can copy into a new exercise, and the grounding of the offline drafting provider.
// Each template is one JSON file beside this one — data, not code, and the only source (the
// QuickStartExercise table is not read). test/exercises/templates.node.test.ts validates every
// file with the exercise input schema and checks that this list names each file once.
import activeAssailantPublicEvent from "./active-assailant-public-event.json";
import earthquake from "./earthquake.json";
import hazmatRailDerailment from "./hazmat-rail-derailment.json";
import hurricaneLandfall from "./hurricane-landfall.json";
import massGatheringPublicHealth from "./mass-gathering-public-health.json";
import pandemicRespiratoryIllness from "./pandemic-respiratory-illness.json";
import ransomwareCountySystems from "./ransomware-county-systems.json";
import riverineFlood from "./riverine-flood.json";
import wildfireEvacuation from "./wildfire-evacuation.json";
import winterStormPowerOutage from "./winter-storm-power-outage.json";
import type { QuickStartTemplate } from "./types";

export type { QuickStartTemplate } from "./types";

// JSON imports type their strings as `string`; the test proves each file has the template shape
// (the literal unions included), so this is the one place they are read as templates.
export const QUICK_START_TEMPLATES = [
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
] as readonly QuickStartTemplate[];

const byId = new Map(QUICK_START_TEMPLATES.map((t) => [t.id, t]));

export function getTemplate(id: string): QuickStartTemplate | undefined {
  return byId.get(id);
}

/** What the template picker shows of each template: no MSEL or modules, a sentence of the scenario. */
export type TemplateSummary = { id: string; name: string; threatType: string; capabilities: string[]; summary: string };

/** First sentence-ish of a template's scenario: enough to choose by. */
function templateSummary(text: string | undefined): string {
  if (!text) return "";
  const flat = text.replace(/\s+/g, " ").trim();
  const end = flat.search(/[.!?](\s|$)/);
  const first = end > 40 ? flat.slice(0, end + 1) : flat;
  return first.length > 240 ? `${first.slice(0, 237)}…` : first;
}

// The same for everyone and every request: worked out once per isolate.
let summaries: TemplateSummary[] | null = null;

/** Lightweight listing for pickers (GET /api/exercises/templates), without the heavy scenario and MSEL text. */
export function listTemplateSummaries(): TemplateSummary[] {
  summaries ??= QUICK_START_TEMPLATES.map((t) => ({
    id: t.id,
    name: t.name,
    threatType: t.threatType,
    capabilities: t.capabilitiesAndObjectives.map((c) => c.capability),
    summary: templateSummary(t.scenario),
  }));
  return summaries;
}
