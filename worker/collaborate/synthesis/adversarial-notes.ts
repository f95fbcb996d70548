import type { InterviewAnswer } from "../../../shared/collaborate/views";
import { num, rng, type AdversarialSet } from "./adversarial";
import type { SynthesisCampaign } from "./types";

/**
 * A second adversarial set for the anonymiser's tests and the bench, written apart from the first
 * (adversarial.ts) and not its mirror: answers in the loose way people talk in an interview —
 * Q&A transcripts, bullet lists, asides in parentheses, sign-offs with a dash — about a winter
 * storm, and identifiers of the kinds the first one never plants: the short form of an
 * organisation used alone ("Ravenmoor", "Ravenmoor Medical" for "Ravenmoor Medical Center"),
 * nicknames ("Bobby" for Robert, "Peggy" for Margaret), given names written with accents when the
 * invitation had none and the other way round (also decomposed, as some keyboards send them),
 * badge, employee and unit numbers, the street address of the workplace and its facility
 * designators ("Station 14", "Hangar 3"). Some contributors are called by ordinary words (Grace,
 * Hope, Mark, Will): their names are planted in name positions, and the same words are written
 * in ordinary use by everyone (`keeps`), which must survive. Deterministic for a seed.
 */

export const NOTES_CAMPAIGN: SynthesisCampaign = {
  id: "campaign-adversarial-notes",
  name: "Northern ice storm tabletop",
  purpose: "generate-findings",
  hazard: "Ice storm with prolonged power loss",
  scenario: "Freezing rain coats the county for two days; lines and trees come down, roads ice over and thousands lose heat.",
  capabilities: ["Mass Care Services", "Logistics and Supply Chain Management", "Infrastructure Systems"],
  questions: ["Who do you call first when the power goes out?"],
  language: "en",
};

/**
 * How each contributor's given name appears in their invitation (`formal`) and how people write
 * it (`said`). "ordinary": the name is also an everyday English word.
 */
const GIVEN: { formal: string; said: string; kind: "nickname" | "accent" | "ordinary" }[] = [
  { formal: "Robert", said: "Bobby", kind: "nickname" },
  { formal: "Renee", said: "Renée", kind: "accent" },
  { formal: "Grace", said: "Grace", kind: "ordinary" },
  { formal: "Elizabeth", said: "Liz", kind: "nickname" },
  { formal: "Bjorn", said: "Björn", kind: "accent" },
  { formal: "Mark", said: "Mark", kind: "ordinary" },
  { formal: "Margaret", said: "Peggy", kind: "nickname" },
  { formal: "Lukasz", said: "Łukasz", kind: "accent" },
  { formal: "William", said: "Will", kind: "ordinary" },
  { formal: "Francisco", said: "Paco", kind: "nickname" },
  { formal: "Zoë", said: "Zoe", kind: "accent" },
  { formal: "Hope", said: "Hope", kind: "ordinary" },
  { formal: "Katherine", said: "Katie", kind: "nickname" },
  { formal: "Ines", said: "Inés", kind: "accent" },
  { formal: "Richard", said: "Rick", kind: "nickname" },
  { formal: "Guadalupe", said: "Lupe", kind: "nickname" },
  { formal: "Alexander", said: "Sasha", kind: "nickname" },
  { formal: "Jose", said: "José", kind: "accent" },
];
const SURNAMES = [
  "Castellano",
  "Lindahl",
  "Okoro",
  "Marchand",
  "Vukovic",
  "Ferreira",
  "Tsosie",
  "Brennan",
  "Nakashima",
  "Adeyemi",
  "Ostergaard",
  "Quaresma",
  "Whitcombe",
  "Delgado",
  "Halloran",
  "Pruitt",
  "Szabo",
  "Ibarra",
  "Moreau",
  "Kettleby",
];
const PLACES = ["Ravenmoor", "Tillbrook", "Grisholm", "Vantacre", "Selsby", "Quenby", "Harlock", "Pemberton", "Ashcombe", "Durnford", "Wexley"];

/** A contributor's employer: full name, the short forms people use, and a role. */
const EMPLOYERS: { full: (p: string) => string; short: (p: string) => string[]; role: string }[] = [
  { full: (p) => `${p} Medical Center`, short: (p) => [p, `${p} Medical`], role: "Emergency Department Charge Nurse" },
  { full: (p) => `${p} Logistics`, short: (p) => [p], role: "Fleet Dispatcher" },
  { full: (p) => `${p} Valley Water District`, short: (p) => [`${p} Valley`, `${p} Water`], role: "Distribution Superintendent" },
  { full: (p) => `${p} Regional Airport`, short: (p) => [`${p} Airport`, p], role: "Airport Operations Duty Manager" },
  { full: (p) => `${p} Community Foundation`, short: (p) => [p], role: "Volunteer Programs Lead" },
  { full: (p) => `${p} Rural Electric Cooperative`, short: (p) => [`${p} Electric`, p], role: "Line Crew Foreman" },
  { full: (p) => `${p} Animal Rescue League`, short: (p) => [`${p} Rescue`], role: "Shelter Coordinator" },
];

/** Bodies nobody in the campaign works for, mentioned in full once and then by their short form. */
const OTHERS = [
  { full: "Brannock Freight Logistics", short: "Brannock" },
  { full: "Ellery Medical Center", short: "Ellery" },
  { full: "Corliss Towing", short: "Corliss" },
  { full: "Mapleridge Senior Apartments", short: "Mapleridge" },
  { full: "Gantry Point Marine Services", short: "Gantry Point" },
];

/** Colleagues named by nickname (the formal name at most once). */
const COLLEAGUES = [
  { formal: "Theodore", nick: "Teddy", last: "Vance" },
  { formal: "Patricia", nick: "Trish", last: "Holloway" },
  { formal: "Daniel", nick: "Danny", last: "Rourke" },
  { formal: "Susan", nick: "Suzy", last: "Marek" },
  { formal: "Nicholas", nick: "Nico", last: "Bergstrom" },
  { formal: "Jennifer", nick: "Jen", last: "Abernethy" },
];

const LETTERS = "ABCDEFGHJKLMNPRSTW";
const letter = (r: () => number) => LETTERS[Math.floor(r() * LETTERS.length)]!;
const ORDINALS = ["14th", "23rd", "2nd", "31st", "9th"];

/** A badge, employee or unit number as written, and the number itself (the secret). */
const ID_NUMBERS: ((r: () => number, acronym: string) => { text: string; id: string })[] = [
  (r) => ((n) => ({ text: `badge ${n}`, id: n }))(num(r, 4)),
  (r) => ((n) => ({ text: `badge #${n}`, id: n }))(`${letter(r)}${num(r, 4)}`),
  (r) => ((n) => ({ text: `employee ID ${n}`, id: n }))(`0${num(r, 5)}`),
  (r) => ((n) => ({ text: `employee no. ${n}`, id: n }))(`${num(r, 3)}-${num(r, 2)}`),
  (r, acronym) => ((n) => ({ text: `staff ID: ${n}`, id: n }))(`${acronym}-${num(r, 4)}`),
  (r) => ((n) => ({ text: `unit ${n}`, id: n }))(`${num(r, 2)}${letter(r)}`),
  (r) => ((n) => ({ text: `ID ${n}`, id: n }))(num(r, 5)),
  (r) => ((n) => ({ text: `payroll number ${n}`, id: n }))(num(r, 6)),
];

/** The workplace's street address (the secret is the street part). */
const ADDRESSES: ((r: () => number) => { text: string; street: string })[] = [
  (r) => ((s) => ({ text: s, street: s }))(`${num(r, 4)} South ${ORDINALS[Math.floor(r() * ORDINALS.length)]} Street`),
  (r) => ((s) => ({ text: `${s}, Building C`, street: s }))(`${num(r, 3)} Old Mill Road`),
  (r) => ((s) => ({ text: `${s}, Suite ${num(r, 3)}`, street: s }))(`${num(r, 2)} Commerce Plaza`),
  (r) => ((s) => ({ text: s, street: s }))(`${num(r, 4)} County Road ${num(r, 2)}`),
  (r) => ((s) => ({ text: s, street: s }))(`${num(r, 3)} Harbor View Terrace`),
  (r) => ((s) => ({ text: s, street: s }))(`${num(r, 4)} Quarry Loop`),
  (r) => ((s) => ({ text: s, street: s }))(`${num(r, 4)} Kestrel Pike`),
];

const FACILITIES = [
  (r: () => number) => `Station ${num(r, 2)}`,
  (r: () => number) => `Hangar ${num(r, 1)}`,
  (r: () => number) => `Warehouse ${letter(r)}`,
  (r: () => number) => `Dock ${num(r, 2)}`,
];

/** What the storm brought up, in this set's own words (ordinary text: it must all survive). */
const TOPICS = [
  {
    plan: "Cots and blankets for 150 people are palletised in the back room.",
    worry: "Nobody has counted the cots since the last audit.",
    inject: "The warming room loses its heat at 2 a.m. with 80 people inside.",
  },
  {
    plan: "Two fuel trucks are on a standing order with a local vendor.",
    worry: "Our fuel contract lapses in the spring and nobody owns the renewal.",
    inject: "The standing fuel order is cancelled because the vendor's yard is iced in.",
  },
  {
    plan: "Dispatch keeps a paper run card for every bridge closure.",
    worry: "The run cards still list a bridge that was torn down years ago.",
    inject: "Crews are sent to a bridge that no longer exists.",
  },
  {
    plan: "Staff reach the text alert list from any laptop.",
    worry: "Half the night shift never confirmed their alert numbers.",
    inject: "The text alert goes to a list where a third of the numbers are dead.",
  },
  {
    plan: "Patients on home oxygen are listed with the power company.",
    worry: "The home oxygen list is months out of date.",
    inject: "A family calls because the oxygen concentrator stopped when the power went out.",
  },
  {
    plan: "Volunteers check in at a single table with printed rosters.",
    worry: "Walk-in volunteers swamp the check-in table within the first hour.",
    inject: "Forty walk-in volunteers arrive at once and nobody can verify them.",
  },
];

/** Ordinary uses of words that are also given names here: never a person. */
const ORDINARY = [
  "we will need more cots",
  "Will the state reimburse overtime",
  "a 30-day grace period is fair",
  "Hope is not a plan",
  "we hope to fix it",
  "mark the detour routes",
  "Mark my words",
  "with grace and patience",
  "the crews will be tired",
];

export function fieldNotesContributors(n: number, seed = 1): AdversarialSet {
  const r = rng(seed ^ 0x5bd1e995);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const secrets = new Set<string>();
  const secret = (...s: string[]) => s.forEach((x) => x.trim() && secrets.add(x.trim()) && secrets.add(x.trim().normalize("NFC")));
  const keeps = new Set<string>();
  const keep = (...s: string[]) => s.forEach((x) => keeps.add(x));

  const people = Array.from({ length: n }, (_, i) => {
    const given = GIVEN[i % GIVEN.length]!;
    const last = SURNAMES[(i * 3 + Math.floor(i / SURNAMES.length)) % SURNAMES.length]!;
    const place = PLACES[(i * 4 + 1) % PLACES.length]!;
    const employer = EMPLOYERS[i % EMPLOYERS.length]!;
    const org = employer.full(place);
    const acronym = org
      .split(/\s+/)
      .map((w) => w[0])
      .join("");
    // Accented names are sometimes typed decomposed (e + combining acute), as some keyboards send them.
    const said = given.kind === "accent" && i % 2 === 1 ? given.said.normalize("NFD") : given.said;
    const idNumber = ID_NUMBERS[i % ID_NUMBERS.length]!(r, acronym);
    const address = ADDRESSES[i % ADDRESSES.length]!(r);
    const facility = FACILITIES[i % FACILITIES.length]!(r);
    const email = `${given.formal.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")}.${last.toLowerCase()}@${place.toLowerCase()}.org`;
    return { given, said, last, place, org, short: employer.short(place), role: employer.role, idNumber, address, facility, email };
  });
  type P = (typeof people)[number];
  /** How others name a person: an ordinary-word name only where it is plainly a name. */
  const nameOf = (p: P) => `${p.said} ${p.last}`;

  const contributors = people.map((p, i) => {
    const peer = people[(i + 1) % people.length]!;
    const other = pick(OTHERS);
    const colleague = pick(COLLEAGUES);
    const topics = [...TOPICS].sort(() => r() - 0.5).slice(0, 2);
    const ordinary = [ORDINARY[i % ORDINARY.length]!, ORDINARY[(i + 4) % ORDINARY.length]!];
    keep(...topics.flatMap((t) => [t.plan, t.worry, t.inject]), ...ordinary);

    secret(`${p.given.formal} ${p.last}`, nameOf(p), p.last, p.org, p.idNumber.id, p.address.street, p.facility, p.email);
    // An ordinary-word name is a secret where it names the person, not as a word.
    if (p.given.kind !== "ordinary") secret(p.given.formal, p.said);
    else secret(`calls me ${p.said}`, `${p.said} keeps it`, `to be ${p.said} from`, `ask ${p.said} ${p.last}`);
    for (const s of p.short) secret(s);
    secret(other.full, other.short, `${colleague.nick} ${colleague.last}`, colleague.nick, colleague.last, `${colleague.formal} ${colleague.last}`);

    const role = [
      `Everyone calls me ${p.said}; ${p.given.formal} ${p.last} on paper. I'm the ${p.role.toLowerCase()} at ${p.org}, ${p.idNumber.text} if you need to check the roster.`,
      `Q: Who are you and where do you work?\nA: ${p.said} ${p.last}. ${p.role} with ${p.short[0]} (we're ${p.org} on the letterhead).\nQ: Anything we should know?\nA: The desk is at ${p.facility}. My ${p.idNumber.text}.`,
      `${p.role}, ${p.short[0]}. Been there since 2014 (${p.idNumber.text}). Our main office is ${p.address.text}.`,
    ][i % 3]!;
    const plans = [
      [
        `- The continuity plan sits with the ${p.short[0]} safety committee.`,
        `- ${p.facility} has the backup generator; we test it the first Monday of the month.`,
        `- Staging is at ${p.address.text}.`,
        `- ${topics[0]!.plan}`,
      ].join("\n"),
      `We stage out of ${p.address.text} (${p.facility}). ${topics[0]!.plan} Since the merger ${p.short.at(-1)} owns the annex, and ${p.said} keeps it current.`,
    ][i % 2]!;
    const incidents = [
      `In the 2021 windstorm ${colleague.nick} ${colleague.last} drove for ${other.full}; ${other.short} had the only flatbeds. Later ${colleague.nick} told me the roof at ${p.facility} held.`,
      `When the ice took the lines down, ${colleague.nick} (${colleague.formal} ${colleague.last} to most) opened a warming room and ${other.short} towed the stuck cars. ${nameOf(peer)} from ${peer.short[0]} brought cots.`,
      `The bridge washout: ${nameOf(peer)} and I ran the detour while ${other.short} kept the trucks moving. You can ask ${peer.said} ${peer.last} about the overtime.`,
    ][i % 3]!;
    const worries = [
      `${topics[0]!.worry} ${capitalised(ordinary[0]!)}. ${capitalised(ordinary[1]!)}. ${topics[1]!.worry}`,
      `${capitalised(ordinary[0]!)}. ${topics[1]!.worry} ${capitalised(ordinary[1]!)}.`,
    ][i % 2]!;
    // Sign-offs: the contributor's own name after a dash, on its own line.
    const signed = `${worries}\n— ${p.said}`;
    secret(`— ${p.said}`);
    const relyOn = [
      `Honestly? ${peer.short[0]}. And whoever is on shift at ${peer.facility}.`,
      `${other.short} for trucks, ${peer.short.at(-1)} for everything else.`,
      `The ${peer.org} folks, and ${peer.said} ${peer.last} especially.`,
    ][i % 3]!;
    const injects = [
      `A caller claiming to be ${peer.said} from ${peer.short[0]} asks for the gate code at ${peer.facility}.`,
      `Power fails at ${p.address.street}. ${topics[1]!.inject}`,
    ];
    const questions = [`Who at ${peer.short[0]} can approve overtime after midnight?`];
    const objectives = [`Confirm ${p.short[0]} can credential mutual-aid staff within 30 minutes of arrival. ${topics[0]!.inject}`];
    const answers: InterviewAnswer[] = [
      { key: "role", phase: 1, question: "Tell us about yourself and your organisation.", answer: role },
      { key: "plans", phase: 1, question: "What plans do you have for a long outage?", answer: plans },
      { key: "incidents", phase: 1, question: "What happened last time?", answer: incidents },
      { key: "concerns", phase: 1, question: "What keeps you up at night?", answer: signed },
      { key: "q1", phase: 1, question: NOTES_CAMPAIGN.questions[0]!, answer: relyOn },
      { key: "injects", phase: 2, question: "What should the exercise throw at us?", answer: injects.join("\n") },
      { key: "objectives", phase: 2, question: "What should it prove?", answer: objectives.join("\n") },
    ];
    return {
      id: `notes-${seed}-${i}`,
      identity: { fullName: `${p.given.formal} ${p.last}`, email: p.email, organization: p.org, role: p.role },
      answers,
      proposals: { injects, questions, objectives },
    };
  });
  return { campaign: NOTES_CAMPAIGN, contributors, secrets: [...secrets], keeps: [...keeps] };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
