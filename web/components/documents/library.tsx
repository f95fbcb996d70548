import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, Search } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { useLayoutState } from "~/hooks/use-layout-state";
import { toast } from "~/hooks/use-toast";
import { documentQueryKeys, documentsApi, type DocumentView } from "~/lib/documents-api";
import { ApiError } from "~/lib/query";
import type { ClientOption } from "./assign-dialog";
import { DocumentRow, type RowActions } from "./document-row";
import { KeywordSearch } from "./keyword-search";
import { isPending } from "./status-badge";
import { UploadArea } from "./upload-area";

/** While anything is queued or processing the list is re-read this often (ingestion takes seconds). */
export const POLL_MS = 2000;

type ListData = { documents: DocumentView[] };

const errorText = (err: unknown) => (err instanceof Error ? err.message : "Try again in a moment.");

function useDocumentActions(): RowActions & { added: (doc: DocumentView) => void } {
  const queryClient = useQueryClient();
  const update = React.useCallback(
    async (change: (docs: DocumentView[]) => DocumentView[]) => {
      // A poll that left before this change would land after it and bring the old row back.
      await queryClient.cancelQueries({ queryKey: documentQueryKeys.list });
      queryClient.setQueryData<ListData>(documentQueryKeys.list, (old) => (old ? { documents: change(old.documents) } : old));
    },
    [queryClient],
  );
  const replace = React.useCallback((doc: DocumentView) => update((docs) => docs.map((d) => (d.id === doc.id ? doc : d))), [update]);
  const forget = React.useCallback((id: string) => update((docs) => docs.filter((d) => d.id !== id)), [update]);
  // Someone removed it in another tab: the row goes, with a word why.
  const goneOr = (err: unknown, doc: DocumentView, title: string) => {
    if (err instanceof ApiError && err.status === 404) {
      void forget(doc.id);
      toast({ title: "That document no longer exists", description: "It was deleted elsewhere." });
      return;
    }
    toast({ title, description: errorText(err), variant: "destructive" });
  };

  return {
    added: (doc) => {
      void update((docs) => [doc, ...docs.filter((d) => d.id !== doc.id)]).then(() => queryClient.invalidateQueries({ queryKey: documentQueryKeys.list }));
    },
    rename: async (doc, name) => {
      try {
        await replace((await documentsApi.rename(doc.id, name)).document);
        return true;
      } catch (err) {
        goneOr(err, doc, "Could not rename the document");
        return false;
      }
    },
    describe: async (doc, description) => {
      try {
        await replace((await documentsApi.describe(doc.id, description)).document);
        toast({ title: description ? "Description saved" : "Description removed", description: `${doc.name} is being indexed again.` });
        return true;
      } catch (err) {
        goneOr(err, doc, "Could not save the description");
        return false;
      }
    },
    remove: async (doc) => {
      try {
        await documentsApi.remove(doc.id);
        await forget(doc.id);
        // Hits of a deleted document must not linger in earlier search answers.
        queryClient.removeQueries({ queryKey: ["documents", "search"] });
        toast({ title: "Document deleted", description: doc.name });
      } catch (err) {
        goneOr(err, doc, "Could not delete the document");
      }
    },
    reprocess: async (doc) => {
      try {
        await replace((await documentsApi.reprocess(doc.id)).document);
      } catch (err) {
        goneOr(err, doc, "Could not queue the document again");
      }
    },
  };
}

function NoDocuments() {
  return (
    <EmptyState icon={FileText} title="No documents yet">
      Upload your emergency operations plan, annexes and after-action reports. Readyroom reads them so you can search them by keyword here.
    </EmptyState>
  );
}

/** The /documents page body: upload, the library with live status, and keyword search. */
export function DocumentLibrary({ initialDocuments, clients = [] }: { initialDocuments: DocumentView[]; clients?: ClientOption[] }) {
  const actions = useDocumentActions();
  const { state, toggle } = useLayoutState();
  const searchOpen = state.documentToolbarOpen;
  const [filter, setFilter] = React.useState("");

  const list = useQuery({
    queryKey: documentQueryKeys.list,
    queryFn: documentsApi.list,
    initialData: { documents: initialDocuments },
    // The loader's list is fresh: no second read straight after the page renders.
    staleTime: POLL_MS,
    refetchInterval: (query) => (query.state.data?.documents.some((d) => isPending(d.status)) ? POLL_MS : false),
  });
  const documents = list.data.documents;
  const pending = documents.filter((d) => isPending(d.status)).length;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? documents.filter((d) => d.name.toLowerCase().includes(needle) || d.filename.toLowerCase().includes(needle)) : documents;

  return (
    <div className="mx-auto grid max-w-5xl gap-5 p-4 sm:p-6 lg:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Documents</h1>
          <p className="text-sm text-muted-foreground">Your plans and reports, ready to search.</p>
        </div>
        <Button
          type="button"
          variant={searchOpen ? "secondary" : "outline"}
          onClick={() => toggle("documentToolbarOpen")}
          aria-expanded={searchOpen}
          aria-controls="document-toolbar"
        >
          <Search aria-hidden />
          Search inside documents
        </Button>
      </header>

      <div id="document-toolbar" hidden={!searchOpen}>
        {searchOpen ? <KeywordSearch /> : null}
      </div>

      <UploadArea onUploaded={actions.added} clients={clients} />

      <section aria-labelledby="library-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="library-heading" className="text-sm font-semibold">
            Library <span className="font-normal text-muted-foreground">({documents.length})</span>
          </h2>
          {documents.length > 0 ? (
            <div className="w-full sm:w-64">
              <label htmlFor="document-name-filter" className="sr-only">
                Filter documents by name
              </label>
              <Input
                id="document-name-filter"
                type="search"
                placeholder="Filter by name"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                className="h-8"
              />
            </div>
          ) : null}
        </div>
        <p className="sr-only" aria-live="polite">
          {pending ? `${pending} document${pending === 1 ? "" : "s"} processing.` : ""}
        </p>
        {list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not refresh the list: {errorText(list.error)}
          </p>
        ) : null}
        {documents.length === 0 ? (
          <NoDocuments />
        ) : shown.length === 0 ? (
          <p className="rounded-lg border px-4 py-6 text-center text-sm text-muted-foreground">No document names match “{filter.trim()}”.</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card" aria-label="Your documents">
            {shown.map((doc) => (
              <DocumentRow key={doc.id} doc={doc} actions={actions} clients={clients} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
