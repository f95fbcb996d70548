import { markdownTokens, type Token } from "./markdown-parser";
import { safeHref } from "./safe-href";

/**
 * Model answers, briefs and alert summaries as a tree of blocks and inlines, which the Ask view
 * renders as React elements (web/components/ask/markdown-blocks.tsx) and share pages print as
 * escaped HTML (worker/share/markdown-html.ts) — never an HTML string from the parser, so raw HTML
 * in the text stays visible text and cannot run. The parsing is markdown-it's (markdown-parser.ts:
 * CommonMark and GFM tables, linear in the input, links only through safeHref); this folds its
 * tokens into what the renderers draw: headings, paragraphs, bullet and numbered lists (nested
 * MAX_NESTING deep), block quotes (likewise), tables, code, rules, **bold**, *italic*, `code` and
 * links. [n] citation markers are left in the text for answerParts.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "em"; children: Inline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: Inline[] };

type ListItem = { children: Inline[]; sublist?: ListBlock };
export type ListBlock = { kind: "list"; ordered: boolean; items: ListItem[] };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3 | 4; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | ListBlock
  | { kind: "quote"; children: Block[] }
  | { kind: "table"; header: Inline[][]; rows: Inline[][][] }
  | { kind: "code"; text: string }
  | { kind: "rule" };

/** Model answers are bounded (a few thousand tokens); this bounds a pasted history message too. */
const MAX_MARKDOWN_CHARS = 60_000;
/** Bold in italic in a link…: wrappers deeper than this keep only their text. */
const MAX_INLINE_DEPTH = 4;
/** Lists inside lists and quotes inside quotes stop nesting here (deeper ones read as their parent level). */
const MAX_NESTING = 3;

export function parseMarkdown(source: string): Block[] {
  return blocks(nest(markdownTokens(source.slice(0, MAX_MARKDOWN_CHARS))), 0);
}

/** A token and, for an opening one, what lies between it and its closing token. */
type Node = { token: Token; children: Node[] };

/**
 * markdown-it's flat block tokens (opening, closing and single ones) as a tree, built without
 * recursion; the parser bounds how deep it goes (MAX_PARSE_NESTING), so the converters below may
 * recurse over it.
 */
function nest(tokens: readonly Token[]): Node[] {
  const root: Node[] = [];
  const open: Node[][] = [root];
  for (const token of tokens) {
    if (token.nesting === -1) {
      if (open.length > 1) open.pop();
      continue;
    }
    const node: Node = { token, children: [] };
    open[open.length - 1]!.push(node);
    if (token.nesting === 1) open.push(node.children);
  }
  return root;
}

const is = (node: Node, type: string) => node.token.type === type;

function blocks(nodes: readonly Node[], quoteDepth: number): Block[] {
  return nodes.flatMap((node) => block(node, quoteDepth));
}

function block(node: Node, quoteDepth: number): Block[] {
  switch (node.token.type) {
    case "paragraph_open":
      return [{ kind: "paragraph", children: inlineOf(node, "\n") }];
    case "heading_open":
      return [{ kind: "heading", level: Math.min(Number(node.token.tag.slice(1)) || 1, 4) as 1 | 2 | 3 | 4, children: inlineOf(node, " ") }];
    case "bullet_list_open":
    case "ordered_list_open":
      return [list(node, 0)];
    case "blockquote_open":
      // Deeper than MAX_NESTING, a quote's blocks join the quote around it.
      return quoteDepth < MAX_NESTING ? [{ kind: "quote", children: blocks(node.children, quoteDepth + 1) }] : blocks(node.children, quoteDepth);
    case "table_open":
      return [table(node)];
    case "fence":
    case "code_block":
      return [{ kind: "code", text: node.token.content.replace(/\n$/, "") }];
    case "hr":
      return [{ kind: "rule" }];
    default:
      return [];
  }
}

/**
 * A list item is its text and at most one nested list (the tree's shape): the item's paragraphs
 * (and anything else but a list) become its text, joined by spaces; a nested list deeper than
 * MAX_NESTING, or a second one of the other kind, joins that text too.
 */
function list(node: Node, depth: number): ListBlock {
  const ordered = is(node, "ordered_list_open");
  const items = node.children
    .filter((item) => is(item, "list_item_open"))
    .map((item) => {
      const out: ListItem = { children: [] };
      for (const child of item.children) {
        const nested = is(child, "bullet_list_open") || is(child, "ordered_list_open");
        if (nested && depth + 1 < MAX_NESTING && (!out.sublist || out.sublist.ordered === is(child, "ordered_list_open"))) {
          const sub = list(child, depth + 1);
          if (out.sublist) out.sublist.items.push(...sub.items);
          else out.sublist = sub;
        } else {
          joinInto(out.children, flatten(child));
        }
      }
      return out;
    });
  return { kind: "list", ordered, items };
}

function table(node: Node): Block {
  const rowsOf = (section: string) =>
    node.children
      .filter((n) => is(n, section))
      .flatMap((s) => s.children.filter((r) => is(r, "tr_open")))
      .map((tr) => tr.children.map((cell) => inlineOf(cell, " ")));
  return { kind: "table", header: rowsOf("thead_open")[0] ?? [], rows: rowsOf("tbody_open") };
}

/** A block as inline content, for places that hold only text (a list item's). */
function flatten(node: Node): Inline[] {
  switch (node.token.type) {
    case "paragraph_open":
    case "heading_open":
      return inlineOf(node, " ");
    case "fence":
    case "code_block":
      return [{ kind: "code", text: node.token.content.replace(/\n$/, "") }];
    case "inline":
      return inlines(node.token.children ?? [], " ");
    default: {
      const out: Inline[] = [];
      for (const child of node.children) joinInto(out, flatten(child));
      return out;
    }
  }
}

/** Appends `more` to `into` with a space between them when both have content. */
function joinInto(into: Inline[], more: Inline[]) {
  if (more.length > 0 && into.length > 0) pushText(into, " ");
  append(into, more);
}

function append(into: Inline[], more: Inline[]) {
  for (const node of more) {
    if (node.kind === "text") pushText(into, node.text);
    else into.push(node);
  }
}

function pushText(into: Inline[], text: string) {
  if (!text) return;
  const last = into[into.length - 1];
  if (last?.kind === "text") last.text += text;
  else into.push({ kind: "text", text });
}

/** The inline content of a paragraph, heading or table cell; `lineBreak` is what a line break becomes. */
function inlineOf(node: Node, lineBreak: string): Inline[] {
  const inline = node.children.find((n) => is(n, "inline"));
  return inline ? inlines(inline.token.children ?? [], lineBreak) : [];
}

/**
 * An open inline while its tokens are read: what it holds so far and what it becomes. A wrapper
 * that is not drawn (too deep, or a link the filter refused) shares its parent's list, so its
 * content lands there directly and nothing is copied when it closes.
 */
type Frame = { children: Inline[]; make: ((children: Inline[]) => Inline) | null };

/**
 * Inline tokens to inlines in one pass with a stack of open wrappers (no recursion: emphasis nests
 * as deep as its delimiters go, 25,000 "*" each side of a word). Wrappers deeper than
 * MAX_INLINE_DEPTH, and links the filter refuses, keep only what they hold.
 */
function inlines(tokens: readonly Token[], lineBreak: string): Inline[] {
  const root: Frame = { children: [], make: null };
  const open: Frame[] = [root];
  let drawn = 0;
  for (const token of tokens) {
    const top = open[open.length - 1]!;
    if (token.nesting === 1) {
      const make = drawn < MAX_INLINE_DEPTH ? wrapper(token) : null;
      if (make) drawn++;
      open.push(make ? { children: [], make } : { children: top.children, make: null });
    } else if (token.nesting === -1) {
      if (open.length === 1) continue;
      open.pop();
      if (top.make) {
        drawn--;
        open[open.length - 1]!.children.push(top.make(top.children));
      }
    } else if (token.type === "code_inline") {
      top.children.push({ kind: "code", text: token.content });
    } else if (token.type === "softbreak" || token.type === "hardbreak") {
      pushText(top.children, lineBreak);
    } else {
      // Text (and, should another token type appear, its text).
      pushText(top.children, token.content);
    }
  }
  // markdown-it closes what it opens; should a wrapper be left open, its content is kept.
  while (open.length > 1) {
    const frame = open.pop()!;
    if (frame.make) append(open[open.length - 1]!.children, frame.children);
  }
  return root.children;
}

/** What an opening token makes of its children: strong, em or a link; null for a link the filter refuses. */
function wrapper(token: Token): ((children: Inline[]) => Inline) | null {
  switch (token.type) {
    case "strong_open":
      return (children) => ({ kind: "strong", children });
    case "em_open":
      return (children) => ({ kind: "em", children });
    case "link_open": {
      // The parser validated it already; checked again here, where the tree is made.
      const href = safeHref(String(token.attrGet("href") ?? ""));
      return href ? (children) => ({ kind: "link", href, children }) : null;
    }
    default:
      return null;
  }
}
