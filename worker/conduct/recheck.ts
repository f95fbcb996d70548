import { and, eq, inArray, lt } from "drizzle-orm";
import { userContext, type AppContext } from "../context";
import { sessionActive } from "../auth/session";
import { conductSessions, conductWatchers } from "../db/schema";
import type { Env } from "../env";
import { nowDate } from "../lib/clock";
import { sessionAccess, type SessionAccess } from "./access";
import type { ControllerIdentity } from "./object-protocol";
import { sessionObject } from "./session-object";

/**
 * Open controller sockets follow the session's access rule (issue 27): a socket is allowed only
 * while the sign-in that opened it lasts and its user still has the access it was opened with. The
 * Worker notes who opened one (ConductWatcher); when a user's access changes (worker/lib/
 * access-changes.ts) each of their sessions' objects re-checks that user's sockets and closes those
 * that lost it, telling the page why. The object also re-checks all its controller sockets on its
 * alarm, for changes nothing announced (the admin CLI, a plan that lapsed).
 */

/** Notes that the caller opens a controller socket on the session (before the object accepts it). */
export async function noteWatcher(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  const openedAt = nowDate();
  await ctx.db
    .insert(conductWatchers)
    .values({ userId, sessionId, openedAt })
    .onConflictDoUpdate({ target: [conductWatchers.userId, conductWatchers.sessionId], set: { openedAt } });
}

/** Asks the object of every session these users opened a controller socket on to re-check their sockets. */
export async function recheckConductAccess(ctx: AppContext, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  const startedAt = nowDate();
  const rows = await ctx.db.select().from(conductWatchers).where(inArray(conductWatchers.userId, userIds));
  await Promise.all(
    rows.map(async ({ userId, sessionId }) => {
      const open = await sessionObject(ctx, sessionId).recheck(userId);
      // Forgotten when none is left, unless a socket was opened since this re-check began.
      if (open === 0) {
        await ctx.db
          .delete(conductWatchers)
          .where(and(eq(conductWatchers.userId, userId), eq(conductWatchers.sessionId, sessionId), lt(conductWatchers.openedAt, startedAt)));
      }
    }),
  );
}

/** What a controller socket's user may do in the session now through the sign-in that opened it (null: nothing). */
export async function socketAccess(env: Env, sessionId: string, who: ControllerIdentity): Promise<SessionAccess | null> {
  const ctx = userContext(env, who.userId);
  if (!(await sessionActive(env, who.authSessionId, who.userId))) return null;
  const [row] = await ctx.db.select().from(conductSessions).where(eq(conductSessions.id, sessionId)).limit(1);
  return row ? sessionAccess(ctx, row) : null;
}
