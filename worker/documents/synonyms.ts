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
  "loved ones | relatives | family members | next of kin",
  "injured | injuries | hospitalized",
  "power outage | lost power | lose power | without power | blackout",
  "sandbag | sandbags",
  "levee | dike",
  "gauge | gage",
  "staff | staffing | personnel | workers",
  "corrective action | improvement plan",
  "weakness | gap | area for improvement | areas for improvement",
  "strength | strengths | went well",
  "backup | alternate",
  "cyber | ransomware | scada | hacker | hack",
  "ransom | demand money | extortion",
  "phishing | bad link | suspicious link | malicious link | suspicious email | malicious email",
  // Not "inform": Porter stems "information" as "inform", and "Public Information Officer" is no notice.
  "notify | tell",
  "capacity | fit | accommodate",
  "car | vehicle | cars | vehicles",
  "mask | masks | respirator | respirators | n95",
  // Not "medication": Porter stems it as "medical" ("medic").
  "pills | medicine | medicines | antibiotics",
  "anthrax | biological attack | bioterrorism",
  "trailer park | manufactured home | mobile home",
  "spill | release | leak",
  "highest | record | crest",
  "cut off | isolates | isolated",
  // Compound and spelling variants of the same thing.
  "daycare | day care | child care | childcare",
  "kids | children",
  "cooling center | cooling centre",
  "shelter in place | shelter-in-place",
  // The plan vocabulary of the field, from the federal doctrine every local plan follows (CPG 101,
  // the National Response Framework's fifteen ESFs, HSEEP, NIMS), not from any one plan.
  "esf 1 | transportation",
  "esf 2 | communications",
  "esf 3 | public works and engineering",
  "esf 4 | firefighting",
  "esf 5 | information and planning",
  "esf 6 | mass care",
  "esf 7 | logistics",
  "esf 8 | public health and medical services",
  "esf 9 | search and rescue",
  "esf 10 | oil and hazardous materials response",
  "esf 11 | agriculture and natural resources",
  "esf 12 | energy",
  "esf 13 | public safety and security",
  "esf 14 | cross-sector business and infrastructure",
  "esf 15 | external affairs",
  "readiness | activation level | condition | alert level",
  "monitoring | steady state | normal operations",
  "full activation | level 1 | level i",
  "partial activation | level 2 | level ii",
  "ttx | tabletop exercise | tabletop",
  // HSEEP counts a drill as an exercise; a planner says "drill" for either.
  "drill | exercise",
  "mci | mass casualty incident | mass casualty",
  "fse | full-scale exercise",
  "msel | master scenario events list",
  "eeg | exercise evaluation guide",
  "exercise plan | explan",
  "sitman | situation manual",
  "hotwash | hot wash | debrief",
  "ics | incident command system",
  "iap | incident action plan",
  "mou | memorandum of understanding | mutual aid agreement",
  "coop | continuity of operations",
  // Continuity doctrine's terms (FEMA Continuity Guidance Circular) and the words a planner uses for them.
  "essential functions | critical functions | critical services | essential services",
  "alternate facility | alternate site | backup facility | backup site | backup office | relocation site",
  "vital records | essential records",
  "dispatch center | 911 center | answering point | psap | emergency communications center",
  "afn | access and functional needs",
];

/**
 * Kinds a planner names where a plan names the class: "dogs and cats" are the "household pets" of
 * FEMA's definition (dog, cat, bird, rabbit, rodent, turtle; Disaster Assistance Policy 9523.19),
 * "horses and cattle" the "livestock" or "large animals" of USDA's (which that definition leaves
 * out of pets). One way: a question about pets is not answered by any line that mentions a dog.
 */
const KINDS: string[] = [
  "pets: dog dogs puppy puppies cat cats kitten kittens bird birds rabbit rabbits hamster hamsters turtle turtles",
  "livestock | large animals: horse horses cattle cow cows sheep goat goats pig pigs hog hogs swine poultry chicken chickens mule mules",
];

const stemPhrase = (phrase: string) =>
  phrase
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => stemmer(w));

const groups = GROUPS.map((line) => line.split("|").map((member) => member.trim()));
/** "dogs" → ["pets"]: each kind's class names, read from "classes: kinds". */
const classOfKind = new Map(
  KINDS.flatMap((line) => {
    const [classes = "", kinds = ""] = line.split(":");
    const names = classes.split("|").map((c) => c.trim());
    return kinds
      .trim()
      .split(" ")
      .map((kind) => [kind, names] as const);
  }),
);
const groupStems = groups.map((members) => members.map(stemPhrase));

/** Service and working animals are not pets in law ("service dogs", "police dogs"), nor is "bird flu" a pet's. */
const NOT_A_KIND_BEFORE = new Set("service assistance guide police search rescue therapy working cadaver".split(" "));
const NOT_A_KIND_AFTER = new Set(["flu"]);
const isKindOfClass = (word: string, next?: string, prev?: string) =>
  !(prev && NOT_A_KIND_BEFORE.has(prev.toLowerCase())) && !(next && NOT_A_KIND_AFTER.has(next.toLowerCase())) && classOfKind.has(word.toLowerCase());

/**
 * The other members of every group a question word belongs to, alone or with its neighbour
 * ("operations center" inside "emergency operations center" counts), as word lists.
 */
export function synonymAlternatives(word: string, next?: string, prev?: string): string[][] {
  const w = stemmer(word);
  const n = next ? stemmer(next) : undefined;
  const p = prev ? stemmer(prev) : undefined;
  // The class of a kind the question names ("dogs" → "pets"), then the groups the word is in.
  const out: string[][] = (isKindOfClass(word, next, prev) ? (classOfKind.get(word.toLowerCase()) ?? []) : []).map((c) => c.split(" "));
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
