import { and, inArray, ne, sql } from "drizzle-orm";
import { auditStatement } from "../audit/log";
import type { UserContext } from "../context";
import { contributorExercises } from "../db/schema";
import { nowMs } from "../lib/clock";
import { escapeHtml, getEmailSender } from "../lib/email";
import { conflict } from "../lib/errors";
import { managedCampaign } from "./access";
import { contributorsOf } from "./contributors";
import { REMINDER_INTERVAL_MS } from "../../shared/collaborate/model";
import { readParameters, takesContributions } from "./parameters";

const CAMPAIGN_REMINDER_MAIL_KIND = "campaign-reminder";

/**
 * Reminds contributors who joined but have not submitted (all of them, or the ones named), at
 * most once a day each: a reminder is a nudge, and a manager clicking twice must not send two.
 * Invitations nobody opened yet are resent from the invitation list instead (a new link).
 */
export async function remindContributors(ctx: UserContext, campaignId: string, contributorIds?: string[]): Promise<{ sent: number; skipped: number }> {
  const campaign = await managedCampaign(ctx, campaignId);
  const now = nowMs();
  if (!takesContributions(campaign, now))
    throw conflict(
      "This campaign is closed (by its manager, or its deadline has passed): there is nothing left to remind contributors about.",
      "campaign_closed",
    );
  const params = readParameters(campaign.parameters);
  const all = await contributorsOf(ctx, campaignId, campaign.parameters);
  const chosen = all.filter((c) => c.status !== "COMPLETED" && (!contributorIds || contributorIds.includes(c.id)));
  const due = chosen.filter((c) => !c.lastReminderAt || now - Date.parse(c.lastReminderAt) >= REMINDER_INTERVAL_MS);
  if (due.length) {
    // Stamp first, conditionally, so two managers reminding at once send one mail each at most.
    const stamped = await ctx.db
      .update(contributorExercises)
      .set({ progress: sql`json_set(coalesce(${contributorExercises.progress}, '{}'), '$.lastReminderAt', ${now})` })
      .where(
        and(
          inArray(
            contributorExercises.id,
            due.map((c) => c.id),
          ),
          ne(contributorExercises.status, "COMPLETED"),
          sql`coalesce(json_extract(${contributorExercises.progress}, '$.lastReminderAt'), 0) <= ${now - REMINDER_INTERVAL_MS}`,
        ),
      )
      .returning({ id: contributorExercises.id });
    const stampedIds = new Set(stamped.map((r) => r.id));
    const sender = getEmailSender(ctx.env, ctx.config);
    const deadline = params.deadline ? ` The campaign closes on ${params.deadline}.` : "";
    for (const c of due.filter((d) => stampedIds.has(d.id))) {
      const link = `${ctx.config.APP_URL.replace(/\/$/, "")}/collaborate/interviews/${encodeURIComponent(c.id)}`;
      const greeting = c.fullName ? `Hello ${c.fullName},` : "Hello,";
      await sender.send({
        to: c.email,
        kind: CAMPAIGN_REMINDER_MAIL_KIND,
        subject: `Reminder: your contribution to ${campaign.name}`,
        text: `${greeting}\n\nYour contribution to “${campaign.name}” is ${c.completionPercentage}% complete.${deadline} Your answers are saved: pick up where you left off.\n\nContinue: ${link}\n`,
        html: `<p>${escapeHtml(greeting)}</p><p>Your contribution to “${escapeHtml(campaign.name)}” is ${c.completionPercentage}% complete.${escapeHtml(deadline)} Your answers are saved: pick up where you left off.</p><p><a href="${escapeHtml(link)}">Continue</a></p>`,
      });
    }
    if (stampedIds.size) {
      await ctx.db.batch([
        auditStatement(ctx.db, {
          accountId: campaign.accountId,
          actorId: ctx.user.id,
          campaignId,
          action: "campaign.reminders_sent",
          metadata: { count: stampedIds.size },
        }),
      ]);
    }
    return { sent: stampedIds.size, skipped: chosen.length - stampedIds.size };
  }
  return { sent: 0, skipped: chosen.length };
}
