import * as React from "react";
import { answerParts } from "../../lib/answer-stream";
import type { MarkdownTextProps } from "./markdown-blocks";

type Renderer = typeof import("./markdown-blocks");

let loaded: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/**
 * Loads the Markdown renderer and its parser (markdown-it, ~40 KiB gzip: decision 0019) once; it
 * is its own chunk, so pages that show no Markdown when they open (the exercise editor's assistant
 * answers only when asked) do not load it first.
 */
export function preloadMarkdown(): Promise<Renderer> {
  loading ??= import("./markdown-blocks").then((module) => (loaded = module));
  return loading;
}

const LazyBlocks = React.lazy(() => preloadMarkdown().then((module) => ({ default: module.MarkdownBlocks })));

/**
 * A model answer's Markdown as React elements (./markdown-blocks.tsx), with its [n] markers as
 * whatever `renderCite` returns. Until the renderer has loaded, the text shows as it was written,
 * markers included; a server-rendered page keeps its server HTML while the browser loads it.
 */
export function MarkdownText<C extends { n: number }>(props: MarkdownTextProps<C>) {
  const Blocks = (loaded?.MarkdownBlocks ?? LazyBlocks) as React.ComponentType<MarkdownTextProps<C>>;
  return (
    <React.Suspense fallback={<PlainText {...props} />}>
      <Blocks {...props} />
    </React.Suspense>
  );
}

function PlainText<C extends { n: number }>({ content, citations, renderCite }: MarkdownTextProps<C>) {
  return (
    <div className="grid gap-2 text-sm leading-relaxed">
      <p className="whitespace-pre-wrap">
        {answerParts(content, citations).map((part, i) => (part.kind === "text" ? part.text : renderCite(part.n, part.citation, i)))}
      </p>
    </div>
  );
}
