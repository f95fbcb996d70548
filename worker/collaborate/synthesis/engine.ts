/**
 * PLACEHOLDER of the synthesis engine (another engineer writes the real one with this API): just
 * enough behaviour for the service around it to compile and be tested — pseudonyms for every
 * contributor, identifying strings scrubbed, one provider call per AI stage with its usage. Drop
 * this file at merge.
 */
import { CORE_CAPABILITIES } from "../../exercises/capabilities";
import type { AiProvider, ChatChunk } from "../../ai";
import { approxTokens } from "../../ai";
import type {
  AnonymizedObject,
  CampaignPurpose,
  ContributionProposals,
  DraftInject,
  Findings,
  IdentifyingMap,
  InterviewAnswer,
} from "../views";

export type SynthesisCampaign = {
  id: string;
  name: string;
  purpose: CampaignPurpose;
  hazard: string;
  scenario: string;
  capabilities: string[];
  questions: string[];
  language: string;
};
export type ContributorInput = {
  id: string;
  identity: { fullName: string | null; email: string; organization: string | null; role: string | null };
  answers: InterviewAnswer[];
  proposals: ContributionProposals;
};
export type Anonymised = { anonymized: AnonymizedObject; identifying: IdentifyingMap; scrub(text: string): string };
export type StageUsage = { inputTokens: number; outputTokens: number; calls: number };

type Deps = { provider: AiProvider; signal?: AbortSignal };

export function anonymise(_campaign: SynthesisCampaign, contributors: ContributorInput[]): Anonymised {
  const identifying: IdentifyingMap = [];
  contributors.forEach((c, i) => {
    const respondent = `Respondent ${i + 1}`;
    const agency = `Agency ${String.fromCharCode(65 + (i % 26))}`;
    identifying.push({ pseudonym: respondent, kind: "email", value: c.identity.email });
    if (c.identity.fullName) identifying.push({ pseudonym: respondent, kind: "person", value: c.identity.fullName });
    if (c.identity.organization) identifying.push({ pseudonym: agency, kind: "organization", value: c.identity.organization });
  });
  const values = [...identifying].sort((a, b) => b.value.length - a.value.length);
  const scrub = (text: string) => values.reduce((t, v) => t.split(v.value).join(v.pseudonym), text);
  const anonymized: AnonymizedObject = {
    contributions: contributors.map((c, i) => ({
      respondent: `Respondent ${i + 1}`,
      agency: `Agency ${String.fromCharCode(65 + (i % 26))}`,
      answers: c.answers.map((a) => ({ ...a, answer: scrub(a.answer) })),
      proposals: { injects: c.proposals.injects.map(scrub), questions: c.proposals.questions.map(scrub), objectives: c.proposals.objectives.map(scrub) },
    })),
  };
  return { anonymized, identifying, scrub };
}

async function call(deps: Deps, prompt: string, answer: string): Promise<StageUsage> {
  let usage: StageUsage | null = null;
  const stream: AsyncIterable<ChatChunk> = await deps.provider.open({
    model: deps.provider.model,
    messages: [{ role: "user", content: prompt }],
    maxOutputTokens: 2000,
    signal: deps.signal,
    offlineAnswer: () => answer,
  });
  for await (const chunk of stream) if (chunk.type === "usage") usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens, calls: 1 };
  return usage ?? { inputTokens: approxTokens(prompt), outputTokens: approxTokens(answer), calls: 1 };
}

export async function analyse(campaign: SynthesisCampaign, anon: Anonymised, deps: Deps): Promise<{ findings: Findings; usage: StageUsage }> {
  const respondents = anon.anonymized.contributions.map((c) => c.respondent);
  const usage = await call(deps, JSON.stringify(anon.anonymized), "findings");
  const findings: Findings = {
    summary: `${respondents.length} respondent(s) on ${campaign.hazard}.`,
    themes: [{ title: "Coordination", detail: "Placeholder theme.", contributorCount: respondents.length, respondents, quotes: [] }],
    gaps: [],
    disagreements: [],
    capabilityCoverage: CORE_CAPABILITIES.map((c) => ({ capability: c.name, mission: c.missionAreas[0]!, contributorCount: 0, respondents: [] })),
    recommendedObjectives: anon.anonymized.contributions.flatMap((c) => c.proposals.objectives.map((text) => ({ text, capability: null, respondents: [c.respondent] }))),
  };
  return { findings, usage };
}

export async function draftInjects(_campaign: SynthesisCampaign, anon: Anonymised, _findings: Findings, deps: Deps): Promise<{ injects: DraftInject[]; usage: StageUsage }> {
  const usage = await call(deps, JSON.stringify(anon.anonymized), "injects");
  const injects: DraftInject[] = anon.anonymized.contributions
    .flatMap((c) => c.proposals.injects.map((text) => ({ text, respondent: c.respondent })))
    .map((p, i) => ({
      number: i + 1,
      time: `00:${String((i * 15) % 60).padStart(2, "0")}`,
      title: p.text.slice(0, 60),
      description: p.text,
      capability: null,
      expectedAction: "Discuss the response.",
      respondents: [p.respondent],
    }));
  return { injects, usage };
}
