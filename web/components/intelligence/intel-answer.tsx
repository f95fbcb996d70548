import { TriangleAlert, BellPlus, BookmarkPlus, Check, ExternalLink } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/hooks/use-toast";
import { citationDate, KIND_LABEL, type IntelCitation, type IntelSources } from "~/lib/intelligence-api";
import { safeHref } from "../../../shared/markdown/safe-href";
import { AnsweredWith, Answer, InterruptedNote, Working } from "../ask/answer";
import { MarkdownText } from "../ask/markdown";
import { SaveBriefDialog, type SaveBriefOffer } from "./save-brief-dialog";
import { UseAsInjectButton } from "../exercise/use-as-inject";

/** What "Save as brief" hands to the page: the server composes the brief from that message (shared/briefs/compose.ts). */
export type SaveBriefInput = { title: string; chatId: string; messageIndex: number };

const NEW_TAB = "(opens in a new tab)";
const describe = (c: IntelCitation) => `${c.title}, ${c.publisher}, ${citationDate(c.publishedAt)}`;
/** A source's link if it is one we show (the API filters it too; an old client or answer may not have). */
const linkOf = (c: IntelCitation) => (c.url ? safeHref(c.url) : null);
const MARKER_CLASS = "mx-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded bg-primary/10 px-1 align-baseline text-xs font-semibold text-primary";

/**
 * One intelligence answer: the text with its [n] markers as links to the items they cite, the
 * numbered sources under it (title, publisher, date, kind; each opens the item in a new tab), a
 * note naming the sources that did not answer, and "Save as brief" once the answer is saved. An
 * answer from the planner's documents (no source answered) is shown as Ask Readyroom shows one.
 */
export function IntelAnswer({
  id,
  content,
  sources,
  model,
  offline,
  interrupted,
  streaming,
  saveBrief,
  createAlert,
  injectFrom,
}: {
  id: string;
  content: string;
  sources: IntelSources | null;
  model?: string | null;
  offline?: boolean;
  interrupted?: string | boolean | null;
  streaming?: boolean;
  /** Shown only when given: saves this answer as a brief, under a title the planner confirms. */
  saveBrief?: SaveBriefOffer;
  /** Shown only when given: opens a news alert prefilled with the question this answers. */
  createAlert?: () => void;
  /** The saved answer, once it is saved: "Use as inject" for it and for each official alert it cites. */
  injectFrom?: { chatId: string; messageIndex: number };
}) {
  const notice =
    sources?.sourcesAnswered && sources.notice ? (
      <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="intel-notice">
        <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden />
        <span>{sources.notice}</span>
      </p>
    ) : null;
  const done = !streaming && Boolean(content);
  const save =
    done && (saveBrief || createAlert) ? (
      <>
        {saveBrief ? <SaveBriefButton offer={saveBrief} /> : null}
        {createAlert ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={createAlert}
            title="Watch this question with a news alert: a cited summary of what is new, on a schedule."
          >
            <BellPlus aria-hidden />
            Watch as alert
          </Button>
        ) : null}
      </>
    ) : null;

  if (sources && !sources.sourcesAnswered) {
    return (
      <div className="grid gap-2" data-testid="intel-answer" data-sources="documents">
        <Answer id={id} content={content} citations={sources.documents} model={model} offline={offline} interrupted={interrupted} streaming={streaming} />
        {save ? <div className="flex flex-wrap items-center gap-2">{save}</div> : null}
      </div>
    );
  }

  const citations = sources?.citations ?? [];
  const byN = new Map(citations.map((c) => [c.n, c]));
  const inject = done && injectFrom ? injectFrom : null;
  return (
    <div className="grid gap-2" data-testid="intel-answer" data-streaming={streaming ? "true" : undefined}>
      {notice}
      {content ? (
        <MarkdownText
          content={content}
          citations={citations}
          renderCite={(n, citation, key) => {
            if (!citation) return <React.Fragment key={key}>[{n}]</React.Fragment>;
            const href = linkOf(citation);
            return href ? (
              <a
                key={key}
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className={`${MARKER_CLASS} no-underline hover:bg-primary/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring`}
                aria-label={`Source ${n}: ${describe(citation)} ${NEW_TAB}`}
                title={describe(citation)}
              >
                {n}
              </a>
            ) : (
              <span key={key} className={MARKER_CLASS} aria-label={`Source ${n}: ${describe(citation)}`} title={describe(citation)}>
                {n}
              </span>
            );
          }}
        />
      ) : streaming ? (
        <Working text={sources ? "Writing the answer…" : "Searching intelligence sources…"} />
      ) : null}

      <InterruptedNote interrupted={interrupted} />

      {citations.length > 0 ? (
        <section aria-label="Sources" className="grid gap-1">
          <p className="text-xs font-semibold text-muted-foreground">Sources</p>
          <ol className="grid gap-1">
            {[...byN.values()].map((c) => (
              <li
                key={c.n}
                id={`${id}-source-${c.n}`}
                className="flex items-start gap-2 rounded-md border bg-card px-2 py-1.5 text-sm"
                data-testid="intel-source"
              >
                <span
                  className="mt-0.5 inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded bg-primary/10 px-1 text-xs font-semibold text-primary"
                  aria-hidden
                >
                  {c.n}
                </span>
                <span className="grid min-w-0 gap-0.5">
                  {linkOf(c) ? (
                    <a
                      href={linkOf(c)!}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-w-0 items-start gap-1 break-words font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <span className="sr-only">{`Source ${c.n}: `}</span>
                      <span className="min-w-0">{c.title}</span>
                      <ExternalLink className="mt-1 size-3 shrink-0" aria-hidden />
                      <span className="sr-only">{NEW_TAB}</span>
                    </a>
                  ) : (
                    <span className="min-w-0 break-words font-medium">
                      <span className="sr-only">{`Source ${c.n}: `}</span>
                      {c.title}
                    </span>
                  )}
                  <span className="text-xs text-muted-foreground">
                    {c.publisher} · <time dateTime={c.publishedAt}>{citationDate(c.publishedAt)}</time> · {KIND_LABEL[c.kind]}
                  </span>
                  {inject && c.kind === "hazard-alert" ? (
                    <UseAsInjectButton
                      source={{ kind: "hazard-alert", ...inject, n: c.n }}
                      what="this official alert"
                      variant="ghost"
                      className="-ml-2 h-7 w-fit px-2 text-xs"
                      aria-label={`Use as inject: source ${c.n}`}
                      title="Add this alert to an exercise's MSEL as a pre-filled inject"
                    />
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        {streaming ? null : (
          <AnsweredWith
            offline={offline}
            model={model}
            offlineTitle="No AI provider is configured: this answer lists the items Readyroom fetched, without an AI model."
          />
        )}
        {save}
        {inject ? <UseAsInjectButton source={{ kind: "intel-answer", ...inject }} what="this answer" /> : null}
      </div>
    </div>
  );
}

function SaveBriefButton({ offer }: { offer: SaveBriefOffer }) {
  const [open, setOpen] = React.useState(false);
  const [saved, setSaved] = React.useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)} data-testid="intel-save-brief">
        {saved ? <Check aria-hidden /> : <BookmarkPlus aria-hidden />}
        {saved ? "Saved as brief" : "Save as brief"}
      </Button>
      <SaveBriefDialog
        open={open}
        onOpenChange={setOpen}
        offer={offer}
        onSaved={() => {
          setSaved(true);
          toast({ title: "Brief saved" });
        }}
      />
    </>
  );
}
