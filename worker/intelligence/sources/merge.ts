import { INTEL_SOURCE_IDS } from "./ids";
import type { IntelItem } from "./types";

/**
 * Merging the answers of several sources: one copy of each story, newest first. Pure, so it is
 * tested in Node (test/intelligence/merge.node.test.ts).
 */

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ocid|cmpid|smid)$/i;

/** The same article as two sources link it: scheme, `www.`, fragment, trailing slash and tracking parameters do not matter. */
export function canonicalUrl(url: string): string {
  try {
    const u = new URL(url);
    const params = [...u.searchParams].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => a.localeCompare(b));
    const query = params.length ? `?${new URLSearchParams(params)}` : "";
    const path = u.pathname.replace(/(?<!\/)\/+$/, "") || "/";
    return `${u.hostname.toLowerCase().replace(/^www\./, "")}${path}${query}`;
  } catch {
    return url.trim().toLowerCase();
  }
}

/** A headline as syndication leaves it: case, punctuation, quotes and " - Outlet" suffixes aside. */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/(?<!\s)\s+[-|–—]\s+[^-|–—]{2,40}$/, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** 64-bit FNV-1a as hex: a short stable id for items whose provider gives none (GDELT). */
export function stableHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, "0");
}

const priority = (item: IntelItem) => INTEL_SOURCE_IDS.indexOf(item.source);

/**
 * One item per story, newest first. Duplicates are the same canonical URL, or — for news only —
 * the same headline (syndicated copies; two official alerts with one headline are different areas).
 * Of duplicates the copy from the higher-priority source is kept (official feeds, then AskNews with
 * its summaries, then GDELT), and within one source the first.
 */
export function mergeItems(lists: IntelItem[][]): IntelItem[] {
  const all = lists.flatMap((list, order) => list.map((item, index) => ({ item, order, index })));
  all.sort((a, b) => priority(a.item) - priority(b.item) || a.order - b.order || a.index - b.index);
  const seenUrls = new Set<string>();
  const seenTitles = new Set<string>();
  const kept: IntelItem[] = [];
  for (const { item } of all) {
    const url = canonicalUrl(item.url);
    const title = item.kind === "news" ? titleKey(item.title) : "";
    if (seenUrls.has(url) || (title && seenTitles.has(title))) continue;
    seenUrls.add(url);
    if (title) seenTitles.add(title);
    kept.push(item);
  }
  return kept.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
}
