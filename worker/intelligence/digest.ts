import type { IntelCitation } from "../../shared/intelligence/citation";
import { safeHref } from "../../shared/markdown/safe-href";
import type { IntelItem, IntelKind } from "./sources";

export type { IntelCitation };

/**
 * The cited form of fetched intelligence, shared by the intelligence chat and news-alert
 * summaries: items numbered 1…N as the prompt and the answer cite them ([n]), and an extractive
 * digest for when no AI provider is configured (the offline answer, labelled as such by callers).
 * Pure and deterministic: the same items give the same digest.
 */

export const MAX_CITED_ITEMS = 12;
const MAX_DIGEST_ITEMS = 8;
const MAX_LINE_SUMMARY = 240;

/** Official warnings first (they are what a planner acts on), then declarations, quakes, news. */
const KIND_ORDER: Record<IntelKind, number> = { "hazard-alert": 0, "disaster-declaration": 1, earthquake: 2, news: 3 };
const KIND_HEADING: Record<IntelKind, string> = {
  "hazard-alert": "Active warnings and advisories",
  "disaster-declaration": "Disaster declarations",
  earthquake: "Earthquakes",
  news: "News coverage",
};

/** The items as cited: the first MAX_CITED_ITEMS in the caller's order, numbered from 1. */
export function citationsOf(items: readonly IntelItem[]): IntelCitation[] {
  return items.slice(0, MAX_CITED_ITEMS).map((item, i) => ({
    n: i + 1,
    itemId: item.id,
    title: item.title,
    publisher: item.publisher,
    publishedAt: item.publishedAt,
    url: safeHref(item.url),
    kind: item.kind,
    sourceName: item.sourceName,
  }));
}

/** Citations as stored (answers saved before their links were filtered too), with every link through safeHref. */
export function safeCitations(citations: readonly IntelCitation[]): IntelCitation[] {
  return citations.map((c) => ({ ...c, url: typeof c.url === "string" ? safeHref(c.url) : null }));
}

/** The numbered items as a prompt block ("[n] title — publisher, date (kind)\nsummary"). */
export function itemsForPrompt(items: readonly IntelItem[]): string {
  return items
    .slice(0, MAX_CITED_ITEMS)
    .map((item, i) => {
      const head = `[${i + 1}] ${item.title} — ${item.publisher}, ${day(item.publishedAt)} (${item.kind}${item.severity && item.severity !== "unknown" ? `, ${item.severity}` : ""}${item.area ? `, ${item.area}` : ""})`;
      return item.summary ? `${head}\n${item.summary}` : head;
    })
    .join("\n\n");
}

/**
 * An extractive digest in Markdown: the items grouped by kind (warnings first), each one line with
 * its first sentence and its [n]. `n` follows `citationsOf(items)`, so the citations line up.
 */
export function extractiveDigest(items: readonly IntelItem[]): string {
  const numbered = items.slice(0, MAX_CITED_ITEMS).map((item, i) => ({ item, n: i + 1 }));
  const shown = [...numbered].sort((a, b) => KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] || a.n - b.n).slice(0, MAX_DIGEST_ITEMS);
  const sections: string[] = [];
  for (const kind of Object.keys(KIND_ORDER) as IntelKind[]) {
    const lines = shown.filter((x) => x.item.kind === kind).map(({ item, n }) => `- ${line(item)} [${n}]`);
    if (lines.length) sections.push(`**${KIND_HEADING[kind]}**\n${lines.join("\n")}`);
  }
  return sections.join("\n\n");
}

function line(item: IntelItem): string {
  const lead = firstSentence(item.summary);
  const where = item.area ? ` (${item.area})` : "";
  return `${item.title}${where}, ${item.publisher}, ${day(item.publishedAt)}${lead ? `: ${lead}` : ""}`;
}

function firstSentence(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (!clean) return "";
  const end = clean.search(/(?<=[.!?])\s/);
  const sentence = end > 0 ? clean.slice(0, end) : clean;
  return sentence.length > MAX_LINE_SUMMARY ? `${sentence.slice(0, MAX_LINE_SUMMARY - 1).trimEnd()}…` : sentence;
}

/** "2026-03-02" from an ISO instant, in UTC, so the digest is the same in every time zone. */
function day(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? "date unknown" : new Date(t).toISOString().slice(0, 10);
}
