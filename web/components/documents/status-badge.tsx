import { Loader2 } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import type { DocumentView } from "~/lib/documents-api";

export type DocumentStatus = DocumentView["status"];

export const isPending = (status: DocumentStatus) => status.status === "queued" || status.status === "processing";

function statusText(status: DocumentStatus): string {
  switch (status.status) {
    case "queued":
      return "Queued";
    case "processing":
      return `Processing ${status.progress}%`;
    case "ready":
      return "Ready";
    case "failed":
      return "Failed";
  }
}

/** Queued / Processing n% / Ready / Failed, with a spinner while the queue works on it. */
export function StatusBadge({ status }: { status: DocumentStatus }) {
  const variant = status.status === "ready" ? "success" : status.status === "failed" ? "destructive" : status.status === "processing" ? "outline" : "secondary";
  return (
    <Badge variant={variant} className="gap-1 whitespace-nowrap tabular-nums" data-status={status.status}>
      {isPending(status) ? <Loader2 className="size-3 animate-spin motion-reduce:animate-none" aria-hidden /> : null}
      {statusText(status)}
    </Badge>
  );
}
