import { ChevronDown, Sparkles } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import type { AskActionListing } from "~/lib/ask-api";

/**
 * The Ask view's named actions (shown only when the account's actions flag is on: the API lists
 * none otherwise). Picking one runs it on the documents selected in the scope picker; an action
 * that needs a number of documents the selection does not have is disabled, saying why.
 */
export function ActionsMenu({
  actions,
  selected,
  disabled,
  onRun,
}: {
  actions: AskActionListing[];
  /** Documents the action would run on: the scope picker's choice, or every ready document. */
  selected: number;
  disabled?: boolean;
  onRun: (action: AskActionListing) => void;
}) {
  if (!actions.length) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled} data-testid="ask-actions">
          <Sparkles aria-hidden />
          Actions
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          {selected ? `Runs on the ${selected} selected document${selected === 1 ? "" : "s"}` : "No document is ready yet"}
        </DropdownMenuLabel>
        {actions.map((action) => {
          const { min, max } = action.documents;
          const fits = selected >= min && (max === undefined || selected <= max);
          return (
            <DropdownMenuItem key={action.name} disabled={!fits} onSelect={() => onRun(action)} className="flex-col items-start gap-0.5">
              <span className="font-medium">{action.label}</span>
              <span className="text-xs text-muted-foreground">{action.description}</span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
