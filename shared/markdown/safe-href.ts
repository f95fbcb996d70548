/**
 * The one filter for every link the app renders from text it did not write (model answers,
 * third-party citation URLs, shared briefs and alerts): http(s) and mailto URLs, and relative ones
 * that stay on the page's origin (a path, `?query` or `#fragment`). No dependencies, so the browser
 * can use it without loading the Markdown parser.
 *
 * It reads a URL as a browser would: browsers drop tabs and newlines anywhere in a URL
 * (`java\tscript:`), and strip leading spaces and controls; they read `\` as `/` in http(s) URLs
 * (`/\host` is `//host`, another host). So any control character or backslash inside refuses the
 * link, as do `<`, `>` and `"`, which no URL needs raw (a space inside is sent percent-encoded, and
 * ends no scheme: `java script:` is a path). What is left has a scheme only
 * if it starts with letters then `:` (so `javascript&#58;` or `java%73cript:` are relative paths
 * to a browser, and harmless); a scheme other than http(s) or mailto, and `//host`, are refused.
 * Character references are not decoded here: the Markdown parser decodes them before it asks.
 */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (!h || UNSAFE_CHAR.test(h)) return null;
  if (SCHEME.test(h)) return ALLOWED_ABSOLUTE.test(h) ? h : null;
  return h.startsWith("//") ? null : h;
}

/** Control characters (C0 with tab and newlines, DEL, C1), backslash, `<`, `>` and `"`. */
const UNSAFE_CHAR = /[\p{Cc}\\<>"]/u;
const SCHEME = /^[a-z][\d+.a-z-]*:/i;
const ALLOWED_ABSOLUTE = /^(?:https?:\/\/|mailto:)./i;
