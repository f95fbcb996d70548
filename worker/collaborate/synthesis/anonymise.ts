import { cryptoShuffle, type Shuffle } from "../../lib/shuffle";
import type { AnonymizedContribution } from "../../../shared/collaborate/views";
import { PUBLIC_MAIL_DOMAINS } from "./contacts";
import { givenNames, isDistinctiveOrg, LEADING_JUNK, orgCandidates, stripSignature, titledNames } from "./detect";
import { letters, normalise } from "./fold";
import { Registry } from "./registry";
import { COMMON_WORDS, isNonAnswer, words } from "./text";
import type { Anonymised, ContributorInput, SynthesisCampaign } from "./types";

/**
 * Anonymisation, before any analysis sees a word (contributors must be able to speak freely).
 *
 * 1. Respondents are numbered in an order drawn at random for each run (crypto randomness, so
 *    neither submission, invitation nor id order shows through a label, and two runs label the
 *    same person differently); their organisations become Agency A, B… in that order, and the
 *    contributions are listed in it.
 * 2. A registry of identifiers (registry.ts) is built from the known identities (names, their
 *    parts and nicknames, initials, e-mails and their local parts, organisations with their
 *    acronyms and short forms, roles), then from what the text itself reveals (detect.ts): names
 *    after titles ("Chief Okafor"), in signatures ("-- Maria", "Regards,\nJane Doe"), given name +
 *    surname ("Priya Raman", "Teddy Vance"), organisations by the tail of their name ("… Water
 *    Authority", "… Inc") and the acronyms given or derived for them. Every mention anywhere then
 *    maps to one pseudonym (Respondent 3, Person 1, Organization 2), accents or not (fold.ts).
 * 3. Each text: signature blocks dropped; e-mails, phone numbers, URLs, handles, badge and
 *    employee numbers, facility designators and street addresses replaced by pattern
 *    (contacts.ts, identifiers.ts); registry entries replaced longest first (possessives follow
 *    for free), a name that is also an ordinary word only where it is used as a name
 *    (name-usage.ts); remaining words one edit from a known name of 5+ letters replaced too.
 *
 * `scrub` applies step 3 to any text (the AI's output), with the same registry.
 */

const ROLE_CATEGORIES: [RegExp, string][] = [
  [/\b(?:ems|emt|paramedic|ambulance)/i, "EMS official"],
  [/\bfire|marshal/i, "fire service official"],
  [/sheriff|police|law enforcement|trooper|constable/i, "law enforcement official"],
  [/public health|epidemiolog|health officer|health director|environmental health/i, "public health official"],
  [/hospital|medical|healthcare|clinic|nurs/i, "healthcare official"],
  [/school|superintendent|principal|education|teacher|district/i, "education official"],
  [/utilit|electric|power|water|gas|energy|telecom/i, "utility official"],
  [/public works|road|transport|transit|highway/i, "public works official"],
  [/emergency manag|\boem\b|\beoc\b|preparedness|homeland/i, "emergency management official"],
  [/communicat|public information|\bpio\b|dispatch|911/i, "communications official"],
  [/red cross|volunteer|shelter|faith|church|pastor|nonprofit|ngo/i, "community partner official"],
];

/** "Fire Chief of Fennick County" → "[fire service official]": the kind of role, not the person. */
export function genericRole(role: string): string {
  const found = ROLE_CATEGORIES.find(([re]) => re.test(role));
  return `[${found ? found[1] : "partner official"}]`;
}

/** A, B, … Z, AA, AB … */
function letterLabel(n: number): string {
  let s = "";
  let i = n;
  do {
    s = String.fromCharCode(65 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return s;
}

/** `shuffle` draws the respondents' order (tests and a resumed run pass their own). */
export function anonymise(campaign: SynthesisCampaign, contributors: ContributorInput[], options: { shuffle?: Shuffle } = {}): Anonymised {
  const campaignText = [campaign.name, campaign.hazard, campaign.scenario, ...campaign.questions].join("\n");
  const lexicon = new Set(words(campaignText).map((w) => w.toLowerCase()));
  const registry = new Registry(lexicon);
  const inCampaignText = (phrase: string) => normalise(campaignText).includes(normalise(phrase));

  // 1. Order and pseudonyms of respondents and agencies.
  const ordered = (options.shuffle ?? cryptoShuffle)(contributors);
  const agencyOf = new Map<string, string>();
  const meta = ordered.map((c, i) => {
    const respondent = `Respondent ${i + 1}`;
    const org = c.identity.organization?.trim() || null;
    let agency = "Unaffiliated";
    if (org) {
      const key = normalise(org.replace(/^the\s+/i, ""));
      agency = agencyOf.get(key) ?? `Agency ${letterLabel(agencyOf.size)}`;
      agencyOf.set(key, agency);
    }
    return { c, respondent, agency, org };
  });

  // 2a. Known identities.
  for (const { c, respondent, agency, org } of meta) {
    registry.note(respondent, "respondent", c.identity.fullName?.trim() || c.identity.email);
    if (c.identity.fullName?.trim()) registry.person(c.identity.fullName, respondent, "respondent");
    for (const name of c.identity.otherNames ?? []) if (name.trim()) registry.person(name, respondent, "respondent");
    registry.email(c.identity.email);
    registry.literal(c.identity.email, registry.email(c.identity.email));
    const [local = "", domain = ""] = c.identity.email.toLowerCase().split("@");
    // "dwhitfield" or "dana.whitfield" alone in a text is the person too.
    if (letters(local).length >= 4 && !COMMON_WORDS.has(local)) registry.literal(local, respondent);
    if (domain && !PUBLIC_MAIL_DOMAINS.has(domain)) {
      registry.literal(domain, "[link]");
      const label = domain.split(".").slice(-2)[0] ?? "";
      if (label.length >= 5 && !COMMON_WORDS.has(label)) registry.literal(label, org ? agency : "[link]");
    }
    if (org) registry.organisation(org, agency, "agency");
    for (const other of c.identity.otherOrganizations ?? []) if (org && other.trim()) registry.organisation(other, agency, "agency");
    if (c.identity.role?.trim()) {
      const generic = genericRole(c.identity.role);
      registry.literal(c.identity.role.trim(), generic);
      registry.note(`${generic} (${respondent})`, "role", c.identity.role.trim());
    }
  }

  // 2b. What the texts reveal. Signature blocks are cut first (their names registered).
  const stripped = meta.map(({ c }) => ({
    answers: c.answers.map((a) => ({ ...a, answer: stripSignature(a.answer) })),
    proposals: {
      injects: c.proposals.injects.map(stripSignature),
      questions: c.proposals.questions.map(stripSignature),
      objectives: c.proposals.objectives.map(stripSignature),
    },
  }));
  const texts = stripped.flatMap((s) => [...s.answers.map((a) => a.answer), ...s.proposals.injects, ...s.proposals.questions, ...s.proposals.objectives]);
  for (const t of texts) {
    for (const name of t.names) registry.person(name);
  }
  const found = { opener: (word: string) => LEADING_JUNK.has(word) || COMMON_WORDS.has(word) };
  for (const { text: raw } of texts) {
    // Composed, so a name typed with combining accents reads as one word.
    const text = raw.normalize("NFC");
    for (const org of orgCandidates(text)) {
      if (!isDistinctiveOrg(org.name) || inCampaignText(org.name)) continue;
      const knownAgency = agencyOf.get(normalise(org.name.replace(/^the\s+/i, "").replace(/\bdept\.?(?=\s|$)/gi, "department")));
      registry.organisation(org.name, knownAgency, knownAgency ? "agency" : "organization", org.acronym, found);
    }
    for (const name of titledNames(text)) registry.person(name);
    for (const name of givenNames(text)) if (!inCampaignText(name)) registry.person(name);
  }

  // 3. Replace.
  const scrub = (text: string) => registry.replace(text);
  const contributions: AnonymizedContribution[] = meta.map(({ respondent, agency }, i) => {
    const s = stripped[i]!;
    return {
      respondent,
      agency,
      // "No, nothing else" says nothing: it never reaches the analysis (or a prompt) as an answer or a proposal.
      answers: s.answers
        .filter((a) => !isNonAnswer(a.answer.text))
        .map((a) => ({ key: a.key, phase: a.phase, question: scrub(a.question), answer: scrub(a.answer.text) })),
      proposals: {
        injects: s.proposals.injects.filter((p) => !isNonAnswer(p.text)).map((p) => scrub(p.text)),
        questions: s.proposals.questions.filter((p) => !isNonAnswer(p.text)).map((p) => scrub(p.text)),
        objectives: s.proposals.objectives.filter((p) => !isNonAnswer(p.text)).map((p) => scrub(p.text)),
      },
    };
  });
  registry.seal();
  return { anonymized: { contributions }, identifying: registry.identifying, order: ordered.map((c) => c.id), scrub };
}
