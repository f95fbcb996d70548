import { escapeHtml } from "./markdown-html";
import { SHARE_CACHE_CONTROL } from "./edge-cache";
import { styleOnlyCsp } from "../lib/style-csp";

/**
 * The public share pages (a brief, a news alert): one static HTML document each,
 * with no app shell, no sign-in and no JavaScript. Readable on a phone (fluid width, system fonts),
 * printable (print rules drop the chrome and print link targets), never indexed (meta robots and
 * X-Robots-Tag) and under a CSP that allows nothing but its one inline stylesheet, by hash.
 */

export type SharePage = {
  /** What is shared, for the eyebrow and the <title>: "Intelligence brief". */
  kind: string;
  title: string;
  /** The instant the date line shows, with its label ("Last updated"); none for an alert with no summary yet. */
  date?: { label: string; at: Date };
  /** A short plain-text line under the date ("Updates are paused"). */
  note?: string;
  /** Already-escaped HTML of the body (markdownToHtml). */
  bodyHtml: string;
};

const STYLE = `
:root{color-scheme:light;--fg:#0f172a;--muted:#475569;--line:#e2e8f0;--accent:#1d4ed8;--soft:#f8fafc}
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:#fff;-webkit-text-size-adjust:100%}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header{border-bottom:1px solid var(--line);margin-bottom:1.5rem;padding-bottom:1rem}
.eyebrow{margin:0;font-size:.8rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--accent)}
h1{margin:.25rem 0 .5rem;font-size:1.6rem;line-height:1.25;overflow-wrap:anywhere}
.date{margin:0;color:var(--muted);font-size:.9rem}
article{overflow-wrap:anywhere}
article h2,article h3,article h4,article h5{line-height:1.3;margin:1.5rem 0 .5rem}
article h2{font-size:1.25rem}article h3{font-size:1.1rem}article h4,article h5{font-size:1rem}
article ul,article ol{padding-left:1.4rem}
article a{color:var(--accent)}
blockquote{margin:1rem 0;padding:.25rem 1rem;border-left:3px solid var(--line);color:var(--muted)}
hr{border:0;border-top:1px solid var(--line);margin:1.5rem 0}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--soft);padding:.1em .3em;border-radius:4px}
pre{background:var(--soft);padding:.75rem;border-radius:6px;overflow-x:auto}pre code{padding:0;background:none}
.table{overflow-x:auto;border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;vertical-align:top;padding:.4rem .6rem;border-bottom:1px solid var(--line)}th{background:var(--soft)}
.meta{margin:.25rem 0 1rem;color:var(--muted);font-size:.9rem}
.empty{padding:1rem;border:1px dashed var(--line);border-radius:6px;color:var(--muted)}
.earlier{margin-top:2.5rem;padding-top:1rem;border-top:1px solid var(--line)}
.earlier ol{list-style:none;padding:0;margin:0}.earlier li{padding:.5rem 0;border-bottom:1px solid var(--line)}
.earlier h3{margin:0;font-size:1rem;line-height:1.4}.earlier .meta{margin:0}
footer{margin-top:2.5rem;padding-top:1rem;border-top:1px solid var(--line);color:var(--muted);font-size:.8rem}
@media (min-width:768px){main{padding:3rem 1.5rem 4rem}h1{font-size:2rem}}
@media print{
@page{margin:18mm}
body{font-size:11pt;color:#000}
main{max-width:none;padding:0}
.eyebrow,article a{color:#000}
article a[href]::after{content:" (" attr(href) ")";font-size:.85em;overflow-wrap:anywhere}
pre,table,tr,img{break-inside:avoid}h2,h3,h4,h5{break-after:avoid}
.table{overflow:visible;border:0}
footer{border-color:#999}
}`.trim();

/** Nothing may load or run but the hashed stylesheet (and the site icon). */
function sharePageCsp(): Promise<string> {
  return styleOnlyCsp(STYLE);
}

// Fixed locale and zone: the page reads the same wherever it is rendered or cached.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** A <time> element; `withTime` for instants within a day (an hourly alert's trigger dates), in UTC. */
export function timeHtml(at: Date, withTime = false): string {
  // The clock part from the ISO string: ICU versions disagree on how a date joins its time.
  const text = withTime ? `${dateFormat.format(at)}, ${at.toISOString().slice(11, 16)} UTC` : dateFormat.format(at);
  return `<time datetime="${at.toISOString()}">${escapeHtml(text)}</time>`;
}

function documentHtml(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
${main}
<footer>Shared from Readyroom. The person who shared this page can withdraw it at any time.</footer>
</main>
</body>
</html>
`;
}

async function headers(cacheControl: string): Promise<Headers> {
  return new Headers({
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": await sharePageCsp(),
    "x-robots-tag": "noindex, nofollow, noarchive",
    // The address is the secret: no page a reader follows a link to learns it.
    "referrer-policy": "no-referrer",
    "cache-control": cacheControl,
  });
}

/** A page as it is stored (worker/share/stored-page.ts): its <title> and its <main>; the shell is added when served. */
export type RenderedPage = { title: string; main: string };

/** The page's header and article: everything a page shows that comes from what is shared. */
export function renderSharePage(page: SharePage): RenderedPage {
  const main = `<header>
<p class="eyebrow">${escapeHtml(page.kind)}</p>
<h1>${escapeHtml(page.title)}</h1>
${page.date ? `<p class="date">${escapeHtml(page.date.label)} ${timeHtml(page.date.at)}</p>\n` : ""}${page.note ? `<p class="date">${escapeHtml(page.note)}</p>\n` : ""}</header>
<article>
${page.bodyHtml}
</article>`;
  return { title: `${page.title} · ${page.kind}`, main };
}

/** A stored page in the shell, cached at the edge like every page that shows something. */
export async function renderedPageResponse(page: RenderedPage): Promise<Response> {
  return new Response(documentHtml(page.title, page.main), { status: 200, headers: await headers(SHARE_CACHE_CONTROL) });
}

/** A page of Readyroom's own rather than of something shared: a heading and what to do. */
function noticePage(title: string, heading: string, text: string): RenderedPage {
  const main = `<header>
<p class="eyebrow">Readyroom</p>
<h1>${escapeHtml(heading)}</h1>
</header>
<article>
<p>${escapeHtml(text)}</p>
</article>`;
  return { title, main };
}

/**
 * What a page whose render failed (it threw, outgrew its budget or never finished) shows until what
 * is shared changes: stored in its place, so the render is not tried again for each reader.
 */
export const RENDER_FAILED_PAGE: RenderedPage = noticePage(
  "Page not available · Readyroom",
  "This page could not be displayed",
  "What was shared is too long or too complex to show here. Ask the person who shared it to shorten it and share it again, or to send it to you another way.",
);

/**
 * The page while its first render runs in another request (milliseconds, normally): asked to come
 * back rather than rendering it again here. Never cached.
 */
export async function sharePreparingResponse(): Promise<Response> {
  const page = noticePage("Page being prepared · Readyroom", "This page is being prepared", "Reload it in a moment.");
  const res = new Response(documentHtml(page.title, page.main), { status: 503, headers: await headers("no-store") });
  res.headers.set("retry-after", "2");
  return res;
}

/**
 * One answer for every token that shows nothing: unknown, malformed, revoked or rotated away. It
 * says no more than that, so it confirms nothing about which case it was.
 */
export async function shareNotFoundResponse(): Promise<Response> {
  const page = noticePage(
    "Page not available · Readyroom",
    "This page is not available",
    "The link may be mistyped, or the person who shared it has stopped sharing it or replaced it with a new link. Ask them for the current link.",
  );
  return new Response(documentHtml(page.title, page.main), { status: 404, headers: await headers("no-store") });
}
