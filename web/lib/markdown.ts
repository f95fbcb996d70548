/**
 * A small Markdown subset for model answers, parsed to a tree the Ask view renders as React
 * elements — never to an HTML string, so raw HTML in model text stays visible text (React escapes
 * it) and cannot run. Supported: headings, paragraphs, bullet and numbered lists (nested by
 * indentation, MAX_NESTING deep), > block quotes, pipe tables, fenced code, **bold**, *italic*,
 * `code`, and links whose scheme is http(s) or mailto (any other link keeps only its text). [n]
 * citation markers are left in the text for answerParts.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "em"; children: Inline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: Inline[] };

export type ListItem = { children: Inline[]; sublist?: ListBlock };
export type ListBlock = { kind: "list"; ordered: boolean; items: ListItem[] };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3 | 4; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | ListBlock
  | { kind: "quote"; children: Block[] }
  | { kind: "table"; header: Inline[][]; rows: Inline[][][] }
  | { kind: "code"; text: string };

/** Model answers are bounded (a few thousand tokens); this bounds a pasted history message too. */
const MAX_MARKDOWN_CHARS = 60_000;
const MAX_INLINE_DEPTH = 4;
/** Lists inside lists and quotes inside quotes stop nesting here (deeper ones read as their parent level). */
const MAX_NESTING = 3;

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const FENCE = /^\s*(```|~~~)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const QUOTE = /^\s*>\s?(.*)$/;

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.slice(0, MAX_MARKDOWN_CHARS).replace(/\r\n?/g, "\n").split("\n"), 0);
}

function parseBlocks(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ kind: "code", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: Math.min(heading[1]!.length, 4) as 1 | 2 | 3 | 4, children: parseInline(heading[2]!) });
      i++;
      continue;
    }
    if (TABLE_ROW.test(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!)) {
      const header = cells(line);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && TABLE_ROW.test(lines[i]!)) rows.push(cells(lines[i++]!).slice(0, header.length));
      blocks.push({ kind: "table", header, rows });
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) inner.push(QUOTE.exec(lines[i++]!)![1]!);
      if (depth < MAX_NESTING) blocks.push({ kind: "quote", children: parseBlocks(inner, depth + 1) });
      else blocks.push({ kind: "paragraph", children: parseInline(inner.join("\n")) });
      continue;
    }
    if (listItem(line)) {
      const [list, next] = parseList(lines, i, 0);
      blocks.push(list);
      i = next;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !startsBlock(lines, i)) para.push(lines[i++]!.trim());
    blocks.push({ kind: "paragraph", children: parseInline(para.join("\n")) });
  }
  return blocks;
}

function listItem(line: string): { ordered: boolean; text: string; indent: number } | null {
  const m = BULLET.exec(line) ?? NUMBERED.exec(line);
  if (!m) return null;
  return { ordered: !BULLET.test(line), text: m[1]!, indent: indentOf(line) };
}

/** Leading spaces, a tab counting four (as CommonMark's tab stops do for list nesting). */
function indentOf(line: string): number {
  let n = 0;
  for (const ch of line) {
    if (ch === " ") n++;
    else if (ch === "\t") n += 4;
    else break;
  }
  return n;
}

/**
 * A list from line i: items at its first item's indentation, deeper-indented items as a sublist
 * of the item before them, and indented plain lines as that item's continuation. It ends at a
 * blank line, a shallower line, or an item of the other kind (bullets after numbers).
 */
function parseList(lines: string[], start: number, depth: number): [ListBlock, number] {
  const first = listItem(lines[start]!)!;
  const items: { text: string; sublist?: ListBlock }[] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) break;
    const item = listItem(line);
    const indent = indentOf(line);
    const last = items[items.length - 1];
    if (last && indent > first.indent) {
      if (item && depth + 1 < MAX_NESTING && !last.sublist) {
        const [sub, next] = parseList(lines, i, depth + 1);
        last.sublist = sub;
        i = next;
      } else {
        last.text += ` ${(item?.text ?? line).trim()}`;
        i++;
      }
      continue;
    }
    if (!item || indent < first.indent || item.ordered !== first.ordered) break;
    items.push({ text: item.text });
    i++;
  }
  return [{ kind: "list", ordered: first.ordered, items: items.map((it) => ({ children: parseInline(it.text), ...(it.sublist ? { sublist: it.sublist } : {}) })) }, i];
}

function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i]!;
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    QUOTE.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    (TABLE_ROW.test(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!))
  );
}

function cells(row: string): Inline[][] {
  return row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => parseInline(c.trim()));
}

/** http(s) and mailto only: javascript:, data:, vbscript: and relative tricks are dropped. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  return /^(https?:\/\/|mailto:)[^\s<>"']+$/i.test(h) ? h : null;
}

const INLINE = /(`[^`\n]+`)|(\*\*[^*\n]+?\*\*|__[^_\n]+?__)|(\*[^*\s][^*\n]*?\*|_[^_\s][^_\n]*?_)|\[([^\]\n]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string, depth = 0): Inline[] {
  if (depth >= MAX_INLINE_DEPTH) return text ? [{ kind: "text", text }] : [];
  const out: Inline[] = [];
  const push = (t: string) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last?.kind === "text") last.text += t;
    else out.push({ kind: "text", text: t });
  };
  let last = 0;
  const re = new RegExp(INLINE.source, "g");
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // A [n] citation followed by (…) is still a citation, not a link label.
    if (m[4] !== undefined && /^\d+(\s*,\s*\d+)*$/.test(m[4])) continue;
    push(text.slice(last, m.index));
    if (m[1]) out.push({ kind: "code", text: m[1].slice(1, -1) });
    else if (m[2]) out.push({ kind: "strong", children: parseInline(m[2].slice(2, -2), depth + 1) });
    else if (m[3]) out.push({ kind: "em", children: parseInline(m[3].slice(1, -1), depth + 1) });
    else {
      const href = safeHref(m[5]!);
      const children = parseInline(m[4]!, depth + 1);
      if (href) out.push({ kind: "link", href, children });
      else out.push(...children);
    }
    last = m.index + m[0].length;
  }
  push(text.slice(last));
  return out;
}
