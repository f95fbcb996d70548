import { useQuery } from "@tanstack/react-query";
import { inputClass } from "~/components/ui/input";
import { exerciseApi } from "~/lib/exercise-api";
import { cn } from "~/lib/utils";

/**
 * "Client" for a new exercise of an enterprise user: none (their own) or one of the clients they
 * can file it under, loaded here (once per session: the list changes on the Clients page only).
 * Only enterprise pages render it, so others load it lazily or never.
 */
export default function ClientPicker({
  userId,
  value,
  onChange,
  id = "exercise-client",
}: {
  userId: string;
  value: string;
  onChange: (v: string) => void;
  id?: string;
}) {
  const clients = useQuery({ queryKey: ["clients", "fileable", userId], queryFn: () => exerciseApi.clients(userId).then((r) => r.clients), staleTime: 60_000 });
  const loading = clients.isPending;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Client
      </label>
      <select id={id} className={cn(inputClass, "h-9 py-1")} value={value} onChange={(e) => onChange(e.target.value)} disabled={loading}>
        <option value="">{loading ? "Loading clients…" : "No client"}</option>
        {(clients.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
