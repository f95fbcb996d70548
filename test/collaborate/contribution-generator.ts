import { rng as seededRandom } from "../../worker/collaborate/synthesis/adversarial";
import type { ContributorInput } from "../../worker/collaborate/synthesis/engine";

/**
 * Realistic campaign contributions for the offline synthesis tests: planners from fire, EMS, public
 * health, schools, utilities and transit answer the interview's questions about a coastal storm in
 * their own words — varied wording of a handful of shared concerns, the filler people type ("My
 * biggest worry is…", "it takes 45 minutes to get … in place", "I would add…"), and the
 * "No, nothing else" and "n/a" answers real interviews collect. Seeded: the same seed gives the
 * same contributions, so a failure can be replayed (the adversarial set's mulberry32).
 */

/** A shared concern and the ways planners name it. */
type Topic = { names: string[]; shortfall: string[]; fine: string[] };

const TOPICS: Topic[] = [
  {
    names: ["backup power at the shelters", "shelter backup power", "backup power for the shelters"],
    shortfall: ["is not adequate for a long outage", "would run out after a day", "has never been tested under load"],
    fine: ["worked well in the last storm"],
  },
  {
    names: ["generator fuel deliveries", "fuel deliveries for generators", "generator fuel"],
    shortfall: ["depend on one vendor", "stopped when the roads flooded", "are not guaranteed in our contracts"],
    fine: ["are covered by a standing contract"],
  },
  {
    names: ["bus drivers for the evacuation", "evacuation bus drivers", "bus drivers"],
    shortfall: ["are not enough for a two-day evacuation", "do not report in a storm", "are short on weekends"],
    fine: ["showed up when we called them"],
  },
  {
    names: ["Spanish-language alerts", "alerts in Spanish", "Spanish-language warning messages"],
    shortfall: ["go out hours after the English ones", "are not tested", "depend on one translator"],
    fine: ["went out on time last year"],
  },
  {
    names: ["radio interoperability with the county", "radio interoperability", "interoperable radio channels"],
    shortfall: ["failed during the last exercise", "is unclear between fire and EMS", "is limited to one talkgroup"],
    fine: ["is solid since the upgrade"],
  },
  {
    names: ["shelter staffing", "staffing at the shelters", "shelter staff"],
    shortfall: ["is thin after the first night", "relies on volunteers who may not come", "is not planned past 48 hours"],
    fine: ["is adequate for the first day"],
  },
  {
    names: ["oxygen-dependent residents", "residents who depend on home oxygen", "home oxygen patients"],
    shortfall: ["are not on any registry", "cannot be reached when the power fails", "are a gap in our plans"],
    fine: ["are tracked by the health department"],
  },
];

const ROLES = [
  "I'm the shelter coordinator for the county emergency management office.",
  "Battalion chief, fire district. I run our storm operations.",
  "EMS operations supervisor for the ambulance service.",
  "Public health preparedness planner at the health department.",
  "Transportation director for the school district.",
  "Operations manager at the water utility.",
  "Public information officer for the city.",
  "Volunteer coordinator with a faith-based relief group.",
];

const PLANS = [
  "We rely on the shelter annex and a memorandum of understanding with the school district for buildings.",
  "Our hurricane plan commits us to open two shelters within 12 hours of an evacuation order.",
  "The county evacuation plan and our continuity of operations plan cover most of what we would do.",
  "Mostly the mass care annex; honestly it is out of date.",
  "Our mutual aid agreement with the neighbouring counties and the EOC activation checklist.",
];

const FILLER = [
  (t: string) => `My biggest worry is ${t}.`,
  (t: string) => `It takes us 45 minutes to get ${t} in place, and that is on a good day.`,
  (t: string) => `I would add ${t} to the list of things we check before landfall.`,
  (t: string) => `Honestly, ${t} keeps me up at night.`,
  (t: string) => `We talked about ${t} at the last planning meeting but nothing changed.`,
];

/** "No, nothing else" is what most people type when they have nothing to propose; the others now and then. */
const NON_ANSWERS = ["No, nothing else.", "No, nothing else.", "No, nothing else.", "None", "n/a", "Nothing to add at this time.", "No"];

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function shuffled<T>(rand: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function topicSentence(rand: () => number, topic: Topic, stance: "short" | "fine"): string {
  const name = pick(rand, topic.names);
  const predicate = stance === "short" ? pick(rand, topic.shortfall) : pick(rand, topic.fine);
  const sentence = `${name} ${predicate}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function objectiveFor(rand: () => number, topic: Topic): string {
  const name = pick(rand, topic.names);
  return pick(rand, [
    `Validate ${name} within 12 hours of the evacuation order`,
    `Demonstrate how partners coordinate ${name} during the first operational period`,
    `Assess ${name} against the shelter annex`,
  ]);
}

/** `n` contributions from `seed`: about a third answer each phase-2 question with "No, nothing else" or the like. */
export function generateContributions(n: number, seed: number): ContributorInput[] {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    // Two or three concerns each, so every concern is shared by several contributors.
    const mine = shuffled(rand, TOPICS).slice(0, 2 + Math.floor(rand() * 2));
    const [first, second, third] = mine as [Topic, Topic, Topic | undefined];
    const concerns = [topicSentence(rand, first, "short"), pick(rand, FILLER)(pick(rand, first.names)), topicSentence(rand, second, "short")];
    if (third) concerns.push(topicSentence(rand, third, rand() < 0.3 ? "fine" : "short"));
    const incidents = `During the last hurricane, ${pick(rand, second.names)} ${pick(rand, second.shortfall)}. ${pick(rand, ["We got through it.", "It was a long week.", "We learned a lot."])}`;
    const nothing = () => rand() < 0.35;
    const objectives = nothing() ? [pick(rand, NON_ANSWERS)] : [objectiveFor(rand, first), ...(rand() < 0.5 ? [objectiveFor(rand, second)] : [])];
    const injects = nothing()
      ? [pick(rand, NON_ANSWERS)]
      : [`${pick(rand, first.names)} ${pick(rand, first.shortfall)} at hour ${6 + Math.floor(rand() * 30)}`.replace(/^./u, (c) => c.toUpperCase())];
    const questions = nothing() ? [pick(rand, NON_ANSWERS)] : [`Who decides when ${pick(rand, second.names)} is not enough?`];
    const answers = [
      { key: "role", phase: 1 as const, question: "What is your role?", answer: pick(rand, ROLES) },
      { key: "plans", phase: 1 as const, question: "Which plans would you rely on?", answer: pick(rand, PLANS) },
      { key: "incidents", phase: 1 as const, question: "Tell us about a past incident.", answer: incidents },
      { key: "concerns", phase: 1 as const, question: "What worries you most?", answer: concerns.join(" ") },
      { key: "objectives", phase: 2 as const, question: "Which objectives would you set?", answer: objectives.join("\n") },
    ];
    return {
      id: `gen-${seed}-${i + 1}`,
      identity: { fullName: null, email: `planner${i + 1}@example.org`, organization: null, role: null },
      answers,
      proposals: { injects, questions, objectives },
    };
  });
}
