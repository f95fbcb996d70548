import * as React from "react";
import { answerParts } from "../../lib/answer-stream";
import { ScrollRegion } from "../ui/scroll-region";
import { parseMarkdown, type Block, type Inline } from "../../../shared/markdown/markdown";

export type MarkdownTextProps<C extends { n: number }> = {
  content: string;
  citations: readonly C[];
  renderCite: (n: number, citation: C | null, key: React.Key) => React.ReactNode;
};

/**
 * A model answer's Markdown as React elements (see shared/markdown/markdown.ts: no HTML string is ever
 * built, so HTML in the text shows as text). Text runs keep their [n] markers as whatever
 * `renderCite` returns — an answer's clickable source markers (Ask Readyroom's passages, the
 * intelligence chat's links). Loaded on demand through MarkdownText (./markdown.tsx): the parser
 * stays out of the first load of pages that show no Markdown until asked.
 */
export function MarkdownBlocks<C extends { n: number }>({ content, citations, renderCite }: MarkdownTextProps<C>) {
  const blocks = React.useMemo(() => parseMarkdown(content), [content]);
  const inline = (nodes: Inline[]): React.ReactNode[] =>
    nodes.map((node, i) => {
      switch (node.kind) {
        case "text":
          return (
            <React.Fragment key={i}>
              {answerParts(node.text, citations).map((part, j) => (part.kind === "text" ? part.text : renderCite(part.n, part.citation, j)))}
            </React.Fragment>
          );
        case "strong":
          return <strong key={i}>{inline(node.children)}</strong>;
        case "em":
          return <em key={i}>{inline(node.children)}</em>;
        case "code":
          return (
            <code key={i} className="rounded bg-muted px-1 py-0.5 font-mono text-xs">
              {node.text}
            </code>
          );
        case "link":
          return (
            <a key={i} href={node.href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-2">
              {inline(node.children)}
            </a>
          );
      }
    });
  return <div className="grid gap-2 text-sm leading-relaxed">{blocks.map((b, i) => renderBlock(b, i, inline))}</div>;
}

const HEADING_CLASS = "font-semibold leading-snug";

function renderBlock(block: Block, key: number, inline: (nodes: Inline[]) => React.ReactNode[]): React.ReactNode {
  switch (block.kind) {
    case "heading": {
      // Answers sit under the page's own headings, so a model's "#" starts at h3.
      const Tag = (["h3", "h4", "h5", "h6"] as const)[block.level - 1]!;
      return (
        <Tag key={key} className={block.level <= 2 ? `${HEADING_CLASS} text-base` : `${HEADING_CLASS} text-sm`}>
          {inline(block.children)}
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p key={key} className="whitespace-pre-wrap">
          {inline(block.children)}
        </p>
      );
    case "quote":
      return (
        <blockquote key={key} className="grid gap-2 border-l-2 pl-3 text-muted-foreground">
          {block.children.map((b, i) => renderBlock(b, i, inline))}
        </blockquote>
      );
    case "list": {
      const items = block.items.map((item, i) => (
        <li key={i}>
          {inline(item.children)}
          {item.sublist ? renderBlock(item.sublist, 0, inline) : null}
        </li>
      ));
      return block.ordered ? (
        <ol key={key} className="ml-5 list-decimal space-y-1">
          {items}
        </ol>
      ) : (
        <ul key={key} className="ml-5 list-disc space-y-1">
          {items}
        </ul>
      );
    }
    case "table":
      return (
        <ScrollRegion key={key} label="Table" className="rounded-md border">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b bg-muted/50 text-muted-foreground">
                {block.header.map((cell, i) => (
                  <th key={i} scope="col" className="px-2 py-1.5 font-medium">
                    {inline(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r} className="border-b align-top last:border-0">
                  {row.map((cell, i) => (
                    <td key={i} className="px-2 py-1.5">
                      {inline(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      );
    case "code":
      return (
        <pre key={key} className="overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs">
          <code>{block.text}</code>
        </pre>
      );
    case "rule":
      return <hr key={key} className="border-border" />;
  }
}
