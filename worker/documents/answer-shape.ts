/**
 * What kind of answer a question asks for, and whether a sentence has that shape: a duration for
 * "how long", a number for "how many" (with the people it counts for "how many people"), a
 * person, role or organisation for "who", a place for "where", a time or a condition for "when",
 * a condition for "what triggers". Pure and shared by
 * the offline answer (which sentence to quote), retrieval (which passage answers rather than only
 * mentions) and the check of a model's answer. Every expression here reads user text and runs in
 * linear time.
 */

export type AnswerShape = "duration" | "headcount" | "number" | "frequency" | "who" | "where" | "when" | "trigger";

/** The nouns a plan counts people in: "workstations for 80 staff", "Residents: about 212,000". */
const PERSONS =
  "people|person|persons|residents|staff|employees|workers|personnel|volunteers|responders|patients|evacuees|individuals|members|officers|deputies|firefighters|clients|students|children|adults";

const ASKS_WHAT = /\b(?:what|which)\b/i;
const TRIGGER_VERB = /\b(?:triggers?|push(?:es)?|sets? off|starts?|kicks? off|prompts?|moves?|puts?)\b/i;
const AT_WHAT = /\bat what (?:level|point|stage|height|elevation)\b/i;
/**
 * "What/which … triggers/pushes/sets off…" or "at what level…". In two passes, the verb looked for
 * after the first "what": one pattern with ".*?" between them ran again from every "what".
 */
const ASKS_TRIGGER = {
  test(question: string): boolean {
    const what = ASKS_WHAT.exec(question);
    return (what !== null && TRIGGER_VERB.test(question.slice(what.index))) || AT_WHAT.test(question);
  },
};

const QUESTION_SHAPES: Array<[AnswerShape, { test(question: string): boolean }]> = [
  ["duration", /\bhow (?:long|soon|quickly|fast)\b|\b(?:arrival|response|travel|warning|lead|notification) times?\b/i],
  ["frequency", /\bhow often\b|\bhow frequently\b/i],
  ["trigger", ASKS_TRIGGER],
  ["headcount", new RegExp(`\\bhow many (?:${PERSONS})\\b`, "i")],
  ["number", /\bhow (?:many|much|big|large|far|high|deep)\b|\bnumber of\b|\bcapacity\b/i],
  ["who", /\bwho(?:m|se)?\b|\bwhich (?:agency|department|office|organi[sz]ation|team|person|position|role|official)\b/i],
  ["where", /\bwhere\b|\bwhich (?:building|site|location|place|facility)\b/i],
  ["when", /^\s*when\b|\bwhat (?:time|date|day)\b/i],
];

/** The answer shape a question asks for, or null (a "what is", "why" or yes/no question). */
export function answerShape(question: string): AnswerShape | null {
  for (const [shape, pattern] of QUESTION_SHAPES) if (pattern.test(question)) return shape;
  return null;
}

const NUMBER_WORD =
  "(?:\\d[\\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety|a few|several|a|an)";
const DURATION = new RegExp(`\\b${NUMBER_WORD}[\\s-]+(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|seconds?)\\b`, "i");
/** The numbers a plan writes in words. */
const COUNT_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen";
const NUMBER = new RegExp(`\\d|\\b(?:${COUNT_WORDS})\\b`, "i");
const FREQUENCY = /\bevery\b|\b(?:annual|quarter|month|week|dai|year)ly\b|\bonce a\b|\btwice\b|\beach (?:year|month|week|day|quarter|january|spring)\b/i;
/** A role or an organisation, as plans capitalise them. */
const WHO =
  /\b(?:Director|Officer|Official|Manager|Coordinator|Chief|Commander|Superintendent|Sheriff|Department|Office|Agency|Authority|Services|Team|Section|Committee|Board|Council|Administrator|Cross|Army|Division|District|Bureau|Unit|Commission|Mayor|Governor|Supervisor|Deputy|Inspector|Chapter|Corps|Staff|ESF \d{1,2})\b/;
const STREET = "(?:Road|Rd|Street|St|Drive|Dr|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Way|Court|Highway|Hwy|Route|Pike|Place|Parkway)";
const WHERE = new RegExp(
  `\\b\\d{1,5}\\s+\\p{Lu}\\p{L}*(?:\\s+\\p{Lu}\\p{L}*){0,3}\\s+${STREET}\\b|\\b(?:based|located|housed|held|kept|stationed|relocates?)\\s+(?:in|at|to)\\b|\\b(?:Building|Center|Centre|Hall|School|College|Fairgrounds|Station|Barn|Church|Park|Library|Arena|Campus|Floor|Depot)\\b`,
  "u",
);
const WHEN =
  /\b\d{1,2}:\d{2}\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b|\b(?:when|once|whenever|within|before|after|until)\b/;
const TRIGGER = /\b(?:triggered|triggers?|when|if|once|whenever|reaches|exceeds|any one of|is declared|is ordered|goes to)\b/i;

const COUNT = `(?:\\d[\\d,]*|${COUNT_WORDS})`;
/**
 * A number and the people it counts, at most two words apart ("80 staff", "up to 60 people", "200
 * county employees", "80 full-time staff") or as a labelled figure ("Residents: about 212,000").
 * Linear: the gaps are bounded, and spaces and words are disjoint classes, so a text has one way to
 * split into them.
 */
const HEADCOUNT = new RegExp(`\\b${COUNT}(?:\\s+\\p{L}+(?:-\\p{L}+)*){0,2}?\\s+(?:${PERSONS})\\b|\\b(?:${PERSONS}):\\s*(?:\\p{L}+\\s+){0,2}\\d`, "iu");

const SENTENCE_SHAPES: Record<Exclude<AnswerShape, "headcount">, RegExp> = {
  duration: DURATION,
  number: NUMBER,
  frequency: FREQUENCY,
  who: WHO,
  where: WHERE,
  when: WHEN,
  trigger: TRIGGER,
};

/** Whether a sentence has the shape of the answer (it may still be about something else). */
export function hasAnswerShape(sentence: string, shape: AnswerShape): boolean {
  // "How many people": a number, and the people it counts ("80 staff", not "the 911 center").
  if (shape === "headcount") return HEADCOUNT.test(sentence);
  return SENTENCE_SHAPES[shape].test(sentence);
}
