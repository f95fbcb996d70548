import { ChevronDown, FileText, Loader2 } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { answerParts, ASK_OFFLINE_TEXT, type AskCitation } from "~/lib/ask-api";
import { cn } from "~/lib/utils";
import { Snippet } from "../documents/snippet";
import { OpenPassageLink } from "../documents/open-passage-link";
import { MarkdownText } from "./markdown";

/**
 * A source an answer's [n] marker opens: a retrieved passage (its snippet) or a cited one (its quote),
 * with the document and chunk it is, which open the passage in its document.
 */
export type SourceEntry = { n: number; documentName: string; page?: number; documentId?: string; chunkId?: string } & (
  | { snippet: string; quote?: undefined }
  | { quote: string; snippet?: undefined }
);

const where = (c: SourceEntry) => `${c.documentName}${c.page ? `, page ${c.page}` : ""}`;

/**
 * The shared state of an answer's markers and its source list: which sources are open, and focus
 * moved to a source when its marker is pressed (so the passage is read in place).
 */
export function useSources(id: string) {
  const [open, setOpen] = React.useState<Set<number>>(() => new Set());
  const refs = React.useRef(new Map<number, HTMLButtonElement>());
  const toggle = React.useCallback(
    (n: number, force?: boolean) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (force ?? !next.has(n)) next.add(n);
        else next.delete(n);
        return next;
      }),
    [],
  );
  return {
    open,
    toggle,
    refs,
    sourceId: (n: number) => `${id}-source-${n}`,
    show: (n: number) => {
      toggle(n, true);
      requestAnimationFrame(() => refs.current.get(n)?.focus());
    },
  };
}
export type Sources = ReturnType<typeof useSources>;

/** An answer's text as Markdown, its [n] markers as buttons that open their source in the list. */
export function CitedText<C extends SourceEntry>({ content, citations, sources }: { content: string; citations: readonly C[]; sources: Sources }) {
  return (
    <MarkdownText
      content={content}
      citations={citations}
      renderCite={(n, citation, key) => (
        <button
          key={key}
          type="button"
          className="mx-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded bg-primary/10 px-1 align-baseline text-xs font-semibold text-primary hover:bg-primary/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`Source ${n}: ${citation ? where(citation) : "unknown"}`}
          aria-controls={sources.sourceId(n)}
          onClick={() => sources.show(n)}
        >
          {n}
        </button>
      )}
    />
  );
}

/** The numbered sources under an answer; each opens its passage in place. */
export function SourceList<C extends SourceEntry>({ citations, sources, footer }: { citations: readonly C[]; sources: Sources; footer?: React.ReactNode }) {
  return (
    <section aria-label="Sources" className="grid gap-1">
      <p className="text-xs font-semibold text-muted-foreground">Sources</p>
      <ol className="grid gap-1">
        {citations.map((c) => {
          const expanded = sources.open.has(c.n);
          const id = sources.sourceId(c.n);
          return (
            <li key={c.n} id={id} className="rounded-md border bg-card text-sm" data-testid="ask-source">
              <button
                ref={(el) => {
                  if (el) sources.refs.current.set(c.n, el);
                  else sources.refs.current.delete(c.n);
                }}
                type="button"
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-expanded={expanded}
                aria-controls={`${id}-passage`}
                onClick={() => sources.toggle(c.n)}
              >
                <span className="inline-flex h-5 min-w-5 items-center justify-center rounded bg-primary/10 px-1 text-xs font-semibold text-primary">{c.n}</span>
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium">{c.documentName}</span>
                {c.page ? <span className="shrink-0 text-xs text-muted-foreground tabular-nums">Page {c.page}</span> : null}
                <ChevronDown className={cn("size-4 shrink-0 text-muted-foreground transition-transform", expanded && "rotate-180")} aria-hidden />
              </button>
              <div id={`${id}-passage`} hidden={!expanded} className="grid gap-1 border-t px-3 py-2">
                <p className="leading-relaxed text-muted-foreground">{c.quote !== undefined ? <q>{c.quote}</q> : <Snippet text={c.snippet} />}</p>
                {c.documentId ? <OpenPassageLink documentId={c.documentId} chunkId={c.chunkId} documentName={c.documentName} /> : null}
              </div>
            </li>
          );
        })}
      </ol>
      {footer}
    </section>
  );
}

/**
 * One assistant answer: the text with its [n] markers as buttons, and the numbered sources under it.
 * A marker opens its source in that list (and moves focus there), so the passage is read in place,
 * with the words that matched marked.
 */
export function Answer({
  id,
  content,
  citations,
  model,
  offline,
  interrupted,
  streaming,
}: {
  id: string;
  content: string;
  citations: AskCitation[];
  model?: string | null;
  offline?: boolean;
  interrupted?: string | boolean | null;
  streaming?: boolean;
}) {
  const sources = useSources(id);
  const parts = answerParts(content, citations);
  // Retrieval hands over up to eight passages; the ones the answer actually cites come first, the rest
  // wait behind a toggle. An answer that cites nothing (a model that ignored the instruction) shows all.
  const citedNs = new Set(parts.flatMap((p) => (p.kind === "cite" ? [p.n] : [])));
  const [showAll, setShowAll] = React.useState(false);
  const cited = citedNs.size ? citations.filter((c) => citedNs.has(c.n)) : streaming ? [] : citations;
  const others = citations.filter((c) => !cited.includes(c));
  const listed = showAll ? [...cited, ...others] : cited;

  return (
    <div className="grid gap-2" data-testid="ask-answer" data-streaming={streaming ? "true" : undefined}>
      {content ? <CitedText content={content} citations={citations} sources={sources} /> : streaming ? <Working text="Searching your documents…" /> : null}

      <InterruptedNote interrupted={interrupted} />

      {citations.length > 0 && (listed.length > 0 || !streaming) ? (
        <SourceList
          citations={listed}
          sources={sources}
          footer={
            others.length > 0 && !streaming ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto w-fit px-0 text-xs"
                aria-expanded={showAll}
                onClick={() => setShowAll((v) => !v)}
              >
                {showAll ? "Hide passages the answer does not cite" : `Also searched: ${others.length} more passage${others.length === 1 ? "" : "s"}`}
              </Button>
            ) : null
          }
        />
      ) : null}

      {streaming ? null : (
        <AnsweredWith
          offline={offline}
          model={model}
          offlineTitle="No AI provider is configured: this answer quotes the passages Readyroom found, without an AI model."
        />
      )}
    </div>
  );
}

/** What an answer shows while nothing has arrived yet. */
export function Working({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> {text}
    </p>
  );
}

/** The note under an answer the provider stopped mid-way (its text is kept). */
export function InterruptedNote({ interrupted }: { interrupted?: string | boolean | null }) {
  if (!interrupted) return null;
  return (
    <p className="text-sm text-destructive">
      The answer stopped early{typeof interrupted === "string" && interrupted ? `: ${interrupted}` : "."} What arrived is kept.
    </p>
  );
}

/** Who answered: the offline label (explained by `offlineTitle`), or the model's name. */
export function AnsweredWith({ offline, model, offlineTitle }: { offline?: boolean; model?: string | null; offlineTitle: string }) {
  if (offline) {
    return (
      <Badge variant="outline" className="w-fit" title={offlineTitle}>
        {ASK_OFFLINE_TEXT}
      </Badge>
    );
  }
  return model ? <p className="text-xs text-muted-foreground">Answered with {model}</p> : null;
}
