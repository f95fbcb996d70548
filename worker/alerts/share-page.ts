import { safeHref } from "../../web/lib/safe-href";
import { escapeHtml, markdownToHtml, type CitationLinks } from "../share/markdown-html";
import { sharePageResponse, timeHtml } from "../share/page";
import { sharedPageRoute } from "../share/public-route";
import { sharedAlertPath } from "./share-cache";
import { findSharedAlert, type SharedAlert, type SharedAlertSummary } from "./sharing";

/**
 * The public page of a shared news alert (mounted at /share/alerts): no sign-in, only the alert's
 * query, its latest summary in full and the few before it by heading and date. Edge-cached by
 * worker/share/public-route.ts; the owner's changes and each new summary purge it (share-cache.ts).
 */

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

export function alertPageBody(alert: SharedAlert): string {
  const { latest, earlier } = alert;
  if (!latest) {
    const next = alert.isActive ? "The first summary appears here after the alert's next scheduled run." : "Updates are paused, so no summary is being written.";
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

export const alertSharePage = sharedPageRoute({
  pathOf: sharedAlertPath,
  async render(ctx, token) {
    const alert = await findSharedAlert(ctx, token);
    return sharePageResponse({
      kind: "News alert",
      title: alert.queryText,
      ...(alert.latest?.triggerDate ? { date: { label: "Latest summary", at: alert.latest.triggerDate } } : {}),
      ...(alert.isActive ? {} : { note: "Updates are paused." }),
      bodyHtml: alertPageBody(alert),
    });
  },
});
