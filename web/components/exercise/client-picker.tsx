import * as React from "react";
import { inputClass } from "~/components/ui/input";
import { exerciseApi } from "~/lib/exercise-api";
import { cn } from "~/lib/utils";

type ClientOption = { id: string; name: string };

/** The clients an enterprise user can file a new exercise under; null while loading ([] for anyone else or on a failure). */
export function useClients(userId: string | null | undefined, enabled: boolean): ClientOption[] | null {
  const [clients, setClients] = React.useState<ClientOption[] | null>(null);
  React.useEffect(() => {
    if (!enabled || !userId) return;
    let live = true;
    exerciseApi
      .clients(userId)
      .then((r) => live && setClients(r.clients))
      .catch(() => live && setClients([]));
    return () => {
      live = false;
    };
  }, [userId, enabled]);
  return clients;
}

/** "Client" for a new exercise of an enterprise user: none (their own) or one of their clients. */
export function ClientPicker({
  clients,
  value,
  onChange,
  id = "exercise-client",
}: {
  clients: ClientOption[] | null;
  value: string;
  onChange: (v: string) => void;
  id?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Client
      </label>
      <select id={id} className={cn(inputClass, "h-9 py-1")} value={value} onChange={(e) => onChange(e.target.value)} disabled={clients === null}>
        <option value="">{clients === null ? "Loading clients…" : "No client"}</option>
        {(clients ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
