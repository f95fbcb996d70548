import { Loader2, Wifi, WifiOff } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { CONNECTION_LABEL, type ConnectionStatus } from "~/lib/conduct-live";
import { cn } from "~/lib/utils";

/**
 * This page's connection to the session — "Connected" / "Reconnecting…" — announced politely when it
 * changes. Not the session's state (SessionStatusBadge): a page can be connected to an ended session.
 */
export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const Icon = status === "live" ? Wifi : status === "gone" ? WifiOff : Loader2;
  return (
    <span role="status" aria-live="polite" data-connection={status}>
      <Badge variant={status === "gone" ? "destructive" : "outline"} className={cn("gap-1", status !== "gone" && "font-normal text-muted-foreground")}>
        <Icon className={status === "connecting" || status === "reconnecting" ? "size-3 animate-spin" : "size-3"} aria-hidden />
        <span className="sr-only">Connection: </span>
        {CONNECTION_LABEL[status]}
      </Badge>
    </span>
  );
}
