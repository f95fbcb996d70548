import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { membershipWithSession, readMembership } from "../../worker/accounts/membership";
import { getSessionWith } from "../../worker/auth/session";
import { getDb } from "../../worker/db/client";
import { sessions, teamMembers, teams } from "../../worker/db/schema";
import { nowMs } from "../../worker/lib/clock";
import { createTestUser } from "../helpers/auth";

const db = () => getDb(env.DB);
const headers = (cookie: string) => new Headers({ cookie });

/** Issue 10: a page reads the session and the caller's membership in one D1 round trip. */
describe("getSessionWith (the session and the membership at once)", () => {
  it("answers the session's user with the same membership a read of its own gives", async () => {
    const owner = await createTestUser({ plan: "TEAM" });
    const user = await createTestUser({ plan: "SOLO" });
    const teamId = crypto.randomUUID();
    await db().insert(teams).values({ id: teamId, accountId: owner.accountId, seats: 5 });
    await db().insert(teamMembers).values({ teamId, userId: user.userId, role: "MEMBER" });

    const found = await getSessionWith(env, headers(user.cookie), membershipWithSession);
    expect(found?.session.user.id).toBe(user.userId);
    const alone = await readMembership(db(), user.userId);
    expect(found?.reads).toEqual(alone);
    // Not empty: the user's own account, the team, and the team account's plan.
    expect(found?.reads.links.map((l) => l.accountId)).toEqual([user.accountId]);
    expect(found?.reads.teams).toMatchObject([{ teamId, accountId: owner.accountId, role: "MEMBER" }]);
    expect(found?.reads.teamPlans.map((p) => p.accountId)).toEqual([owner.accountId]);
  });

  it("answers nothing, reads included, for no cookie, a forged one, or an ended session (which it deletes)", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    expect(await getSessionWith(env, headers(""), membershipWithSession)).toBeNull();
    expect(await getSessionWith(env, headers(user.cookie.replace(/.(%3D)?$/, "x")), membershipWithSession)).toBeNull();

    await db()
      .update(sessions)
      .set({ expires: new Date(nowMs() - 1000) })
      .where(eq(sessions.userId, user.userId));
    expect(await getSessionWith(env, headers(user.cookie), membershipWithSession)).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
  });
});
