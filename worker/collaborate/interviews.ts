import { and, desc, eq, sql } from "drizzle-orm";
import { approxTokens, getAiProvider, type AiProvider, type ChatMessage } from "../ai";
import { estimateCredits } from "../billing/pricing";
import { chargeAccountForAi } from "../billing/service";
import type { UserContext } from "../context";
import { campaigns, contributorExercises, teams, type Campaign, type ContributorExercise } from "../db/schema";
import { nowMs } from "../lib/clock";
import { conflict, notFound } from "../lib/errors";
import { closingLine, completionOf, interviewScript, phaseTwoIntro, proposalsFrom, scriptIntro, type ScriptQuestion } from "./interview-script";
import { readParameters, takesContributions } from "./parameters";
import { readCollected, readProgress, type InterviewProgress } from "./progress";
import type { InterviewMessage, InterviewSummaryView, InterviewView } from "../../shared/collaborate/views";
import { notifyContributionSubmitted } from "../notifications/events";

/**
 * A contributor's interview (spec §3 ContributorExercise), read and written only by its author:
 * the signed-in user themself, or the campaign-only person (CampaignUser) with their address.
 * Anyone else — the campaign's managers included — gets 404: managers see progress
 * (worker/collaborate/contributors.ts), never answers.
 *
 * Each answer is stored against the script's question key (CollectedData), the transcript and the
 * position in progress, phase-2 answers as proposals (contributions). With an AI provider the next
 * question is asked in the model's words, in the campaign's language, tailored to the previous
 * answer, and paid from the campaign team's credits; offline the scripted words are asked.
 */

const INTERVIEW_NOT_FOUND = "Interview not found.";
const INTERVIEW_MAX_OUTPUT_TOKENS = 300;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The interviews the caller authored: as themself, or as the campaign-only identity with their
 * address. A condition, not a list read first, so each read is one D1 round trip.
 */
function authoredBy(ctx: UserContext) {
  return sql`(${contributorExercises.authorId} = ${ctx.user.id} OR ${contributorExercises.authorId} IN (
    SELECT cu."id" FROM "CampaignUser" cu JOIN "User" u ON lower(u."email") = lower(cu."email") WHERE u."id" = ${ctx.user.id}))`;
}

type Loaded = { row: ContributorExercise; campaign: Campaign; accountId: string };

async function loadInterview(ctx: UserContext, interviewId: string): Promise<Loaded> {
  const [hit] = await ctx.db
    .select({ row: contributorExercises, campaign: campaigns, accountId: teams.accountId })
    .from(contributorExercises)
    .innerJoin(campaigns, eq(campaigns.id, contributorExercises.campaignId))
    .innerJoin(teams, eq(teams.id, campaigns.teamId))
    .where(and(eq(contributorExercises.id, interviewId), authoredBy(ctx)))
    .limit(1);
  if (!hit) throw notFound(INTERVIEW_NOT_FOUND);
  return hit;
}

function isClosed(campaign: Campaign, now: number): boolean {
  return !takesContributions(campaign, now);
}

/** The opening turns shown before the first answer: the introduction and the first question. */
function openingMessages(campaign: Campaign, script: ScriptQuestion[], at: number): InterviewMessage[] {
  const params = readParameters(campaign.parameters);
  return [
    { role: "assistant", content: scriptIntro(params.language, campaign.name), at: iso(at) },
    { role: "assistant", content: script[0]?.text ?? "", at: iso(at) },
  ];
}

function viewOf({ row, campaign }: Pick<Loaded, "row" | "campaign">, now = nowMs()): InterviewView {
  const params = readParameters(campaign.parameters);
  const script = interviewScript(params);
  const progress = readProgress(row.progress);
  const messages = progress.messages.length ? progress.messages : openingMessages(campaign, script, row.createdAt.getTime());
  const current = row.status === "COMPLETED" ? null : (script[progress.step] ?? null);
  return {
    id: row.id,
    campaignId: campaign.id,
    campaignName: campaign.name,
    purpose: params.purpose,
    hazard: params.hazard,
    scenario: params.scenario,
    language: params.language,
    status: row.status,
    phase: current?.phase ?? 2,
    completionPercentage: row.status === "COMPLETED" ? 100 : row.completionPercentage,
    messages,
    currentQuestion: current ? (lastAssistantText(messages) ?? current.text) : null,
    canSubmit: row.status !== "COMPLETED" && progress.step >= script.length && !isClosed(campaign, now),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    closed: isClosed(campaign, now),
  };
}

function lastAssistantText(messages: InterviewMessage[]): string | null {
  const last = messages[messages.length - 1];
  return last && last.role === "assistant" ? last.content : null;
}

export async function listMyInterviews(ctx: UserContext): Promise<InterviewSummaryView[]> {
  const rows = await ctx.db
    .select({ row: contributorExercises, campaign: campaigns })
    .from(contributorExercises)
    .innerJoin(campaigns, eq(campaigns.id, contributorExercises.campaignId))
    .where(authoredBy(ctx))
    .orderBy(desc(contributorExercises.updatedAt))
    .limit(100);
  const now = nowMs();
  return rows.map(({ row, campaign }) => ({
    id: row.id,
    campaignId: campaign.id,
    campaignName: campaign.name,
    status: row.status,
    completionPercentage: row.status === "COMPLETED" ? 100 : row.completionPercentage,
    deadline: readParameters(campaign.parameters).deadline,
    closed: isClosed(campaign, now),
  }));
}

export async function getInterview(ctx: UserContext, interviewId: string): Promise<InterviewView> {
  return viewOf(await loadInterview(ctx, interviewId));
}

function assertWritable(loaded: Loaded, now: number): void {
  if (loaded.row.status === "COMPLETED") throw conflict("You have already submitted this contribution. Thank you!", "interview_submitted");
  if (isClosed(loaded.campaign, now)) throw conflict("This campaign is closed: contributions can no longer change.", "campaign_closed");
}

/** The interviewer's next turn: the model's words when a provider is configured (paid by the team), the script's otherwise. */
async function nextTurn(
  ctx: UserContext,
  loaded: Loaded,
  input: { answered: ScriptQuestion; answer: string; next: ScriptQuestion | null; bridge: string | null },
  deps: { provider?: AiProvider },
): Promise<string> {
  const params = readParameters(loaded.campaign.parameters);
  const scripted = [input.bridge, input.next?.text ?? closingLine(params.language)].filter(Boolean).join("\n\n");
  const provider = deps.provider ?? getAiProvider(ctx.config, { selectionEnabled: false });
  if (provider.offline) return scripted;
  const messages: ChatMessage[] = [
    {
      role: "system",
      content: [
        `You conduct a short structured interview for an emergency-management planning campaign (“${loaded.campaign.name}”, hazard: ${params.hazard || "not given"}).`,
        `Write in the language with BCP 47 tag "${params.language}".`,
        "In one short sentence, acknowledge the contributor's last answer without judging or summarising it at length.",
        input.next
          ? `Then ask exactly this next question, in your own words, tailored to what they said: "${input.next.text}". Ask nothing else.`
          : `Then tell them, in your own words: "${closingLine("en")}"`,
        input.bridge ? `Before the question, say that the first part is done and the second part is about their proposals for the exercise.` : "",
        "Plain text, no Markdown, at most 80 words.",
      ]
        .filter(Boolean)
        .join(" "),
    },
    { role: "user", content: `Question: ${input.answered.text}\nAnswer: ${input.answer}` },
  ];
  const promptTokens = approxTokens(messages.map((m) => m.content).join("\n"));
  const charge = await chargeAccountForAi(
    ctx,
    { accountId: loaded.accountId, userId: ctx.user.id },
    {
      category: "campaign-interview",
      entityType: "ContributorExercise",
      entityId: loaded.row.id,
      estimate: estimateCredits({ promptTokens, maxOutputTokens: INTERVIEW_MAX_OUTPUT_TOKENS }),
      metadata: { campaignId: loaded.campaign.id, provider: provider.id, model: provider.model },
    },
  );
  let text = "";
  let usage: { inputTokens: number; outputTokens: number } | null = null;
  try {
    for await (const chunk of await provider.open({
      model: provider.model,
      messages,
      maxOutputTokens: INTERVIEW_MAX_OUTPUT_TOKENS,
      offlineAnswer: () => scripted,
    })) {
      if (chunk.type === "text") text += chunk.text;
      else usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
    }
  } catch (err) {
    // The interview must not stall on a provider outage: ask the scripted question instead.
    await charge.release();
    console.warn("[collaborate] interviewer turn failed; using the scripted question", err);
    return scripted;
  }
  await charge.settle(usage ?? { inputTokens: promptTokens, outputTokens: approxTokens(text) });
  return text.trim() || scripted;
}

/**
 * Records the answer to the current question and asks the next. The answer's write is conditional
 * on the interview being where it was read (same updatedAt), so a double-submitted answer is stored
 * once, and the second gets 409 before any AI turn is paid for.
 */
export async function answerInterview(ctx: UserContext, interviewId: string, answer: string, deps: { provider?: AiProvider } = {}): Promise<InterviewView> {
  const loaded = await loadInterview(ctx, interviewId);
  const now = nowMs();
  assertWritable(loaded, now);
  const { row, campaign } = loaded;
  const params = readParameters(campaign.parameters);
  const script = interviewScript(params);
  const progress = readProgress(row.progress);
  const question = script[progress.step];
  if (!question) throw conflict("Every question is answered. Submit your contribution, or stay on the page to review it.", "interview_answered");
  const next = script[progress.step + 1] ?? null;
  const bridge = next && next.phase === 2 && question.phase === 1 ? phaseTwoIntro(params.language) : null;
  const collected = readCollected(row.collectedData);
  const answers = [...collected.answers.filter((a) => a.key !== question.key), { key: question.key, phase: question.phase, question: question.text, answer }];
  const before = progress.messages.length ? progress.messages : openingMessages(campaign, script, row.createdAt.getTime());
  const answered: InterviewProgress = { ...progress, step: progress.step + 1, messages: [...before, { role: "user", content: answer, at: iso(now) }] };
  // The answer is stored first, on condition the interview is where it was read: a double-submitted
  // answer is refused here, before the interviewer's next turn is paid for.
  const [claimed] = await ctx.db
    .update(contributorExercises)
    .set({
      status: "IN_PROGRESS",
      progress: answered,
      collectedData: { answers },
      contributions: proposalsFrom(answers),
      completionPercentage: completionOf(answered.step, script.length),
      lastMessageAt: new Date(now),
      updatedAt: new Date(now),
    })
    .where(and(eq(contributorExercises.id, row.id), eq(contributorExercises.updatedAt, row.updatedAt), sql`${contributorExercises.status} <> 'COMPLETED'`))
    .returning();
  if (!claimed) throw conflict("This interview changed in another window. Reload the page to continue.", "interview_changed");

  // Then the next question. Should this write miss (it cannot race the contributor, who waits for
  // it), the view still asks the scripted question.
  const turn = await nextTurn(ctx, loaded, { answered: question, answer, next, bridge }, deps);
  const [updated] = await ctx.db
    .update(contributorExercises)
    .set({ progress: { ...answered, messages: [...answered.messages, { role: "assistant", content: turn, at: iso(nowMs()) }] } })
    .where(and(eq(contributorExercises.id, row.id), eq(contributorExercises.updatedAt, claimed.updatedAt)))
    .returning();
  return viewOf({ row: updated ?? claimed, campaign }, now);
}

/** Submits the contribution once every question is answered (spec: submittedAt, status COMPLETED). */
export async function submitInterview(ctx: UserContext, interviewId: string): Promise<InterviewView> {
  const loaded = await loadInterview(ctx, interviewId);
  const now = nowMs();
  assertWritable(loaded, now);
  const script = interviewScript(readParameters(loaded.campaign.parameters));
  if (readProgress(loaded.row.progress).step < script.length) throw conflict("Answer every question before you submit.", "interview_incomplete");
  const [updated] = await ctx.db
    .update(contributorExercises)
    .set({ status: "COMPLETED", submittedAt: new Date(now), completionPercentage: 100, contributionCompleted: true, updatedAt: new Date(now) })
    .where(and(eq(contributorExercises.id, loaded.row.id), sql`${contributorExercises.status} <> 'COMPLETED'`))
    .returning();
  if (!updated) throw conflict("You have already submitted this contribution. Thank you!", "interview_submitted");
  await notifyContributionSubmitted(ctx, { campaignId: updated.campaignId, contributionId: updated.id, contributorUserId: ctx.user.id });
  return viewOf({ row: updated, campaign: loaded.campaign }, now);
}
