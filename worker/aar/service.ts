import { and, count, eq, sql } from "drizzle-orm";
import { DEFAULT_CHAT_MODEL, getAiProvider, type AiProvider } from "../ai";
import { approxTokens } from "../ai/types";
import { chargeForAi, type AiCharge } from "../billing/service";
import { estimateCredits } from "../billing/pricing";
import { findSession } from "../conduct/access";
import type { UserContext } from "../context";
import type { AarContent } from "../../shared/db/conduct-shapes";
import { afterActionReports, campaignExercises, correctiveActions, exercises, type AfterActionReport, type ConductSession } from "../db/schema";
import { nowDate } from "../lib/clock";
import { conflict, HttpError, notFound } from "../lib/errors";
import { AAR_MAX_OUTPUT_TOKENS, aiDraft, buildAarPrompt } from "./ai-draft";
import { assembleOfflineDraft } from "./assemble";
import { loadAarInputs } from "./inputs";
import { AAR_MESSAGES, type SaveAarInput } from "../../shared/aar/model";
import type { AarView } from "../../shared/aar/views";
import { notifyAarPublished } from "../notifications/events";
import { chunk } from "../lib/chunk";

/**
 * The After-Action Report / Improvement Plan of a conduct session (issue 15). Reading needs the
 * session's "read" access, every write "control" (worker/conduct/access.ts); anyone else 404s.
 * One report per session (AfterActionReport_sessionId_key), owned by the session's creator: its
 * corrective actions are tracked on their list whoever pressed Publish.
 */

export type AarDeps = { provider?: AiProvider };

function toView(row: AfterActionReport, trackedActions: number): AarView {
  return {
    id: row.id,
    sessionId: row.sessionId,
    status: row.status,
    source: row.source,
    content: row.content,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    trackedActions,
  };
}

/** The report and its tracked-action count in one D1 round trip. */
async function readReport(ctx: UserContext, sessionId: string): Promise<AarView | null> {
  const [reports, tracked] = await ctx.db.batch([
    ctx.db.select().from(afterActionReports).where(eq(afterActionReports.sessionId, sessionId)).limit(1),
    ctx.db
      .select({ n: count() })
      .from(correctiveActions)
      .innerJoin(afterActionReports, eq(afterActionReports.id, correctiveActions.reportId))
      .where(eq(afterActionReports.sessionId, sessionId)),
  ]);
  const row = reports[0];
  return row ? toView(row, tracked[0]?.n ?? 0) : null;
}

export async function getAar(ctx: UserContext, sessionId: string): Promise<AarView> {
  await findSession(ctx, sessionId, "read");
  const view = await readReport(ctx, sessionId);
  if (!view) throw notFound(AAR_MESSAGES.notFound);
  return view;
}

/**
 * Drafts (or redrafts) the report from what the session recorded. The session must have ended; a
 * final report is never redrafted; an edited draft only with `replace`. AI when a provider is
 * configured and the account can pay for it, else (and whenever the model's answer is unusable)
 * the offline assembly.
 */
export async function generateAar(ctx: UserContext, sessionId: string, input: { replace: boolean }, deps: AarDeps = {}): Promise<AarView> {
  const session = await findSession(ctx, sessionId, "control");
  if (session.status !== "ended") throw conflict(AAR_MESSAGES.notEnded, "aar_not_ended");
  const [existing] = await ctx.db
    .select({ status: afterActionReports.status, source: afterActionReports.source })
    .from(afterActionReports)
    .where(eq(afterActionReports.sessionId, sessionId))
    .limit(1);
  if (existing?.status === "final") throw conflict(AAR_MESSAGES.final, "aar_final");
  if (existing?.source === "edited" && !input.replace) throw conflict(AAR_MESSAGES.edited, "aar_edited");

  const inputs = await loadAarInputs(ctx.db, session);
  const offline = assembleOfflineDraft(inputs);
  const provider = deps.provider ?? getAiProvider(ctx.config, { selectionEnabled: false, fallback: DEFAULT_CHAT_MODEL });
  const drafted = provider.offline ? null : await paidAiDraft(ctx, session, provider, inputs, offline);
  const content = drafted ?? offline;
  const source = drafted ? "ai" : "offline";

  const now = nowDate();
  // Conditional on the report still being a draft: a publish between the check and here wins.
  await ctx.db
    .insert(afterActionReports)
    .values({ sessionId, userId: session.userId, content, source, status: "draft" })
    .onConflictDoUpdate({
      target: afterActionReports.sessionId,
      set: { content, source, updatedAt: now },
      setWhere: sql`${afterActionReports.status} = 'draft'`,
    });
  const view = await readReport(ctx, sessionId);
  if (!view) throw notFound(AAR_MESSAGES.notFound);
  if (view.status === "final") throw conflict(AAR_MESSAGES.final, "aar_final");
  return view;
}

/**
 * The model's draft, paid like the other AI features: credits held before the call, settled to the
 * reported usage after it (even when the answer is unusable: the model did the work). No credits
 * (402) or a provider failure → null, and the caller uses the offline draft: a report is never
 * blocked on the AI.
 */
async function paidAiDraft(
  ctx: UserContext,
  session: ConductSession,
  provider: AiProvider,
  inputs: Parameters<typeof assembleOfflineDraft>[0],
  offline: AarContent,
): Promise<AarContent | null> {
  let charge: AiCharge;
  try {
    const prompt = buildAarPrompt(inputs, offline);
    charge = await chargeForAi(ctx, {
      category: "after-action-report",
      entityType: "ConductSession",
      entityId: session.id,
      estimate: estimateCredits({ promptTokens: approxTokens(prompt.messages.map((m) => m.content).join("\n")), maxOutputTokens: AAR_MAX_OUTPUT_TOKENS }),
      metadata: { provider: provider.id, model: provider.model, observations: inputs.observations.length },
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 402) return null;
    throw err;
  }
  try {
    const { content, usage } = await aiDraft(provider, inputs, offline);
    await charge.settle({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens }, { valid: content !== null });
    return content;
  } catch (err) {
    await charge.release();
    console.warn("[aar] AI draft failed; using the offline draft", err);
    return null;
  }
}

/** Saves the planner's edits (content validated at the edge); a final report refuses (409). */
export async function saveAar(ctx: UserContext, sessionId: string, input: SaveAarInput): Promise<AarView> {
  await findSession(ctx, sessionId, "control");
  const updated = await ctx.db
    .update(afterActionReports)
    .set({ content: input.content, source: "edited", updatedAt: nowDate() })
    .where(and(eq(afterActionReports.sessionId, sessionId), eq(afterActionReports.status, "draft")))
    .returning({ id: afterActionReports.id });
  if (updated.length === 0) {
    const view = await readReport(ctx, sessionId);
    if (!view) throw notFound(AAR_MESSAGES.notFound);
    throw conflict(AAR_MESSAGES.final, "aar_final");
  }
  const view = await readReport(ctx, sessionId);
  if (!view) throw notFound(AAR_MESSAGES.notFound);
  return view;
}

/**
 * Makes the report final and tracks every Improvement Plan row as a CorrectiveAction. The status
 * change is conditional on a draft (the first publishedAt stays); the rows are keyed (reportId,
 * planRowId) and inserted with ON CONFLICT DO NOTHING: publishing twice, or two clicks at once, adds nothing.
 */
export async function publishAar(ctx: UserContext, sessionId: string): Promise<AarView> {
  const session = await findSession(ctx, sessionId, "control");
  const now = nowDate();
  // Final first: from then on no save can change the content (saves need a draft), so the actions
  // below are made from exactly what was published, even if a save raced this click.
  const madeFinal = await ctx.db
    .update(afterActionReports)
    .set({ status: "final", publishedAt: now, updatedAt: now })
    .where(and(eq(afterActionReports.sessionId, sessionId), eq(afterActionReports.status, "draft")))
    .returning({ id: afterActionReports.id });
  // The report closes the exercise's cycle: it stops showing "In progress". Only on the publish that
  // made the report final, so a planner who reopens the exercise later is not overridden by a retry.
  if (madeFinal.length > 0) {
    const table = session.campaignId ? campaignExercises : exercises;
    await ctx.db.update(table).set({ completed: true }).where(eq(table.id, session.exerciseId));
  }
  const [report] = await ctx.db.select().from(afterActionReports).where(eq(afterActionReports.sessionId, sessionId)).limit(1);
  if (!report) throw notFound(AAR_MESSAGES.notFound);
  const rows = report.content.improvementPlan.map((row) => ({
    userId: report.userId,
    sessionId,
    reportId: report.id,
    planRowId: row.id,
    exerciseId: session.exerciseId,
    campaignId: session.campaignId,
    exerciseName: report.content.overview.exerciseName || session.plan.exerciseName,
    capability: row.capability,
    issue: row.issue,
    action: row.correctiveAction,
    element: row.element,
    organization: row.organization,
    pointOfContact: row.pointOfContact,
    startDate: row.startDate,
    dueDate: row.completionDate,
  }));
  // Every publish (re)tracks the final report's rows; existing ones are kept as they are, so a
  // second click adds nothing and a publish cut off between the two steps completes on retry.
  // D1 caps bound parameters per statement (100): 17 columns a row → chunks of 5 rows.
  const inserts = chunk(rows, 5).map((part) =>
    ctx.db
      .insert(correctiveActions)
      .values(part)
      .onConflictDoNothing({ target: [correctiveActions.reportId, correctiveActions.planRowId] }),
  );
  const [first, ...rest] = inserts;
  if (first) await ctx.db.batch([first, ...rest]);
  if (madeFinal.length > 0) {
    const exerciseName = report.content.overview.exerciseName || session.plan.exerciseName;
    await notifyAarPublished(ctx, { sessionId, ownerId: report.userId, actorId: ctx.user.id, exerciseName, actions: rows.length });
  }
  const view = await readReport(ctx, sessionId);
  if (!view) throw notFound(AAR_MESSAGES.notFound);
  return view;
}

/** The page's read: the report, or null before one is drafted (the page shows its empty state). */
export async function findAar(ctx: UserContext, sessionId: string): Promise<AarView | null> {
  await findSession(ctx, sessionId, "read");
  return readReport(ctx, sessionId);
}
