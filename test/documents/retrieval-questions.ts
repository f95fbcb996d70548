/**
 * The retrieval evaluation's labelled questions over the seeded Brackwater documents
 * (worker/sample/brackwater/documents): asked the way a planner asks, in their own words rather than the plan's.
 * `answer` lists text the cited passage must contain to hold the answer (every item, case-
 * insensitive); `null` marks a question no document answers, which must be declined.
 * The development set: rules may be tuned on it (the held-out test set is heldout/questions.ts).
 * Read by test/documents/retrieval-eval.test.ts (a quality floor) and bench/retrieval.ts (figures).
 */
import type { EvalQuestion } from "./evaluation";

type LabelledQuestion = { question: string; answer: string[] | null };

export const SEED_DOCUMENTS = [
  "brackwater-eop-base-plan.md",
  "brackwater-flood-annex.md",
  "brackwater-hazard-profile.txt",
  "hurricane-odalys-aar-ip.md",
] as const;

const LABELLED_QUESTIONS: LabelledQuestion[] = [
  { question: "Where is the county's EOC located?", answer: ["400 Harbor Road"] },
  { question: "If the main EOC can't be used, where do we go?", answer: ["Merrin Hills Fire Training Center"] },
  { question: "Who has to staff the EOC in a partial activation?", answer: ["Partial activation", "ESF 1, 3, 6, 8, 13"] },
  { question: "What triggers a full activation of the EOC?", answer: ["Full activation", "levee distress"] },
  { question: "Which agency leads mass care?", answer: ["ESF 6 Mass Care", "Department of Social Services"] },
  { question: "Who is in charge of transportation during an emergency?", answer: ["ESF 1 Transportation", "Public Works"] },
  { question: "Who handles hazmat spills?", answer: ["Hazmat Team 7"] },
  { question: "How many people live in the county?", answer: ["212,000"] },
  { question: "How many residents don't speak English well?", answer: ["limited English proficiency"] },
  { question: "What languages do we send alerts in?", answer: ["Vietnamese", "Haitian Creole"] },
  { question: "How many households don't have a car?", answer: ["no vehicle"] },
  { question: "How long might we be on our own before state help arrives?", answer: ["96 hours"] },
  { question: "How many people get cut off if the Calloway Bridge closes?", answer: ["24,000"] },
  { question: "How big is the county?", answer: ["612 square miles"] },
  { question: "How do we warn the public?", answer: ["BrackAlert", "IPAWS"] },
  { question: "How often is the base plan reviewed?", answer: ["every year"] },
  { question: "At what river level is Fennick Landing in flood?", answer: ["Fennick Landing", "18 ft"] },
  { question: "What's the major flood threshold at the Alder Flats gauge?", answer: ["ALDF1", "20 ft"] },
  { question: "When do sandbag sites open?", answer: ["sandbag distribution sites"] },
  { question: "Where can residents pick up sandbags?", answer: ["Fennick Landing Fire Station 4"] },
  { question: "How many sandbags do we stock?", answer: ["40,000 bags"] },
  { question: "What does the levee district do when the river starts rising?", answer: ["twice-daily L-3 patrols"] },
  { question: "When do the trailer parks get evacuated?", answer: ["manufactured-home parks", "Voluntary evacuation"] },
  { question: "How often do the evacuation buses run?", answer: ["every 30 minutes"] },
  { question: "Which zones are ordered out in a major flood?", answer: ["AF-1 to AF-3"] },
  { question: "Do we use contraflow for river floods?", answer: ["contraflow plan is not used"] },
  { question: "When does the Calloway Bridge shut?", answer: ["45 mph"] },
  { question: "How many people fit in the Greywell High School shelter?", answer: ["Greywell High School", "850"] },
  { question: "Which shelter takes people with medical needs?", answer: ["Medical needs shelter", "Merrin Hills Community College"] },
  { question: "Why isn't the civic arena used in hurricanes?", answer: ["Civic Arena", "surge zone C"] },
  { question: "What weaknesses did the 2024 review find in the flood annex?", answer: ["Known Gaps", "piezometers"] },
  { question: "How many vulnerable residents are on the functional needs list along the river?", answer: ["412 residents"] },
  { question: "What was the highest the river ever got?", answer: ["31.4 ft"] },
  { question: "What happened in the 2011 chlorine incident?", answer: ["Chlorine tank car leak"] },
  { question: "How many homes burned in the Ridge Road fire?", answer: ["14 homes lost"] },
  { question: "How much is sea level expected to rise?", answer: ["1.1-1.6 ft"] },
  { question: "What are the mitigation priorities for the Merrin Hills wildfire area?", answer: ["Old Quarry Road"] },
  { question: "How many people used shelters during Odalys?", answer: ["1,240 residents used public shelters"] },
  { question: "Were there any deaths in Hurricane Odalys?", answer: ["no storm-related deaths"] },
  { question: "How late were the translated evacuation orders?", answer: ["2 hours 40 minutes"] },
  { question: "Why did the medical needs shelter open late during Odalys?", answer: ["tied to a Level 1 activation"] },
  { question: "What went well in the hurricane response?", answer: ["Strengths", "51 hours"] },
  { question: "Which corrective action is still open?", answer: ["Open — to be validated"] },
  { question: "Who is responsible for the generator safety messages?", answer: ["generator and CO safety", "Health District"] },
  { question: "What should the next exercise test?", answer: ["Recommendation for the Next Exercise"] },
  { question: "How were damage reports gathered from the towns?", answer: ["by phone and e-mail"] },
  // No document answers these, though they share the library's common words.
  { question: "What is the county's annual budget for emergency management?", answer: null },
  { question: "How many snowplows does Public Works have for a blizzard?", answer: null },
  { question: "Who is the tsunami warning coordinator for the county?", answer: null },
  { question: "What is the evacuation plan for the Port Calloway airport?", answer: null },
  { question: "When was the last earthquake drill held at the EOC?", answer: null },
  { question: "What does the county do about volcanic ash fall?", answer: null },
];

/**
 * The development set as the evaluation reads it: a passage holds the answer when it contains every
 * labelled phrase; the answer must contain the last one (the fact itself: the figure, the place, the
 * role; earlier phrases name the section it sits in).
 */
export const DEV_QUESTIONS: EvalQuestion[] = LABELLED_QUESTIONS.map((q) => ({
  question: q.question,
  passage: q.answer,
  fact: q.answer ? [q.answer[q.answer.length - 1]!] : [],
}));
