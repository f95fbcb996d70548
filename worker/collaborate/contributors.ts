import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { campaignTokens, campaignUsers, contributorExercises, users } from "../db/schema";
import { interviewScript } from "./interview-script";
import { dayOf } from "../../shared/collaborate/model";
import { readParameters } from "./parameters";
import { readProgress } from "./progress";
import type { ContributorView } from "../../shared/collaborate/views";

/**
 * A campaign's contributors as its managers see them: who (from the Readyroom user or the
 * campaign-only person, completed by the invitation they accepted; organisation and role as this
 * campaign's invitation gave them, never another campaign's) and how far, never what they
 * answered, and when they last answered and submitted to the day only (model.ts dayOf). One query: each contributor row joined to its author and the used invitation for
 * that address (single use: at most one per address and campaign).
 */
export async function contributorsOf(ctx: AppContext, campaignId: string, parametersRaw: unknown): Promise<ContributorView[]> {
  const rows = await ctx.db
    .select({
      row: contributorExercises,
      userEmail: users.email,
      userFirst: users.firstName,
      userLast: users.lastName,
      cuId: campaignUsers.id,
      cuEmail: campaignUsers.email,
      cuFirst: campaignUsers.firstName,
      cuLast: campaignUsers.lastName,
      tokenName: campaignTokens.fullName,
    })
    .from(contributorExercises)
    .leftJoin(users, eq(users.id, contributorExercises.authorId))
    .leftJoin(campaignUsers, eq(campaignUsers.id, contributorExercises.authorId))
    .leftJoin(
      campaignTokens,
      and(
        eq(campaignTokens.campaignId, contributorExercises.campaignId),
        isNotNull(campaignTokens.usedAt),
        sql`lower(${campaignTokens.email}) = lower(coalesce(${users.email}, ${campaignUsers.email}))`,
      ),
    )
    .where(eq(contributorExercises.campaignId, campaignId))
    .orderBy(contributorExercises.createdAt, contributorExercises.id);
  const script = interviewScript(readParameters(parametersRaw));
  const firstPhaseTwo = script.findIndex((q) => q.phase === 2);
  return rows.map(({ row, ...r }) => {
    const progress = readProgress(row.progress);
    const name = [r.userFirst ?? r.cuFirst, r.userLast ?? r.cuLast].filter(Boolean).join(" ");
    return {
      id: row.id,
      regularUserId: r.userEmail !== null ? row.authorId : null,
      campaignUserId: r.cuId,
      email: r.userEmail ?? r.cuEmail ?? "",
      fullName: r.tokenName || name || null,
      organization: row.organization || null,
      role: row.role || null,
      status: row.status,
      completionPercentage: row.status === "COMPLETED" ? 100 : row.completionPercentage,
      phase: firstPhaseTwo >= 0 && progress.step >= firstPhaseTwo ? 2 : 1,
      lastMessageAt: dayOf(row.lastMessageAt),
      submittedAt: dayOf(row.submittedAt),
      lastReminderAt: progress.lastReminderAt ? new Date(progress.lastReminderAt).toISOString() : null,
    };
  });
}
