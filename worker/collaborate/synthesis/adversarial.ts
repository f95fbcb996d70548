import type { InterviewAnswer } from "../../../shared/collaborate/views";
import type { ContributorInput, SynthesisCampaign } from "./types";

/**
 * Adversarial contributions for the anonymiser's tests and the bench: realistic emergency-
 * management answers (shelters, generators, radios, warning, evacuation… with plans, concerns and
 * opposing views, so the analysis has themes, gaps and disagreements to find) with identifying
 * details planted in every way a contributor leaks them: own name in a signature, lower case,
 * misspelt, possessive, as initials; e-mails plain and spelt out; phone numbers in US and
 * international formats; URLs with names; the organisation, its acronym and its e-mail domain;
 * colleagues after titles or by given name; other organisations by the tail of their names; other
 * contributors by surname. Deterministic for a seed. `secrets` is every planted string that must
 * not survive anonymisation; `keeps` the ordinary sentences around them, which must.
 *
 * A second generator, written apart from this one so the anonymiser is not tuned to one author's
 * habits, is in adversarial-notes.ts; scrubScore measures either.
 */

export type AdversarialSet = {
  campaign: SynthesisCampaign;
  contributors: ContributorInput[];
  /** Planted identifiers: none may survive. */
  secrets: string[];
  /** Ordinary phrases planted beside them: every one must survive (over-scrubbing when not). */
  keeps: string[];
};

export const ADVERSARIAL_CAMPAIGN: SynthesisCampaign = {
  id: "campaign-adversarial",
  name: "Alder River spring flood",
  purpose: "exercise",
  hazard: "Riverine flooding",
  scenario:
    "After four days of heavy rain the Alder River overtops its levee at Alder Flats; roads close, power fails and several neighborhoods must evacuate.",
  capabilities: ["Mass Care Services", "Critical Transportation", "Public Information and Warning", "Operational Communications"],
  questions: ["Which partners do you rely on most during a flood?"],
  language: "en",
};

/** mulberry32: a tiny seeded PRNG, so the same seed plants the same secrets. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Marisol",
  "Tobias",
  "Ingrid",
  "Desmond",
  "Priya",
  "Kwame",
  "Anneliese",
  "Rafael",
  "Siobhan",
  "Thaddeus",
  "Yolanda",
  "Benedikt",
  "Oksana",
  "Ezequiel",
  "Imogen",
  "Lucinda",
  "Dmitri",
  "Keisha",
  "Mateo",
  "Ngozi",
  "Rosalind",
  "Casimir",
  "Fenella",
  "Hiroshi",
  "Leopold",
  "Marguerite",
  "Soren",
  "Tamsin",
  "Wilhelmina",
  "Darius",
  "Esther",
  "Fatima",
  "Javier",
  "Yusuf",
];
const LAST = [
  "Whitfield",
  "Okonkwo",
  "Abernathy",
  "Castellanos",
  "Lindqvist",
  "Vasquez",
  "Thorncastle",
  "Nakamura",
  "Pellegrini",
  "Kowalczyk",
  "Baptiste",
  "Oyelaran",
  "Haldane",
  "Marchetti",
  "Szymanski",
  "Achterberg",
  "Delacroix",
  "Gunnarsson",
  "Iverson",
  "Jablonski",
  "Kettering",
  "Llewellyn",
  "Montague",
  "Nwachukwu",
  "Ostrowski",
  "Prendergast",
  "Quintero",
  "Rasmussen",
  "Strickland",
  "Tremblay",
  "Underhill",
  "Valdivia",
  "Wexford",
  "Yamamoto",
  "Zielinski",
  "Okafor",
];
const PLACES = [
  "Fennick",
  "Marrowby",
  "Quillan",
  "Tessaly",
  "Brackwater",
  "Ostrander",
  "Wyndmoor",
  "Harrowgate",
  "Kelsington",
  "Dunmere",
  "Pellston",
  "Carrowmore",
];

/** Organisation kinds: name pattern, e-mail domain tail, role. */
const ORG_KINDS: { name: (p: string) => string; domain: string; role: string }[] = [
  { name: (p) => `${p} County Fire Department`, domain: "fire", role: "Fire Chief" },
  { name: (p) => `${p} Regional Medical Center`, domain: "medical", role: "Hospital Emergency Coordinator" },
  { name: (p) => `${p} Unified School District`, domain: "schools", role: "Assistant Superintendent for Operations" },
  { name: (p) => `${p} Public Health Department`, domain: "health", role: "Public Health Preparedness Director" },
  { name: (p) => `${p} Electric Cooperative`, domain: "electric", role: "Utility Operations Manager" },
  { name: (p) => `${p} County Sheriff's Office`, domain: "sheriff", role: "Undersheriff" },
  { name: (p) => `${p} Office of Emergency Management`, domain: "oem", role: "Emergency Management Director" },
  { name: (p) => `${p} Ambulance Authority`, domain: "ems", role: "EMS Division Chief" },
];
const OTHER_ORGS = [
  "Halvorsen Logistics Inc",
  "Greystone Medical LLC",
  "Brightwater Electric Cooperative",
  "Corvane Telecom",
  "Ashgrove Community Church",
  "Pinecrest Senior Living Center",
];
const TITLES = ["Chief", "Captain", "Dr.", "Director", "Sheriff", "Commissioner", "Ms.", "Mr.", "Superintendent", "Battalion Chief"];
const PHONES = [
  (r: () => number) => `(555) ${num(r, 3)}-${num(r, 4)}`,
  (r: () => number) => `555-${num(r, 3)}-${num(r, 4)}`,
  (r: () => number) => `555.${num(r, 3)}.${num(r, 4)}`,
  (r: () => number) => `+1 555 ${num(r, 3)} ${num(r, 4)}`,
  (r: () => number) => `+44 20 ${num(r, 4)} ${num(r, 4)}`,
  (r: () => number) => `555${num(r, 3)}${num(r, 4)}`,
  (r: () => number) => `1-555-${num(r, 3)}-${num(r, 4)} ext. ${num(r, 3)}`,
  (r: () => number) => `+33 1 ${num(r, 2)} ${num(r, 2)} ${num(r, 2)} ${num(r, 2)}`,
];

export function num(r: () => number, digits: number): string {
  let s = String(1 + Math.floor(r() * 9));
  while (s.length < digits) s += String(Math.floor(r() * 10));
  return s;
}

/** The topics contributors talk about, each with a plan, a positive and a negative view, and an inject idea. */
const TOPICS = [
  {
    plan: "Our shelter plan opens the high school gym as the primary shelter for about 300 people.",
    pos: "Shelter capacity is adequate for a typical flood.",
    neg: "Shelter capacity is not enough if the levee fails; we lack cots and trained shelter staff.",
    inject: "The primary shelter reaches capacity within two hours and families arrive with pets.",
  },
  {
    plan: "We keep portable generators for the pump stations and the shelter.",
    pos: "Generator fuel supply is sufficient for 72 hours.",
    neg: "There is a shortage of generator fuel; only one vendor delivers diesel and the contract is outdated.",
    inject: "The fuel vendor cannot deliver diesel for the generators for 48 hours.",
  },
  {
    plan: "Field teams use the county radio system with a mutual aid talkgroup.",
    pos: "Radio interoperability works well with neighboring agencies.",
    neg: "Radio interoperability is unreliable; the ridge repeater fails in storms and we have no backup channel.",
    inject: "The ridge repeater fails and field teams lose radio contact with the EOC.",
  },
  {
    plan: "We send alerts through the mass notification system and the outdoor sirens.",
    pos: "Public warning reaches most residents quickly.",
    neg: "Warning messages are not reaching non-English speakers; we lack translated alert templates.",
    inject: "A rumor spreads on social media that the levee has failed and residents flood 911 with calls.",
  },
  {
    plan: "The evacuation plan routes traffic north on the state highway with buses from the transit agency.",
    pos: "Evacuation routes are adequate and were tested last spring.",
    neg: "Evacuation of nursing home residents is a gap; we do not have enough wheelchair-accessible buses.",
    inject: "A nursing home requests evacuation transport for 60 residents, 15 of them in wheelchairs.",
  },
  {
    plan: "The hospital surge plan adds 40 beds within six hours.",
    pos: "Hospital surge capacity is sufficient for a moderate event.",
    neg: "Hospital surge staffing is insufficient; nurses cannot reach the hospital when roads flood.",
    inject: "The emergency department reports 35 injured patients arriving and asks for patient transfers.",
  },
  {
    plan: "The water utility can isolate contaminated mains and switch to backup wells.",
    pos: "Drinking water supply is reliable with the backup wells.",
    neg: "Drinking water is at risk because the treatment plant has no backup power.",
    inject: "The water treatment plant loses power and a boil water notice is needed.",
  },
  {
    plan: "Schools follow a reunification plan at the stadium.",
    pos: "Student reunification procedures are solid and drilled every year.",
    neg: "Reunification is unclear; parents do not know where to pick up children.",
    inject: "Parents gather at a flooded school demanding their children.",
  },
];

export function adversarialContributors(n: number, seed = 1): AdversarialSet {
  const r = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const secrets = new Set<string>();
  const secret = (...s: string[]) => s.forEach((x) => x.trim() && secrets.add(x.trim()));
  const keeps = new Set<string>();
  const people = Array.from({ length: n }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7 + Math.floor(i / LAST.length)) % LAST.length]!;
    const place = PLACES[(i * 5 + 3) % PLACES.length]!;
    const kind = ORG_KINDS[i % ORG_KINDS.length]!;
    const org = kind.name(place);
    const acronym = org
      .split(/\s+/)
      .filter((w) => /^[A-Z]/.test(w))
      .map((w) => w[0])
      .join("");
    const domain = `${place.toLowerCase()}${kind.domain}.gov`;
    const email = i % 5 === 0 ? `${first.toLowerCase()}${last.toLowerCase()}@gmail.com` : `${first.toLowerCase()}.${last.toLowerCase()}@${domain}`;
    return { first, last, place, org, acronym, domain, email, role: kind.role };
  });

  const contributors: ContributorInput[] = people.map((p, i) => {
    const full = `${p.first} ${p.last}`;
    secret(full, p.first, p.last, p.org, p.acronym, p.email, p.role);
    if (!p.email.endsWith("@gmail.com")) secret(p.domain);
    const colleague = { title: pick(TITLES), first: pick(FIRST), last: pick(LAST) };
    const otherOrg = pick(OTHER_ORGS);
    const waterOrg = `${pick(PLACES)} Water Authority`;
    const waterAcr = waterOrg
      .split(" ")
      .map((w) => w[0])
      .join("");
    const phone = PHONES[i % PHONES.length]!(r);
    const peer = people[(i + 1) % people.length]!;
    const misspelt = misspell(p.last, r);
    secret(phone, misspelt);
    const topics = [...TOPICS].sort(() => r() - 0.5).slice(0, 3);
    const positive = topics.map(() => r() < 0.35);
    topics.forEach((t, j) => [t.plan, positive[j] ? t.pos : t.neg].forEach((k) => keeps.add(k)));
    keeps.add(topics[0]!.inject).add(topics[1]!.inject);

    // Planting: every kind, rotated so each contributor carries several and all kinds appear often.
    const k = (m: number) => (i + m) % 3 !== 0;
    const roleAnswer = [
      k(0) ? `I'm ${full}, ${p.role} at the ${p.org} (${p.acronym}).` : `I serve as ${p.role.toLowerCase()} for ${p.org.toLowerCase()}.`,
      k(1) ? `Reach me at ${p.email} or ${phone}.` : `My direct line is ${phone}; e-mail ${p.email.replace("@", " at ").replace(/\./g, " dot ")}.`,
      k(2)
        ? `Our staff page: https://www.${p.domain}/staff/${p.first.toLowerCase()}-${p.last.toLowerCase()} and www.linkedin.com/in/${p.first.toLowerCase()}${p.last.toLowerCase()}.`
        : `${p.acronym}'s duty officer covers nights; ${p.first.toLowerCase()} ${p.last.toLowerCase()} covers days.`,
    ].join(" ");
    const plans = [
      ...topics.map((t) => t.plan),
      i % 2 === 0
        ? `${p.first[0]}. ${p.last} signed our agreement with ${otherOrg} last year.`
        : `The ${p.acronym} annex was rewritten by ${misspelt} in March.`,
    ].join(" ");
    secret(otherOrg);
    const colleagueName = `${colleague.first} ${colleague.last}`;
    secret(colleagueName, colleague.last, colleague.first);
    const incidents = [
      [
        `During the last flood ${colleague.title} ${i % 2 ? colleagueName : colleague.last} ran the EOC and ${p.last}'s team handled sandbagging.`,
        `In the 2019 ice storm ${colleague.title} ${i % 2 ? colleagueName : colleague.last} coordinated the warming centers while ${p.last}'s crew cleared debris.`,
        `When the chemical plant leaked, ${colleague.title} ${i % 2 ? colleagueName : colleague.last} ordered shelter-in-place and ${p.last}'s staff staffed the hotline.`,
      ][i % 3]!,
      `${colleague.first} ${colleague.last} from ${waterOrg} (${waterAcr}) ${["kept the pumps running", "restored the water mains within a day", "set up bottled water distribution"][(i + 1) % 3]}.`,
      [
        `I still talk with ${peer.last.toLowerCase()} at ${peer.acronym} about it.`,
        `${peer.last}'s after-action report covers it well.`,
        `Ask ${peer.first.toLowerCase()} at ${peer.acronym}; they kept notes.`,
      ][i % 3]!,
    ].join(" ");
    secret(waterOrg, waterAcr);
    const concerns = topics.map((t, j) => (positive[j] ? t.pos : t.neg)).join(" ");
    const signature = [
      `\n\nThanks,\n${p.first}`,
      `\n-- ${p.first[0]}.${p.last[0]}. / ${p.first}`,
      `\n\nRegards,\n${full}\n${p.role}, ${p.org}\n${phone}`,
      `\n\nBest,\n${p.first.toLowerCase()}`,
    ][i % 4]!;
    const relyOn = [
      `We rely most on ${otherOrg} for logistics and on ${peer.first} ${peer.last} at ${peer.org}.`,
      `Mostly ${peer.org} and ${otherOrg}; ${peer.first} ${peer.last} is our main contact.`,
      `${otherOrg} supplies trucks, and ${peer.org} lends staff through mutual aid.`,
    ][i % 3]!;
    const injects = [`${colleague.title} ${colleague.last} calls: ${topics[0]!.inject}`, topics[1]!.inject];
    const objectives = [
      `Validate the ${["shelter", "evacuation", "warning", "radio"][i % 4]} plan with ${p.acronym} and partners within the first operational period.`,
    ];
    const questions = [`How would ${peer.org} reach us if the phones are down?`];
    const answers: InterviewAnswer[] = [
      { key: "role", phase: 1, question: "What is your role and your agency's part in a flood response?", answer: roleAnswer },
      { key: "plans", phase: 1, question: "Which plans and capabilities would you rely on?", answer: plans },
      { key: "incidents", phase: 1, question: "What happened in past incidents?", answer: incidents },
      { key: "concerns", phase: 1, question: "What concerns you most?", answer: concerns + signature },
      { key: "q1", phase: 1, question: ADVERSARIAL_CAMPAIGN.questions[0]!, answer: relyOn },
      { key: "injects", phase: 2, question: "Which injects would test your agency?", answer: injects.join(" ") },
      { key: "objectives", phase: 2, question: "Which objectives should the exercise have?", answer: objectives.join(" ") },
    ];
    return {
      id: `contributor-${seed}-${i}`,
      identity: { fullName: full, email: p.email, organization: p.org, role: p.role },
      answers,
      proposals: { injects, questions, objectives },
    };
  });
  return { campaign: ADVERSARIAL_CAMPAIGN, contributors, secrets: [...secrets], keeps: [...keeps] };
}

/** A misspelling one edit away (swap, drop or double a letter), never the name itself. */
function misspell(name: string, r: () => number): string {
  const i = 1 + Math.floor(r() * (name.length - 3));
  const variants = [
    name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2),
    name.slice(0, i) + name.slice(i + 1),
    name.slice(0, i) + name[i] + name.slice(i),
  ];
  return variants.find((v) => v !== name) ?? `${name}s`;
}

/**
 * Every string in `outputs` (any JSON-like value) searched for every secret, case-insensitive and
 * as whole words ("Tom" is not found in "tomorrow"): how many times, and a few examples in context.
 */
export function countLeaks(outputs: unknown, secrets: string[]): { count: number; examples: string[] } {
  // Secrets by their first word, compared where a word starts (one regex alternation of ~1,000
  // secrets was the slowest part of the tests).
  const byFirst = new Map<string, { lower: string; offset: number }[]>();
  for (const secret of new Set(secrets.map((s) => s.trim()).filter(Boolean))) {
    const first = /[\p{L}\p{N}]+/u.exec(secret);
    if (!first) continue;
    const key = first[0].toLowerCase();
    byFirst.set(key, [...(byFirst.get(key) ?? []), { lower: secret.toLowerCase(), offset: first.index }]);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.lower.length - a.lower.length);
  const alnum = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  let count = 0;
  const examples: string[] = [];
  const search = (value: string) => {
    const lower = value.toLowerCase();
    const wordRe = /[\p{L}\p{N}]+/gu;
    for (let m = wordRe.exec(lower); m; m = wordRe.exec(lower)) {
      for (const s of byFirst.get(m[0]) ?? []) {
        const start = m.index - s.offset;
        const end = start + s.lower.length;
        if (start < 0 || !lower.startsWith(s.lower, start)) continue;
        if ((alnum(s.lower[0]) && alnum(lower[start - 1])) || (alnum(s.lower.at(-1)) && alnum(lower[end]))) continue;
        count++;
        if (examples.length < 10) examples.push(`${value.slice(start, end)}: …${value.slice(Math.max(0, start - 40), end + 40)}…`);
        wordRe.lastIndex = Math.max(wordRe.lastIndex, end);
        break;
      }
    }
  };
  const visit = (value: unknown) => {
    if (typeof value === "string") search(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(outputs);
  return { count, examples };
}

/** What a contributor wrote (answers and proposals): where planted strings are counted before anonymisation. */
const writtenBy = (contributors: ContributorInput[]) => contributors.map((c) => [c.answers.map((a) => a.answer), c.proposals]);

export type ScrubScore = {
  /** Occurrences of planted identifiers in what the contributors wrote, and of them in `output`. */
  planted: number;
  leaks: number;
  leakExamples: string[];
  /** Occurrences of ordinary phrases planted, and how many of them `output` lost. */
  ordinary: number;
  overScrubbed: number;
  overScrubExamples: string[];
};

/** How an anonymised `output` of `set` fares: identifiers that survived, ordinary phrases that did not. */
export function scrubScore(set: AdversarialSet, output: unknown): ScrubScore {
  const raw = writtenBy(set.contributors);
  const leaks = countLeaks(output, set.secrets);
  let ordinary = 0;
  let overScrubbed = 0;
  const overScrubExamples: string[] = [];
  for (const keep of new Set(set.keeps)) {
    const before = countLeaks(raw, [keep]).count;
    const lost = Math.max(0, before - countLeaks(output, [keep]).count);
    ordinary += before;
    overScrubbed += lost;
    if (lost && overScrubExamples.length < 10) overScrubExamples.push(keep);
  }
  return { planted: countLeaks(raw, set.secrets).count, leaks: leaks.count, leakExamples: leaks.examples, ordinary, overScrubbed, overScrubExamples };
}
