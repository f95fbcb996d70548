import { z } from "zod";
import type { AiProvider, ChatMessage } from "../../ai/types";
import { isCoreCapabilityName } from "../../../shared/exercises/capabilities";
import type { Findings } from "../../../shared/collaborate/views";
import { structuredCall } from "./ai-call";
import { dominantCapability } from "./capability-keywords";
import { byRespondent, extractiveFindings, fallbackCapability, withoutTrigger } from "./extractive";
import { campaignBriefLines, contributionsForPrompt } from "./prompt-text";
import type { Anonymised, StageUsage, SynthesisCampaign } from "./types";

/**
 * Stage 2: findings from the anonymised contributions. The model sees only anonymised text and
 * answers JSON (schema below); the answer is validated, its respondents checked against the real
 * pseudonyms, its capabilities against the 32, and every string scrubbed again (a model can
 * echo or guess a name). Capability coverage is always counted here, not by the model: it is
 * arithmetic over the text. Unusable output → the extractive findings (also the offline answer).
 */

const ANALYSE_MAX_OUTPUT_TOKENS = 4_000;

const respondentsSchema = z.array(z.string()).max(500);
const aiFindingsSchema = z.object({
  summary: z.string().trim().min(1).max(6_000),
  themes: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        detail: z.string().max(2_000),
        respondents: respondentsSchema,
        quotes: z.array(z.object({ text: z.string().trim().min(1).max(600), respondent: z.string() })).max(5),
      }),
    )
    .max(12),
  gaps: z.array(z.object({ title: z.string().trim().min(1).max(200), detail: z.string().max(2_000), respondents: respondentsSchema })).max(12),
  disagreements: z
    .array(
      z.object({
        topic: z.string().trim().min(1).max(200),
        positions: z
          .array(z.object({ position: z.string().trim().min(1).max(1_000), respondents: respondentsSchema }))
          .min(2)
          .max(6),
      }),
    )
    .max(8),
  recommendedObjectives: z
    .array(z.object({ text: z.string().trim().min(1).max(600), capability: z.string().nullable(), respondents: respondentsSchema }))
    .max(12),
});
type AiFindings = z.infer<typeof aiFindingsSchema>;

const stringArray = { type: "array", items: { type: "string" } };
const FINDINGS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["summary", "themes", "gaps", "disagreements", "recommendedObjectives"],
  properties: {
    summary: { type: "string" },
    themes: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["title", "detail", "respondents", "quotes"],
        properties: {
          title: { type: "string" },
          detail: { type: "string" },
          respondents: stringArray,
          quotes: {
            type: "array",
            items: {
              type: "object",
              additionalProperties: false,
              required: ["text", "respondent"],
              properties: { text: { type: "string" }, respondent: { type: "string" } },
            },
          },
        },
      },
    },
    gaps: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["title", "detail", "respondents"],
        properties: { title: { type: "string" }, detail: { type: "string" }, respondents: stringArray },
      },
    },
    disagreements: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["topic", "positions"],
        properties: {
          topic: { type: "string" },
          positions: {
            type: "array",
            items: {
              type: "object",
              additionalProperties: false,
              required: ["position", "respondents"],
              properties: { position: { type: "string" }, respondents: stringArray },
            },
          },
        },
      },
    },
    recommendedObjectives: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["text", "capability", "respondents"],
        properties: { text: { type: "string" }, capability: { type: ["string", "null"] }, respondents: stringArray },
      },
    },
  },
};

function messages(campaign: SynthesisCampaign, anon: Anonymised, coverage: Findings["capabilityCoverage"]): ChatMessage[] {
  const covered = coverage.filter((c) => c.contributorCount > 0).map((c) => `${c.capability}: ${c.contributorCount}`);
  return [
    {
      role: "system",
      content: [
        "You synthesise anonymised interviews of emergency-management partners (fire, EMS, public health, utilities, schools…) into findings for the campaign's manager.",
        "Contributors are named only by pseudonyms (Respondent 3, Agency B, Person 1, Organization 2); use those pseudonyms exactly and never guess at real names, agencies or contact details.",
        "Themes: topics several contributors raised, with the respondents who raised them and 1–3 short verbatim quotes. Gaps: needs or shortfalls no plan covers. Disagreements: the same topic judged differently, each position with its respondents.",
        "Recommended objectives start with Assess, Validate or Demonstrate and name one of the 32 FEMA core capabilities (exact name) or null.",
        "Answer only with JSON matching the schema.",
      ].join(" "),
    },
    {
      role: "user",
      content: [
        ...campaignBriefLines(campaign, anon.scrub),
        campaign.capabilities.length ? `Capabilities explored: ${campaign.capabilities.join("; ")}` : "",
        `Capabilities contributors touched (contributors): ${covered.join("; ") || "none"}`,
        "",
        contributionsForPrompt(anon.anonymized.contributions),
      ]
        .filter((l) => l !== "")
        .join("\n"),
    },
  ];
}

/** The model's findings made safe: known respondents only, real capability names, every string scrubbed. */
function sanitise(ai: AiFindings, anon: Anonymised, campaign: SynthesisCampaign, coverage: Findings["capabilityCoverage"]): Findings {
  const known = new Set(anon.anonymized.contributions.map((c) => c.respondent));
  const s = anon.scrub;
  const who = (list: string[]) => [...new Set(list.map((r) => r.trim()).filter((r) => known.has(r)))].sort(byRespondent);
  return {
    summary: s(ai.summary),
    themes: ai.themes.map((t) => {
      const respondents = who(t.respondents);
      return {
        title: s(t.title),
        detail: s(t.detail),
        contributorCount: respondents.length,
        respondents,
        quotes: t.quotes.filter((q) => known.has(q.respondent.trim())).map((q) => ({ text: s(q.text), respondent: q.respondent.trim() })),
      };
    }),
    gaps: ai.gaps.map((g) => ({ title: s(g.title), detail: s(g.detail), respondents: who(g.respondents) })),
    disagreements: ai.disagreements.map((d) => ({
      topic: s(d.topic),
      positions: d.positions.map((p) => ({ position: s(p.position), respondents: who(p.respondents) })),
    })),
    capabilityCoverage: coverage,
    recommendedObjectives: ai.recommendedObjectives.map((o) => ({
      text: s(o.text),
      // Every objective belongs to a core capability: the model's if it named a real one, else the one its words touch.
      capability:
        o.capability && isCoreCapabilityName(o.capability.trim())
          ? o.capability.trim()
          : (dominantCapability([withoutTrigger(o.text)]) ?? fallbackCapability(campaign, coverage)),
      respondents: who(o.respondents),
    })),
  };
}

/** The offline provider's answer: the extractive findings in the model's schema. */
function offlineAnswer(findings: Findings): string {
  const { capabilityCoverage: _coverage, ...rest } = findings;
  return JSON.stringify({ ...rest, themes: rest.themes.map(({ contributorCount: _count, ...t }) => t) });
}

export async function analyse(
  campaign: SynthesisCampaign,
  anon: Anonymised,
  deps: { provider: AiProvider; signal?: AbortSignal },
): Promise<{ findings: Findings; usage: StageUsage; fallback: boolean }> {
  const extractive = scrubFindings(extractiveFindings(campaign, anon), anon.scrub);
  const { value, usage } = await structuredCall(
    deps.provider,
    {
      messages: messages(campaign, anon, extractive.capabilityCoverage),
      jsonSchema: { name: "campaign_findings", schema: FINDINGS_JSON_SCHEMA },
      maxOutputTokens: ANALYSE_MAX_OUTPUT_TOKENS,
      offlineAnswer: () => offlineAnswer(extractive),
      signal: deps.signal,
    },
    aiFindingsSchema,
  );
  // Offline, the provider answered with the extractive findings themselves: labelled as made without a model either way.
  if (!value || deps.provider.offline) return { findings: { ...extractive, offline: true }, usage, fallback: !value };
  return { findings: sanitise(value, anon, campaign, extractive.capabilityCoverage), usage, fallback: false };
}

/** Every string of the findings through `scrub` (the extractive path too: belt and braces). */
function scrubFindings(f: Findings, scrub: (text: string) => string): Findings {
  return {
    summary: scrub(f.summary),
    themes: f.themes.map((t) => ({ ...t, title: scrub(t.title), detail: scrub(t.detail), quotes: t.quotes.map((q) => ({ ...q, text: scrub(q.text) })) })),
    gaps: f.gaps.map((g) => ({ ...g, title: scrub(g.title), detail: scrub(g.detail) })),
    disagreements: f.disagreements.map((d) => ({ topic: scrub(d.topic), positions: d.positions.map((p) => ({ ...p, position: scrub(p.position) })) })),
    capabilityCoverage: f.capabilityCoverage,
    recommendedObjectives: f.recommendedObjectives.map((o) => ({ ...o, text: scrub(o.text) })),
    ...(f.offline ? { offline: true } : {}),
  };
}
