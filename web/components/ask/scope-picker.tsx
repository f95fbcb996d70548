import { ChevronDown, Files } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { DocumentView } from "~/lib/documents-api";

/** `null` = every ready document (the default); otherwise the chosen ids. */
export type Scope = string[] | null;

export function scopeLabel(scope: Scope, ready: DocumentView[]): string {
  const chosen = scope ? ready.filter((d) => scope.includes(d.id)) : null;
  if (!chosen || chosen.length === 0 || chosen.length === ready.length) return `All ready documents (${ready.length})`;
  if (chosen.length === 1) return chosen[0].name;
  return `${chosen.length} of ${ready.length} documents`;
}

/**
 * Which documents the question is asked over. Items stay open on select so several can be ticked;
 * unticking the last one goes back to "all" (asking over nothing is never what was meant).
 */
export function ScopePicker({ scope, ready, pending, onChange }: { scope: Scope; ready: DocumentView[]; pending: number; onChange: (scope: Scope) => void }) {
  const chosen = new Set(scope ?? []);
  const all = scope === null;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(all ? [] : chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next.size === 0 || next.size === ready.length ? null : [...next]);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="max-w-full" aria-label={`Documents to ask: ${scopeLabel(scope, ready)}`}>
          <Files aria-hidden />
          <span className="truncate">{scopeLabel(scope, ready)}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-w-[min(28rem,90vw)]">
        <DropdownMenuLabel className="text-xs text-muted-foreground">Ask over</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked={all} onCheckedChange={() => onChange(null)} onSelect={(e) => e.preventDefault()}>
          All ready documents
        </DropdownMenuCheckboxItem>
        {ready.length > 0 ? <DropdownMenuSeparator /> : null}
        {ready.map((doc) => (
          <DropdownMenuCheckboxItem key={doc.id} checked={!all && chosen.has(doc.id)} onCheckedChange={(on) => toggle(doc.id, on)} onSelect={(e) => e.preventDefault()}>
            <span className="truncate">{doc.name}</span>
          </DropdownMenuCheckboxItem>
        ))}
        {pending > 0 || ready.length === 0 ? (
          <p className="px-2 py-1.5 text-xs text-muted-foreground">
            {ready.length === 0 ? "No document is ready yet. " : ""}
            {pending > 0 ? `${pending} still processing; they can be chosen once Ready.` : "Upload documents in the Library."}
          </p>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
