import type { AnonymizedContribution } from "../../../shared/collaborate/views";

/** Per answer and for the whole prompt: enough for a model to synthesise, bounded for 200 contributors. */
const ANSWER_MAX = 900;
const PROMPT_MAX = 60_000;

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max)}…`);

/**
 * The anonymised contributions as compact text for a prompt (JSON would spend a third of the
 * tokens on punctuation). Long answers are clipped, and past the budget the remaining
 * contributors are counted rather than dropped silently.
 */
export function contributionsForPrompt(contributions: AnonymizedContribution[]): string {
  const blocks: string[] = [];
  let used = 0;
  let omitted = 0;
  for (const c of contributions) {
    const lines = [`## ${c.respondent} (${c.agency})`];
    for (const a of c.answers) lines.push(`- [${a.key}] ${clip(a.question, 200)}\n  ${clip(a.answer, ANSWER_MAX).replace(/\n+/g, " ")}`);
    if (c.proposals.injects.length) lines.push(`- proposed injects: ${c.proposals.injects.map((p) => clip(p, 300)).join(" | ")}`);
    if (c.proposals.questions.length) lines.push(`- proposed questions: ${c.proposals.questions.map((p) => clip(p, 300)).join(" | ")}`);
    if (c.proposals.objectives.length) lines.push(`- proposed objectives: ${c.proposals.objectives.map((p) => clip(p, 300)).join(" | ")}`);
    const block = lines.join("\n");
    if (used + block.length > PROMPT_MAX && blocks.length > 0) {
      omitted++;
      continue;
    }
    blocks.push(block);
    used += block.length;
  }
  if (omitted) blocks.push(`(${omitted} more contributions omitted for length.)`);
  return `Contributions (${contributions.length}):\n\n${blocks.join("\n\n")}`;
}

/** The campaign's brief as the first lines of both AI stages' prompts, scrubbed like the answers. */
export function campaignBriefLines(campaign: { name: string; hazard: string; scenario: string }, scrub: (text: string) => string): string[] {
  return [`Campaign: ${scrub(campaign.name)}`, `Hazard: ${scrub(campaign.hazard)}`, campaign.scenario.trim() ? `Scenario: ${scrub(campaign.scenario)}` : ""];
}
