import type { ConductSession } from "../db/schema";
import type { SessionAccess } from "./access";
import type { ConductSessionView } from "../../shared/conduct/views";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A ConductSession row as the API and pages show it. */
export function toSessionView(row: ConductSession, access: SessionAccess): ConductSessionView {
  return {
    id: row.id,
    exerciseId: row.exerciseId,
    campaignId: row.campaignId,
    exerciseName: row.plan.exerciseName,
    name: row.name,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    access,
  };
}
