import { and, eq, lt, sql } from "drizzle-orm";
import { userHasFlag } from "../accounts/flags";
import { approxTokens, DEFAULT_CHAT_MODEL, getAiProvider, type AiProvider, type ChatMessage } from "../ai";
import { estimateCredits } from "../billing/pricing";
import { chargeForAi, type AiCharge } from "../billing/service";
import type { AppContext } from "../context";
import { alertSummaries, alerts, users, type Alert, type AlertSummary } from "../db/schema";
import { HttpError } from "../lib/errors";
import { newId } from "../lib/ids";
import { notifyUser } from "../notifications/service";
import { citationsOf, extractiveDigest, itemsForPrompt, type IntelCitation } from "../intelligence/digest";
import { intelRegion, outcomeNotice, searchIntelligence, type IntelItem } from "../intelligence/sources";
import { isCadence, summaryWindowStart } from "../../shared/alerts/cadence";
import { INSUFFICIENT_CREDITS_NOTICE } from "./notices";
import { purgeSharedAlert } from "./share-cache";
import { refreshSharedAlert } from "./share-page";
import type { AlertMessage } from "./schedule";

/**
 * The ALERTS queue consumer's work for one message: one AlertSummary for (alertId, triggerDate),
 * exactly once however often the message arrives or runs at the same time.
 *
 * 1. A summary already stored for the pair → only (re)notify (idempotent) and stop.
 * 2. Search the sources for items since the previous trigger date (or one interval back).
 * 3. Summarise: the configured AI provider writes a cited summary from itemsForPrompt; the offline
 *    provider's answer is the extractive digest. Credits are reserved and settled under the action
 *    id `alert:<alertId>:<triggerDate>`, so a second run replays the first charge. Not enough
 *    credits → no summary text, a notice stored on the row instead.
 * 4. INSERT … ON CONFLICT (alertId, triggerDate) DO NOTHING: the loser of a race writes nothing.
 * 5. Notify the owner (in-app item, e-mail copy), keyed by the same pair.
 */

const ALERT_SUMMARY_MAX_OUTPUT_TOKENS = 700;
export { INSUFFICIENT_CREDITS_NOTICE };
export const NO_ITEMS_CONTENT = "No new items matched this alert since the previous summary.";

type AlertRunOutcome = "written" | "duplicate" | "skipped-credits" | "no-items" | "sources-down" | "gone" | "paused" | "disabled";
export type AlertRunResult = { outcome: AlertRunOutcome; summaryId?: string; charged?: number };

export type AlertRunDeps = { provider?: AiProvider };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function systemPrompt(): string {
  return [
    "You write a short news-alert summary for an emergency manager.",
    "Use only the numbered items given. Cite every statement with the item's number in square brackets, e.g. [2].",
    "Lead with official warnings and declarations, then news. Plain Markdown: a few short paragraphs or bullets, no headings, no preamble.",
    "If the items do not bear on the query, say so in one sentence.",
  ].join(" ");
}

function promptMessages(query: string, items: IntelItem[], since: number, triggerDate: number): ChatMessage[] {
  return [
    { role: "system", content: systemPrompt() },
    {
      role: "user",
      content: `Alert query: ${query}\nWindow: ${new Date(since).toISOString()} to ${new Date(triggerDate).toISOString()}\n\nItems:\n${itemsForPrompt(items)}`,
    },
  ];
}

/** The summary's Sources list: each [n] resolves to a fetched item's link. */
export function sourcesBlock(citations: IntelCitation[]): string {
  if (citations.length === 0) return "";
  // A link only where the source's URL passed safeHref (citationsOf); the title alone otherwise.
  const lines = citations.map((c) => {
    const title = c.title.replace(/[[\]]/g, "");
    return `${c.n}. ${c.url ? `[${title}](${c.url})` : title} — ${c.publisher}, ${c.publishedAt.slice(0, 10)}`;
  });
  return `**Sources**\n\n${lines.join("\n")}`;
}

async function collect(provider: AiProvider, request: Parameters<AiProvider["open"]>[0]): Promise<{ text: string; inputTokens: number; outputTokens: number }> {
  let text = "";
  let usage: { inputTokens: number; outputTokens: number } | null = null;
  for await (const chunk of await provider.open(request)) {
    if (chunk.type === "text") text += chunk.text;
    else usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
  }
  const promptText = request.messages.map((m) => m.content).join("\n");
  return { text: text.trim(), ...(usage ?? { inputTokens: approxTokens(promptText), outputTokens: approxTokens(text) }) };
}

async function existingSummary(ctx: AppContext, alertId: string, triggerDate: number): Promise<AlertSummary | null> {
  const [row] = await ctx.db
    .select()
    .from(alertSummaries)
    .where(and(eq(alertSummaries.alertId, alertId), eq(alertSummaries.triggerDate, new Date(triggerDate))))
    .limit(1);
  return row ?? null;
}

/** Notifies about a stored summary; safe to repeat (NotificationItem's dedupe key). Empty windows are not news. */
async function notifyForSummary(ctx: AppContext, alert: Alert, summary: AlertSummary): Promise<void> {
  const triggerDate = summary.triggerDate?.getTime() ?? 0;
  const skipped = summary.notice === INSUFFICIENT_CREDITS_NOTICE;
  if (!skipped && !(summary.sourceCount ?? 0)) return;
  const link = `/intelligence?alert=${encodeURIComponent(alert.id)}`;
  const title = skipped ? `Alert summary skipped: “${alert.queryText}”` : (summary.title ?? `News alert: ${alert.queryText}`);
  const body = skipped ? INSUFFICIENT_CREDITS_NOTICE : `${summary.sourceCount} new item(s) for “${alert.queryText}”.`;
  await notifyUser(ctx, {
    userId: alert.userId,
    kind: skipped ? "alert-summary-skipped" : "alert-summary",
    dedupeKey: `alert-summary:${alert.id}:${triggerDate}`,
    title,
    body,
    link,
    email: {
      subject: title,
      text: `${skipped ? INSUFFICIENT_CREDITS_NOTICE : summary.content}\n\nOpen the alert: ${ctx.config.APP_URL}${link}\n\nChange which notifications you receive at ${ctx.config.APP_URL}/account/profile.\n`,
    },
  });
}

export async function runAlertSummary(ctx: AppContext, message: AlertMessage, deps: AlertRunDeps = {}): Promise<AlertRunResult> {
  const { alertId, userId, triggerDate } = message;
  const [alert] = await ctx.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .limit(1);
  if (!alert) return { outcome: "gone" };

  const stored = await existingSummary(ctx, alertId, triggerDate);
  if (stored) {
    await notifyForSummary(ctx, alert, stored);
    return { outcome: "duplicate", summaryId: stored.id };
  }
  if (!alert.isActive) return { outcome: "paused" };
  if (!(await userHasFlag(ctx.db, userId, "alertsEnabled"))) return { outcome: "disabled" };

  const cadence = isCadence(alert.cadence) ? alert.cadence : "daily";
  const [previous] = await ctx.db
    .select({ t: sql<number | null>`max(${alertSummaries.triggerDate})` })
    .from(alertSummaries)
    .where(and(eq(alertSummaries.alertId, alertId), lt(alertSummaries.triggerDate, new Date(triggerDate))));
  const since = summaryWindowStart(previous?.t ?? null, triggerDate, cadence);
  const [profile] = await ctx.db.select({ state: users.state, city: users.city, country: users.country }).from(users).where(eq(users.id, userId)).limit(1);

  // A run is "as of" its trigger date: the next window starts there, so nothing falls between two.
  const search = await searchIntelligence(ctx, alert.queryText, { since: new Date(since).toISOString(), region: intelRegion(profile ?? {}), now: triggerDate });
  const items = search.items;
  const citations = citationsOf(items);
  const title = `${alert.queryText} — ${day(triggerDate)}`;
  const base = {
    id: newId(),
    alertId,
    triggerDate: new Date(triggerDate),
    reportUrl: `${ctx.config.APP_URL}/intelligence?alert=${encodeURIComponent(alertId)}`,
  };

  let row: typeof alertSummaries.$inferInsert;
  let outcome: AlertRunOutcome;
  if (!search.anyAnswered) {
    const notice = outcomeNotice(search.outcomes) ?? "No intelligence source answered.";
    row = { ...base, title, content: notice, sourceCount: 0, notice, creditsCharged: 0 };
    outcome = "sources-down";
  } else if (items.length === 0) {
    row = { ...base, title, content: NO_ITEMS_CONTENT, sourceCount: 0, notice: outcomeNotice(search.outcomes), creditsCharged: 0 };
    outcome = "no-items";
  } else {
    const written = await summarise(ctx, message, alert.queryText, items, since, deps);
    if (written === "insufficient") {
      row = {
        ...base,
        title: `${title} (skipped)`,
        content: INSUFFICIENT_CREDITS_NOTICE,
        sourceCount: items.length,
        notice: INSUFFICIENT_CREDITS_NOTICE,
        creditsCharged: 0,
      };
      outcome = "skipped-credits";
    } else {
      const sources = sourcesBlock(citations);
      row = {
        ...base,
        title,
        content: sources ? `${written.text}\n\n${sources}` : written.text,
        sourceCount: items.length,
        notice: written.notice ?? outcomeNotice(search.outcomes),
        creditsCharged: written.charged,
      };
      outcome = "written";
    }
  }

  const inserted = await ctx.db
    .insert(alertSummaries)
    .values(row)
    .onConflictDoNothing({ target: [alertSummaries.alertId, alertSummaries.triggerDate] })
    .returning();
  const summary = inserted[0] ?? (await existingSummary(ctx, alertId, triggerDate));
  if (!summary) throw new Error(`alert ${alertId}: summary for ${triggerDate} neither inserted nor found`);
  if (inserted[0]) {
    // The spec's Alert.summaryContent: the latest summary's text, for lists that show only the alert.
    await ctx.db
      .update(alerts)
      .set({ summaryContent: summary.content })
      .where(and(eq(alerts.id, alertId), sql`NOT EXISTS (SELECT 1 FROM "AlertSummary" s WHERE s."alertId" = ${alertId} AND s."triggerDate" > ${triggerDate})`));
    // A shared alert's public page lists its summaries: rendered here, once, then the edge copy
    // dropped. The token is read now, not from the row read at the start: a rotation since then
    // already purged the old one.
    const [current] = await ctx.db.select({ shareToken: alerts.shareToken }).from(alerts).where(eq(alerts.id, alertId)).limit(1);
    if (current?.shareToken) await refreshSharedAlert(ctx, alertId);
    await purgeSharedAlert(ctx, current?.shareToken ?? null);
  }
  await notifyForSummary(ctx, alert, summary);
  return inserted[0] ? { outcome, summaryId: summary.id, charged: summary.creditsCharged } : { outcome: "duplicate", summaryId: summary.id };
}

type Summarised = { text: string; charged: number; notice: string | null };

/** Charges (exactly once per alert and trigger date) and writes the cited text; "insufficient" when credits are short. */
async function summarise(
  ctx: AppContext,
  message: AlertMessage,
  query: string,
  items: IntelItem[],
  since: number,
  deps: AlertRunDeps,
): Promise<Summarised | "insufficient"> {
  const provider = deps.provider ?? getAiProvider(ctx.config, { selectionEnabled: false, fallback: DEFAULT_CHAT_MODEL });
  const messages = promptMessages(query, items, since, message.triggerDate);
  const promptTokens = approxTokens(messages.map((m) => m.content).join("\n"));
  let charge: AiCharge;
  try {
    charge = await chargeForAi(
      { ...ctx, user: { id: message.userId } },
      {
        actionId: `alert:${message.alertId}:${message.triggerDate}`,
        category: "alert-summary",
        entityType: "Alert",
        entityId: message.alertId,
        estimate: estimateCredits({ promptTokens, maxOutputTokens: ALERT_SUMMARY_MAX_OUTPUT_TOKENS }),
        metadata: { provider: provider.id, model: provider.model, items: items.length, triggerDate: message.triggerDate },
      },
    );
  } catch (err) {
    if (err instanceof HttpError && err.status === 402) return "insufficient";
    throw err;
  }
  const offline = () => extractiveDigest(items);
  try {
    const out = await collect(provider, { model: provider.model, messages, maxOutputTokens: ALERT_SUMMARY_MAX_OUTPUT_TOKENS, offlineAnswer: offline });
    if (!out.text) throw new Error("the provider answered with no text");
    const settled = await charge.settle({ inputTokens: out.inputTokens, outputTokens: out.outputTokens });
    return {
      text: out.text,
      charged: settled.charged,
      notice: provider.offline ? "Offline digest: extracted from the items, no AI provider is configured." : null,
    };
  } catch (err) {
    // The provider failed: the held credits go back and the planner still gets the extractive digest.
    console.error(`[alerts] provider failed for alert ${message.alertId}; writing the extractive digest`, err);
    await charge.release();
    return { text: offline(), charged: 0, notice: "The AI provider did not answer; this is an extractive digest of the items." };
  }
}
