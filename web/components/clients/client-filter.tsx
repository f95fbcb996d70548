import { useSearchParams } from "@remix-run/react";
import { inputClass } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import type { ClientView } from "../../../worker/clients/views";

/**
 * The dashboard's client filter (enterprise accounts, spec §6): `?client=<id>` narrows the
 * exercises and documents to one client's; "All clients" removes it.
 */
export function ClientFilter({ clients, value }: { clients: ClientView[]; value: string | null }) {
  const [params, setParams] = useSearchParams();
  const choose = (clientId: string) => {
    const next = new URLSearchParams(params);
    if (clientId) next.set("client", clientId);
    else next.delete("client");
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="dashboard-client-filter" className="text-sm font-medium">
        Filter by client
      </label>
      <select
        id="dashboard-client-filter"
        data-testid="client-filter"
        className={cn(inputClass, "h-9 w-auto min-w-[12rem] py-1")}
        value={value ?? ""}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="">All clients</option>
        {clients.map((c) => (
          <option key={c.id} value={c.id}>
            {c.archived ? `${c.name} (archived)` : c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
