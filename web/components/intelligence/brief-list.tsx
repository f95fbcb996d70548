import { FilePlus2, Radar, RotateCw } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Skeleton } from "~/components/ui/skeleton";
import type { BriefPage } from "~/lib/briefs-api";
import { BriefCard } from "./brief-card";
import { BriefEditor } from "./brief-editor";
import { errorText, useBriefs } from "./use-briefs";

function NoBriefs() {
  return (
    <EmptyState icon={Radar} title="No briefs yet" heading="h3">
      A brief is threat intelligence worth keeping: a forecast, a hazard outlook, what a partner reported. Write one with New brief; the latest appear on your
      dashboard under Threats, and you can share any of them with a link.
    </EmptyState>
  );
}

function LoadingMore() {
  return (
    <div role="status" aria-label="Loading more briefs" className="grid gap-3">
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-2 rounded-lg border p-4">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}

/** The /intelligence briefs area: new brief, the list newest first with more on request, and its states. */
export function BriefList({ initialPage }: { initialPage: BriefPage }) {
  const { list, briefs, actions } = useBriefs(initialPage);
  const [creating, setCreating] = React.useState(false);
  const newButton = React.useRef<HTMLButtonElement>(null);

  return (
    <section aria-labelledby="briefs-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="briefs-heading" className="text-lg font-semibold">
          Briefs
        </h2>
        <Button ref={newButton} type="button" onClick={() => setCreating(true)}>
          <FilePlus2 aria-hidden /> New brief
        </Button>
      </div>

      {list.isError && !list.isFetchingNextPage ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm">
          <p className="text-destructive">Could not load briefs: {errorText(list.error)}</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void (list.hasNextPage ? list.fetchNextPage() : list.refetch())}>
            <RotateCw aria-hidden /> Try again
          </Button>
        </div>
      ) : null}

      {briefs.length === 0 && !list.isFetching ? (
        <NoBriefs />
      ) : (
        <ul className="grid gap-3" aria-label="Your briefs" aria-busy={list.isFetching}>
          {briefs.map((brief) => (
            <BriefCard key={brief.id} brief={brief} actions={actions} />
          ))}
        </ul>
      )}

      {list.isFetchingNextPage ? <LoadingMore /> : null}
      {list.hasNextPage && !list.isFetchingNextPage ? (
        <Button type="button" variant="outline" className="justify-self-center" onClick={() => void list.fetchNextPage()}>
          Show older briefs
        </Button>
      ) : null}

      <BriefEditor
        open={creating}
        onOpenChange={setCreating}
        heading="New brief"
        initial={{ title: "", content: "" }}
        onSave={actions.create}
        returnFocusTo={newButton}
      />
    </section>
  );
}
