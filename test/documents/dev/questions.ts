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
