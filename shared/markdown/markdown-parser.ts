import MarkdownIt, { type Options, type StateBlock, type StateInline, type Token } from "markdown-it";

/**
 * The app's one Markdown parser (decision 0019): markdown-it, CommonMark plus GFM tables, for model
 * answers, briefs and alert summaries (shared/markdown/markdown.ts turns its tokens into the tree both
 * renderers print) and for uploaded .md files (worker/documents/parse/markdown.ts). Its parsing is
 * linear in the input. Configured here once:
 * - raw HTML is off: `<script>` stays text, which the renderers escape;
 * - links: the tree keeps one only if its destination passes `safeHref` (http(s), mailto,
 *   relative), else only its text;
 * - no images (nothing loads from a URL in the text: `![x](u)` reads as "!" and a link), no
 *   strikethrough (`~~` stays text), no reference definitions (a model's "[1]: https://…" source
 *   line stays visible, as before);
 * - `[n]` and `[1, 2]` are text, never a link label, so citation markers survive for answerParts;
 * - containers (quotes, lists) nest at most MAX_PARSE_NESTING levels; what is deeper stays as text.
 */

/**
 * markdown-it's bound on nesting (its default is 100): containers deeper than this are read as
 * text, and inline it bounds how far a link label is looked into (a run of "[" costs about twice
 * this many steps a character). 8 holds four levels of lists, more than the renderers draw.
 */
const MAX_PARSE_NESTING = 8;

// maxNesting is a markdown-it option its type declarations leave out.
const options: Options & { maxNesting: number } = { html: false, linkify: false, typographer: false, breaks: false, maxNesting: MAX_PARSE_NESTING };
const md = new MarkdownIt("default", options).disable(["image", "strikethrough", "reference"]);

// Every syntactic link becomes a link token; shared/markdown/markdown.ts keeps only those safeHref allows
// and, for the others, only their text ("[click](javascript:…)" reads "click", as before). Refused
// here, markdown-it would show the whole Markdown source of the link instead. What the filter sees
// is the destination with character references decoded (`&#106;avascript:` is `javascript:`).
md.validateLink = () => true;

/** A citation marker: `[3]`, `[1, 2]` (answerParts' form). Sticky: tried only where the parser stands. */
const CITATION = /\[\d+(?:\s*,\s*\d+)*\]/y;

function citationMarker(state: StateInline, silent: boolean): boolean {
  // Silent is a link label being measured: there a marker must read as plain brackets, or
  // "[see [2]](url)" would look like a link inside a link and not be one.
  if (silent || state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
  CITATION.lastIndex = state.pos;
  const marker = CITATION.exec(state.src);
  if (!marker) return false;
  state.pending += marker[0];
  state.pos += marker[0].length;
  return true;
}
md.inline.ruler.before("link", "citation_marker", citationMarker);

/**
 * A paragraph (or cell, or heading) with more than this many emphasis delimiters or link brackets
 * is read with them as plain text. markdown-it stays linear on such runs, but each "*", "_" or "["
 * costs it ~5x what prose does (a delimiter record, a trial link), so 50,000 of them cost 5-9x a
 * normal brief of the same size; with the bound, the worst input is within 3x (npm run bench,
 * section markdown). No one writes a thousand markers in one paragraph: a model answer or a brief
 * has a few dozen.
 */
export const MAX_MARKERS_PER_INLINE = 1_000;

/** The same parser with emphasis and links off: what a paragraph past the bound is read with. */
const plain = new MarkdownIt("default", options).disable(["image", "strikethrough", "reference", "emphasis", "link"]);
plain.validateLink = md.validateLink;
plain.inline.ruler.before("autolink", "citation_marker", citationMarker);

/** Emphasis delimiters and link openers in `text`, counted until the bound is passed. */
function pastMarkerBound(text: string): boolean {
  let markers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 0x2a /* * */ || c === 0x5f /* _ */ || c === 0x5b) /* [ */ && ++markers > MAX_MARKERS_PER_INLINE) return true;
  }
  return false;
}

// markdown-it's own "inline" core rule, choosing the parser per inline token.
md.core.ruler.at("inline", (state) => {
  for (const token of state.tokens) {
    if (token.type !== "inline") continue;
    const parser = pastMarkerBound(token.content) ? plain.inline : state.md.inline;
    parser.parse(token.content, state.md, state.env, token.children ?? (token.children = []));
  }
});

// Past its nesting bound markdown-it drops the rest of the container; here it stays, as one
// paragraph of text (50,000 ">" still show the words after them).
const tokenize = md.block.tokenize.bind(md.block);
md.block.tokenize = (state: StateBlock, startLine: number, endLine: number) => {
  if (state.level < MAX_PARSE_NESTING) return tokenize(state, startLine, endLine);
  const text = state.getLines(startLine, endLine, state.blkIndent, false).trim();
  state.line = endLine;
  if (!text) return;
  const open = state.push("paragraph_open", "p", 1);
  open.map = [startLine, endLine];
  const inline = state.push("inline", "", 0);
  inline.content = text;
  inline.map = [startLine, endLine];
  inline.children = [];
  state.push("paragraph_close", "p", -1);
};

/** The block tokens of `source` (each "inline" token's children are its inline tokens). */
export function markdownTokens(source: string): Token[] {
  return md.parse(source, {});
}

export type { Token };
