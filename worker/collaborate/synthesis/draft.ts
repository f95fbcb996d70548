import { z } from "zod";
import type { AiProvider, ChatMessage } from "../../ai/types";
import { isCoreCapabilityName } from "../../../shared/exercises/capabilities";
import type { DraftInject, Findings } from "../../../shared/collaborate/views";
import { structuredCall } from "./ai-call";
import { dominantCapability } from "./capability-keywords";
import { byRespondent, jaccard, lowerFirst } from "./extractive";
import { shortTitle } from "./phrases";
import { campaignBriefLines, contributionsForPrompt } from "./prompt-text";
import { capitalise, contentStems } from "./text";
import type { Anonymised, StageUsage, SynthesisCampaign } from "./types";

/**
 * Stage 3: a draft MSEL of 5–12 injects, 15 minutes apart. Contributors' own proposed injects
 * come first (merged when several proposed the same thing), then the gaps and themes of the
 * findings turned into pressure on the players, then generic phases if still fewer than five.
 * The AI path is the same as analyse's: schema, validation, fallback, scrub.
 */

const DRAFT_MAX_OUTPUT_TOKENS = 3_000;
const MIN_INJECTS = 5;
const MAX_INJECTS = 12;
const STEP_MINUTES = 15;

const EXPECTED: Partial<Record<string, string>> = {
  "Mass Care Services": "Open or expand shelter capacity, assign staff and supplies, and track who is sheltered.",
  "Critical Transportation": "Decide evacuation priorities, request accessible transport and confirm routes with law enforcement.",
  "Public Information and Warning": "Issue a coordinated, accessible public message within 30 minutes and correct misinformation.",
  "Operational Communications": "Switch to backup communications and confirm contact with every field team.",
  "Operational Coordination": "Confirm who leads, brief partners in the EOC and set the next operational period's objectives.",
  "Infrastructure Systems": "Prioritise restoration of critical facilities and arrange temporary power.",
  "Logistics and Supply Chain Management": "Source the resource through mutual aid or alternate vendors and track the request.",
  "Public Health, Healthcare, and Emergency Medical Services": "Activate surge plans, coordinate patient movement and notify receiving facilities.",
  "Situational Assessment": "Gather damage and status reports and share a common operating picture with partners.",
  "Environmental Response/Health and Safety": "Assess the hazard, protect responders and advise the public on protective actions.",
  "On-scene Security, Protection, and Law Enforcement": "Secure the area, manage traffic and protect responders and the public.",
  "Mass Search and Rescue Operations": "Assign rescue teams, prioritise search areas and track rescued people.",
  Planning: "Review the relevant plan, identify what it does not cover and assign follow-up actions.",
};
const expectedAction = (capability: string | null) =>
  (capability && EXPECTED[capability]) ?? "Decide who leads the response to this development, what happens first, and how partners are informed.";

const time = (i: number) => {
  const minutes = i * STEP_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

/**
 * "Battalion Chief Respondent 19 calls: A nursing home requests…" → "A nursing home requests…": the
 * first sentence, whole up to 90 characters, else cut at a word boundary within 80.
 */
export function titleOf(text: string): string {
  const main = text.replace(/^[^:]{3,60}:\s+/u, "").trim() || text.trim();
  const first = main.split(/(?<=[.!?;])\s/u)[0] ?? main;
  return capitalise(shortTitle(first.replace(/(?<![.!?;])[.!?;]+$/u, "")));
}

type Candidate = { title: string; description: string; capability: string | null; respondents: string[] };

export function extractiveInjects(campaign: SynthesisCampaign, anon: Anonymised, findings: Findings): DraftInject[] {
  const allowed = (c: string | null) => (c && isCoreCapabilityName(c) ? c : null);
  const out: Candidate[] = [];
  const hazard = campaign.hazard.trim() || "the incident";
  out.push({
    title: `Initial report: ${hazard}`,
    description: campaign.scenario.trim() || `${capitalise(hazard)} is under way and partners are being notified.`,
    capability: "Operational Coordination",
    respondents: [],
  });

  // Proposed injects, near-duplicates merged, the most proposed first.
  const proposals: { text: string; stems: Set<string>; respondents: string[] }[] = [];
  for (const c of anon.anonymized.contributions)
    for (const text of c.proposals.injects) {
      const stems = new Set(contentStems(text));
      const same = proposals.find((p) => jaccard(p.stems, stems) >= 0.6);
      if (same) {
        if (!same.respondents.includes(c.respondent)) same.respondents.push(c.respondent);
      } else proposals.push({ text: text.trim(), stems, respondents: [c.respondent] });
    }
  const ranked = proposals
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p.respondents.length - a.p.respondents.length || a.i - b.i)
    .map(({ p }): Candidate => ({
      title: titleOf(p.text),
      description: p.text,
      capability: allowed(dominantCapability([p.text])),
      respondents: p.respondents.sort(byRespondent),
    }));

  // A subject is covered when one inject holds at least half of its telling words (words found in
  // more than two injects, "shelter" in a sheltering campaign, tell nothing apart) — one at least.
  const texts = [out[0]!, ...ranked].map((o) => new Set(contentStems(`${o.title} ${o.description}`)));
  const coveredBy = (subject: string) => {
    const telling = [...new Set(contentStems(subject))].filter((s) => texts.filter((t) => t.has(s)).length <= 2);
    if (telling.length === 0) return true;
    return texts.some((t) => {
      const hits = telling.filter((s) => t.has(s)).length;
      return hits > 0 && hits * 2 >= telling.length;
    });
  };
  // Gaps the proposals do not already stage become pressure points (up to three, room kept for them).
  const pressure: Candidate[] = [];
  for (const g of findings.gaps) {
    if (pressure.length >= 3) break;
    if (coveredBy(g.title)) continue;
    const subject = lowerFirst(g.title);
    pressure.push({
      title: shortTitle(`Pressure point: ${subject}`),
      description: `As the ${hazard.toLowerCase()} develops, the shortfall in ${subject} that partners described starts to affect operations. ${g.detail}`,
      capability: allowed(dominantCapability([g.title, g.detail])),
      respondents: g.respondents,
    });
  }
  out.push(...ranked.slice(0, Math.max(MAX_INJECTS - 1 - pressure.length, MIN_INJECTS - 1)), ...pressure);
  for (const t of findings.themes) {
    if (out.length >= MIN_INJECTS) break;
    if (coveredBy(t.title)) continue;
    const topic = lowerFirst(t.title);
    out.push({
      title: shortTitle(`Development: ${topic}`),
      description: `A partner asks how ${topic} will be handled in this incident. ${t.quotes[0] ? `${t.quotes[0].respondent} said: “${t.quotes[0].text}”` : t.detail}`,
      capability: allowed(dominantCapability([t.title, ...t.quotes.map((q) => q.text)])),
      respondents: t.respondents,
    });
  }
  const generic: Candidate[] = [
    {
      title: "Media inquiry",
      description: "Local media ask for an interview and a statement on the response so far.",
      capability: "Public Information and Warning",
      respondents: [],
    },
    {
      title: "Resource request from the field",
      description: "Field teams request additional staff and equipment that no single agency can supply.",
      capability: "Logistics and Supply Chain Management",
      respondents: [],
    },
    {
      title: "Status check for the next operational period",
      description: "Leadership asks for an updated situation report and objectives for the next operational period.",
      capability: "Situational Assessment",
      respondents: [],
    },
    {
      title: "Transition to recovery",
      description: "The immediate threat eases; partners must decide on re-entry, damage assessment and support for displaced residents.",
      capability: "Housing",
      respondents: [],
    },
  ];
  for (const g of generic) if (out.length < MIN_INJECTS) out.push(g);

  return out.slice(0, MAX_INJECTS).map((c, i) => ({
    number: i + 1,
    time: time(i),
    title: anon.scrub(c.title),
    description: anon.scrub(c.description),
    capability: c.capability,
    expectedAction: anon.scrub(expectedAction(c.capability)),
    respondents: c.respondents,
  }));
}

const aiInjectsSchema = z.object({
  injects: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        description: z.string().trim().min(1).max(2_000),
        capability: z.string().nullable(),
        expectedAction: z.string().trim().min(1).max(1_000),
        respondents: z.array(z.string()).max(500),
      }),
    )
    .min(MIN_INJECTS)
    .max(MAX_INJECTS),
});

const INJECTS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["injects"],
  properties: {
    injects: {
      type: "array",
      minItems: MIN_INJECTS,
      maxItems: MAX_INJECTS,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["title", "description", "capability", "expectedAction", "respondents"],
        properties: {
          title: { type: "string" },
          description: { type: "string" },
          capability: { type: ["string", "null"] },
          expectedAction: { type: "string" },
          respondents: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
};

function messages(campaign: SynthesisCampaign, anon: Anonymised, findings: Findings): ChatMessage[] {
  const brief = {
    summary: findings.summary,
    themes: findings.themes.map((t) => ({ title: t.title, respondents: t.respondents })),
    gaps: findings.gaps.map((g) => ({ title: g.title, detail: g.detail, respondents: g.respondents })),
  };
  return [
    {
      role: "system",
      content: [
        "You draft the master scenario events list (MSEL) of a tabletop exercise for emergency-management partners, from anonymised interviews and their synthesis.",
        `Write ${MIN_INJECTS}–${MAX_INJECTS} injects in the order they happen, 15 minutes apart. Use contributors' proposed injects first, then make the gaps bite.`,
        "Each inject: a short title, what happens (description), the FEMA core capability it tests (exact name, or null), the action expected of players, and the respondents (pseudonyms such as Respondent 3) it came from.",
        "Contributors are named only by pseudonyms; never guess at real names, agencies or contact details. Answer only with JSON matching the schema.",
      ].join(" "),
    },
    {
      role: "user",
      content: [
        ...campaignBriefLines(campaign, anon.scrub),
        campaign.capabilities.length ? `Capabilities to exercise: ${campaign.capabilities.join("; ")}` : "",
        `Findings: ${JSON.stringify(brief)}`,
        "",
        contributionsForPrompt(anon.anonymized.contributions),
      ]
        .filter((l) => l !== "")
        .join("\n"),
    },
  ];
}

export async function draftInjects(
  campaign: SynthesisCampaign,
  anon: Anonymised,
  findings: Findings,
  deps: { provider: AiProvider; signal?: AbortSignal },
): Promise<{ injects: DraftInject[]; usage: StageUsage; fallback: boolean }> {
  const extractive = extractiveInjects(campaign, anon, findings);
  const { value, usage } = await structuredCall(
    deps.provider,
    {
      messages: messages(campaign, anon, findings),
      jsonSchema: { name: "campaign_draft_injects", schema: INJECTS_JSON_SCHEMA },
      maxOutputTokens: DRAFT_MAX_OUTPUT_TOKENS,
      offlineAnswer: () => JSON.stringify({ injects: extractive.map(({ number: _n, time: _t, ...rest }) => rest) }),
      signal: deps.signal,
    },
    aiInjectsSchema,
  );
  if (!value) return { injects: extractive, usage, fallback: true };
  const known = new Set(anon.anonymized.contributions.map((c) => c.respondent));
  const s = anon.scrub;
  const injects = value.injects.map((inj, i) => {
    const capability = inj.capability && isCoreCapabilityName(inj.capability.trim()) ? inj.capability.trim() : null;
    return {
      number: i + 1,
      time: time(i),
      title: s(inj.title),
      description: s(inj.description),
      capability,
      expectedAction: s(inj.expectedAction),
      respondents: [...new Set(inj.respondents.map((r) => r.trim()).filter((r) => known.has(r)))].sort(byRespondent),
    };
  });
  return { injects, usage, fallback: false };
}
