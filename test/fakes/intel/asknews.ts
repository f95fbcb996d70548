import { json, providerFake } from "./scenario.ts";

/**
 * Fake AskNews API:
 *   POST /oauth2/token   client_credentials with HTTP Basic client id/secret → { access_token,
 *                        token_type, expires_in, scope }
 *   GET  /v1/news/search query, n_articles, start_timestamp, end_timestamp, return_type, method,
 *                        historical → { as_dicts: [Article], as_string, offset }
 * Authorization is `Bearer <ASKNEWS_TEST_KEY>` (an API key) or a token this fake issued; anything
 * else is 401 as AskNews answers. Matching is any query word of four letters or more in the title
 * or summary (AskNews's search is semantic; this is the closest cheap stand-in).
 */
export const ASKNEWS_TEST_KEY = "asknews-test-key";
export const ASKNEWS_CLIENT = { id: "asknews-client", secret: "asknews-secret" };

const issued = new Set<string>();
let tokenCount = 0;

const article = (id: string, p: Record<string, unknown>) => ({
  article_url: "",
  article_id: id,
  classification: "Climate",
  country: "US",
  source_id: "",
  page_rank: 120,
  domain_url: "",
  eng_title: "",
  entities: { Location: ["Brackwater County"], Organization: [] },
  image_url: null,
  keywords: ["flood"],
  language: "en",
  pub_date: "",
  summary: "",
  key_points: [],
  title: "",
  sentiment: -1,
  markdown_citation: "",
  provocative: "low",
  reporting_voice: "Objective",
  continent: "North America",
  as_string_key: `<doc>${id}</doc>`,
  ...p,
});

export const ASKNEWS_ARTICLES = [
  article("6f1c2a9e-0b7d-4d8e-9a51-2f4b8c1d0e01", {
    article_url: "https://www.seattletimes.example/weather/levee-inspections-flood",
    source_id: "seattletimes",
    domain_url: "https://www.seattletimes.example",
    title: "Levee inspections ordered as flood waters rise",
    eng_title: "Levee inspections ordered as flood waters rise",
    pub_date: "2026-03-02T06:30:00+00:00",
    summary: "State engineers ordered inspections of three levees on the Brackwater River as rain continued.",
  }),
  article("6f1c2a9e-0b7d-4d8e-9a51-2f4b8c1d0e02", {
    article_url: "https://www.kxly.example/county-opens-shelters",
    source_id: "kxly",
    domain_url: "https://www.kxly.example",
    title: "County opens emergency shelters ahead of flood",
    eng_title: "County opens emergency shelters ahead of flood",
    pub_date: "2026-03-02T05:00:00+00:00",
    summary: "",
    key_points: ["Two shelters open in Millbrook.", "Residents near the river are urged to prepare."],
  }),
  article("6f1c2a9e-0b7d-4d8e-9a51-2f4b8c1d0e03", {
    article_url: "https://www.lemonde.example/inondations",
    source_id: "lemonde",
    domain_url: "https://www.lemonde.example",
    country: "FR",
    language: "fr",
    title: "Inondations : alerte rouge dans le sud-ouest",
    eng_title: "Floods: red alert in the south-west",
    pub_date: "2026-02-27T10:00:00+00:00",
    summary: "Meteo-France placed two departments on red flood alert.",
  }),
];

function authorised(header: string | undefined): boolean {
  const token = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  return Boolean(token && (token === ASKNEWS_TEST_KEY || issued.has(token)));
}

export const asknewsFake = providerFake("asknews", ({ path, query, req, res, body }) => {
  if (req.method === "POST" && path === "/oauth2/token") {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [id, secret] = basic ? Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent) : [];
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "client_credentials") {
      json(res, 400, { error: "unsupported_grant_type" });
    } else if (id !== ASKNEWS_CLIENT.id || secret !== ASKNEWS_CLIENT.secret) {
      json(res, 401, { error: "invalid_client", error_description: "Client authentication failed." });
    } else {
      const token = `fake-asknews-token-${++tokenCount}`;
      issued.add(token);
      json(res, 200, { access_token: token, token_type: "bearer", expires_in: 3599, scope: form.get("scope") ?? "news" });
    }
    return true;
  }
  if (req.method !== "GET" || path !== "/v1/news/search") return false;
  if (!authorised(req.headers.authorization)) {
    json(res, 401, { detail: "Unauthorized", code: 401001 });
    return true;
  }
  const words = (query.get("query") ?? "").toLowerCase().match(/[a-z]{4,}/g) ?? [];
  const start = Number(query.get("start_timestamp") ?? 0) * 1000;
  const end = query.has("end_timestamp") ? Number(query.get("end_timestamp")) * 1000 : Infinity;
  const n = Number(query.get("n_articles") ?? 10);
  const found = ASKNEWS_ARTICLES.filter((a) => {
    const at = Date.parse(a.pub_date);
    const text = `${a.eng_title} ${a.summary} ${(a.key_points as string[]).join(" ")}`.toLowerCase();
    return at >= start && at <= end && words.some((w) => text.includes(w));
  }).slice(0, n);
  const type = query.get("return_type") ?? "string";
  json(res, 200, {
    as_dicts: type === "string" ? null : found,
    as_string: type === "dicts" ? null : found.map((a) => a.as_string_key).join("\n"),
    offset: found.length,
  });
  return true;
});
