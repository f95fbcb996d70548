import { Loader2, Wifi, WifiOff } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { CONNECTION_LABEL, type ConnectionStatus } from "~/lib/conduct-live";

/** "Live" / "Reconnecting…", announced politely when it changes. */
export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const Icon = status === "live" ? Wifi : status === "gone" ? WifiOff : Loader2;
  return (
    <span role="status" aria-live="polite" data-connection={status}>
      <Badge variant={status === "live" ? "success" : status === "gone" ? "destructive" : "secondary"} className="gap-1">
        <Icon className={status === "connecting" || status === "reconnecting" ? "size-3 animate-spin" : "size-3"} aria-hidden />
        {CONNECTION_LABEL[status]}
      </Badge>
    </span>
  );
}
