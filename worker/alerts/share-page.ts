import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { membershipHasFlag } from "../accounts/flags";
import type { AppContext } from "../context";
import { alertSummaries, alerts, sharedPages } from "../db/schema";
import { safeHref } from "../../shared/markdown/safe-href";
import { escapeHtml, markdownToHtml, type CitationLinks } from "../share/markdown-html";
import { timeHtml, type SharePage } from "../share/page";
import { sharedPageRoute } from "../share/public-route";
import { storedPages } from "../share/stored-page";
import { INSUFFICIENT_CREDITS_NOTICE } from "./notices";
import { sharedAlertPath } from "../share/paths";

/**
 * The public page of a shared news alert (mounted at /share/alerts): no sign-in, only the alert's
 * query, its latest summary in full and the few before it by heading and date. Rendered when the
 * alert is shared, edited or summarised and served from its stored HTML
 * (worker/share/stored-page.ts); edge-cached by worker/share/public-route.ts; the owner's changes
 * and each new summary purge it (share-cache.ts).
 */

/** How many summaries before the latest the public page lists (headings and dates only). */
const SHARED_EARLIER_SUMMARIES = 5;

type SharedAlertSummary = { title: string | null; content: string; triggerDate: Date | null; sourceCount: number };

/** Only what the public page shows: the alert's query and state and its summaries, nothing of its owner. */
export type SharedAlert = { queryText: string; isActive: boolean; latest: SharedAlertSummary | null; earlier: SharedAlertSummary[] };

/** A summary's numbered Sources lines ("1. [title](url) — …", worker/alerts/run.ts), so each [n] can link to its source. */
export function citationLinks(content: string): CitationLinks {
  const links = new Map<number, string>();
  for (const m of content.matchAll(/^[ \t]*(\d{1,3})\.[ \t]+\[[^\]\n]*\]\(([^)\s]+)\)/gm)) {
    const href = safeHref(m[2]!);
    if (href) links.set(Number(m[1]), href);
  }
  return links;
}

const items = (n: number) => `${n} source${n === 1 ? "" : "s"}`;

function meta(s: SharedAlertSummary): string {
  return [s.triggerDate ? timeHtml(s.triggerDate, true) : null, escapeHtml(items(s.sourceCount))].filter(Boolean).join(" · ");
}

function alertPageBody(alert: SharedAlert): string {
  const { latest, earlier } = alert;
  if (!latest) {
    const next = alert.isActive
      ? "The first summary appears here after the alert's next scheduled run."
      : "Updates are paused, so no summary is being written.";
    return `<p class="empty"><strong>No summary yet.</strong> ${escapeHtml(next)}</p>`;
  }
  const parts = [
    `<section aria-labelledby="latest-summary">`,
    `<h2 id="latest-summary">${escapeHtml(latest.title ?? "Latest summary")}</h2>`,
    `<p class="meta">${meta(latest)}</p>`,
    markdownToHtml(latest.content, { citations: citationLinks(latest.content) }),
    `</section>`,
  ];
  if (earlier.length > 0) {
    parts.push(
      `<section class="earlier" aria-labelledby="earlier-summaries">`,
      `<h2 id="earlier-summaries">Earlier summaries</h2>`,
      `<ol>${earlier.map((s) => `<li><h3>${escapeHtml(s.title ?? "Summary")}</h3><p class="meta">${meta(s)}</p></li>`).join("")}</ol>`,
      `</section>`,
    );
  }
  return parts.join("\n");
}

/** What an alert's page shows: the latest summary's Markdown rendered, the one costly step (done once per change). */
export function alertPage(alert: SharedAlert): SharePage {
  return {
    kind: "News alert",
    title: alert.queryText,
    ...(alert.latest?.triggerDate ? { date: { label: "Latest summary", at: alert.latest.triggerDate } } : {}),
    ...(alert.isActive ? {} : { note: "Updates are paused." }),
    bodyHtml: alertPageBody(alert),
  };
}

export const alertPages = storedPages<SharedAlert>({
  noun: "alert",
  table: alerts,
  columns: { id: alerts.id, userId: alerts.userId, shareToken: alerts.shareToken },
  pageColumn: sharedPages.alertId,
  // An edit, a pause and a new latest summary stamp updatedAt (service.ts, run.ts); the newest
  // summary's insert covers one that is not the latest. Summaries are never edited.
  stamp: sql`${alerts.updatedAt} || ':' || coalesce((SELECT max(s."createdAt") FROM "AlertSummary" s WHERE s."alertId" = ${alerts.id}), 0)`,
  // A feature turned off is off on its public pages too (the same rule as userHasFlag).
  shownFor: (membership) => membershipHasFlag(membership, "alertsEnabled"),
  /**
   * The alert with its latest summaries, newest first. A summary skipped for want of credits is
   * the owner's business, not the reader's: left out.
   */
  async readSource(ctx, id, version) {
    const [[alert], rows] = await ctx.db.batch([
      ctx.db.select({ queryText: alerts.queryText, isActive: alerts.isActive, version }).from(alerts).where(eq(alerts.id, id)).limit(1),
      ctx.db
        .select({
          title: alertSummaries.title,
          content: alertSummaries.content,
          triggerDate: alertSummaries.triggerDate,
          sourceCount: alertSummaries.sourceCount,
        })
        .from(alertSummaries)
        .where(and(eq(alertSummaries.alertId, id), or(isNull(alertSummaries.notice), ne(alertSummaries.notice, INSUFFICIENT_CREDITS_NOTICE))))
        .orderBy(desc(alertSummaries.triggerDate), desc(alertSummaries.createdAt))
        .limit(1 + SHARED_EARLIER_SUMMARIES),
    ]);
    if (!alert) return undefined;
    const summaries = rows.map((r) => ({ ...r, sourceCount: r.sourceCount ?? 0 }));
    return {
      version: alert.version,
      source: { queryText: alert.queryText, isActive: alert.isActive, latest: summaries[0] ?? null, earlier: summaries.slice(1) },
    };
  },
  render: alertPage,
});

export const alertSharePage = sharedPageRoute({ pathOf: sharedAlertPath, render: (ctx, token) => alertPages.serve(ctx, token) });

/** Renders a shared alert's page after a change or a new summary, before its edge copy is purged. */
export const refreshSharedAlert = (ctx: AppContext, id: string) => alertPages.refresh(ctx, id);
