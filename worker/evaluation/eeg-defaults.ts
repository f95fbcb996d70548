import type { CoreCapabilityName } from "../../shared/exercises/capabilities";

/**
 * Doctrinal default critical tasks per core capability: what an EEG lists for a target when
 * nothing in the exercise's MSEL or the planner's own plans grounds one (hseep.md: critical tasks
 * are drawn from the jurisdiction's plans — these stand in until the planner writes their own, and
 * are worded so an evaluator can check them). Paraphrased from the National Preparedness Goal's
 * capability descriptions and the usual HSEEP EEG tasks, two or three per capability.
 */
const DEFAULTS: Record<CoreCapabilityName, string[]> = {
  Planning: [
    "Activate and follow the applicable emergency operations plan, annexes and procedures.",
    "Develop and share an incident action plan with objectives, assignments and the next operational period.",
  ],
  "Public Information and Warning": [
    "Issue timely, accurate and accessible alerts and warnings to the affected population.",
    "Coordinate public messages among agencies through a joint information function before release.",
    "Monitor public and media information and correct rumours.",
  ],
  "Operational Coordination": [
    "Activate the emergency operations center and establish the command and coordination structure.",
    "Establish and maintain a common operating picture shared with all participating agencies.",
    "Coordinate resource requests and priorities among jurisdictions and partners.",
  ],
  "Forensics and Attribution": [
    "Preserve and collect evidence following chain-of-custody procedures.",
    "Share forensic findings with investigators and partners to support attribution.",
  ],
  "Intelligence and Information Sharing": [
    "Gather, analyse and disseminate threat information to partners in a timely way.",
    "Share information through established channels while protecting sensitive information.",
  ],
  "Interdiction and Disruption": [
    "Identify and act on the threat to interdict or disrupt it.",
    "Coordinate interdiction activities among law-enforcement and partner agencies.",
  ],
  "Screening, Search, and Detection": [
    "Conduct screening, search and detection operations to locate the threat.",
    "Report detection results promptly to decision-makers.",
  ],
  "Access Control and Identity Verification": [
    "Control access to affected facilities and areas.",
    "Verify the identity and credentials of responders and personnel entering controlled areas.",
  ],
  Cybersecurity: [
    "Detect, contain and report the cyber incident according to the incident response plan.",
    "Restore affected systems and services and protect them against further compromise.",
  ],
  "Physical Protective Measures": [
    "Implement protective measures at critical sites and facilities.",
    "Assess and adjust protective measures as the threat changes.",
  ],
  "Risk Management for Protection Programs and Activities": [
    "Assess risks to critical infrastructure and prioritise protective actions.",
    "Communicate risk information to decision-makers and partners.",
  ],
  "Supply Chain Integrity and Security": [
    "Identify disruptions to critical supply chains and their impacts.",
    "Coordinate with suppliers and partners to secure alternative supply.",
  ],
  "Community Resilience": [
    "Engage community organisations and the whole community in preparedness and response.",
    "Identify and reach populations with access and functional needs.",
  ],
  "Long-term Vulnerability Reduction": [
    "Identify actions that reduce the community's long-term vulnerability to the hazard.",
    "Incorporate mitigation measures into recovery and development decisions.",
  ],
  "Risk and Disaster Resilience Assessment": [
    "Assess the risk and expected impacts of the hazard using available data and models.",
    "Share risk assessments with decision-makers to inform protective actions.",
  ],
  "Threats and Hazards Identification": [
    "Identify the threats and hazards facing the jurisdiction and their likely consequences.",
    "Monitor forecasts and threat information and update assessments as conditions change.",
  ],
  "Critical Transportation": [
    "Establish evacuation routes and transportation resources, including for people without vehicles.",
    "Coordinate transportation of people, responders and supplies into and out of the affected area.",
  ],
  "Environmental Response/Health and Safety": [
    "Assess environmental and health hazards and protect responders with the right safety measures.",
    "Contain and monitor hazardous materials releases and communicate protective actions.",
  ],
  "Fatality Management Services": [
    "Coordinate the recovery, identification and dignified handling of human remains.",
    "Provide family assistance and notify next of kin.",
  ],
  "Fire Management and Suppression": [
    "Deploy fire resources to suppress fires and protect lives and property.",
    "Coordinate fire operations with mutual-aid partners under unified command.",
  ],
  "Infrastructure Systems": [
    "Assess damage to critical infrastructure and prioritise restoration.",
    "Coordinate with utilities and infrastructure owners to restore essential services.",
  ],
  "Logistics and Supply Chain Management": [
    "Identify, request, track and deliver the resources the response needs.",
    "Establish staging and distribution of commodities to the affected population.",
  ],
  "Mass Care Services": [
    "Open and staff shelters, including accessible shelters and provisions for pets.",
    "Provide feeding, hydration and family reunification services.",
  ],
  "Mass Search and Rescue Operations": [
    "Deploy search and rescue resources to locate and extract survivors.",
    "Coordinate search and rescue operations with other response activities.",
  ],
  "On-scene Security, Protection, and Law Enforcement": [
    "Establish security and traffic control in the affected area.",
    "Protect responders, survivors and critical sites.",
  ],
  "Operational Communications": [
    "Establish interoperable communications among responding agencies.",
    "Maintain backup communications when primary systems fail.",
  ],
  "Public Health, Healthcare, and Emergency Medical Services": [
    "Provide emergency medical services and coordinate patient movement among facilities.",
    "Assess healthcare system capacity and support facilities facing a surge.",
  ],
  "Situational Assessment": [
    "Collect and analyse information on the incident's impacts and the status of the response.",
    "Deliver situation reports to decision-makers on a set schedule.",
  ],
  "Economic Recovery": [
    "Assess economic impacts and identify support for businesses and workers.",
    "Coordinate recovery resources to restore economic activity.",
  ],
  "Health and Social Services": [
    "Restore health and social services and identify people needing support.",
    "Provide behavioural-health support to survivors and responders.",
  ],
  Housing: ["Assess housing needs and identify temporary housing options.", "Coordinate transition from shelters to interim and permanent housing."],
  "Natural and Cultural Resources": [
    "Assess damage to natural and cultural resources and historic properties.",
    "Implement measures to protect and preserve those resources during response and recovery.",
  ],
};

/** For a capability outside the doctrine's list (a custom name). */
const GENERIC = [
  "Carry out the actions the applicable plans and procedures assign for this capability.",
  "Coordinate with the agencies and partners involved and keep decision-makers informed.",
];

export function defaultCriticalTasks(capability: string): string[] {
  return DEFAULTS[capability as CoreCapabilityName] ?? GENERIC;
}
