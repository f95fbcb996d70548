/**
 * The cited form of an intelligence item, as the intelligence chat and news-alert summaries send
 * it to the browser (worker/intelligence/digest.ts numbers the items).
 */

/** What an item is: callers cite news differently from an official warning or declaration. */
export type IntelKind = "news" | "hazard-alert" | "earthquake" | "disaster-declaration";

/** What an answer's [n] points at: enough to show a numbered link (title, publisher, date, URL). */
export type IntelCitation = {
  n: number;
  itemId: string;
  title: string;
  publisher: string;
  /** ISO-8601 UTC. */
  publishedAt: string;
  /**
   * The item's link as the source gave it, if it is one every renderer may show (safeHref: http(s),
   * mailto, relative); null otherwise (a source is a third party: `javascript:`, `data:`…).
   */
  url: string | null;
  kind: IntelKind;
  sourceName: string;
};
