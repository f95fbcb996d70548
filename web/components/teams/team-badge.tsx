import { Users } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import type { TeamShareView } from "~/lib/teams-api";

/**
 * The "Team" badge of an item shared with the team: who shared it, and whether colleagues may edit.
 * Its own module, apart from the share menu (./share-control.tsx), so the dashboard's lists show it
 * without loading the dropdown menu into the first paint (bench: first-load JS of /dashboard).
 */
export function TeamBadge({ team }: { team: TeamShareView | null }) {
  if (!team) return null;
  const who = team.sharedBy ? `Shared with your team by ${team.sharedBy}` : "Shared with your team";
  return (
    <Badge variant="secondary" className="shrink-0 gap-1" data-testid="team-badge" title={team.access === "edit" ? `${who}: your team may edit it` : who}>
      <Users className="size-3" aria-hidden />
      Team
      <span className="sr-only">: {team.access === "edit" ? `${who}, your team may edit it` : who}</span>
    </Badge>
  );
}
