import type { EvalQuestion } from "../evaluation";

/**
 * More of the development set (issue 31 item 5): two Orrin County plans — another county, other
 * hazards and functions than the held-out Tamsin County excerpts — with questions asked the way a
 * planner asks, written with the documents on 2026-11-29, before the paraphrase work was measured
 * on them. Rules may be tuned on these (never on test/documents/heldout).
 */

/** The files, committed beside this module (test/documents/dev). */
export const DEV_FILES = ["orrin-heat-winter-annex.md", "orrin-debris-donations.txt"] as const;
export type DevFile = (typeof DEV_FILES)[number];

const HEAT: DevFile = "orrin-heat-winter-annex.md";
const DEBRIS: DevFile = "orrin-debris-donations.txt";

const q = (question: string, document: DevFile | null, passage: string[] | null, fact: string[] = []): EvalQuestion => ({ question, document, passage, fact });

export const ORRIN_QUESTIONS: EvalQuestion[] = [
  q("How hot does it have to get before we open the cooling centers?", HEAT, ["Excessive Heat Warning Phase", "108"], ["108"]),
  q("Can people bring their dogs to a cooling center?", HEAT, ["Pets in carriers"], ["Senior Center"]),
  q("How many people fit in a library cooling center?", HEAT, ["60 people"], ["60"]),
  q("Who checks on residents who rely on oxygen machines during a heat wave?", HEAT, ["Community Emergency Response Team"], ["CERT"]),
  q("When do the plows go out?", HEAT, ["2 inches"], ["2 inches"]),
  q("How much salt do we have stockpiled?", HEAT, ["6,500 tons"], ["6,500 tons"]),
  q("Where do people go to stay warm when it's bitterly cold?", HEAT, ["Exhibition Hall"], ["Exhibition Hall"]),
  q("When does a blackout push us to open the EOC?", HEAT, ["15 percent"], ["15 percent"]),
  q("Who can declare a heat emergency?", HEAT, ["County Administrator may declare"], ["County Administrator"]),
  q("How do we push alerts to residents' phones?", HEAT, ["OrrinAlert"], ["OrrinAlert"]),
  q("How quickly do the roads have to be cleared after a disaster?", DEBRIS, ["72 hours"], ["72 hours"]),
  q("Where can we dump the storm debris?", DEBRIS, ["Temporary Debris Management Sites", "Hollins Quarry"], ["Hollins Quarry"]),
  q("Where do old paint cans and propane tanks go?", DEBRIS, ["Household hazardous waste", "Hollins Quarry"], ["Hollins Quarry"]),
  q("Why do we need load tickets?", DEBRIS, ["load tickets", "reimbursement"], ["reimbursement"]),
  q("Can the county clean up junk on someone's land?", DEBRIS, ["right-of-entry"], ["right-of-entry"]),
  q("What should we do with people who show up wanting to help?", DEBRIS, ["Volunteer Reception Center"], ["Volunteer Reception Center"]),
  q("How old do you have to be to volunteer?", DEBRIS, ["at least 18 years old"], ["18"]),
  q("Where should folks send clothes and canned food they want to give?", DEBRIS, ["Donations Hotline"], ["Donations Hotline"]),
  q("Where is the donations warehouse?", DEBRIS, ["1200 Industrial Parkway"], ["1200 Industrial Parkway"]),
  // No document answers these, though they share the library's words.
  q("How many snow days did the schools take last winter?", null, null),
  q("What is the budget for the debris monitoring contract?", null, null),
  q("Who runs the animal shelter during a heat wave?", null, null),
];

/**
 * A third development library (issue 31): Halden County's evacuation and communications annex,
 * another county and other functions again, asked the way a planner asks. Written on 2026-11-29
 * with the document, before any rule was measured on it; the Orrin and Brackwater files sit beside
 * it as other counties' plans.
 */
export const HALDEN_FILE = "halden-evacuation-comms-annex.md";

/** Questions over one development file: an answerable one names the passage text (and the fact); one no document answers, null. */
const askedOf =
  (file: string) =>
  (question: string, passage: string[] | null, fact: string[] = []): EvalQuestion => ({ question, document: passage ? file : null, passage, fact });

const hq = askedOf(HALDEN_FILE);

export const HALDEN_QUESTIONS: EvalQuestion[] = [
  hq("Who has the power to order people out of their homes?", ["Chair of the Board of Supervisors"], ["Chair of the Board of Supervisors"]),
  hq(
    "If we can't reach the board chair, who can order an evacuation?",
    ["Director of Emergency Services may issue the order"],
    ["Director of Emergency Services"],
  ),
  hq("How many evacuation zones does the county have?", ["42 evacuation zones"], ["42"]),
  hq("How long does it take to get contraflow running on Route 17?", ["about 90 minutes"], ["90 minutes"]),
  hq("Why do the river bottom neighborhoods leave first?", ["Low Water Bridge"], ["Low Water Bridge"]),
  hq("At what river height do we lose the Low Water Bridge?", ["14 feet"], ["14 feet"]),
  hq("Where do people without a car catch a ride out?", ["six pickup points"], ["pickup points"]),
  hq("How often do the evacuation buses come?", ["every 20 minutes"], ["20 minutes"]),
  hq("What number do wheelchair users call for a ride?", ["555-0143"], ["555-0143"]),
  hq("How many accessible vans can we count on?", ["14 wheelchair-accessible vans"], ["14"]),
  hq("Can evacuees take their cats and dogs on the bus?", ["carrier or on a leash"], ["carrier"]),
  hq("Where should ranchers take their horses and cattle?", ["Halden County Fairgrounds"], ["Fairgrounds"]),
  hq("Where do evacuees check in when they arrive?", ["Marrow Falls Community Center"], ["Marrow Falls Community Center"]),
  hq("What do residents need to show to get back in?", ["proof of residence"], ["proof of residence"]),
  hq("How do we send text alerts to residents?", ["HaldenNotify"], ["HaldenNotify"]),
  hq("When are the sirens tested?", ["first Wednesday"], ["first Wednesday"]),
  hq("What do we do if the radios go down?", ["ARES"], ["ARES"]),
  hq("Where is the backup EOC?", ["Tessel Fire Station 3"], ["Tessel Fire Station 3"]),
  hq("How often does the PIO brief reporters during an evacuation?", ["every four hours"], ["every four hours"]),
  // No document answers these, though they share the library's words.
  hq("How many buses does the transit authority own?", null),
  hq("Who pays for evacuees' hotel rooms?", null),
  hq("What is the tsunami evacuation route for the coast?", null),
];

/**
 * A fourth development library (issue 31): Pell County's wildfire, smoke and mass-prophylaxis annex,
 * other hazards and functions again, asked the way a planner asks. Written on 2026-11-29 (the
 * seventh session) with the document, before any rule was measured on it; the Brackwater, Orrin
 * and Halden files sit beside it as other counties' plans.
 */
export const PELL_FILE = "pell-wildfire-health-annex.md";

const pq = askedOf(PELL_FILE);

export const PELL_QUESTIONS: EvalQuestion[] = [
  pq("What happens when there's a red flag warning?", ["Readiness Level 2"], ["Readiness Level 2"]),
  pq("Can people burn brush in their yard during fire weather?", ["burning permits are suspended"], ["suspended"]),
  pq("How big does a fire have to get before we go to Level 1?", ["500 acres"], ["500 acres"]),
  pq("Who makes the call to evacuate during a wildfire?", ["PCOEM Director issues the order"], ["PCOEM Director"]),
  pq("What's the difference between Set and Go?", ["evacuation warning"], ["evacuation warning"]),
  pq("Why does Cedar Bench get warned earlier?", ["single road out"], ["single road out"]),
  pq("Where do horses go when a fire is coming?", ["Equestrian Center"], ["Equestrian Center"]),
  pq("When can residents go back home after a fire?", ["declares the area safe"], ["declares the area safe"]),
  pq("How do we keep track of smoke levels?", ["PurpleAir"], ["PurpleAir"]),
  pq("At what air quality reading do we open the clean air centers?", ["exceeds 150"], ["150"]),
  pq("When do kids stop playing outside at school because of smoke?", ["exceeds 100"], ["100"]),
  pq("Where can people get masks for the smoke?", ["N95 respirators are handed out at fire stations"], ["fire stations"]),
  pq("How fast do we have to get pills to everyone in an anthrax attack?", ["within 48 hours"], ["48 hours"]),
  pq("How many people can one POD handle in an hour?", ["1,000 people an hour"], ["1,000"]),
  pq("How many workers does it take to run a POD?", ["62 staff per shift"], ["62"]),
  pq("Where does the stockpile get delivered?", ["Bristow airport hangar"], ["Bristow airport"]),
  pq("Can I pick up medicine for my whole family?", ["Head-of-household pickup"], ["six family members"]),
  pq("Who staffs the clinical jobs at the PODs?", ["Medical Reserve Corps"], ["Medical Reserve Corps"]),
  pq("What number can the public call to find a POD?", ["555-0188"], ["555-0188"]),
  // No document answers these, though they share the library's words.
  pq("How many fire engines does the county own?", null),
  pq("What is the budget for the PurpleAir sensors?", null),
  pq("Which hospital treats burn patients?", null),
];

/**
 * A fifth development library (issue 31): Varden County's continuity-of-operations and cyber
 * annex, other functions again, asked the way a planner asks. Written on 2026-11-29 (seventh
 * session) with the document, at the end of that session, before any rule was run on it: the
 * bench prints it; the next session may tune on it.
 */
export const VARDEN_FILE = "varden-coop-cyber-annex.txt";

const vq = askedOf(VARDEN_FILE);

export const VARDEN_QUESTIONS: EvalQuestion[] = [
  vq("How fast do our critical services have to be back up?", ["within 12 hours"], ["12 hours"]),
  vq("How long can we put off the non-essential stuff?", ["up to 30 days"], ["30 days"]),
  vq("Where does everyone work if the admin building is out?", ["Orchard Road"], ["Varden Public Library annex"]),
  vq("How many people can work at the backup office?", ["workstations for 80 staff"], ["80"]),
  vq("What happens to 911 calls if the dispatch center goes down?", ["backup answering point"], ["Ridgeway"]),
  vq("Who's in charge if the County Executive can't be reached?", ["Deputy County Executive"], ["Deputy County Executive"]),
  vq("How much can a deputy spend in an emergency?", ["$50,000"], ["$50,000"]),
  vq("Where are the payroll backups kept?", ["offsite data center in Lake Harmon"], ["Lake Harmon"]),
  vq("How long do we keep the backups?", ["kept for 90 days"], ["90 days"]),
  vq("Where are the original deeds?", ["fire-rated vault"], ["vault"]),
  vq("What should I do if I clicked a bad link in an email?", ["disconnect the affected computer"], ["extension 4400"]),
  vq("Who decides whether to shut the computers down during a hack?", ["Chief Information Security Officer"], ["CISO"]),
  vq("Does a cyber attack open the EOC?", ["Level 2 activation"], ["Level 2"]),
  vq("Will the county pay if hackers demand money?", ["does not pay ransom"], ["does not pay ransom"]),
  vq("Who do we have to tell about a breach, and how quickly?", ["State Fusion Center"], ["one hour"]),
  vq("When is the insurance company notified?", ["within 24 hours"], ["24 hours"]),
  vq("How often do departments test their continuity plans?", ["once a year"], ["once a year"]),
  // No document answers these, though they share the library's words.
  vq("How much does the cyber insurance policy cost?", null),
  vq("Which antivirus software does the county use?", null),
  vq("How many employees failed the last phishing test?", null),
];

/**
 * A sixth development library (issue 31): Quill County's mass-casualty and hospital-surge annex, as
 * HTML, asked the way a planner asks. Written on 2026-11-29 (eighth session) with the document,
 * after that session's rules were settled and before any rule was run on it: its first figures are
 * what the rules do on text none of them was written for.
 */
export const QUILL_FILE = "quill-mass-casualty-annex.html";

const mq = askedOf(QUILL_FILE);

export const QUILL_QUESTIONS: EvalQuestion[] = [
  mq("How many hurt people does it take before it counts as a mass casualty incident?", ["10 or more patients"], ["10"]),
  mq("Who sorts the injured at the scene?", ["serves as the Triage Officer"], ["Triage Officer"]),
  mq("What system do we use to sort patients?", ["START triage"], ["START"]),
  mq("How do we keep track of where patients were taken?", ["QuillTrack barcode wristband"], ["QuillTrack"]),
  mq("Which hospital takes the worst trauma cases?", ["Level II trauma center"], ["Quill Regional Medical Center"]),
  mq("How many extra beds do the hospitals have to open in a surge?", ["20 percent within 4 hours"], ["20 percent"]),
  mq("Who decides which hospital each patient goes to?", ["assigns each transported patient"], ["Regional Medical Coordination Center"]),
  mq("Where do the ambulances wait until they're needed?", ["ambulance staging area"], ["Quill Transit Center"]),
  mq("How long until extra ambulances from the state get here?", ["first team is expected within 3 hours"], ["3 hours"]),
  mq("Where do the bodies go if the morgue fills up?", ["temporary morgue opens in the Exhibit Barn"], ["Exhibit Barn"]),
  mq("Who is in charge of the dead?", ["County Coroner is responsible"], ["Coroner"]),
  mq("Where do families go to find out about their loved ones?", ["Family Assistance Center opens at the Quill Civic Center"], ["Quill Civic Center"]),
  mq("How soon does the family center open?", ["within 12 hours"], ["12 hours"]),
  mq("Do we have enough blood on hand?", ["three-day supply"], ["three-day supply"]),
  mq("Who washes off patients covered in chemicals?", ["decontamination team"], ["decontamination team"]),
  mq("How often do we run a big casualty drill?", ["every two years"], ["every two years"]),
  mq("Where do injured kids get treated?", ["Harbor Children's Hospital"], ["Harbor Children's Hospital"]),
  // No document answers these, though they share the library's words.
  mq("How many ambulances does the county own?", null),
  mq("What does it cost to rent a refrigerated trailer?", null),
  mq("Which hospital has a burn unit?", null),
];
