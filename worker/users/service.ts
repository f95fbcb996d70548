import { eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import type { UserContext } from "../context";
import { users } from "../db/schema";
import { notFound } from "../lib/errors";

/**
 * Onboarding (spec §4, §7): whether the welcome modal should still be shown, and recording it as
 * seen. A user may only read or change their own flag; any other id is "not found", whether or
 * not that user exists, so ids cannot be probed.
 */
function assertSelf(callerId: string, targetId: string) {
  if (callerId !== targetId) throw notFound("User not found.");
}

/**
 * Only for oneself, so the caller's session (read from the User row on this very request) already
 * holds the answer: no second query.
 */
export function getOnboardingStatus(caller: Pick<SessionUser, "id" | "onboarded">, targetId: string) {
  assertSelf(caller.id, targetId);
  return { shouldShowOnboarding: !caller.onboarded };
}

export async function markOnboarded({ db, user }: UserContext, targetId: string) {
  assertSelf(user.id, targetId);
  const updated = await db.update(users).set({ onboarded: true }).where(eq(users.id, targetId)).returning({ id: users.id });
  if (updated.length === 0) throw notFound("User not found.");
  return { onboarded: true as const };
}
