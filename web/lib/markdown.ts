/**
 * A small Markdown subset for model answers, parsed to a tree the Ask view renders as React
 * elements — never to an HTML string, so raw HTML in model text stays visible text (React escapes
 * it) and cannot run. Supported: headings, paragraphs, bullet and numbered lists, pipe tables,
 * fenced code, **bold**, *italic*, `code`, and links whose scheme is http(s) or mailto (any other
 * link keeps only its text). [n] citation markers are left in the text for answerParts.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "em"; children: Inline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: Inline[] };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3 | 4; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] }
  | { kind: "table"; header: Inline[][]; rows: Inline[][][] }
  | { kind: "code"; text: string };

/** Model answers are bounded (a few thousand tokens); this bounds a pasted history message too. */
const MAX_MARKDOWN_CHARS = 60_000;
const MAX_INLINE_DEPTH = 4;

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const FENCE = /^\s*(```|~~~)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.slice(0, MAX_MARKDOWN_CHARS).replace(/\r\n?/g, "\n").split("\n");
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
    const listRe = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (listRe) {
      const items: Inline[][] = [];
      while (i < lines.length && listRe.test(lines[i]!)) items.push(parseInline(listRe.exec(lines[i++]!)![1]!));
      blocks.push({ kind: "list", ordered: listRe === NUMBERED, items });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !startsBlock(lines, i)) para.push(lines[i++]!.trim());
    blocks.push({ kind: "paragraph", children: parseInline(para.join("\n")) });
  }
  return blocks;
}

function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i]!;
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
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
