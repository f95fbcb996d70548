import type { HeldOutFile } from "./files";

/**
 * The held-out retrieval test set (issue 31 item 5). Written on 2026-11-28 before any change to
 * retrieval or answering for issue 31, from five Tamsin County plan excerpts (files.ts) that share
 * no text with the Brackwater development documents; the questions are worded as a planner asks,
 * deliberately not in the plans' words ("dam break" for "failure", "daycares" and "kids" for
 * "child care facilities" and "children", "sign off on" for "inspect and approve"). Never tune on
 * these: rules are chosen on the development set (test/documents/retrieval-questions.ts) and only
 * reported here.
 *
 * `document`: the file holding the answer; `passage`: text the cited passage must contain (every
 * item, case-insensitive); `fact`: text the answer itself must contain. `null` document: nothing
 * in the library answers it, so it must be declined.
 */
export type HeldOutQuestion = {
  question: string;
  document: HeldOutFile["name"] | null;
  passage: string[] | null;
  fact: string[];
};

const HAZMAT = "tamsin-annex-h-hazmat.pdf";
const DAM = "larkspur-dam-eap.docx";
const CHILD_CARE = "annex-s-schools-child-care.html";
const EOC = "eoc-activation-sop.md";
const SHELTER = "esf6-shelter-annex.txt";

export const HELD_OUT_QUESTIONS: HeldOutQuestion[] = [
  { question: "How long does the regional hazmat team take to arrive?", document: HAZMAT, passage: ["55 minutes"], fact: ["55 minutes"] },
  { question: "What is the expected arrival time of Regional Hazardous Materials Team 4?", document: HAZMAT, passage: ["55 minutes"], fact: ["55 minutes"] },
  { question: "Where is the regional hazmat team based out of?", document: HAZMAT, passage: ["Marlow City"], fact: ["Marlow City"] },
  {
    question: "How quickly do we have to tell the state about a chemical spill?",
    document: HAZMAT,
    passage: ["State Warning Point", "15 minutes"],
    fact: ["15 minutes"],
  },
  {
    question: "How many sites in the county keep extremely hazardous chemicals?",
    document: HAZMAT,
    passage: ["Thirty-seven facilities"],
    fact: ["Thirty-seven"],
  },
  { question: "If the dam breaks, how soon does the water reach Ferris?", document: DAM, passage: ["40 minutes"], fact: ["40 minutes"] },
  { question: "How many people live in the area that floods if the dam gives way?", document: DAM, passage: ["1,850 people"], fact: ["1,850"] },
  { question: "Who goes door to door to get people out below the dam?", document: DAM, passage: ["door-to-door evacuation"], fact: ["Sheriff"] },
  { question: "At what reservoir level do we start worrying about the dam?", document: DAM, passage: ["1,242 feet"], fact: ["1,242"] },
  { question: "What does the top emergency level for the dam mean?", document: DAM, passage: ["Level 3", "imminent"], fact: ["imminent"] },
  { question: "How many daycares are there in the county?", document: CHILD_CARE, passage: ["142 licensed child care facilities"], fact: ["142"] },
  {
    question: "Where do parents pick up their kids if a school is evacuated?",
    document: CHILD_CARE,
    passage: ["reunification", "Exhibit Hall"],
    fact: ["Exhibit Hall"],
  },
  { question: "Who makes the call on closing schools?", document: CHILD_CARE, passage: ["Superintendent"], fact: ["Superintendent"] },
  {
    question: "How fast do daycares get warned when the EOC stands up?",
    document: CHILD_CARE,
    passage: ["Child Care Alert List", "30 minutes"],
    fact: ["30 minutes"],
  },
  { question: "How many school buses can we get for an evacuation?", document: CHILD_CARE, passage: ["96 school buses"], fact: ["96"] },
  {
    question: "What pushes the county into increased readiness?",
    document: EOC,
    passage: ["Condition II is triggered by"],
    fact: ["National Weather Service warning"],
  },
  { question: "Who is allowed to open the EOC if the director can't be reached?", document: EOC, passage: ["Deputy Director"], fact: ["Deputy Director"] },
  { question: "How long does the duty officer have to answer a page?", document: EOC, passage: ["15 minutes"], fact: ["15 minutes"] },
  {
    question: "Where do we set up the EOC if the county building can't be used?",
    document: EOC,
    passage: ["alternate EOC", "Tamsin Community College"],
    fact: ["Tamsin Community College"],
  },
  {
    question: "Who has to sign off on a building before we use it as a shelter?",
    document: SHELTER,
    passage: ["Building Official"],
    fact: ["Building Official"],
  },
  { question: "Can people bring their dogs to the shelter?", document: SHELTER, passage: ["Barn C"], fact: ["Barn C"] },
  { question: "How many people can the high school shelter hold?", document: SHELTER, passage: ["Tamsin High School", "capacity 600"], fact: ["600"] },
  // No document in the library (these five and the Brackwater four) answers these.
  { question: "How many ambulances can the county send to a mass casualty incident?", document: null, passage: null, fact: [] },
  { question: "What is our plan if there is an emergency at the nuclear power plant?", document: null, passage: null, fact: [] },
  { question: "Who coordinates donated goods and spontaneous volunteers?", document: null, passage: null, fact: [] },
];
