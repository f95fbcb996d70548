import { stemmer } from "stemmer";

/**
 * Emergency-management vocabulary that planners and plans word differently: acronyms and their
 * expansions, and the verbs and nouns the field uses interchangeably ("open the EOC" / "activate";
 * "shelter" / "mass care"). General to the field, not to any one plan; a question word in a group
 * also matches the group's other members. Kept short on purpose: every member widens every
 * question that uses it, and a wrong synonym costs precision.
 */
const GROUPS: string[] = [
  "eoc | emergency operations center | emergency operations centre",
  "activate | activation | open | stand up",
  "deactivate | deactivation | stand down",
  "pio | public information officer",
  "esf | emergency support function",
  "wea | wireless emergency alert",
  "eas | emergency alert system",
  "nws | national weather service",
  "hazmat | hazardous materials | hazardous material",
  "co | carbon monoxide",
  "aar | after action report | after-action report",
  "shelter | mass care | evacuation center",
  "evacuate | evacuation | leave",
  "warning | alert | notification | warn",
  "translated | translation | languages | limited english proficiency",
  "functional needs | access and functional needs | medical needs | disability | vulnerable",
  "speak english | english proficiency | limited english",
  "residents | population | people",
  "deaths | fatalities | killed",
  "injured | injuries | hospitalized",
  "power outage | lost power | without power",
  "sandbag | sandbags",
  "levee | dike",
  "gauge | gage",
  "staff | staffing | personnel",
  "corrective action | improvement plan",
  "weakness | gap | area for improvement | areas for improvement",
  "strength | strengths | went well",
  "backup | alternate",
  "cyber | ransomware | scada",
  "capacity | fit | accommodate",
  "car | vehicle | cars | vehicles",
  "trailer park | manufactured home | mobile home",
  "spill | release | leak",
  "highest | record | crest",
  "cut off | isolates | isolated",
];

const stemPhrase = (phrase: string) =>
  phrase
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => stemmer(w));

const groups = GROUPS.map((line) => line.split("|").map((member) => member.trim()));
const groupStems = groups.map((members) => members.map(stemPhrase));

/**
 * The other members of every group a question word belongs to, alone or with its neighbour
 * ("operations center" inside "emergency operations center" counts), as word lists.
 */
export function synonymAlternatives(word: string, next?: string, prev?: string): string[][] {
  const w = stemmer(word);
  const n = next ? stemmer(next) : undefined;
  const p = prev ? stemmer(prev) : undefined;
  const out: string[][] = [];
  groups.forEach((members, g) => {
    const stems = groupStems[g]!;
    const hit = stems.some((m) => (m.length === 1 && m[0] === w) || (m.length === 2 && ((m[0] === w && m[1] === n) || (m[0] === p && m[1] === w))));
    if (!hit) return;
    members.forEach((member, i) => {
      const s = stems[i]!;
      if (s.length === 1 && s[0] === w) return;
      out.push(member.split(/[\s-]+/));
    });
  });
  return out;
}
