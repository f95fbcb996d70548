import { useMutation } from "@tanstack/react-query";
import { Lock, Users } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { toast } from "~/hooks/use-toast";
import { useTeam } from "~/hooks/use-team";
import { teamsApi, type ShareAccess, type TeamShareKind, type TeamShareView } from "~/lib/teams-api";

/**
 * The team workspace in a list row (issue 29 item 4): the "Team" badge of an item shared with the
 * team (who shared it, and whether colleagues may edit), and for its author or a team admin the
 * menu that shares it or makes it private again (PUT /api/teams/shares/:kind/:id).
 */

const NOUN: Record<TeamShareKind, string> = { document: "document", exercise: "exercise", brief: "brief" };

export function ShareControl({
  kind,
  id,
  name,
  team,
  mine,
  onChange,
}: {
  kind: TeamShareKind;
  id: string;
  name: string;
  team: TeamShareView | null;
  /** The caller wrote it (else only a team admin may change its sharing). */
  mine: boolean;
  onChange: (team: TeamShareView | null) => void;
}) {
  const { inTeam, teamAdmin } = useTeam();
  const share = useMutation({
    mutationFn: (access: ShareAccess) => teamsApi.share(kind, id, access),
    onSuccess: (answer) => {
      onChange(answer.team);
      toast({ title: answer.team ? `Shared with your team${answer.team.access === "edit" ? " to edit" : ""}` : "Private again", description: name });
    },
    onError: (err: unknown) =>
      toast({ variant: "destructive", title: "Sharing not changed", description: err instanceof Error ? err.message : "Try again in a moment." }),
  });
  if (!inTeam || !(mine || teamAdmin)) return null;
  const value: ShareAccess = team?.access ?? "private";
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={share.isPending}
          aria-label={`Sharing of ${name}: ${label(value)}`}
          title="Share with your team"
        >
          {value === "private" ? <Lock aria-hidden /> : <Users aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Who sees this {NOUN[kind]}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={value} onValueChange={(next) => next !== value && share.mutate(next as ShareAccess)}>
          <DropdownMenuRadioItem value="private">Only {mine ? "me" : "its author"}</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="read">My team can {kind === "exercise" ? "open it" : "read it"}</DropdownMenuRadioItem>
          {kind === "exercise" ? <DropdownMenuRadioItem value="edit">My team can edit it</DropdownMenuRadioItem> : null}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function label(access: ShareAccess): string {
  return access === "private" ? "private" : access === "edit" ? "your team may edit" : "shared with your team";
}

/** Local state of an item's share, so the badge follows the menu at once. */
export function useShareState(initial: TeamShareView | null) {
  const [team, setTeam] = React.useState(initial);
  React.useEffect(() => setTeam(initial), [initial]);
  return [team, setTeam] as const;
}
