import { MarkdownText } from "~/components/ask/markdown";
import type { AlertSummaryView, AlertTriggerView } from "~/lib/alerts-api";
import { useDates } from "~/lib/dates-context";
import { UseAsInjectButton } from "../../exercise/use-as-inject";

/**
 * One AlertSummary: its title, trigger date, notice (skipped for credits, offline digest, a source
 * that did not answer) and its Markdown content, rendered as React elements (shared/markdown/markdown.ts:
 * HTML in the text stays text). The [n] markers point at the numbered Sources list below the text.
 * With the alert's id, a summary that found items can be used as an inject (issue 32 item 11).
 */
export function AlertSummary({ summary, alertId }: { summary: AlertSummaryView; /** Given: "Use as inject" for a summary with sources. */ alertId?: string }) {
  const { dayTime: formatUtc } = useDates();
  return (
    <article className="grid gap-2 rounded-md border bg-muted/30 p-3" aria-label={summary.title ?? "Alert summary"}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-sm font-semibold">{summary.title ?? "Summary"}</h4>
        <span className="text-xs text-muted-foreground">
          {formatUtc(summary.triggerDate)} · {summary.sourceCount} item{summary.sourceCount === 1 ? "" : "s"}
          {summary.creditsCharged ? ` · ${summary.creditsCharged} credit${summary.creditsCharged === 1 ? "" : "s"}` : ""}
        </span>
      </header>
      {summary.notice && summary.notice !== summary.content ? <p className="text-xs text-muted-foreground">{summary.notice}</p> : null}
      <MarkdownText content={summary.content} citations={[]} renderCite={() => null} />
      {alertId && summary.sourceCount > 0 ? <UseAsInjectButton source={{ kind: "alert-summary", alertId, summaryId: summary.id }} what="this summary" /> : null}
    </article>
  );
}

/** The trigger history: one line per summary, newest first. */
export function AlertHistory({ history }: { history: AlertTriggerView[] }) {
  const { dayTime: formatUtc } = useDates();
  if (history.length === 0) return <p className="text-xs text-muted-foreground">No summaries yet.</p>;
  return (
    <ol className="grid gap-1 text-xs" aria-label="Trigger history">
      {history.map((h) => (
        <li key={h.id} className="flex flex-wrap justify-between gap-2">
          <span>{formatUtc(h.triggerDate)}</span>
          <span className="text-muted-foreground">{h.notice && h.sourceCount === 0 ? h.notice : `${h.sourceCount} item${h.sourceCount === 1 ? "" : "s"}`}</span>
        </li>
      ))}
    </ol>
  );
}
