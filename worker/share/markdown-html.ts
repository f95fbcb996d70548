import { parseMarkdown, type Block, type Inline, type ListBlock } from "../../web/lib/markdown";

/**
 * Markdown as HTML for the public share pages, which are static HTML with no React and no script.
 * The parsing is the app's one Markdown subset (web/lib/markdown.ts, as the Ask view renders it);
 * this only prints its tree, escaping every piece of text and attribute, so HTML in the source
 * stays visible text and only http(s)/mailto links (safeHref) survive.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

function inline(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.kind) {
        case "text":
          return escapeHtml(node.text);
        case "strong":
          return `<strong>${inline(node.children)}</strong>`;
        case "em":
          return `<em>${inline(node.children)}</em>`;
        case "code":
          return `<code>${escapeHtml(node.text)}</code>`;
        case "link":
          // noreferrer: the page's address is the share token; it must not leak to the linked site.
          return `<a href="${escapeHtml(node.href)}" rel="noopener noreferrer nofollow">${inline(node.children)}</a>`;
      }
    })
    .join("");
}

const row = (cells: Inline[][], tag: "th" | "td") => `<tr>${cells.map((c) => `<${tag}${tag === "th" ? ' scope="col"' : ""}>${inline(c)}</${tag}>`).join("")}</tr>`;

/** A list and the lists nested in its items (the parser bounds the depth). */
function list(b: ListBlock): string {
  const tag = b.ordered ? "ol" : "ul";
  return `<${tag}>${b.items.map((item) => `<li>${inline(item.children)}${item.sublist ? list(item.sublist) : ""}</li>`).join("")}</${tag}>`;
}

function block(b: Block): string {
  switch (b.kind) {
    case "heading": {
      // The page's title is the h1, so the content's "#" starts at h2.
      const tag = `h${b.level + 1}`;
      return `<${tag}>${inline(b.children)}</${tag}>`;
    }
    case "paragraph":
      return `<p>${inline(b.children).replace(/\n/g, "<br>")}</p>`;
    case "list":
      return list(b);
    case "quote":
      return `<blockquote>${b.children.map(block).join("\n")}</blockquote>`;
    case "table":
      return `<div class="table"><table><thead>${row(b.header, "th")}</thead><tbody>${b.rows.map((r) => row(r, "td")).join("")}</tbody></table></div>`;
    case "code":
      return `<pre><code>${escapeHtml(b.text)}</code></pre>`;
  }
}

export function markdownToHtml(source: string): string {
  return parseMarkdown(source).map(block).join("\n");
}
