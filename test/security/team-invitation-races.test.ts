import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamInvitations, teamMembers, userAccounts } from "../../worker/db/schema";
import { api, apiError, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { accept, db, freshEmail, invite, teamOwner } from "../teams/helpers";

// Issue 27 item 15: invitations sent or accepted at the same moment keep the team's invariants.
// The requests are fired together (Promise.all); the checks are on what the database holds after.

const pendingOf = async (teamId: string) =>
  db()
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, "PENDING")));

describe("invitation races", () => {
  it("parallel invitations never reserve more seats than the team has", async () => {
    const owner = await teamOwner(3);
    const emails = Array.from({ length: 6 }, (_, i) => freshEmail(`rush${i}`));
    const answers = await Promise.all(emails.map((email) => api("/api/teams/invitations", { user: owner, body: { email } })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.status !== 201)) expect(await apiError(res)).toMatchObject({ status: 409, code: "team_full" });
    expect(await pendingOf(owner.teamId)).toHaveLength(2);
    const view = await json(await api("/api/users/team-members", { user: owner }));
    expect(view).toMatchObject({ seats: 3, seatsUsed: 1, seatsReserved: 2, seatsAvailable: 0 });
  });

  it("parallel invitations of one address make one invitation", async () => {
    const owner = await teamOwner(10);
    const email = freshEmail("twice");
    const answers = await Promise.all(Array.from({ length: 4 }, () => api("/api/teams/invitations", { user: owner, body: { email } })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 201)) expect(await apiError(res)).toMatchObject({ status: 409, code: "already_invited" });
    expect((await pendingOf(owner.teamId)).filter((i) => i.email === email)).toHaveLength(1);
  });

  it("two teams' invitations accepted at once: the person joins exactly one team", async () => {
    const first = await teamOwner();
    const second = await teamOwner();
    const email = freshEmail("sought");
    const a = await invite(first, email);
    const b = await invite(second, email);
    const person = await createTestUser({ email, onboarded: true });
    const answers = await Promise.all([accept(person, a.token), accept(person, b.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await apiError(answers.find((r) => r.status === 409)!)).toMatchObject({ code: "already_in_team" });
    const memberships = await db().select().from(teamMembers).where(eq(teamMembers.userId, person.userId));
    expect(memberships).toHaveLength(1);
    const joined = memberships[0]!.teamId === first.teamId ? first : second;
    const other = joined === first ? second : first;
    // Only the winning team's account is linked, and the other invitation is still pending.
    const links = (await db().select().from(userAccounts).where(eq(userAccounts.userId, person.userId))).map((l) => l.accountId);
    expect(links).toContain(joined.accountId);
    expect(links).not.toContain(other.accountId);
    expect((await pendingOf(other.teamId)).map((i) => i.email)).toEqual([email]);
  });
});
