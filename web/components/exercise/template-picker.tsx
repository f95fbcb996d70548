import { useQuery, type QueryClient } from "@tanstack/react-query";
import { Loader2, TriangleAlert } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { exerciseApi } from "~/lib/exercise-api";
import { TemplatesLoading } from "./templates-loading";

// The list is the same for everyone and changes only with a deploy.
const templatesQuery = { queryKey: ["exercise-templates"], queryFn: () => exerciseApi.templates().then((r) => r.templates), staleTime: Infinity };

export function prefetchTemplates(queryClient: QueryClient) {
  return queryClient.prefetchQuery(templatesQuery);
}

/**
 * The quick-start templates of "Start from template", each with its Use button: loaded with the
 * dialog (React.lazy in dashboard.tsx), so the dashboard's first load carries none of it.
 */
export default function TemplatePicker({ busy, onUse }: { busy: string | null; onUse: (id: string) => void }) {
  const templates = useQuery(templatesQuery);
  if (templates.data)
    return (
      <ul className="grid gap-2" aria-label="Quick-start templates">
        {templates.data.map((t) => (
          <li key={t.id} className="grid gap-1.5 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-3">
            <div className="grid gap-1">
              <p className="font-medium leading-tight">{t.name}</p>
              <p>
                <Badge variant="outline">{t.threatType}</Badge>
              </p>
              <p className="text-sm text-muted-foreground">{t.summary}</p>
            </div>
            <Button size="sm" aria-label={`Use template: ${t.name}`} disabled={busy !== null} onClick={() => onUse(t.id)}>
              {busy === t.id ? <Loader2 className="animate-spin" aria-hidden /> : null} Use template
            </Button>
          </li>
        ))}
      </ul>
    );
  if (templates.isError && !templates.isFetching)
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-4" aria-hidden /> Could not load the templates: {templates.error.message}
        </p>
        <Button size="sm" variant="outline" onClick={() => void templates.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <TemplatesLoading />;
}
