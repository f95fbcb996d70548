import { Loader2 } from "~/components/ui/icons";

/** "Loading templates…" while the template picker or its list loads. */
export function TemplatesLoading() {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden /> Loading templates…
    </p>
  );
}
