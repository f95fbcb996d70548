import { Link } from "@remix-run/react";
import { ArrowRight } from "~/components/ui/icons";
import { documentPassageHref } from "~/lib/document-links";
import { cn } from "~/lib/utils";

/** "Open passage": a citation's way to its passage in the document view (named with the document for screen readers). */
export function OpenPassageLink({
  documentId,
  chunkId,
  documentName,
  className,
}: {
  documentId: string;
  chunkId?: string | null;
  documentName: string;
  className?: string;
}) {
  return (
    <Link
      to={documentPassageHref(documentId, chunkId)}
      className={cn("inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline", className)}
      aria-label={`Open passage in ${documentName}`}
      data-testid="open-passage"
    >
      Open passage
      <ArrowRight className="size-3.5" aria-hidden />
    </Link>
  );
}
