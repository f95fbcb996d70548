import { providerFake } from "./scenario.ts";

/**
 * Fake GDELT DOC 2.0 API: GET /api/v2/doc/doc?query&mode=artlist&format=json&maxrecords&sort&
 * startdatetime&enddatetime → { articles: [{ url, url_mobile, title, seendate, socialimage,
 * domain, language, sourcecountry }] }, or `{}` when nothing matches — as the real one answers.
 * Matching here is every term (AND, quoted phrases whole) in the title. Like the real API it
 * answers 200 with a plain-text complaint for a term under three characters. Under the `recent`
 * scenario the articles are re-dated so the newest was seen an hour before `enddatetime`.
 */
export const GDELT_ARTICLES = [
  {
    url: "https://www.brackwaterherald.example/news/2026/03/02/river-crest-forecast",
    url_mobile: "",
    title: "Brackwater River expected to crest above flood stage Tuesday",
    seendate: "20260302T091500Z",
    socialimage: "",
    domain: "brackwaterherald.example",
    language: "English",
    sourcecountry: "United States",
  },
  {
    // The same story AskNews returns, linked with tracking parameters.
    url: "https://www.seattletimes.example/weather/levee-inspections-flood?utm_source=gdelt&utm_medium=feed",
    url_mobile: "",
    title: "Levee inspections ordered as flood waters rise",
    seendate: "20260302T070000Z",
    socialimage: "",
    domain: "seattletimes.example",
    language: "English",
    sourcecountry: "United States",
  },
  {
    // A syndicated copy of an AskNews story: same headline, another outlet.
    url: "https://news.syndicate.example/a/8812",
    url_mobile: "",
    title: "County opens emergency shelters ahead of flood - Syndicate News",
    seendate: "20260302T064500Z",
    socialimage: "",
    domain: "news.syndicate.example",
    language: "English",
    sourcecountry: "United States",
  },
  {
    url: "https://www.example-wire.example/world/flood-relief-appeal",
    url_mobile: "",
    title: "Flood relief appeal launched for coastal towns",
    seendate: "20260220T120000Z",
    socialimage: "",
    domain: "example-wire.example",
    language: "English",
    sourcecountry: "United Kingdom",
  },
];

const stamp = (compact: string) => compact.replace(/^(\d{8})(\d{6})$/, "$1T$2Z");

const compactOf = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, "");
const msOf = (compact: string) => Date.parse(stamp(compact).replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));

/** The articles shifted so the newest was seen one hour before `end` (compact GDELT time). */
function redated(end: string) {
  const newest = Math.max(...GDELT_ARTICLES.map((a) => msOf(a.seendate)));
  const shift = msOf(end) - 3_600_000 - newest;
  return GDELT_ARTICLES.map((a) => ({ ...a, seendate: compactOf(msOf(a.seendate) + shift) }));
}

/** What a hostile or broken feed links its articles to (scenario hostile-links): schemes no page may follow. */
export const HOSTILE_URLS = ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "JaVaScRiPt:alert(2)", "vbscript:msgbox(1)"];

export const gdeltFake = providerFake("gdelt", ({ path, query, req, res, scenario }) => {
  if (req.method !== "GET" || path !== "/api/v2/doc/doc") return false;
  const q = query.get("query") ?? "";
  const terms = [...q.matchAll(/"([^"]+)"|(\S+)/g)].map((m) => (m[1] ?? m[2]!).toLowerCase());
  if (terms.length === 0 || terms.some((t) => t.length < 3)) {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("The specified phrase is too short.");
    return true;
  }
  if (query.get("mode") !== "artlist" || query.get("format") !== "json") {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("Invalid mode or format.");
    return true;
  }
  const start = stamp(query.get("startdatetime") ?? "00000000000000");
  const end = stamp(query.get("enddatetime") ?? "99999999999999");
  const max = Math.min(Number(query.get("maxrecords") ?? 75), 250);
  const pool =
    scenario?.name === "recent" && query.get("enddatetime")
      ? redated(query.get("enddatetime")!)
      : scenario?.name === "hostile-links"
        ? GDELT_ARTICLES.map((a, i) => ({ ...a, url: HOSTILE_URLS[i % HOSTILE_URLS.length]! }))
        : GDELT_ARTICLES;
  const articles = pool
    .filter((a) => terms.every((t) => a.title.toLowerCase().includes(t)) && a.seendate >= start && a.seendate <= end)
    .sort((a, b) => b.seendate.localeCompare(a.seendate))
    .slice(0, max);
  res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(articles.length ? { articles } : {}));
  return true;
});
