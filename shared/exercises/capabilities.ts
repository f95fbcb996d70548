// The 32 core capabilities of the National Preparedness Goal, as reference data for the
// capability picker, templates, exports and prompts. Names are spelt exactly as the doctrine
// spells them because exported documents and imported exercises match on the name; ids are our
// own stable slugs so that renames in the UI never break stored references.

export const MISSION_AREAS = ["Prevention", "Protection", "Mitigation", "Response", "Recovery"] as const;
export type MissionArea = (typeof MISSION_AREAS)[number];

export interface CoreCapability {
  id: string;
  name: string;
  missionAreas: readonly MissionArea[];
  description: string;
}

const ALL_AREAS = MISSION_AREAS;

export const CORE_CAPABILITIES = [
  // Cross-cutting: all five mission areas.
  {
    id: "planning",
    name: "Planning",
    missionAreas: ALL_AREAS,
    description:
      "Bring the whole community into a systematic process that turns strategy into operational and tactical plans with realistic, measurable outcomes.",
  },
  {
    id: "public-information-and-warning",
    name: "Public Information and Warning",
    missionAreas: ALL_AREAS,
    description: "Deliver timely, accurate and accessible information and warnings to everyone affected, in the languages and formats they actually use.",
  },
  {
    id: "operational-coordination",
    name: "Operational Coordination",
    missionAreas: ALL_AREAS,
    description:
      "Establish and sustain a unified, coordinated command structure that integrates every stakeholder and supports the execution of core capabilities.",
  },
  // Prevention (the first three are shared with Protection).
  {
    id: "forensics-and-attribution",
    name: "Forensics and Attribution",
    missionAreas: ["Prevention"],
    description: "Examine evidence from an attack or imminent threat quickly enough to identify its source and prevent follow-on attacks.",
  },
  {
    id: "intelligence-and-information-sharing",
    name: "Intelligence and Information Sharing",
    missionAreas: ["Prevention", "Protection"],
    description: "Gather, analyse and share timely, actionable information about threats among government, private-sector and community partners.",
  },
  {
    id: "interdiction-and-disruption",
    name: "Interdiction and Disruption",
    missionAreas: ["Prevention", "Protection"],
    description: "Delay, divert, intercept, halt or secure threats and hazards before they can cause harm.",
  },
  {
    id: "screening-search-and-detection",
    name: "Screening, Search, and Detection",
    missionAreas: ["Prevention", "Protection"],
    description: "Identify, discover or locate threats and hazards through active and passive surveillance, screening and search.",
  },
  // Protection.
  {
    id: "access-control-and-identity-verification",
    name: "Access Control and Identity Verification",
    missionAreas: ["Protection"],
    description: "Grant or deny access to critical locations, systems and information by verifying who people are and what they are entitled to reach.",
  },
  {
    id: "cybersecurity",
    name: "Cybersecurity",
    missionAreas: ["Protection"],
    description: "Protect electronic communications systems and services from damage, unauthorised use and exploitation, and restore them when they fail.",
  },
  {
    id: "physical-protective-measures",
    name: "Physical Protective Measures",
    missionAreas: ["Protection"],
    description: "Reduce or mitigate risk to people, structures and key operational activities through risk-informed physical security measures.",
  },
  {
    id: "risk-management-for-protection-programs-and-activities",
    name: "Risk Management for Protection Programs and Activities",
    missionAreas: ["Protection"],
    description: "Identify, assess and prioritise risks so that protection investments and activities go where they reduce the most risk.",
  },
  {
    id: "supply-chain-integrity-and-security",
    name: "Supply Chain Integrity and Security",
    missionAreas: ["Protection"],
    description: "Strengthen the security and resilience of the supply chains that move goods, services and materials the community depends on.",
  },
  // Mitigation.
  {
    id: "community-resilience",
    name: "Community Resilience",
    missionAreas: ["Mitigation"],
    description: "Enable communities to understand their risks and take informed action to reduce them and to adapt and recover quickly.",
  },
  {
    id: "long-term-vulnerability-reduction",
    name: "Long-term Vulnerability Reduction",
    missionAreas: ["Mitigation"],
    description: "Build and sustain resilient systems, communities and infrastructure so that future incidents cause less harm.",
  },
  {
    id: "risk-and-disaster-resilience-assessment",
    name: "Risk and Disaster Resilience Assessment",
    missionAreas: ["Mitigation"],
    description: "Assess risk and resilience so that decision makers, responders and residents can act to reduce the community's exposure.",
  },
  {
    id: "threats-and-hazards-identification",
    name: "Threats and Hazards Identification",
    missionAreas: ["Mitigation"],
    description: "Identify the threats and hazards a community faces and estimate their frequency and consequences to inform planning.",
  },
  // Response (Infrastructure Systems is shared with Recovery).
  {
    id: "critical-transportation",
    name: "Critical Transportation",
    missionAreas: ["Response"],
    description:
      "Provide transportation for evacuating people and animals and for delivering response personnel, equipment and services into the affected area.",
  },
  {
    id: "environmental-response-health-and-safety",
    name: "Environmental Response/Health and Safety",
    missionAreas: ["Response"],
    description: "Protect responders, the public and the environment from hazardous materials and all-hazards health and safety risks.",
  },
  {
    id: "fatality-management-services",
    name: "Fatality Management Services",
    missionAreas: ["Response"],
    description: "Recover, identify and dignify the deceased, support reunification of remains with families and provide counselling to the bereaved.",
  },
  {
    id: "fire-management-and-suppression",
    name: "Fire Management and Suppression",
    missionAreas: ["Response"],
    description: "Provide structural, wildland and specialised firefighting to suppress fires and protect lives, property and the environment.",
  },
  {
    id: "infrastructure-systems",
    name: "Infrastructure Systems",
    missionAreas: ["Response", "Recovery"],
    description: "Stabilise critical infrastructure, restore lifeline services and revitalise systems so the community can function again.",
  },
  {
    id: "logistics-and-supply-chain-management",
    name: "Logistics and Supply Chain Management",
    missionAreas: ["Response"],
    description: "Deliver essential commodities, equipment and services to impacted areas and restore the commercial supply chains that sustain them.",
  },
  {
    id: "mass-care-services",
    name: "Mass Care Services",
    missionAreas: ["Response"],
    description: "Provide life-sustaining and human services, including sheltering, feeding, hydration and family reunification, to the affected population.",
  },
  {
    id: "mass-search-and-rescue-operations",
    name: "Mass Search and Rescue Operations",
    missionAreas: ["Response"],
    description: "Deliver traditional and atypical search and rescue capabilities to save the greatest number of endangered lives in the shortest time.",
  },
  {
    id: "on-scene-security-protection-and-law-enforcement",
    name: "On-scene Security, Protection, and Law Enforcement",
    missionAreas: ["Response"],
    description: "Ensure a safe and secure environment for response operations and for the people and communities in the affected area.",
  },
  {
    id: "operational-communications",
    name: "Operational Communications",
    missionAreas: ["Response"],
    description: "Ensure responders and the command structure can communicate with each other, with the affected community and across jurisdictions.",
  },
  {
    id: "public-health-healthcare-and-emergency-medical-services",
    name: "Public Health, Healthcare, and Emergency Medical Services",
    missionAreas: ["Response"],
    description: "Provide lifesaving medical treatment, emergency medical services and targeted public health interventions to the affected population.",
  },
  {
    id: "situational-assessment",
    name: "Situational Assessment",
    missionAreas: ["Response"],
    description:
      "Give decision makers decision-relevant information about the nature and extent of the hazard, its cascading effects and the status of the response.",
  },
  // Recovery.
  {
    id: "economic-recovery",
    name: "Economic Recovery",
    missionAreas: ["Recovery"],
    description: "Return economic and business activities to a healthy state and develop new opportunities that leave the community more resilient.",
  },
  {
    id: "health-and-social-services",
    name: "Health and Social Services",
    missionAreas: ["Recovery"],
    description:
      "Restore and improve health, social-service and behavioural-health networks to promote the resilience, independence and well-being of the community.",
  },
  {
    id: "housing",
    name: "Housing",
    missionAreas: ["Recovery"],
    description: "Implement housing solutions that effectively support the needs of the whole community and contribute to its sustainability and resilience.",
  },
  {
    id: "natural-and-cultural-resources",
    name: "Natural and Cultural Resources",
    missionAreas: ["Recovery"],
    description:
      "Protect natural and cultural resources and historic properties through appropriate response and recovery actions that preserve and restore them.",
  },
] as const satisfies readonly CoreCapability[];

export type CoreCapabilityName = (typeof CORE_CAPABILITIES)[number]["name"];

export const CORE_CAPABILITY_NAMES: readonly CoreCapabilityName[] = CORE_CAPABILITIES.map((c) => c.name);

const byName = new Map<string, CoreCapability>(CORE_CAPABILITIES.map((c) => [c.name, c]));

export function getCapabilityByName(name: string): CoreCapability | undefined {
  return byName.get(name);
}

export function isCoreCapabilityName(name: string): name is CoreCapabilityName {
  return byName.has(name);
}

export function capabilitiesInMissionArea(area: MissionArea): CoreCapability[] {
  return CORE_CAPABILITIES.filter((c) => (c.missionAreas as readonly MissionArea[]).includes(area));
}

/**
 * The picker's layout: each mission area with its capabilities. A shared capability appears
 * under every area it belongs to, as the doctrine lists it; callers that need each capability
 * once should use CORE_CAPABILITIES.
 */
export function groupCapabilitiesByMissionArea(): { missionArea: MissionArea; capabilities: CoreCapability[] }[] {
  return MISSION_AREAS.map((missionArea) => ({ missionArea, capabilities: capabilitiesInMissionArea(missionArea) }));
}

/** Where a capability is filed when each is listed once: the three cross-cutting ones belong to every mission area. */
export const ALL_MISSION_AREAS = "All mission areas";

/**
 * The one heading a capability goes under when each is listed once (coverage tables): "All mission
 * areas" for Planning, Public Information and Warning and Operational Coordination, else its first
 * mission area (Intelligence and Information Sharing: Prevention, as the doctrine lists it first).
 */
export function primaryMissionArea(capability: Pick<CoreCapability, "missionAreas">): MissionArea | typeof ALL_MISSION_AREAS {
  return capability.missionAreas.length === MISSION_AREAS.length ? ALL_MISSION_AREAS : (capability.missionAreas[0] ?? "Response");
}
