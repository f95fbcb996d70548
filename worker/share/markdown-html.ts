import { parseMarkdown, type Block, type Inline, type ListBlock } from "../../shared/markdown/markdown";
import { safeHref } from "../../shared/markdown/safe-href";

/**
 * Markdown as HTML for the public share pages, which are static HTML with no React and no script.
 * The parsing is the app's one Markdown parser (shared/markdown/markdown.ts, as the Ask view renders it);
 * this only prints its tree, escaping every piece of text and attribute, so HTML in the source
 * stays visible text and only http(s), mailto and relative links (safeHref) survive.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

const ESCAPED = /[&<>"']/;

export function escapeHtml(text: string): string {
  return ESCAPED.test(text) ? text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!) : text;
}

/** Where each [n] citation marker points (an alert summary's numbered Sources list). */
export type CitationLinks = ReadonlyMap<number, string>;

type Options = { citations?: CitationLinks };

// noreferrer: the page's address is the share token; it must not leak to the linked site. Every
// link of a share page is printed here, so the filter is applied here too (a citation's link
// comes from a third party): one it refuses leaves the text unlinked.
const anchor = (href: string, inner: string) => {
  const safe = safeHref(href);
  return safe ? `<a href="${escapeHtml(safe)}" rel="noopener noreferrer nofollow">${inner}</a>` : inner;
};

/** Escaped text with each known [n] (or [n, m]) marker's numbers as links to their sources. */
function textHtml(text: string, citations: CitationLinks | undefined): string {
  const escaped = escapeHtml(text);
  if (!citations?.size) return escaped;
  return escaped.replace(/\[(\d+(?:\s*,\s*\d+)*)\]/g, (_marker, list: string) => {
    const parts = list.split(",").map((n) => {
      const href = citations.get(Number(n.trim()));
      return href ? anchor(href, n.trim()) : n.trim();
    });
    return `[${parts.join(", ")}]`;
  });
}

function inline(nodes: Inline[], options: Options, inLink = false): string {
  // One string built as it goes (no array per node): an adversarial brief has ~25,000 of them.
  let html = "";
  for (const node of nodes) {
    switch (node.kind) {
      case "text":
        // No link inside a link: a marker in a link's label stays text.
        html += textHtml(node.text, inLink ? undefined : options.citations);
        break;
      case "strong":
        html += `<strong>${inline(node.children, options, inLink)}</strong>`;
        break;
      case "em":
        html += `<em>${inline(node.children, options, inLink)}</em>`;
        break;
      case "code":
        html += `<code>${escapeHtml(node.text)}</code>`;
        break;
      case "link":
        html += anchor(node.href, inline(node.children, options, true));
        break;
    }
  }
  return html;
}

const row = (cells: Inline[][], tag: "th" | "td", o: Options) =>
  `<tr>${cells.map((c) => `<${tag}${tag === "th" ? ' scope="col"' : ""}>${inline(c, o)}</${tag}>`).join("")}</tr>`;

/** A list and the lists nested in its items (the parser bounds the depth). */
function list(b: ListBlock, o: Options): string {
  const tag = b.ordered ? "ol" : "ul";
  return `<${tag}>${b.items.map((item) => `<li>${inline(item.children, o)}${item.sublist ? list(item.sublist, o) : ""}</li>`).join("")}</${tag}>`;
}

function block(b: Block, o: Options): string {
  switch (b.kind) {
    case "heading": {
      // The page's title is the h1, so the content's "#" starts at h2.
      const tag = `h${b.level + 1}`;
      return `<${tag}>${inline(b.children, o)}</${tag}>`;
    }
    case "paragraph":
      return `<p>${inline(b.children, o).replace(/\n/g, "<br>")}</p>`;
    case "list":
      return list(b, o);
    case "quote":
      return `<blockquote>${b.children.map((c) => block(c, o)).join("\n")}</blockquote>`;
    case "table":
      return `<div class="table"><table><thead>${row(b.header, "th", o)}</thead><tbody>${b.rows.map((r) => row(r, "td", o)).join("")}</tbody></table></div>`;
    case "code":
      return `<pre><code>${escapeHtml(b.text)}</code></pre>`;
    case "rule":
      return "<hr>";
  }
}

export function markdownToHtml(source: string, options: Options = {}): string {
  return parseMarkdown(source)
    .map((b) => block(b, options))
    .join("\n");
}
