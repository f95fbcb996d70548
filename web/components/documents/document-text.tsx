import * as React from "react";
import type { PassageView } from "../../../worker/documents/reader";
import type { ReadingSection } from "../../../worker/documents/reading-copy";
import { cn } from "~/lib/utils";
import { overlap, textBlocks, type Block, type Span } from "./text-blocks";

/** The id of the cited passage's first mark: the view scrolls to it and moves focus there. */
export const CITED_PASSAGE_ID = "cited-passage";

/** The offsets of section `index` inside the passage, or null when the passage does not reach it. */
function rangeIn(index: number, length: number, passage: PassageView | null): Span | null {
  if (!passage || index < passage.from[0] || index > passage.to[0]) return null;
  return { start: index === passage.from[0] ? passage.from[1] : 0, end: index === passage.to[0] ? passage.to[1] : length };
}

/** Where the passage starts and ends, as offsets of the sections it starts and ends in. */
type Edges = { first: number | null; last: number | null };

/**
 * A marked piece of the passage. The one where it starts carries the id the view scrolls to and
 * focuses; screen readers hear where the passage begins and ends.
 */
function Mark({ children, at, edges }: { children: React.ReactNode; at: Span; edges: Edges }) {
  const first = edges.first === at.start;
  return (
    <mark
      id={first ? CITED_PASSAGE_ID : undefined}
      tabIndex={first ? -1 : undefined}
      data-passage=""
      className="scroll-mt-24 rounded-sm bg-primary/15 text-foreground outline-none ring-primary/60 focus-visible:ring-2"
    >
      {first ? <span className="sr-only">Cited passage: </span> : null}
      {children}
      {edges.last === at.start ? <span className="sr-only"> (end of the cited passage)</span> : null}
    </mark>
  );
}

/** The text of `span`, with the part inside `range` marked. */
function Marked({ text, span, range, edges }: { text: string; span: Span; range: Span | null; edges: Edges }) {
  const inside = overlap(span, range);
  if (!inside) return <>{text.slice(span.start, span.end)}</>;
  return (
    <>
      {text.slice(span.start, inside.start)}
      <Mark at={inside} edges={edges}>
        {text.slice(inside.start, inside.end)}
      </Mark>
      {text.slice(inside.end, span.end)}
    </>
  );
}

/** Every piece a block shows, in reading order: its lines, its items' text, its rows. */
function piecesOf(block: Block): Span[] {
  if (block.kind === "paragraph") return block.lines;
  if (block.kind === "list") return block.items.map((item) => item.body);
  return block.rows;
}

function SectionBody({ text, range, starts, ends }: { text: string; range: Span | null; starts: boolean; ends: boolean }) {
  const blocks = React.useMemo(() => textBlocks(text), [text]);
  // The passage's first and last marked pieces (by where their marks start), when it starts or ends here.
  const marked = range ? blocks.flatMap(piecesOf).flatMap((piece) => overlap(piece, range) ?? []) : [];
  const edges: Edges = { first: starts ? (marked[0]?.start ?? null) : null, last: ends ? (marked[marked.length - 1]?.start ?? null) : null };
  return (
    <>
      {blocks.map((block, b) => {
        if (block.kind === "paragraph") {
          return (
            <p key={b} className="leading-relaxed">
              {block.lines.map((line, l) => (
                <React.Fragment key={l}>
                  {l > 0 ? <br /> : null}
                  <Marked text={text} span={line} range={range} edges={edges} />
                </React.Fragment>
              ))}
            </p>
          );
        }
        if (block.kind === "list") {
          const List = block.ordered ? "ol" : "ul";
          return (
            <List key={b} className="grid list-none gap-1 pl-0">
              {block.items.map((item, i) => (
                <li key={i} className="flex gap-2 leading-relaxed" style={{ paddingLeft: `${item.depth * 1.5}rem` }}>
                  <span className="shrink-0 tabular-nums text-muted-foreground" aria-hidden>
                    {item.marker}
                  </span>
                  <span>
                    <Marked text={text} span={item.body} range={range} edges={edges} />
                  </span>
                </li>
              ))}
            </List>
          );
        }
        return (
          <div key={b} className="overflow-x-auto rounded-md border">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted/50">
                <tr>
                  {block.header.cells.map((cell, c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-semibold">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, r) => {
                  const inside = overlap(row, range);
                  return (
                    <tr key={r} className={cn("border-t", inside && "bg-primary/10")}>
                      {row.cells.map((cell, c) => (
                        <td key={c} className="px-3 py-2 align-top">
                          {inside && c === 0 ? (
                            <Mark at={inside} edges={edges}>
                              {cell}
                            </Mark>
                          ) : (
                            cell
                          )}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
    </>
  );
}

const HEADINGS = ["h2", "h3", "h4", "h5", "h6"] as const;

/**
 * A document's text with its structure: headings at their depth (shown once, where their section
 * starts), page numbers of a paged document, paragraphs, lists and tables; the cited passage marked.
 */
export function DocumentText({ sections, passage, paged }: { sections: readonly ReadingSection[]; passage: PassageView | null; paged: boolean }) {
  let shownPath = "";
  let shownPage: number | null = null;
  return (
    <div className="grid gap-3 text-sm sm:text-base">
      {sections.map((section, i) => {
        const range = rangeIn(i, section.text.length, passage);
        const path = section.path.join("\u0000");
        const heading = section.heading && path !== shownPath ? section.heading : null;
        if (heading) shownPath = path;
        const page = paged && section.page !== null && section.page !== shownPage ? section.page : null;
        if (page !== null) shownPage = page;
        const Heading = HEADINGS[Math.min(Math.max(section.path.length, 1), HEADINGS.length) - 1]!;
        // A heading inside the passage (a packed passage spans several sections) is part of it.
        const headingInPassage = passage !== null && i > passage.from[0] && i <= passage.to[0];
        return (
          <div key={i} className="grid gap-3">
            {page !== null ? (
              <p id={`page-${page}`} className="border-t pt-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">
                Page {page}
              </p>
            ) : null}
            {heading ? (
              <Heading
                className={cn(
                  "scroll-mt-24 font-semibold tracking-tight",
                  Heading === "h2" ? "text-lg" : "text-base",
                  headingInPassage && "rounded-sm bg-primary/15",
                )}
              >
                {heading}
              </Heading>
            ) : null}
            {section.text ? <SectionBody text={section.text} range={range} starts={i === passage?.from[0]} ends={i === passage?.to[0]} /> : null}
          </div>
        );
      })}
    </div>
  );
}
