import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CONDUCT_MESSAGES } from "../../shared/conduct/model";
import { getDb } from "../../worker/db/client";
import { campaigns, sessions, teamMembers } from "../../worker/db/schema";
import { api, expectStatus, json, ORIGIN, type Json } from "../helpers/api";
import { createTestUser, sessionCookieFor, type TestUser } from "../helpers/auth";
import { enterprise } from "../clients/helpers";
import { CONDUCT_EXERCISE, conductExercise, createSession, openSocket, stateAt, type SocketClient } from "../conduct/helpers";
import { createCampaign } from "../exercises/helpers";

// Issue 27 item 7: controlling or watching a live conduct session follows the CURRENT access rule on
// its exercise, at every call and on open sockets. Creating the session grants nothing lasting; each
// way access narrows (team role, team removal, client assignment, a disabled user, signing out)
// closes the user's open console sockets with a reason the page shows.

const db = () => getDb(env.DB);
const stub = (sessionId: string) => env.CONDUCT_SESSION.get(env.CONDUCT_SESSION.idFromName(sessionId));

beforeAll(async () => {
  // The Worker entry registers the access-change listeners (worker/composition.ts) when it loads.
  await SELF.fetch(`${ORIGIN}/api/health`);
});

/** Every signed-in way into the session, for someone who should get 404 on each. */
async function expectShutOut(user: { cookie: string }, sessionId: string): Promise<void> {
  const base = `/api/conduct/sessions/${sessionId}`;
  expect((await api(base, { cookie: user.cookie })).status, "state").toBe(404);
  expect((await api(`${base}/events`, { cookie: user.cookie })).status, "events").toBe(404);
  expect((await api(`${base}/commands`, { cookie: user.cookie, body: { type: "start" } })).status, "command").toBe(404);
  expect((await api(`${base}/links`, { cookie: user.cookie, body: { role: "player", label: "Late group" } })).status, "links").toBe(404);
  const upgrade = await SELF.fetch(`${ORIGIN}${base}/socket`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie: user.cookie } });
  expect(upgrade.status, "socket upgrade").toBe(404);
  const page = await SELF.fetch(`${ORIGIN}/conduct/sessions/${sessionId}`, { headers: { cookie: user.cookie }, redirect: "manual" });
  expect(page.status, "console page").toBe(404);
}

async function console_(user: { cookie: string }, sessionId: string): Promise<SocketClient> {
  const socket = await openSocket(`/api/conduct/sessions/${sessionId}/socket`, { cookie: user.cookie });
  await socket.next(stateAt(0), "the console's first state");
  return socket;
}

async function expectClosedForAccess(socket: SocketClient): Promise<void> {
  const gone = await socket.next((m) => m.type === "gone", "the access-changed message");
  expect(gone.message).toBe(CONDUCT_MESSAGES.accessChanged);
  expect((await socket.closed).code).toBe(4403);
}

async function campaignSession() {
  const owner = await createTestUser({ plan: "TEAM", onboarded: true });
  // A plan of their own, so that once out of the team the console page answers for itself (no plan: the pricing page).
  const manager = await createTestUser({ plan: "SOLO", onboarded: true });
  const campaignId = await createCampaign(owner, [manager], { collaborateRole: "CAMPAIGN_MANAGER" });
  const created = await api(`/api/collaborate/campaigns/${campaignId}/exercises/create`, { user: manager, body: { exercise: CONDUCT_EXERCISE } });
  const exerciseId = (await json(await expectStatus(created, 201, "campaign exercise"))).id as string;
  const session = await createSession(manager, exerciseId, { campaignId });
  return { owner, manager, campaignId, sessionId: session.id as string };
}

async function createClient(owner: TestUser, name: string): Promise<string> {
  return (await json(await expectStatus(await api("/api/clients", { user: owner, body: { name } }), 201, "create client"))).id as string;
}

/** An enterprise member assigned to a client (directly or through a group), with a session on an exercise filed under it. */
async function clientSession(via: "direct" | "group") {
  const { owner, members } = await enterprise(1);
  const member = members[0]!;
  const clientId = await createClient(owner, "Bayhaven County");
  let groupId: string | null = null;
  if (via === "direct") await expectStatus(await api(`/api/clients/${clientId}/users`, { user: owner, body: { userId: member.userId } }), 200);
  else {
    groupId = (await json(await expectStatus(await api("/api/clients/groups", { user: owner, body: { name: "Planners" } }), 201))).id as string;
    await expectStatus(await api(`/api/clients/groups/${groupId}/users`, { user: owner, body: { userId: member.userId } }), 200);
    await expectStatus(await api(`/api/clients/${clientId}/groups`, { user: owner, body: { groupId } }), 200);
  }
  const exerciseId = await conductExercise(member, { clientId });
  const session = await createSession(member, exerciseId);
  return { owner, member, clientId, groupId, exerciseId, sessionId: session.id as string };
}

describe("the session's creator has no lasting right", () => {
  it("a creator demoted in the campaign's team gets 404 everywhere, and their open console closes with the reason", async () => {
    const s = await campaignSession();
    const socket = await console_(s.manager, s.sessionId);
    expect((await json(await api(`/api/conduct/sessions/${s.sessionId}`, { user: s.manager }))).session.access).toBe("control");

    await expectStatus(
      await api(`/api/teams/members/${s.manager.userId}`, { method: "PATCH", user: s.owner, body: { collaborateRole: "STANDARD_USER" } }),
      200,
      "demote",
    );

    await expectClosedForAccess(socket);
    await expectShutOut(s.manager, s.sessionId);
    // The team's admin still runs it.
    expect((await json(await api(`/api/conduct/sessions/${s.sessionId}`, { user: s.owner }))).session.access).toBe("control");
  });

  it("a creator removed from the team gets 404 and their console closes", async () => {
    const s = await campaignSession();
    const socket = await console_(s.manager, s.sessionId);
    await expectStatus(await api(`/api/teams/members/${s.manager.userId}`, { method: "DELETE", user: s.owner }), 200, "remove");
    await expectClosedForAccess(socket);
    await expectShutOut(s.manager, s.sessionId);
  });

  it("a creator whose team roles an admin changes in the admin console loses their open console", async () => {
    const s = await campaignSession();
    const admin = await createTestUser();
    await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(admin.userId).run();
    const [team] = await db().select({ teamId: campaigns.teamId }).from(campaigns).where(eq(campaigns.id, s.campaignId));
    const socket = await console_(s.manager, s.sessionId);
    const body = { email: s.manager.email, role: "MEMBER", collaborateRole: "STANDARD_USER" };
    await expectStatus(await api(`/api/admin/teams/${team!.teamId}/members`, { user: admin, body }), 200, "admin console role change");
    await expectClosedForAccess(socket);
    await expectShutOut(s.manager, s.sessionId);
  });

  for (const path of ["unassigned from the client", "removed from the client's group", "whose group left the client"] as const) {
    it(`a creator ${path} gets 404 and their console closes; the owner keeps watching`, async () => {
      const s = await clientSession(path === "unassigned from the client" ? "direct" : "group");
      const socket = await console_(s.member, s.sessionId);
      const ownerSocket = await console_(s.owner, s.sessionId);

      const change =
        path === "unassigned from the client"
          ? api(`/api/clients/${s.clientId}/users/${s.member.userId}`, { method: "DELETE", user: s.owner })
          : path === "removed from the client's group"
            ? api(`/api/clients/groups/${s.groupId}/users/${s.member.userId}`, { method: "DELETE", user: s.owner })
            : api(`/api/clients/${s.clientId}/groups/${s.groupId}`, { method: "DELETE", user: s.owner });
      await expectStatus(await change, 200, path);

      await expectClosedForAccess(socket);
      await expectShutOut(s.member, s.sessionId);
      // The owner sees every client (read: the exercise is the member's to change), and their socket stays.
      expect((await json(await api(`/api/conduct/sessions/${s.sessionId}`, { user: s.owner }))).session.access).toBe("read");
      ownerSocket.ws.send("state");
      await ownerSocket.next(
        (m) => m.type === "state" && (m.state.connected as Json[]).every((c) => c.role !== "controller" || c.count === 1),
        "the owner's socket, still open",
      );
      expect(ownerSocket.messages.some((m) => m.type === "gone")).toBe(false);
      ownerSocket.ws.close(1000);
    });
  }

  it("once the exercise is deleted, the rule holds on the client the session recorded", async () => {
    const s = await clientSession("direct");
    await expectStatus(await api(`/api/exercises/${s.exerciseId}/delete`, { method: "DELETE", user: s.member }), 200, "delete exercise");
    // The reports stay reachable for whoever the exercise's rule lets in …
    expect((await json(await api(`/api/conduct/sessions/${s.sessionId}`, { user: s.member }))).session.access).toBe("control");
    expect((await json(await api(`/api/conduct/sessions/${s.sessionId}`, { user: s.owner }))).session.access).toBe("read");
    // … and taking the creator off the client still shuts them out.
    await expectStatus(await api(`/api/clients/${s.clientId}/users/${s.member.userId}`, { method: "DELETE", user: s.owner }), 200);
    await expectShutOut(s.member, s.sessionId);
    const stranger = await createTestUser({ plan: "SOLO" });
    await expectShutOut(stranger, s.sessionId);
  });
});

describe("open consoles end with the sign-in or the user", () => {
  it("a user disabled in the admin console loses their open console at once", async () => {
    const s = await clientSession("direct");
    const admin = await createTestUser();
    await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(admin.userId).run();
    const socket = await console_(s.member, s.sessionId);
    await expectStatus(await api(`/api/admin/users/${s.member.userId}`, { method: "PATCH", user: admin, body: { disabled: true } }), 200, "disable");
    await expectClosedForAccess(socket);
    // Signed out by the disable: the API asks them to sign in.
    expect((await api(`/api/conduct/sessions/${s.sessionId}`, { user: s.member })).status).toBe(401);
  });

  it("signing out closes the sockets of that sign-in only; revoking other sessions closes theirs", async () => {
    const s = await clientSession("direct");
    const laptop = { cookie: s.member.cookie };
    const tablet = { cookie: await sessionCookieFor(s.member.userId) };
    const phone = { cookie: await sessionCookieFor(s.member.userId) };
    const [onLaptop, onTablet, onPhone] = [await console_(laptop, s.sessionId), await console_(tablet, s.sessionId), await console_(phone, s.sessionId)];

    await expectStatus(await api("/api/auth/sign-out", { cookie: phone.cookie, body: {} }), 200, "sign out");
    await expectClosedForAccess(onPhone);
    expect((await api(`/api/conduct/sessions/${s.sessionId}`, { cookie: phone.cookie })).status).toBe(401);

    await expectStatus(await api("/api/auth/revoke-other-sessions", { cookie: laptop.cookie, body: {} }), 200, "revoke other sessions");
    await expectClosedForAccess(onTablet);
    // The laptop's own console stays open and answers.
    onLaptop.ws.send("state");
    await onLaptop.next(
      (m) => m.type === "state" && (m.state.connected as Json[]).some((c) => c.role === "controller" && c.count === 1),
      "the laptop's console, still open",
    );
    expect(onLaptop.messages.some((m) => m.type === "gone")).toBe(false);
    expect((await api(`/api/conduct/sessions/${s.sessionId}`, { cookie: laptop.cookie })).status).toBe(200);
    onLaptop.ws.close(1000);
  });

  it("the object re-checks its consoles on its alarm, for changes nothing announced (the admin CLI writes D1 directly)", async () => {
    const s = await campaignSession();
    const socket = await console_(s.manager, s.sessionId);
    // As `npm run admin -- add-team-member … --collaborate-role standard` would: no hook runs.
    await db().update(teamMembers).set({ collaborateRole: "STANDARD_USER" }).where(eq(teamMembers.userId, s.manager.userId));
    await runInDurableObject(stub(s.sessionId), (instance) => {
      // Pretend the last re-check was long ago, rather than wait for it.
      (instance as unknown as { recheckedAt: number }).recheckedAt = 0;
    });
    expect(await runDurableObjectAlarm(stub(s.sessionId))).toBe(true);
    await expectClosedForAccess(socket);
  });

  it("a session that ended (idle or expired) ends its sockets at the next re-check too", async () => {
    const s = await clientSession("direct");
    const socket = await console_(s.member, s.sessionId);
    await db().delete(sessions).where(eq(sessions.userId, s.member.userId));
    await runInDurableObject(stub(s.sessionId), (instance) => {
      (instance as unknown as { recheckedAt: number }).recheckedAt = 0;
    });
    await runDurableObjectAlarm(stub(s.sessionId));
    await expectClosedForAccess(socket);
  });
});
