import { withoutDiagnostics } from "../../../shared/briefs/compose";
import type { MselRow } from "../../../shared/db/exercise-shapes";
import type { IntelCitation } from "../../../shared/intelligence/citation";
import type { CapAlert } from "./cap-xml";
import { clip } from "../../../shared/lib/clip";

/**
 * The inject pre-filled from a source, for the planner to edit: synopsis, message, from (the
 * issuing office or publisher), a category, and a comment citing the source and its time. Pure and
 * deterministic — the same source gives the same row, with or without an AI provider (no model
 * writes it). Date, time, to, expected action are the planner's: a real alert's time is not the
 * scenario's, so it is cited in the comment rather than scheduled.
 */

const SYNOPSIS_MAX = 300;
const MESSAGE_MAX = 20_000;
const COMMENT_MAX = 4_000;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
/** Paragraphs kept, CAP's hard line wraps and runs of blank lines folded. */
const paragraphs = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map(oneLine)
    .filter(Boolean)
    .join("\n\n");

/** "2026-03-02 16:00 UTC" for an instant; the text as given when it is not one. */
function utc(value: string | null | undefined): string {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC` : (value ?? "time unknown");
}

/** Answer and summary text as a message: its lines (lists stay lists), no [n] markers (their list goes to the comment), no bold marks. */
function messageText(markdown: string): string {
  const lines = markdown
    .replace(/\s?\[\d{1,3}\]/g, "")
    .replace(/\*\*/g, "")
    .split(/\r?\n/)
    .map((line) => line.replace(/[ \t]+/g, " ").trim());
  return clip(
    lines
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
    MESSAGE_MAX,
  );
}

function firstSentence(text: string): string {
  const flat = oneLine(text);
  const end = flat.search(/[.!?](?:\s|$)/);
  return end > 0 ? flat.slice(0, end + 1) : flat;
}

function row(fields: Partial<MselRow>): MselRow {
  return { ...fields, comment: clip(fields.comment ?? "", COMMENT_MAX), synopsis: clip(oneLine(fields.synopsis ?? ""), SYNOPSIS_MAX) };
}

const citationLine = (c: Pick<IntelCitation, "n" | "title" | "publisher" | "publishedAt" | "url">) =>
  `[${c.n}] ${oneLine(c.title)} — ${oneLine(c.publisher)}, ${utc(c.publishedAt)}${c.url ? `, ${c.url}` : ""}`;

/**
 * An inject from a CAP alert (a file's, or an NWS alert's properties, which are CAP's fields):
 * headline (else event and area) as synopsis, description and instruction as the message, the
 * issuing office as from, and its identity and times in the comment.
 */
export function injectFromCap(alert: CapAlert, origin: { label: string; url?: string | null }): MselRow {
  const info = alert.info;
  const areas = info?.areaDesc.join("; ") ?? "";
  const event = info?.event ?? alert.msgType;
  const rating = [info?.severity, info?.urgency, info?.certainty].filter(Boolean).join(", ");
  const link = origin.url ?? info?.web ?? null;
  const comment = [
    `Pre-filled from ${origin.label}: ${event}${rating ? ` (${rating})` : ""}, sent ${alert.sent} by ${info?.senderName ?? alert.sender}.`,
    info?.expires ? `Expires ${info.expires}.` : null,
    areas ? `Area: ${oneLine(areas)}.` : null,
    `CAP identifier ${alert.identifier}${alert.status === "Actual" ? "" : `, status ${alert.status}`}${alert.msgType === "Alert" ? "" : `, ${alert.msgType}`}.`,
    link ? `Source: ${link}` : null,
  ];
  return row({
    synopsis: info?.headline ?? [event, areas].filter(Boolean).join(" — "),
    message: clip(
      [info?.description, info?.instruction]
        .filter(Boolean)
        .map((t) => paragraphs(t!))
        .join("\n\n"),
      MESSAGE_MAX,
    ),
    from: info?.senderName ?? alert.sender,
    category: "Hazard alert",
    comment: comment.filter(Boolean).join(" "),
  });
}

/**
 * A hazard alert an answer cited, when its issuer could not give its text: the citation's headline
 * and office, with a comment that says so and links the alert.
 */
export function injectFromCitation(citation: IntelCitation, why: string): MselRow {
  return row({
    synopsis: citation.title,
    message: oneLine(citation.title),
    from: citation.publisher,
    category: "Hazard alert",
    comment: `Pre-filled from a ${citation.sourceName} alert cited by an intelligence answer, published ${utc(citation.publishedAt)}. ${why} The message is its headline only: open the alert for its full text${citation.url ? `: ${citation.url}` : "."}`,
  });
}

export type AnswerSource = {
  content: string;
  asked: string | null;
  createdAt: string | null;
  citations: IntelCitation[];
  notice: string | null;
  offline: boolean;
};

/**
 * An inject from an intelligence answer: the question as synopsis (else the answer's first
 * sentence), the answer as message, from = the office of the first official alert it cites (else
 * the first source's publisher), and its numbered sources in the comment.
 */
export function injectFromAnswer(answer: AnswerSource): MselRow {
  const text = withoutDiagnostics(answer.content, answer.notice);
  const cited = new Set([...text.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1])));
  const sources = answer.citations.filter((c) => cited.size === 0 || cited.has(c.n));
  const issuer = sources.find((c) => c.kind === "hazard-alert") ?? sources[0];
  const comment = [
    `Pre-filled from an intelligence answer of ${utc(answer.createdAt)}${answer.offline ? " (an offline digest of the fetched items, written without an AI model)" : ""}${answer.asked ? ` to “${clip(oneLine(answer.asked), 300)}”` : ""}.`,
    sources.length ? `Sources: ${sources.map(citationLine).join("; ")}` : null,
  ];
  return row({
    synopsis: answer.asked ? `Intelligence update: ${answer.asked}` : firstSentence(messageText(text)),
    message: messageText(text),
    from: issuer?.publisher ?? "Readyroom intelligence",
    category: "Intelligence",
    comment: comment.filter(Boolean).join(" "),
  });
}

export type SummarySource = { queryText: string; title: string | null; content: string; triggerDate: string | null };

/** Where a summary's own Sources list starts (worker/alerts/run.ts sourcesBlock writes it). */
const SOURCES_HEADING = "\n\n**Sources**\n\n";
/** "1. [Title](url) — Publisher, 2026-03-02" or "1. Title — Publisher, 2026-03-02". */
const SOURCE_LINE = /^\d{1,3}\. (.*) — ([^—]*), (\d{4}-\d{2}-\d{2})$/;
const MARKDOWN_LINK = /\[([^[\]]*)\]\(([^()\s]*)\)/g;

/**
 * An inject from a news alert's summary: its title as synopsis, its text as message, from = the
 * first source's publisher, and the summary's time and sources in the comment.
 */
export function injectFromAlertSummary(summary: SummarySource): MselRow {
  const at = summary.content.indexOf(SOURCES_HEADING);
  const body = at >= 0 ? summary.content.slice(0, at) : summary.content;
  const lines = at >= 0 ? summary.content.slice(at + SOURCES_HEADING.length).split("\n") : [];
  const publishers = lines.flatMap((l) => {
    const m = SOURCE_LINE.exec(l.trim());
    return m ? [m[2]!.trim()] : [];
  });
  const sources = lines.map((l) => oneLine(l.replace(MARKDOWN_LINK, "$1 ($2)"))).filter(Boolean);
  const comment = [
    `Pre-filled from the news alert “${clip(oneLine(summary.queryText), 300)}”, summary of ${utc(summary.triggerDate)}.`,
    sources.length ? `Sources: ${sources.join("; ")}` : null,
  ];
  return row({
    synopsis: summary.title ?? `News alert: ${summary.queryText}`,
    message: messageText(body),
    from: publishers[0] ?? "News media",
    category: "News",
    comment: comment.filter(Boolean).join(" "),
  });
}
