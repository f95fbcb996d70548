import { ChevronDown, Files } from "~/components/ui/icons";
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
import { scopeLabel, toggleScope, type Scope } from "./scope";

export type { Scope };

/**
 * Which documents the question is asked over. Items stay open on select so several can be ticked.
 */
export function ScopePicker({ scope, ready, pending, onChange }: { scope: Scope; ready: DocumentView[]; pending: number; onChange: (scope: Scope) => void }) {
  const chosen = new Set(scope ?? []);
  const all = scope === null;
  const toggle = (id: string, on: boolean) =>
    onChange(
      toggleScope(
        scope,
        id,
        on,
        ready.map((d) => d.id),
      ),
    );
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
          <DropdownMenuCheckboxItem
            key={doc.id}
            checked={!all && chosen.has(doc.id)}
            onCheckedChange={(on) => toggle(doc.id, on)}
            onSelect={(e) => e.preventDefault()}
          >
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
