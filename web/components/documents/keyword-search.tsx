import { useQuery } from "@tanstack/react-query";
import { Loader2, Search } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { documentQueryKeys, documentsApi, type ChunkHit } from "~/lib/documents-api";
import { OpenPassageLink } from "./open-passage-link";
import { Snippet } from "./snippet";

function Hit({ hit }: { hit: ChunkHit }) {
  return (
    <li className="grid gap-1 px-3 py-2.5" data-testid="search-hit">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="min-w-0 truncate font-medium">{hit.documentName}</span>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {hit.page ? `Page ${hit.page} · ` : ""}Passage {hit.position + 1}
        </span>
      </p>
      <p className="text-sm leading-relaxed text-muted-foreground">
        <Snippet text={hit.snippet} />
      </p>
      <OpenPassageLink documentId={hit.documentId} chunkId={hit.chunkId} documentName={hit.documentName} />
    </li>
  );
}

/** Keyword search inside the ready documents (FTS5), with the matched words marked. */
export function KeywordSearch() {
  const [draft, setDraft] = React.useState("");
  const [query, setQuery] = React.useState("");
  const search = useQuery({
    queryKey: documentQueryKeys.search(query),
    queryFn: () => documentsApi.search(query),
    enabled: query.length > 0,
    staleTime: 30_000,
  });

  return (
    <section aria-labelledby="keyword-search-heading" className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4">
      <h2 id="keyword-search-heading" className="text-sm font-semibold">
        Search inside your documents
      </h2>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(draft.trim());
        }}
      >
        <label htmlFor="document-keyword-search" className="sr-only">
          Words to find in your documents
        </label>
        <Input
          id="document-keyword-search"
          type="search"
          value={draft}
          maxLength={200}
          placeholder="e.g. levee seepage"
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden />
          Search
        </Button>
      </form>

      <div aria-live="polite" className="grid gap-2">
        {query && search.isFetching ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
            Searching…
          </p>
        ) : null}
        {search.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {search.error instanceof Error ? search.error.message : "Search failed. Try again."}
          </p>
        ) : null}
        {query && search.data && !search.isFetching ? (
          search.data.hits.length === 0 ? (
            <p className="text-sm text-muted-foreground">No passages match “{query}”. Documents still processing are not searchable yet.</p>
          ) : (
            <>
              <p className="text-xs text-muted-foreground">
                {search.data.hits.length} passage{search.data.hits.length === 1 ? "" : "s"} for “{query}”
              </p>
              <ul className="divide-y rounded-md border" aria-label={`Passages matching ${query}`}>
                {search.data.hits.map((hit) => (
                  <Hit key={hit.chunkId} hit={hit} />
                ))}
              </ul>
            </>
          )
        ) : null}
      </div>
    </section>
  );
}
