import { env, SELF } from "cloudflare:test";
import { hashPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { DEMO, DEMO_CAMPAIGN_EXERCISE, DEMO_DOCUMENTS, DEMO_INSTRUCTIONS, DEMO_MEMBER, DEMO_TEAM, seedSql } from "../../scripts/lib/demo.ts";
import {
  addTeamMemberSql,
  cliAuditSql,
  createCampaignSql,
  createTeamSql,
  findUserSql,
  grantPlanSql,
  listTeamsSql,
  listUsersSql,
  ownerTeamSql,
  countUsersSql,
  revokePlanSql,
  setBetaSql,
  setDisabledSql,
  setFlagSql,
  setRoleSql,
  setTeamSeatsSql,
  teamStateSql,
} from "../../scripts/lib/sql.ts";
import { getPlanStatus } from "../../worker/accounts/plan";
import { getOwnAccountId, getTenancyAccountId } from "../../worker/accounts/service";
import { getDb } from "../../worker/db/client";
import { nowMs } from "../../worker/lib/clock";
import { customInstructionsSchema } from "../../shared/profile/model";
import { cookieFrom, createTestUser, testClientIp } from "../helpers/auth";

/** The scripts send these statements through `wrangler d1 execute --file`; here they run on the same schema. */
async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

describe("demo seed SQL", () => {
  it("creates a demo user who can sign in with the documented password, with an active TEAM plan", async () => {
    await run(seedSql(await hashPassword(DEMO.password), nowMs()));
    // Twice: the seed is idempotent.
    await run(seedSql(await hashPassword("not-used-the-second-time"), nowMs()));

    const res = await SELF.fetch("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": testClientIp() },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string; firstName: string; lastName: string; onboarded: boolean } };
    expect(body.user).toMatchObject({ id: DEMO.userId, firstName: "Dana", lastName: "Whitfield", onboarded: false });

    const plan = await getPlanStatus(getDb(env.DB), DEMO.userId);
    expect(plan).toMatchObject({ hasActivePlan: true, planType: "TEAM", accountId: DEMO.accountId });

    const cookie = cookieFrom(res);
    const instructions = await (await SELF.fetch("http://localhost/api/profile/custom-instructions", { headers: { cookie } })).json();
    expect(instructions).toEqual(customInstructionsSchema.parse(DEMO_INSTRUCTIONS));

    const docs = await env.DB.prepare('SELECT "id", "processed", "path" FROM "Document" WHERE "userId" = ? ORDER BY "id"')
      .bind(DEMO.userId)
      .all<{ id: string; processed: number; path: string }>();
    expect(docs.results.map((d) => d.id)).toEqual(DEMO_DOCUMENTS.map((d) => d.id).sort());
    expect(docs.results.every((d) => d.processed === 0 && d.path.startsWith(`documents/${DEMO.userId}/`))).toBe(true);
    const users = await env.DB.prepare('SELECT count(*) AS n FROM "User" WHERE "email" = ?').bind(DEMO.email).first<{ n: number }>();
    expect(users!.n).toBe(1);
  });

  it("gives Dana a team with Marcus Ortega, an active campaign and a campaign exercise both can open", async () => {
    await run(seedSql(await hashPassword(DEMO.password), nowMs()));
    await run(seedSql(await hashPassword("not-used-the-second-time"), nowMs()));

    const res = await SELF.fetch("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": testClientIp() },
      body: JSON.stringify({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string; firstName: string; onboarded: boolean } };
    expect(body.user).toMatchObject({ id: DEMO_MEMBER.userId, firstName: "Marcus", onboarded: true });

    // No plan of his own: he works in Dana's account and gets its plan through the team.
    const db = getDb(env.DB);
    expect(await getOwnAccountId(db, DEMO_MEMBER.userId)).toBe(DEMO_MEMBER.accountId);
    expect(await getTenancyAccountId(db, DEMO_MEMBER.userId)).toBe(DEMO.accountId);
    expect(await getPlanStatus(db, DEMO_MEMBER.userId)).toMatchObject({ hasActivePlan: true, viaTeam: true, accountId: DEMO.accountId });
    // Dana's own tenancy is unchanged by owning a team.
    expect(await getPlanStatus(db, DEMO.userId)).toMatchObject({ hasActivePlan: true, viaTeam: false, planType: "TEAM", accountId: DEMO.accountId });

    const members = await env.DB.prepare(
      'SELECT t."id" AS "teamId", t."seats", u."email", tm."role", tm."collaborateRole" FROM "TeamMember" tm JOIN "Team" t ON t."id" = tm."teamId" JOIN "User" u ON u."id" = tm."userId" WHERE t."accountId" = ? ORDER BY u."email"',
    )
      .bind(DEMO.accountId)
      .all();
    expect(members.results).toEqual([
      { teamId: DEMO_TEAM.teamId, seats: 5, email: DEMO.email, role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" },
      { teamId: DEMO_TEAM.teamId, seats: 5, email: DEMO_MEMBER.email, role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER" },
    ]);
    // One pending invitation for the User management page, with its INVITATION token row.
    const invitations = await env.DB.prepare(
      'SELECT i."email", i."status", t."purpose" FROM "TeamInvitation" i JOIN "AuthToken" t ON t."id" = i."id" WHERE i."teamId" = ?',
    )
      .bind(DEMO_TEAM.teamId)
      .all();
    expect(invitations.results).toEqual([{ email: DEMO_TEAM.invitationEmail, status: "PENDING", purpose: "INVITATION" }]);
    const campaign = await env.DB.prepare('SELECT "teamId", "name", "status", "createdById" FROM "Campaign" WHERE "teamId" = ? ORDER BY "name"')
      .bind(DEMO_TEAM.teamId)
      .all();
    // The active campaign with its exercise, and a finished findings campaign (test/collaborate/demo-seed.test.ts).
    expect(campaign.results).toEqual([
      { teamId: DEMO_TEAM.teamId, name: "Ostrander Bay Hurricane Sheltering 2027", status: "COMPLETED", createdById: DEMO.userId },
      { teamId: DEMO_TEAM.teamId, name: "Sable River Flood Readiness 2027", status: "ACTIVE", createdById: DEMO.userId },
    ]);
    const account = await env.DB.prepare('SELECT "collaborateEnabled" FROM "Account" WHERE "id" = ?')
      .bind(DEMO.accountId)
      .first<{ collaborateEnabled: number }>();
    expect(account!.collaborateEnabled).toBe(1);
    const marcusAccount = await env.DB.prepare('SELECT "collaborateEnabled" FROM "Account" WHERE "id" = ?')
      .bind(DEMO_MEMBER.accountId)
      .first<{ collaborateEnabled: number }>();
    expect(marcusAccount!.collaborateEnabled).toBe(1);

    // The campaign exercise API (spec §6 access of worker/accounts/collaborate.ts: the flag, and
    // team admin or campaign manager) serves it to Marcus.
    const exercise = await SELF.fetch(`http://localhost/api/collaborate/campaigns/${DEMO_TEAM.campaignId}/exercises/${DEMO_TEAM.exerciseId}`, {
      headers: { cookie: cookieFrom(res) },
    });
    expect(exercise.status).toBe(200);
    expect(await exercise.json()).toMatchObject({ id: DEMO_TEAM.exerciseId, name: DEMO_CAMPAIGN_EXERCISE.name, threatType: DEMO_CAMPAIGN_EXERCISE.threatType });
  });

  it("reuses a team an operator already created on Dana's account", async () => {
    // Storage is shared by this file's tests: start from Dana without a team (the delete cascades to campaigns).
    await run(seedSql(await hashPassword(DEMO.password), nowMs()));
    await env.DB.prepare('DELETE FROM "Team" WHERE "accountId" = ?').bind(DEMO.accountId).run();
    expect(await env.DB.prepare('SELECT "id" FROM "Campaign" WHERE "id" = ?').bind(DEMO_TEAM.campaignId).first()).toBeNull();
    await run(createTeamSql({ email: DEMO.email, seats: 3, now: nowMs(), id: "operator-team" }));
    await run(seedSql("", nowMs()));
    const teams = await env.DB.prepare('SELECT "id", "seats" FROM "Team" WHERE "accountId" = ?').bind(DEMO.accountId).all();
    expect(teams.results).toEqual([{ id: "operator-team", seats: 3 }]);
    const campaign = await env.DB.prepare('SELECT "teamId" FROM "Campaign" WHERE "id" = ?').bind(DEMO_TEAM.campaignId).first<{ teamId: string }>();
    expect(campaign!.teamId).toBe("operator-team");
    expect(await getTenancyAccountId(getDb(env.DB), DEMO_MEMBER.userId)).toBe(DEMO.accountId);
  });

  it("keeps the custom instructions within the profile limits", () => {
    expect(customInstructionsSchema.safeParse(DEMO_INSTRUCTIONS).success).toBe(true);
  });
});

describe("admin CLI SQL", () => {
  it("grants, changes and revokes a plan on the user's own account", async () => {
    const user = await createTestUser({ plan: null });
    const db = getDb(env.DB);
    expect((await getPlanStatus(db, user.userId)).hasActivePlan).toBe(false);

    await run(grantPlanSql({ email: user.email, plan: "TEAM", interval: "YEARLY", now: nowMs() }));
    expect(await getPlanStatus(db, user.userId)).toMatchObject({ hasActivePlan: true, planType: "TEAM", billingInterval: "YEARLY" });
    const row = await env.DB.prepare('SELECT "source" FROM "AccountPlanMetadata" WHERE "accountId" = ?').bind(user.accountId).first<{ source: string }>();
    expect(row!.source).toBe("admin");

    await run(grantPlanSql({ email: user.email, plan: "SOLO", interval: "MONTHLY", now: nowMs() }));
    expect((await getPlanStatus(db, user.userId)).planType).toBe("SOLO");

    await run(revokePlanSql(user.email, nowMs()));
    expect((await getPlanStatus(db, user.userId)).hasActivePlan).toBe(false);
  });

  it("sets the role and feature flags, and finds and lists users", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    await run(setRoleSql(user.email, "admin", nowMs()));
    await run(setFlagSql(user.email, "collaborateEnabled", true, nowMs()));
    await run(setFlagSql(user.email, "betaAskReadyroomActionsEnabled", true, nowMs()));
    await run(setFlagSql(user.email, "betaAskReadyroomActionsEnabled", false, nowMs()));

    const found = await env.DB.prepare(findUserSql(user.email)).first<{ id: string; role: string; accountId: string }>();
    expect(found).toMatchObject({ id: user.userId, role: "admin", accountId: user.accountId });
    const account = await env.DB.prepare('SELECT "collaborateEnabled", "featureFlags" FROM "Account" WHERE "id" = ?')
      .bind(user.accountId)
      .first<{ collaborateEnabled: number; featureFlags: string }>();
    expect(account!.collaborateEnabled).toBe(1);
    expect(JSON.parse(account!.featureFlags)).toEqual({ collaborateEnabled: true, betaAskReadyroomActionsEnabled: false });

    const listed = await env.DB.prepare(listUsersSql()).all<{ email: string; planType: string | null }>();
    expect(listed.results.find((r) => r.email === user.email)?.planType).toBe("SOLO");
    expect(await env.DB.prepare(findUserSql("nobody@example.test")).first()).toBeNull();
  });

  it("names a user by id and an account by id as well as by e-mail (the admin console's way)", async () => {
    const user = await createTestUser();
    const now = nowMs();
    await run([...setRoleSql({ userId: user.userId }, "admin", now), ...setBetaSql({ userId: user.userId }, true, now)]);
    await run(grantPlanSql({ accountId: user.accountId, plan: "ENTERPRISE", interval: "YEARLY", now }));
    await run(setFlagSql({ accountId: user.accountId }, "alertsEnabled", true, now));
    const [row] = (await env.DB.prepare(listUsersSql({ id: user.userId })).all<Record<string, unknown>>()).results;
    expect(row).toMatchObject({
      email: user.email,
      role: "admin",
      isBeta: 1,
      accountId: user.accountId,
      accountType: "ENTERPRISE",
      planType: "ENTERPRISE",
      planStatus: "active",
    });
    expect(JSON.parse(row!.featureFlags as string)).toEqual({ alertsEnabled: true });
    await run(revokePlanSql({ accountId: user.accountId }, now));
    expect((await env.DB.prepare(listUsersSql({ id: user.userId })).first<{ planStatus: string }>())!.planStatus).toBe("canceled");

    await run(setDisabledSql({ userId: user.userId }, true, now));
    const disabled = await env.DB.prepare('SELECT "disabledAt", (SELECT count(*) FROM "Session" WHERE "userId" = ?1) AS "sessions" FROM "User" WHERE "id" = ?1')
      .bind(user.userId)
      .first<{ disabledAt: number; sessions: number }>();
    expect(disabled).toEqual({ disabledAt: now, sessions: 0 });
    await run(setDisabledSql(user.email, false, now));
    expect(
      (await env.DB.prepare('SELECT "disabledAt" FROM "User" WHERE "id" = ?').bind(user.userId).first<{ disabledAt: number | null }>())!.disabledAt,
    ).toBeNull();

    const q = user.email.slice(0, 17).toUpperCase();
    const page = await env.DB.prepare(listUsersSql({ q, limit: 5, offset: 0 })).all<{ id: string }>();
    expect(page.results.map((r) => r.id)).toContain(user.userId);
    expect((await env.DB.prepare(countUsersSql({ q })).first<{ total: number }>())!.total).toBe(page.results.length);
  });
});

describe("admin CLI team and campaign SQL", () => {
  it("audits a CLI team change only when it took effect (actor: none, the operator)", async () => {
    const owner = await createTestUser({ onboarded: true });
    const outsider = await createTestUser({ onboarded: true });
    const now = Date.UTC(2027, 0, 5);
    const teamId = crypto.randomUUID();
    await run([
      ...createTeamSql({ email: owner.email, seats: 1, now, id: teamId }),
      cliAuditSql({ action: "admin.team.create", team: { id: teamId }, email: owner.email, now }),
    ]);
    // One seat, taken by the owner: the outsider's insert is refused, and so is its audit row.
    await run([
      ...addTeamMemberSql({ team: { id: teamId }, email: outsider.email, role: "MEMBER", collaborateRole: "STANDARD_USER", now }),
      cliAuditSql({ action: "admin.team.add_member", team: { id: teamId }, email: outsider.email, now }),
    ]);
    const rows = await env.DB.prepare(
      `SELECT "action", "actorId", "targetUserId", "accountId", "metadata" FROM "AuditLog" WHERE "metadata" LIKE '%"via":"cli"%' AND "accountId" = (SELECT "accountId" FROM "Team" WHERE "id" = ?)`,
    )
      .bind(teamId)
      .all<Record<string, unknown>>();
    expect(rows.results).toEqual([
      { action: "admin.team.create", actorId: null, targetUserId: owner.userId, accountId: owner.accountId, metadata: '{"via":"cli"}' },
    ]);
  });

  const count = async (sql: string, ...binds: string[]) =>
    (await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>())!.n;
  const memberOf = (teamId: string, userId: string) =>
    env.DB.prepare('SELECT "role", "collaborateRole" FROM "TeamMember" WHERE "teamId" = ? AND "userId" = ?')
      .bind(teamId, userId)
      .first<{ role: string; collaborateRole: string }>();

  async function teamOf(owner: { email: string }) {
    const row = await env.DB.prepare(ownerTeamSql(owner.email)).first<{ teamId: string | null; seats: number | null; members: number }>();
    return row!;
  }

  it("creates a team on the owner's account with the owner as admin and campaign manager, and reuses it", async () => {
    const owner = await createTestUser({ plan: "TEAM" });
    expect(await teamOf(owner)).toMatchObject({ teamId: null, members: 0 });

    await run(createTeamSql({ email: owner.email, seats: 4, now: nowMs(), id: "team-a" }));
    expect(await teamOf(owner)).toMatchObject({ teamId: "team-a", seats: 4, members: 1 });
    expect(await memberOf("team-a", owner.userId)).toEqual({ role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" });
    const team = await env.DB.prepare('SELECT "accountId" FROM "Team" WHERE "id" = ?').bind("team-a").first<{ accountId: string }>();
    expect(team!.accountId).toBe(owner.accountId);

    // Again with another id: the account's team is reused, its seats kept, nothing doubled.
    await run(createTeamSql({ email: owner.email, seats: 9, now: nowMs(), id: "team-b" }));
    expect(await count('SELECT count(*) AS n FROM "Team" WHERE "accountId" = ?', owner.accountId)).toBe(1);
    expect(await teamOf(owner)).toMatchObject({ teamId: "team-a", seats: 4, members: 1 });
    await run(setTeamSeatsSql("team-a", 6, nowMs()));
    expect((await teamOf(owner)).seats).toBe(6);

    // A user without an account of their own gets no team.
    await run(createTeamSql({ email: "nobody@example.test", now: nowMs(), id: "team-c" }));
    expect(await count('SELECT count(*) AS n FROM "Team" WHERE "id" = ?', "team-c")).toBe(0);
  });

  it("adds a member who then works in the team's account and gets its plan; adding again updates the roles", async () => {
    const owner = await createTestUser({ plan: "TEAM" });
    const member = await createTestUser({ plan: null });
    await run(createTeamSql({ email: owner.email, now: nowMs(), id: "team-m" }));
    const db = getDb(env.DB);
    expect((await getPlanStatus(db, member.userId)).hasActivePlan).toBe(false);

    const add = (role: "ADMIN" | "MEMBER", collaborateRole: "CAMPAIGN_MANAGER" | "STANDARD_USER") =>
      run(addTeamMemberSql({ team: { id: "team-m" }, email: member.email, role, collaborateRole, now: nowMs() }));
    await add("MEMBER", "STANDARD_USER");
    expect(await memberOf("team-m", member.userId)).toEqual({ role: "MEMBER", collaborateRole: "STANDARD_USER" });
    expect(await getPlanStatus(db, member.userId)).toMatchObject({ hasActivePlan: true, planType: "TEAM", viaTeam: true, accountId: owner.accountId });
    expect(await getTenancyAccountId(db, member.userId)).toBe(owner.accountId);
    // Their own account stays theirs.
    expect(await getOwnAccountId(db, member.userId)).toBe(member.accountId);

    await add("ADMIN", "CAMPAIGN_MANAGER");
    expect(await memberOf("team-m", member.userId)).toEqual({ role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" });
    expect(await count('SELECT count(*) AS n FROM "TeamMember" WHERE "userId" = ?', member.userId)).toBe(1);
    expect(
      await count('SELECT count(*) AS n FROM "UserAccount" WHERE "userId" = ? AND "accountId" = ? AND "role" = \'MEMBER\'', member.userId, owner.accountId),
    ).toBe(1);

    const state = await env.DB.prepare(teamStateSql("team-m", member.email)).first();
    expect(state).toMatchObject({ id: "team-m", seats: 5, members: 2, memberRole: "ADMIN", ownerEmail: owner.email, planStatus: "active" });

    // The owner re-added keeps their OWNER link (no MEMBER row on their own account).
    await run(addTeamMemberSql({ team: { id: "team-m" }, email: owner.email, role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER", now: nowMs() }));
    const ownerLinks = await env.DB.prepare('SELECT "role" FROM "UserAccount" WHERE "userId" = ?').bind(owner.userId).all<{ role: string }>();
    expect(ownerLinks.results.map((r) => r.role)).toEqual(["OWNER"]);
  });

  it("refuses a new member when every seat is taken, unless the team grows", async () => {
    const owner = await createTestUser({ plan: "TEAM" });
    const first = await createTestUser({ plan: null });
    const second = await createTestUser({ plan: null });
    await run(createTeamSql({ email: owner.email, seats: 2, now: nowMs(), id: "team-s" }));
    const add = (email: string, growSeats = false) =>
      run(addTeamMemberSql({ team: { id: "team-s" }, email, role: "MEMBER", collaborateRole: "STANDARD_USER", growSeats, now: nowMs() }));

    await add(first.email);
    await add(second.email);
    expect(await memberOf("team-s", second.userId)).toBeNull();
    // Refused means not linked to the account either.
    expect(await count('SELECT count(*) AS n FROM "UserAccount" WHERE "userId" = ? AND "accountId" = ?', second.userId, owner.accountId)).toBe(0);
    expect(await getTenancyAccountId(getDb(env.DB), second.userId)).toBe(second.accountId);

    // A full team still lets an existing member's roles change.
    await run(addTeamMemberSql({ team: { id: "team-s" }, email: first.email, role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER", now: nowMs() }));
    expect((await memberOf("team-s", first.userId))!.collaborateRole).toBe("CAMPAIGN_MANAGER");

    await add(second.email, true);
    expect(await memberOf("team-s", second.userId)).toEqual({ role: "MEMBER", collaborateRole: "STANDARD_USER" });
    expect(await teamOf(owner)).toMatchObject({ seats: 3, members: 3 });
    // Growing again with room to spare leaves the seats alone.
    await add(second.email, true);
    expect((await teamOf(owner)).seats).toBe(3);
  });

  it("creates campaigns only for members of the team, and lists teams with members and campaigns", async () => {
    const owner = await createTestUser({ plan: "TEAM" });
    const member = await createTestUser({ plan: null });
    const outsider = await createTestUser({ plan: "SOLO" });
    await run(createTeamSql({ email: owner.email, now: nowMs(), id: "team-c1" }));
    await run(addTeamMemberSql({ team: { id: "team-c1" }, email: member.email, role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER", now: nowMs() }));
    // Spec §6: the campaign's exercises need the collaborateEnabled flag besides the manager role.
    for (const u of [owner, member]) await run(setFlagSql(u.email, "collaborateEnabled", true, nowMs()));

    await run(
      createCampaignSql({ team: { id: "team-c1" }, name: "Flood Readiness 2027", email: member.email, status: "ACTIVE", now: nowMs(), id: "campaign-1" }),
    );
    await run(createCampaignSql({ team: { id: "team-c1" }, name: "Not theirs", email: outsider.email, status: "DRAFT", now: nowMs(), id: "campaign-2" }));
    await run(createCampaignSql({ team: { id: "no-such-team" }, name: "Nowhere", email: member.email, status: "DRAFT", now: nowMs(), id: "campaign-3" }));
    const campaigns = await env.DB.prepare(
      'SELECT "id", "teamId", "name", "status", "createdById", "parameters" FROM "Campaign" WHERE "id" LIKE \'campaign-%\'',
    ).all();
    expect(campaigns.results).toEqual([
      { id: "campaign-1", teamId: "team-c1", name: "Flood Readiness 2027", status: "ACTIVE", createdById: member.userId, parameters: "{}" },
    ]);

    // The team's campaign managers and admin can create and read the campaign's exercises through the API; others cannot see it.
    const created = await SELF.fetch("http://localhost/api/collaborate/campaigns/campaign-1/exercises/create", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: member.cookie },
      body: JSON.stringify({ name: "Levee breach" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await SELF.fetch(`http://localhost/api/collaborate/campaigns/campaign-1/exercises/${id}`, { headers: { cookie: owner.cookie } })).status).toBe(200);
    expect((await SELF.fetch(`http://localhost/api/collaborate/campaigns/campaign-1/exercises/${id}`, { headers: { cookie: outsider.cookie } })).status).toBe(
      404,
    );

    const listed = await env.DB.prepare(listTeamsSql()).all<{
      id: string;
      seats: number;
      accountName: string | null;
      planType: string;
      members: string;
      campaigns: string;
    }>();
    const row = listed.results.find((r) => r.id === "team-c1")!;
    expect(row).toMatchObject({ seats: 5, planType: "TEAM" });
    expect(JSON.parse(row.members)).toEqual([
      { email: owner.email, role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" },
      { email: member.email, role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER" },
    ]);
    expect(JSON.parse(row.campaigns)).toEqual([{ id: "campaign-1", name: "Flood Readiness 2027", status: "ACTIVE" }]);
  });
});
