import type { IntelAnswerMetadata } from "../intelligence-chat/model";
import { answerParts } from "../markdown/cited-parts";
import { safeHref } from "../markdown/safe-href";

/**
 * A brief saved from an intelligence answer (the API composes it; the /intelligence page shows the
 * same words): the answer without the run's diagnostics ("USGS could not be reached…" is about that
 * moment's feeds, not the threat), followed by its numbered sources, where passages quoted from the
 * planner's own documents are marked internal — sharing such a brief asks first (worker/briefs).
 */

export type BriefSourceMetadata = Pick<IntelAnswerMetadata, "citations" | "documents"> & { notice?: string | null };

/** What an internal source is called in a brief's source list and in the share warning. */
const INTERNAL_SOURCE_MARK = "internal document";

/** "2 March 2026" in UTC: the items' dates are instants, shown the same in every time zone. */
export function citationDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t)
    ? "Date unknown"
    : new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(t));
}

const mdText = (text: string) =>
  text
    .replace(/([\\[\]*_`])/g, "\\$1")
    .replace(/\s+/g, " ")
    .trim();
const mdUrl = (url: string) => url.replace(/[\s()<>]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

/** A sentence reporting on a feed rather than the hazard (worker/intelligence/sources: aggregate.ts, http.ts). */
const DIAGNOSTIC =
  /could not be reached|did not answer within|failed unexpectedly|no intelligence source (?:answered|is configured)|this answer comes from your own documents only/i;

/**
 * The answer without the search's diagnostics: the notice the answer was given (when it starts the
 * text), and any sentence that reports a feed failing — a model is asked to mention them.
 */
export function withoutDiagnostics(answer: string, notice?: string | null): string {
  let text = answer.trim();
  if (notice && text.startsWith(notice.trim())) text = text.slice(notice.trim().length);
  return text
    .split("\n")
    .map((line) =>
      line
        .split(/(?<=[.!?])\s+/u)
        .filter((sentence) => !DIAGNOSTIC.test(sentence))
        .join(" "),
    )
    .join("\n")
    .replace(/^\s+/u, "")
    .replace(/\n{3,}/gu, "\n\n")
    .trim();
}

/** The sources an answer cites (all of them when it cites none). */
function cited<C extends { n: number }>(answer: string, list: readonly C[]): C[] {
  const numbers = new Set(answerParts(answer, list).flatMap((p) => (p.kind === "cite" ? [p.n] : [])));
  return numbers.size ? list.filter((c) => numbers.has(c.n)) : [...list];
}

/**
 * A brief's content: the answer as written (diagnostics left out), followed by its numbered sources
 * as Markdown links (title — publisher, date), so its [n] markers still resolve where the brief is
 * read or shared; documents of the planner's are listed as internal. `internalSources`: their names.
 */
export function composeBrief(answer: string, metadata: BriefSourceMetadata | null | undefined): { content: string; internalSources: string[] } {
  const body = withoutDiagnostics(answer, metadata?.notice);
  const intel = metadata?.citations ?? [];
  if (intel.length) {
    const lines = cited(answer, intel).map((c) => {
      // A link only where the source's URL is one we show; its title alone otherwise.
      const href = c.url ? safeHref(c.url) : null;
      return `${c.n}. ${href ? `[${mdText(c.title)}](${mdUrl(href)})` : mdText(c.title)} — ${mdText(c.publisher)}, ${citationDate(c.publishedAt)}`;
    });
    return { content: `${body}\n\n**Sources**\n\n${lines.join("\n")}`, internalSources: [] };
  }
  const documents = cited(answer, metadata?.documents ?? []);
  if (!documents.length) return { content: body, internalSources: [] };
  const lines = documents.map((c) => `${c.n}. ${mdText(c.documentName)}${c.page ? `, page ${c.page}` : ""} (${INTERNAL_SOURCE_MARK})`);
  return {
    content: `${body}\n\n**Sources** — quoted from your own documents, not published sources\n\n${lines.join("\n")}`,
    internalSources: [...new Set(documents.map((c) => c.documentName))],
  };
}

/** The brief's content only (what the /intelligence page previews). */
export function briefContent(answer: string, metadata: BriefSourceMetadata | null | undefined): string {
  return composeBrief(answer, metadata).content;
}
