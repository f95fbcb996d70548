import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTeamSql } from "../../scripts/lib/sql.ts";
import { clientUsers, groupUsers, userAccounts } from "../../worker/db/schema";
import { nowMs } from "../../worker/lib/clock";
import { api, expectStatus, json, type Json } from "../helpers/api";
import { enterprise } from "../clients/helpers";
import { accept, db, freshEmail, invite, run } from "./helpers";
import { createTestUser, type TestUser } from "../helpers/auth";

// Issue 27 item 20: a member's client and group assignments in the team's (enterprise) account go
// with their removal from the team, in the same batch; a re-invited person starts with none.

async function enterpriseTeam() {
  const { owner } = await enterprise();
  const teamId = crypto.randomUUID();
  await run(createTeamSql({ email: owner.email, seats: 5, now: nowMs(), id: teamId }));
  return { ...owner, teamId };
}

const created = async (res: Response, what: string) => (await json<{ id: string }>(await expectStatus(res, 201, what))).id;

/** A client the person is assigned to directly, and another they reach through a group. */
async function assign(owner: TestUser, userId: string) {
  const direct = await created(await api("/api/clients", { user: owner, body: { name: "Bayhaven County" } }), "client");
  const viaGroup = await created(await api("/api/clients", { user: owner, body: { name: "Port of Ostrander" } }), "client");
  const groupId = await created(await api("/api/clients/groups", { user: owner, body: { name: "Port desk" } }), "group");
  await expectStatus(await api(`/api/clients/${direct}/users`, { user: owner, body: { userId } }), 200, "assign user");
  await expectStatus(await api(`/api/clients/groups/${groupId}/users`, { user: owner, body: { userId } }), 200, "add to group");
  await expectStatus(await api(`/api/clients/${viaGroup}/groups`, { user: owner, body: { groupId } }), 200, "assign group");
  return { clientIds: [direct, viaGroup], groupId };
}

const clientNames = async (user: TestUser) =>
  ((await json(await expectStatus(await api("/api/clients", { user }), 200))).clients as Json[]).map((c) => c.name).sort();

async function assignmentRows(userId: string, clientIds: string[], groupId: string) {
  const direct = await db()
    .select()
    .from(clientUsers)
    .where(and(eq(clientUsers.userId, userId), inArray(clientUsers.clientId, clientIds)));
  const grouped = await db()
    .select()
    .from(groupUsers)
    .where(and(eq(groupUsers.userId, userId), eq(groupUsers.groupId, groupId)));
  return direct.length + grouped.length;
}

describe("removing a member takes their client and group assignments with it", () => {
  it("an admin's removal: after a re-invitation the person sees no client they used to", async () => {
    const owner = await enterpriseTeam();
    const email = freshEmail("analyst");
    const first = await invite(owner, email);
    const person = await createTestUser({ email, onboarded: true });
    await expectStatus(await accept(person, first.token), 200, "accept");
    const { clientIds, groupId } = await assign(owner, person.userId);
    expect(await clientNames(person)).toEqual(["Bayhaven County", "Port of Ostrander"]);

    await expectStatus(await api(`/api/teams/members/${person.userId}`, { method: "DELETE", user: owner }), 200, "remove");
    expect(await assignmentRows(person.userId, clientIds, groupId)).toBe(0);

    const again = await invite(owner, email);
    await expectStatus(await accept(person, again.token), 200, "accept again");
    expect(await clientNames(person)).toEqual([]);
    expect(await assignmentRows(person.userId, clientIds, groupId)).toBe(0);
  });

  it("leaving on one's own does the same, and the person's assignments in another account stay", async () => {
    const owner = await enterpriseTeam();
    const email = freshEmail("consultant");
    const person = await createTestUser({ email, onboarded: true });
    // Also a member of another enterprise account, assigned to its clients there.
    const { owner: otherOwner } = await enterprise();
    await db().insert(userAccounts).values({ userId: person.userId, accountId: otherOwner.accountId, role: "MEMBER" });
    const theirs = await assign(otherOwner, person.userId);

    await expectStatus(await accept(person, (await invite(owner, email)).token), 200, "join");
    const ours = await assign(owner, person.userId);
    await expectStatus(await api(`/api/teams/members/${person.userId}`, { method: "DELETE", user: person }), 200, "leave");
    expect(await assignmentRows(person.userId, ours.clientIds, ours.groupId)).toBe(0);
    expect(await assignmentRows(person.userId, theirs.clientIds, theirs.groupId)).toBe(2);
  });
});
