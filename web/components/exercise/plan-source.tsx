import { ChevronDown, FileText, TriangleAlert } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import type { PlanSource } from "~/lib/exercise-api";
import { OpenPassageLink } from "~/components/documents/open-passage-link";
import { cn } from "~/lib/utils";

const SHORT_QUOTE = 70;

/**
 * Beside a drafted inject or question: the plan passage it tests (document and a short quote; the
 * button opens the whole quote in place, as Ask Readyroom's sources do, with a link to the passage
 * in its document), or a "Not in your plans" badge for a gap. Nothing for an element written by hand.
 */
export function PlanSourceNote({
  source,
  notInPlans,
  label,
  className,
}: {
  source?: PlanSource | null;
  notInPlans?: boolean | null;
  label: string;
  className?: string;
}) {
  const [open, setOpen] = React.useState(false);
  const id = React.useId();
  if (source) {
    const name = source.documentName?.trim() || "Plan document";
    const short = source.quote.length > SHORT_QUOTE ? `${source.quote.slice(0, SHORT_QUOTE - 1).trimEnd()}…` : source.quote;
    return (
      <div className={cn("grid gap-1 text-xs", className)} data-testid="plan-source">
        <button
          type="button"
          className="flex w-full min-w-0 items-center gap-1.5 rounded-sm px-1 py-0.5 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={open}
          aria-controls={`${id}-passage`}
          aria-label={`Plan reference for ${label}: ${name}, “${short}”`}
          onClick={() => setOpen((v) => !v)}
        >
          <FileText className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="shrink-0 font-medium">{name}</span>
          <span className="min-w-0 flex-1 truncate text-muted-foreground">“{short}”</span>
          <ChevronDown className={cn("size-3.5 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden />
        </button>
        <div id={`${id}-passage`} hidden={!open} className="rounded-md border bg-card px-2 py-1.5">
          <blockquote className="leading-relaxed text-muted-foreground">“{source.quote}”</blockquote>
          <OpenPassageLink className="mt-1 text-xs" documentId={source.documentId} chunkId={source.chunkId} documentName={name} />
        </div>
      </div>
    );
  }
  if (notInPlans) {
    return (
      <Badge
        variant="outline"
        className={cn("w-fit gap-1 border-destructive/50 text-destructive", className)}
        title="No passage of the documents assigned to this exercise supports this. That may be a gap in your plans worth exercising."
        data-testid="not-in-plans"
      >
        <TriangleAlert className="size-3" aria-hidden />
        Not in your plans
      </Badge>
    );
  }
  return null;
}
