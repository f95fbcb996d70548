import { asc, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { conductEvents } from "../db/schema";
import { findSession } from "./access";
import type { ConductEventView } from "../../shared/conduct/views";

/** The replay: every event of the session, in sequence order, from the D1 mirror. */
export async function listEvents(ctx: UserContext, sessionId: string): Promise<ConductEventView[]> {
  const session = await findSession(ctx, sessionId, "read");
  const rows = await ctx.db.select().from(conductEvents).where(eq(conductEvents.sessionId, session.id)).orderBy(asc(conductEvents.seq));
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    at: r.at.toISOString(),
    scenarioAt: r.scenarioAt,
    actorRole: r.actorRole,
    actorLabel: r.actorLabel,
    payload: r.payload,
  }));
}
