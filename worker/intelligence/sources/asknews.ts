import { z } from "zod";
import { type AdapterSettings, DAY_MS, joinUrl, nowOf, policyFor, sinceMs } from "./common";
import { fetchJson } from "./http";
import { parseFeed, plain, toIso } from "./text";
import { type IntelItem, type IntelSource, type SearchOptions, SourceError } from "./types";

/**
 * AskNews news search (GET https://api.asknews.app/v1/news/search, `return_type=dicts`):
 * semantic search over recent news with a summary per article. Credentials are either an API key
 * (sent as a bearer token) or an OAuth2 client id and secret, exchanged at the token endpoint
 * (client_credentials, HTTP Basic, scope `news`) for a bearer token cached until shortly before it
 * expires. The spec's Alert.askNewsAlertId is an AskNews alert id; alerts are another module's job.
 */
export const ASKNEWS_NAME = "AskNews";
const LABEL = "AskNews";
const MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_WINDOW_MS = 7 * DAY_MS;
/** AskNews searches its latest news (48 hours) unless asked for its historical archive. */
const RECENT_MS = 2 * DAY_MS;
const MAX_ARTICLES = 50;
/** A token is renewed this long before it expires, so it never lapses mid-request. */
const TOKEN_SLACK_MS = 60_000;

export type AskNewsCredentials = { apiKey: string } | { clientId: string; clientSecret: string; tokenUrl: string };

const article = z.object({
  article_id: z.string().min(1),
  article_url: z.string().url(),
  title: z.string().min(1),
  eng_title: z.string().nullish(),
  summary: z.string().nullish(),
  key_points: z.array(z.string()).nullish(),
  pub_date: z.string(),
  source_id: z.string().nullish(),
  domain_url: z.string().nullish(),
  country: z.string().nullish(),
});
const answer = z.object({ as_dicts: z.array(z.unknown()).nullish() });
const token = z.object({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });

function normaliseAskNewsArticle(entry: unknown): IntelItem | null {
  const a = article.safeParse(entry);
  if (!a.success) return null;
  const publishedAt = toIso(a.data.pub_date);
  if (!publishedAt) return null;
  const host = (url: string) => {
    try {
      return new URL(url).hostname.replace(/^www\./, "");
    } catch {
      return "";
    }
  };
  return {
    id: `asknews:${a.data.article_id}`,
    source: "asknews",
    sourceName: ASKNEWS_NAME,
    kind: "news",
    // eng_title is the English translation of a foreign-language headline.
    title: plain(a.data.eng_title || a.data.title, 300),
    publisher: a.data.source_id || host(a.data.domain_url ?? "") || host(a.data.article_url),
    url: a.data.article_url,
    publishedAt,
    summary: plain(a.data.summary || (a.data.key_points ?? []).join(" ")),
    ...(a.data.country ? { area: a.data.country } : {}),
  };
}

/** `as_dicts` is null when AskNews found nothing. */
function parseAskNewsArticles(body: unknown): IntelItem[] {
  const parsed = answer.safeParse(body);
  return parseFeed(parsed.success ? (parsed.data.as_dicts ?? []) : null, normaliseAskNewsArticle, `${LABEL} answered articles in an unexpected shape.`);
}

type CachedToken = { value: string; expiresAt: number };
/** Per isolate, by token endpoint and client id: one token serves every request until it nears expiry. */
const tokens = new Map<string, CachedToken>();

async function bearer(credentials: AskNewsCredentials, settings: AdapterSettings, options: SearchOptions): Promise<{ value: string; cacheKey?: string }> {
  if ("apiKey" in credentials) return { value: credentials.apiKey };
  const cacheKey = `${credentials.tokenUrl}|${credentials.clientId}`;
  const now = nowOf(options);
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt > now) return { value: cached.value, cacheKey };
  const basic = btoa(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`);
  const body = await fetchJson(
    credentials.tokenUrl,
    {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        "user-agent": settings.userAgent,
      },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: "news" }).toString(),
    },
    { ...policyFor(LABEL, settings, options, 64 * 1024), label: `${LABEL} sign-in` },
  );
  const parsed = token.safeParse(body);
  if (!parsed.success) throw new SourceError("malformed", `${LABEL} sign-in answered no access token.`);
  const expiresIn = (parsed.data.expires_in ?? 3600) * 1000;
  tokens.set(cacheKey, { value: parsed.data.access_token, expiresAt: now + Math.max(0, expiresIn - TOKEN_SLACK_MS) });
  return { value: parsed.data.access_token, cacheKey };
}

/** Test-only: forget cached tokens, so a test sees the token exchange. */
export function clearAskNewsTokens(): void {
  tokens.clear();
}

function askNewsQuery(query: string, options: SearchOptions): URLSearchParams {
  const now = nowOf(options);
  const since = sinceMs(options, DEFAULT_WINDOW_MS);
  return new URLSearchParams({
    query: query.slice(0, 1000),
    n_articles: String(Math.min(Math.max(options.limit, 1), MAX_ARTICLES)),
    return_type: "dicts",
    method: "nl",
    start_timestamp: String(Math.floor(since / 1000)),
    end_timestamp: String(Math.floor(now / 1000)),
    historical: String(now - since > RECENT_MS),
  });
}

export function askNewsSource(settings: AdapterSettings, credentials: AskNewsCredentials): IntelSource {
  const search = async (query: string, options: SearchOptions, retried: boolean): Promise<IntelItem[]> => {
    const auth = await bearer(credentials, settings, options);
    try {
      const body = await fetchJson(
        `${joinUrl(settings.baseUrl, "/v1/news/search")}?${askNewsQuery(query, options)}`,
        { headers: { authorization: `Bearer ${auth.value}`, accept: "application/json", "user-agent": settings.userAgent } },
        policyFor(LABEL, settings, options, MAX_BYTES),
      );
      return parseAskNewsArticles(body).slice(0, options.limit);
    } catch (err) {
      // A cached token revoked early: exchange the credentials once more, as AskNews's own SDK does.
      if (err instanceof SourceError && err.kind === "auth" && auth.cacheKey && !retried) {
        tokens.delete(auth.cacheKey);
        return search(query, options, true);
      }
      throw err;
    }
  };
  return { id: "asknews", name: ASKNEWS_NAME, search: (query, options) => search(query, options, false) };
}
