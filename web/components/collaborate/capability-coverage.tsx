import type { Findings } from "../../../shared/collaborate/views";
import { ALL_MISSION_AREAS, MISSION_AREAS } from "../../../shared/exercises/capabilities";
import { cn } from "~/lib/utils";

type Coverage = Findings["capabilityCoverage"];

/** The coverage rows grouped by mission area: the cross-cutting ones first, then the doctrine's order (unknown areas last). */
export function groupCoverage(coverage: Coverage): { mission: string; rows: Coverage }[] {
  const areas: readonly string[] = [ALL_MISSION_AREAS, ...MISSION_AREAS];
  const order = (mission: string) => {
    const i = areas.indexOf(mission);
    return i === -1 ? areas.length : i;
  };
  const groups = new Map<string, Coverage>();
  for (const row of coverage) groups.set(row.mission, [...(groups.get(row.mission) ?? []), row]);
  return [...groups.entries()].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b)).map(([mission, rows]) => ({ mission, rows }));
}

/**
 * How many contributors touched each of the 32 core capabilities, by mission area. Uncovered
 * ones stay readable (muted text keeps AA contrast, no opacity) and say "not raised".
 */
export function CapabilityCoverage({ coverage, contributorCount }: { coverage: Coverage; contributorCount: number }) {
  const covered = coverage.filter((c) => c.contributorCount > 0).length;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {covered} of {coverage.length} core capabilities were raised by at least one contributor.
      </p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {groupCoverage(coverage).map((group) => (
          <table key={group.mission} className="w-full self-start text-left text-sm">
            <caption className="pb-1 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground">{group.mission}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Capability</th>
                <th scope="col">Contributors</th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map((row) => {
                const none = row.contributorCount === 0;
                return (
                  <tr key={row.capability} className="border-b last:border-0" data-covered={none ? "false" : "true"}>
                    <th scope="row" className={cn("py-1 pr-2 font-normal", none ? "text-muted-foreground" : "font-medium")}>
                      {row.capability}
                    </th>
                    <td className="py-1 text-right tabular-nums whitespace-nowrap">
                      {none ? (
                        <span className="text-xs italic text-muted-foreground">not raised</span>
                      ) : (
                        <span title={row.respondents.join(", ")}>
                          {row.contributorCount}
                          <span className="text-muted-foreground">/{contributorCount}</span>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}
