import { z } from "zod";
import { type AdapterSettings, DAY_MS, joinUrl, nowOf, policyFor, sinceMs } from "./common";
import { fetchJson } from "./http";
import { stableHash } from "./merge";
import { parseFeed, plain } from "./text";
import { type IntelItem, type IntelSource, type SearchOptions, SourceError } from "./types";

/**
 * GDELT DOC 2.0 API (https://api.gdeltproject.org/api/v2/doc/doc), article list mode in JSON:
 * worldwide news matching keywords, no key. GDELT ANDs every term and refuses terms under three
 * characters and most punctuation, so a question is reduced to its keywords (gdeltQuery). It covers
 * the last three months; an empty result is `{}`. It gives no summary, only title and outlet.
 */
export const GDELT_NAME = "GDELT";
const LABEL = "GDELT";
const MAX_BYTES = 1024 * 1024;
const DEFAULT_WINDOW_MS = 7 * DAY_MS;
const MAX_WINDOW_MS = 90 * DAY_MS;
const MAX_RECORDS = 250;
const MAX_TERMS = 6;

const STOP = new Set(
  "about after all also and any are been before being but can could did does doing for from had has have how into its just may might more most near not now our out over should some such than that the their them then there these they this those through under was were what when where which while who whom why will with would you your latest current news today week recent".split(
    " ",
  ),
);

/**
 * Keywords GDELT accepts: quoted phrases kept, other words of three or more letters minus common
 * words, at most MAX_TERMS terms (each one narrows: GDELT ANDs them). Empty when nothing is left.
 */
export function gdeltQuery(text: string): string {
  const terms: string[] = [];
  const rest = text.replace(/"([^"]{3,80})"/g, (_, phrase: string) => {
    const clean = phrase
      .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (clean.length >= 3) terms.push(`"${clean}"`);
    return " ";
  });
  for (const word of rest.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
    const w = word.replace(/(?<!['-])['-]+$/, "");
    if (w.length >= 3 && !STOP.has(w) && !terms.includes(w)) terms.push(w);
  }
  return terms.slice(0, MAX_TERMS).join(" ");
}

/** GDELT's compact UTC date-time: 2026-03-01T12:00:00Z → 20260301120000. */
const compact = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, "").slice(0, 14);

/** "20260220T063400Z" → ISO, or null. */
export function gdeltDate(seen: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(seen);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z` : null;
}

const article = z.object({
  url: z.string().url(),
  title: z.string().min(1),
  seendate: z.string(),
  domain: z.string().nullish(),
  language: z.string().nullish(),
  sourcecountry: z.string().nullish(),
});
const answer = z.object({ articles: z.array(z.unknown()).optional() });

function normaliseGdeltArticle(entry: unknown): IntelItem | null {
  const a = article.safeParse(entry);
  if (!a.success) return null;
  const publishedAt = gdeltDate(a.data.seendate);
  if (!publishedAt) return null;
  return {
    id: `gdelt:${stableHash(a.data.url)}`,
    source: "gdelt",
    sourceName: GDELT_NAME,
    kind: "news",
    title: plain(a.data.title, 300),
    publisher: a.data.domain || new URL(a.data.url).hostname,
    url: a.data.url,
    publishedAt,
    summary: "",
  };
}

/** `{}` is GDELT's "nothing matched". */
function parseGdeltArticles(body: unknown): IntelItem[] {
  const parsed = answer.safeParse(body);
  return parseFeed(parsed.success ? (parsed.data.articles ?? []) : null, normaliseGdeltArticle, `${LABEL} answered articles in an unexpected shape.`);
}

export function gdeltSource(settings: AdapterSettings): IntelSource {
  return {
    id: "gdelt",
    name: GDELT_NAME,
    async search(query: string, options: SearchOptions) {
      const keywords = gdeltQuery(query);
      if (!keywords) throw new SourceError("skipped", `${LABEL} needs keywords of three letters or more.`);
      const now = nowOf(options);
      const since = Math.max(sinceMs(options, DEFAULT_WINDOW_MS), now - MAX_WINDOW_MS);
      const params = new URLSearchParams({
        query: keywords,
        mode: "artlist",
        format: "json",
        sort: "datedesc",
        maxrecords: String(Math.min(Math.max(options.limit, 1), MAX_RECORDS)),
        startdatetime: compact(since),
        enddatetime: compact(now),
      });
      const body = await fetchJson(
        `${joinUrl(settings.baseUrl, "/api/v2/doc/doc")}?${params}`,
        { headers: { "user-agent": settings.userAgent } },
        policyFor(LABEL, settings, options, MAX_BYTES),
      );
      return parseGdeltArticles(body)
        .filter((i) => Date.parse(i.publishedAt) >= since)
        .slice(0, options.limit);
    },
  };
}
