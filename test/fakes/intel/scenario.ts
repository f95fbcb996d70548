import type http from "node:http";

/**
 * Fault scenarios shared by the intelligence source fakes (asknews, gdelt, nws, usgs, openfema),
 * chosen by the base URL a test configures, so tests running side by side never share state:
 *
 *   {origin}/nws/alerts/active                      the real protocol, answered normally
 *   {origin}/nws/~<scenario>[x<n>].<key>/alerts/active
 *
 *   ok           answer normally (with a key: the request is logged, see below)
 *   429          429 with Retry-After: 1              429-long   429 with Retry-After: 120
 *   500          500                                   slow       no answer until the client gives up (≤ 10 s)
 *   malformed    200 with a body that is not JSON      wrong-shape 200 with JSON of another shape
 *   huge         200 with a 3 MB JSON body
 *   recent       answer normally, with the items re-dated to just before the request's window end
 *                (for runs on the real clock, e.g. the e2e journeys; fakes that support it say so)
 *   hostile-links  answer normally, but the items link to javascript: and data: URLs (GDELT)
 *
 * With `x<n>` only the first n requests of that key fail, then the fake answers normally
 * (retries then success). Requests of a key are logged: GET /__fake/intel/requests?key=<key>
 * returns [{ method, url, headers, body }], the url without the scenario segment.
 */
export type Scenario = { name: string; times: number | null; key: string | null };

const NAMES = new Set(["ok", "recent", "hostile-links", "429", "429-long", "500", "slow", "malformed", "wrong-shape", "huge"]);
const counts = new Map<string, number>();
const log = new Map<string, { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[]>();

/**
 * Splits `/{prefix}/~scenario.key/rest?query` into the scenario and `/rest?query`; null when the
 * URL is not under the prefix. A malformed scenario segment throws (a test typo should be loud).
 */
export function route(url: string, prefix: string): { scenario: Scenario | null; path: string; query: URLSearchParams } | null {
  if (!url.startsWith(`/${prefix}/`) && url !== `/${prefix}`) return null;
  let rest = url.slice(prefix.length + 1);
  let scenario: Scenario | null = null;
  const m = /^\/~([a-z0-9-]+?)(?:x(\d+))?(?:\.([A-Za-z0-9_-]+))?(?=\/|\?|$)/.exec(rest);
  if (m) {
    if (!NAMES.has(m[1]!)) throw new Error(`fake intel: unknown scenario ${m[1]}`);
    scenario = { name: m[1]!, times: m[2] ? Number(m[2]) : null, key: m[3] ?? null };
    rest = rest.slice(m[0].length) || "/";
  }
  const parsed = new URL(rest, "http://fake");
  return { scenario, path: parsed.pathname, query: parsed.searchParams };
}

export function logRequest(scenario: Scenario | null, req: http.IncomingMessage, url: string, body: string) {
  if (!scenario?.key) return;
  const list = log.get(scenario.key) ?? [];
  list.push({ method: req.method ?? "GET", url, headers: req.headers, body });
  log.set(scenario.key, list);
}

/** Answers the fault when the scenario calls for one now; false means "answer normally". */
export async function fault(scenario: Scenario | null, req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  if (!scenario || scenario.name === "ok" || scenario.name === "recent" || scenario.name === "hostile-links") return false;
  if (scenario.times !== null) {
    const id = `${scenario.name}x${scenario.times}.${scenario.key}`;
    const seen = counts.get(id) ?? 0;
    counts.set(id, seen + 1);
    if (seen >= scenario.times) return false;
  }
  switch (scenario.name) {
    case "429":
    case "429-long":
      res.writeHead(429, { "content-type": "application/json", "retry-after": scenario.name === "429" ? "1" : "120" });
      res.end(JSON.stringify({ error: "Too Many Requests" }));
      return true;
    case "500":
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Internal Server Error" }));
      return true;
    case "slow":
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        res.on("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (!res.writableEnded && !res.destroyed) {
        res.writeHead(504);
        res.end();
      }
      return true;
    case "malformed":
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"features": [{"id": "cut off');
      return true;
    case "wrong-shape":
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: { results: "none" }, features: "n/a", articles: 7, as_dicts: "no", DisasterDeclarationsSummaries: null }));
      return true;
    case "huge":
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ padding: "x".repeat(3 * 1024 * 1024) }));
      return true;
  }
  return false;
}

export function json(res: http.ServerResponse, status: number, body: unknown, type = "application/json") {
  res.writeHead(status, { "content-type": type });
  res.end(JSON.stringify(body));
}

/** GET /__fake/intel/requests?key=… */
export function requestLogRoute(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = new URL(req.url ?? "/", "http://fake");
  if (req.method !== "GET" || url.pathname !== "/__fake/intel/requests") return false;
  json(res, 200, log.get(url.searchParams.get("key") ?? "") ?? []);
  return true;
}

/**
 * A provider fake: routes its prefix, logs, applies the scenario, then answers with `handle`
 * (which returns false for a path it does not know: a 404 like the real service).
 */
export function providerFake(
  prefix: string,
  handle: (ctx: {
    path: string;
    query: URLSearchParams;
    req: http.IncomingMessage;
    res: http.ServerResponse;
    body: string;
    scenario: Scenario | null;
  }) => boolean | Promise<boolean>,
) {
  return async (req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<boolean> => {
    let r: ReturnType<typeof route>;
    try {
      r = route(req.url ?? "/", prefix);
    } catch (err) {
      json(res, 400, { error: String(err) });
      return true;
    }
    if (!r) return false;
    logRequest(r.scenario, req, `${r.path}${r.query.size ? `?${r.query}` : ""}`, body);
    if (await fault(r.scenario, req, res)) return true;
    if (!(await handle({ path: r.path, query: r.query, req, res, body, scenario: r.scenario })))
      json(res, 404, { error: `fake ${prefix}: no route for ${req.method} ${r.path}` });
    return true;
  };
}
