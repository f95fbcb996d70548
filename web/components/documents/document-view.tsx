import { Link, useSearchParams } from "@remix-run/react";
import * as React from "react";
import type { DocumentText as DocumentTextData } from "../../../worker/documents/reader";
import { passageAt } from "../../../shared/documents/passages";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { ArrowLeft, ChevronLeft, ChevronRight, Download, FileText } from "~/components/ui/icons";
import { documentPassageHref } from "~/lib/document-links";
import { documentsApi } from "~/lib/documents-api";
import { CITED_PASSAGE_ID, DocumentText } from "./document-text";
import { typeLabel } from "./format";
import { PdfPage } from "./pdf-page";

const PASSAGE_GONE = "The cited passage is not in this document any more: it was read again since it was cited. Ask again to cite its current text.";

/** Where a document that shows no text stands, and what to do. */
function NoText({ data }: { data: DocumentTextData }) {
  const { status } = data.document;
  const [title, body] =
    status.status === "failed"
      ? ["This document could not be read", status.error ?? "Reprocess it from the library, or upload it again."]
      : ["This document is still being read", "Its text shows here once it is Ready in your library. Download the original to read it now."];
  return (
    <EmptyState icon={FileText} title={title}>
      {body}
    </EmptyState>
  );
}

/** "Previous passage" / "Next passage" and where the cited passage is. */
function PassageNav({ id, data }: { id: string; data: DocumentTextData }) {
  const found = passageAt(data.passages, id);
  if (!found) return null;
  const link = (target: { id: string } | null, label: string, icon: React.ReactNode, after = false) =>
    target ? (
      <Button asChild variant="outline" size="sm">
        <Link to={documentPassageHref(data.document.id, target.id)} preventScrollReset replace>
          {after ? null : icon}
          {label}
          {after ? icon : null}
        </Link>
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled>
        {after ? null : icon}
        {label}
        {after ? icon : null}
      </Button>
    );
  return (
    <nav aria-label="Passages" className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-card px-3 py-2">
      <p className="text-sm" aria-live="polite">
        Passage {found.at + 1} of {data.passages.length}
        {found.passage.page !== null ? <span className="text-muted-foreground"> · page {found.passage.page}</span> : null}
      </p>
      <div className="flex gap-2">
        {link(found.previous, "Previous passage", <ChevronLeft aria-hidden />)}
        {link(found.next, "Next passage", <ChevronRight aria-hidden />, true)}
      </div>
    </nav>
  );
}

/**
 * The document view (/documents/{id}?passage={chunk}): the document's text with its structure, the
 * cited passage marked, scrolled into view and focused (keyboard and screen-reader users land on
 * it), previous/next passage, the original to download, and for a PDF the page itself.
 */
export function DocumentView({ data }: { data: DocumentTextData }) {
  const [params] = useSearchParams();
  const asked = params.get("passage");
  const found = asked ? passageAt(data.passages, asked) : null;
  const passage = found?.passage ?? null;
  const isPdf = data.document.type === "pdf";
  const pdfPage = passage?.page ?? (isPdf && data.passages.length ? 1 : null);

  React.useEffect(() => {
    if (!passage) return;
    const mark = document.getElementById(CITED_PASSAGE_ID);
    mark?.scrollIntoView({ block: "center" });
    mark?.focus({ preventScroll: true });
  }, [passage]);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6 lg:p-8">
      <Link to="/documents" className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden />
        Documents
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="break-words text-2xl font-semibold tracking-tight">{data.document.name}</h1>
          <p className="text-sm text-muted-foreground">
            {typeLabel(data.document.type)} · {data.document.filename}
          </p>
        </div>
        <Button asChild variant="outline">
          <a href={documentsApi.downloadUrl(data.document.id)} download>
            <Download aria-hidden />
            Download original
          </a>
        </Button>
      </header>
      {asked && !found ? <Alert variant="info">{PASSAGE_GONE}</Alert> : null}
      {passage ? <PassageNav id={passage.id} data={data} /> : null}
      {data.passages.length === 0 ? (
        <NoText data={data} />
      ) : (
        <div className={isPdf ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]" : "grid"}>
          <article aria-label={`Text of ${data.document.name}`} className="min-w-0 rounded-md border bg-card p-4 sm:p-6">
            <DocumentText sections={data.sections} passage={passage} paged={isPdf} />
          </article>
          {isPdf && pdfPage !== null ? (
            <aside aria-label="The PDF page" className="self-start lg:sticky lg:top-20">
              <PdfPage url={documentsApi.downloadUrl(data.document.id)} page={pdfPage} name={data.document.name} />
            </aside>
          ) : null}
        </div>
      )}
    </div>
  );
}
