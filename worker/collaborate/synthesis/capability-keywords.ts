import { CORE_CAPABILITIES, primaryMissionArea, type CoreCapabilityName } from "../../../shared/exercises/capabilities";

/**
 * Words that show an answer touches a core capability ("shelter" → Mass Care Services). Matched on
 * lower-cased anonymised text; prefixes on purpose ("evacuat" covers evacuate, evacuation…). Small
 * and hand-picked: a contributor "touches" a capability when they talk about its work, whatever
 * the doctrine's name for it.
 */
const KEYWORDS: Record<CoreCapabilityName, RegExp> = {
  Planning: /\bplan(?:s|ning)?\b|\bannex|\bsops?\b|\bprocedure|\bchecklist|\bcoop\b|continuity of operations/,
  "Public Information and Warning":
    /\bwarning|\balert|\bsiren|notification|\bmessag|public information|social media|\brumou?r|\bpress\b|\btranslat|\bpio\b|\bhotline/,
  "Operational Coordination": /\beoc\b|\bcoordinat|unified command|incident command|\bics\b|command post|mutual aid|emergency operations center/,
  "Forensics and Attribution": /\bforensic|\bevidence\b|\battribution|crime scene/,
  "Intelligence and Information Sharing": /\bintelligence|information sharing|share information|fusion center|\bsitreps?\b|situation reports?/,
  "Interdiction and Disruption": /\binterdict|\bdisrupt|\bintercept/,
  "Screening, Search, and Detection": /\bscreening|\bdetection|\bdetect\b|\bsurveillance|\bsensors?\b|\bgauges?\b|river monitoring/,
  "Access Control and Identity Verification": /access control|\bbadg|\bcredential|identity verification|\bcheckpoint/,
  Cybersecurity: /\bcyber|\bransomware|\bmalware|\bphishing|\bhack/,
  "Physical Protective Measures": /\bbarriers?\b|\bfencing|physical security|\bperimeter|\bsandbag|\blevees?\b|flood ?wall/,
  "Risk Management for Protection Programs and Activities": /risk management|risk assessment|vulnerability assessment|prioriti[sz]e (?:the )?risks?/,
  "Supply Chain Integrity and Security": /supply chain|\bvendors?\b|\bsuppliers?\b|\bcontracts?\b/,
  "Community Resilience": /community resilience|\bneighbou?rhoods?\b|\boutreach|\bhouseholds?\b|\bcert\b|preparedness education|faith[- ]based/,
  "Long-term Vulnerability Reduction": /\bmitigation|\belevat|\bbuyouts?\b|\bretrofit|long[- ]term|\bfloodplain/,
  "Risk and Disaster Resilience Assessment": /hazard analysis|risk analysis|resilience assessment|flood maps?|\bmodell?ing|inundation/,
  "Threats and Hazards Identification": /\bthira\b|threat assessment|hazard identification|\bforecasts?\b|hazard mitigation plan/,
  "Critical Transportation": /\bevacuat|\btransport|\bbus(?:es)?\b|road closures?|\broutes?\b|\btraffic\b|\btransit\b|paratransit/,
  "Environmental Response/Health and Safety":
    /\bhazmat|hazardous materials?|\bchemical|\bcontaminat|\bdecon|\bspills?\b|responder safety|\bppe\b|air quality|boil water/,
  "Fatality Management Services": /\bfatalit|\bmorgue|\bmortuary|medical examiner|\bcoroner|human remains|\bdeceased/,
  "Fire Management and Suppression": /fire suppression|\bfirefight|\bwildfire|structure fires?|\bhydrants?\b|engine compan|fire service/,
  "Infrastructure Systems":
    /\bpower\b|\belectric|\bgenerators?\b|\butilit|treatment plant|drinking water|water mains?|\bmains\b|pump stations?|\bbridges?\b|\binfrastructure|\boutages?\b|\bgrid\b/,
  "Logistics and Supply Chain Management":
    /\blogistic|\bfuel\b|\bdiesel|\bsuppl(?:y|ies)\b|\bcots?\b|\bcommodit|\bdistribution|\bwarehouse|resource requests?|\bdonation/,
  "Mass Care Services": /\bshelter|\bfeeding|\bmeals?\b|\bcots?\b|\breunification|\bpets?\b|mass care|family assistance/,
  "Mass Search and Rescue Operations": /search and rescue|\brescue|swift[- ]water|\bsar\b/,
  "On-scene Security, Protection, and Law Enforcement": /law enforcement|\bpolice|\bsheriff|\bsecurity\b|traffic control|\blooting|crowd control/,
  "Operational Communications":
    /\bradios?\b|\brepeaters?\b|\btalkgroup|\binteroperab|\bdispatch|satellite phones?|backup channel|\bcommunications? (?:system|plan|gap|failure)|lose (?:radio )?contact/,
  "Public Health, Healthcare, and Emergency Medical Services":
    /\bhospital|\bems\b|\bambulance|\bpatients?\b|\bsurge\b|\bmedical\b|public health|\bnurs(?:e|es|ing)\b|\bdialysis|\boxygen\b|\btriage|\bclinic|\bhealth ?care\b|emergency department/,
  "Situational Assessment":
    /situational awareness|damage assessment|assessment teams?|common operating picture|status reports?|\bgis\b|\breconnaissance|size-up/,
  "Economic Recovery": /\beconomic|small business|business(?:es)? (?:reopen|recovery)|\bloans?\b|\bunemployment/,
  "Health and Social Services": /social services|behaviou?ral health|mental health|\bcounsel|case management|human services/,
  Housing: /\bhousing\b|temporary housing|\bdisplaced\b|\brental|home repairs?|\btrailers?\b/,
  "Natural and Cultural Resources": /\bhistoric|\bcultural|natural resources?|\bwetlands?\b|\bwildlife|\bhabitat|\barchives?\b|\bmuseums?\b/,
};

export type CapabilityInfo = { name: CoreCapabilityName; mission: string; keywords: RegExp };

/** All 32, in the doctrine's order, each with its mission area ("All mission areas" for the three cross-cutting ones). */
export const CAPABILITY_KEYWORDS: CapabilityInfo[] = CORE_CAPABILITIES.map((c) => ({
  name: c.name,
  mission: primaryMissionArea(c),
  keywords: KEYWORDS[c.name],
}));

const GLOBAL = new Map(CAPABILITY_KEYWORDS.map((c) => [c.name, new RegExp(c.keywords.source, "g")]));

/** The capabilities a text touches. */
export function capabilitiesIn(text: string): CoreCapabilityName[] {
  const lower = text.toLowerCase();
  return CAPABILITY_KEYWORDS.filter((c) => c.keywords.test(lower)).map((c) => c.name);
}

/**
 * The capability these texts touch most (keyword hits, so "shelter … cots … shelter" outweighs
 * one "levee"; ties: the doctrine's order), or null. Planning matches "plan" in almost any answer:
 * it counts half.
 */
export function dominantCapability(texts: string[]): CoreCapabilityName | null {
  const lower = texts.join("\n").toLowerCase();
  let best: CoreCapabilityName | null = null;
  let bestCount = 0;
  for (const c of CAPABILITY_KEYWORDS) {
    const hits = lower.match(GLOBAL.get(c.name)!)?.length ?? 0;
    const weighted = c.name === "Planning" ? hits * 0.5 : hits;
    if (weighted > bestCount) {
      best = c.name;
      bestCount = weighted;
    }
  }
  return best;
}
