import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { grantPlanCommand, revokePlanCommand, setFlagCommand, setRoleCommand } from "../../scripts/lib/admin-commands.ts";
import { nowMs } from "../../worker/lib/clock";
import { api, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { planSummary } from "../../web/components/admin/format";

/** `npm run admin` sends these statements through `wrangler d1 execute`; here they run on the same schema. */
async function cli(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

type AuditRow = { action: string; actorId: string | null; targetUserId: string | null; accountId: string | null; metadata: Json };

async function auditOf(targetId: string): Promise<AuditRow[]> {
  const rows = await env.DB.prepare(
    `SELECT "action", "actorId", "targetUserId", "accountId", "metadata" FROM "AuditLog" WHERE "targetUserId" = ?1 OR "accountId" = ?1 ORDER BY "createdAt", rowid`,
  )
    .bind(targetId)
    .all<AuditRow & { metadata: string }>();
  return rows.results.map((r) => ({ ...r, metadata: JSON.parse(r.metadata) as Json }));
}

async function makeAdmin(): Promise<TestUser> {
  const user = await createTestUser();
  await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(user.userId).run();
  return user;
}

/** A console row as the CLI writes it: no signed-in actor, `via: "cli"`, the rest the same. */
const asCli = (row: AuditRow, target: { from: string; to: string }) => ({
  ...row,
  actorId: null,
  accountId: row.accountId === target.from ? target.to : row.accountId,
  targetUserId: row.targetUserId === target.from ? target.to : row.targetUserId,
  metadata: { ...row.metadata, via: "cli" },
});

describe("npm run admin writes the audit rows the admin console writes", () => {
  it("grant-plan, set-flag, revoke-plan: the same action and details, actor none (the CLI)", async () => {
    const admin = await makeAdmin();
    const [byConsole, byCli] = await Promise.all([createTestUser(), createTestUser()]);
    const now = nowMs();

    const put = (path: string, method: string, body?: unknown) => api(`/api/admin/accounts/${byConsole.accountId}${path}`, { method, body, user: admin });
    await expectStatus(await put("/plan", "PUT", { plan: "SOLO", interval: "MONTHLY" }), 200);
    await expectStatus(await put("/plan", "PUT", { plan: "TEAM", interval: "YEARLY" }), 200);
    await expectStatus(await put("/flags", "PUT", { flag: "collaborateEnabled", enabled: true }), 200);
    await expectStatus(await put("/flags", "PUT", { flag: "alertsEnabled", enabled: true }), 200);
    await expectStatus(await put("/flags", "PUT", { flag: "collaborateEnabled", enabled: false }), 200);
    await expectStatus(await put("/plan", "DELETE"), 200);

    await cli(grantPlanCommand({ email: byCli.email, plan: "SOLO", interval: "MONTHLY", now }));
    await cli(grantPlanCommand({ email: byCli.email, plan: "TEAM", interval: "YEARLY", now: now + 1 }));
    await cli(setFlagCommand({ email: byCli.email, flag: "collaborateEnabled", on: true, now: now + 2 }));
    await cli(setFlagCommand({ email: byCli.email, flag: "alertsEnabled", on: true, now: now + 3 }));
    await cli(setFlagCommand({ email: byCli.email, flag: "collaborateEnabled", on: false, now: now + 4 }));
    await cli(revokePlanCommand(byCli.email, now + 5));

    const fromConsole = await auditOf(byConsole.accountId);
    expect(fromConsole.map((r) => r.action)).toEqual([
      "admin.account.grant_plan",
      "admin.account.grant_plan",
      "admin.account.set_flag",
      "admin.account.set_flag",
      "admin.account.set_flag",
      "admin.account.revoke_plan",
    ]);
    expect(fromConsole[1]!.metadata).toEqual({ plan: "TEAM", interval: "YEARLY", previous: { planType: "SOLO", status: "active" } });
    expect(fromConsole[4]!.metadata).toEqual({ flag: "collaborateEnabled", enabled: false, was: true });
    expect(fromConsole[5]!.metadata).toEqual({ was: { planType: "TEAM", status: "active" } });
    expect(await auditOf(byCli.accountId)).toEqual(fromConsole.map((r) => asCli(r, { from: byConsole.accountId, to: byCli.accountId })));

    // The console's audit log lists the CLI's rows with the console's own.
    const page = await json(await api(`/api/admin/audit?target=${byCli.accountId}`, { user: admin }));
    expect(page.entries).toHaveLength(6);
  });

  it("set-role: the same row as the console's (e-mail, from, to); an unchanged role writes none", async () => {
    const admin = await makeAdmin();
    const [byConsole, byCli] = await Promise.all([createTestUser(), createTestUser()]);
    await expectStatus(await api(`/api/admin/users/${byConsole.userId}`, { method: "PATCH", body: { role: "admin" }, user: admin }), 200);
    await cli(setRoleCommand({ email: byCli.email, role: "admin", was: "basic", now: nowMs() }));
    await cli(setRoleCommand({ email: byCli.email, role: "admin", was: "admin", now: nowMs() }));

    const [consoleRow] = await auditOf(byConsole.userId);
    expect(consoleRow).toMatchObject({
      action: "admin.user.set_role",
      actorId: admin.userId,
      metadata: { email: byConsole.email, from: "basic", to: "admin" },
    });
    expect(await auditOf(byCli.userId)).toEqual([
      { ...consoleRow!, actorId: null, targetUserId: byCli.userId, metadata: { email: byCli.email, from: "basic", to: "admin", via: "cli" } },
    ]);
  });
});

describe("the console's user list", () => {
  it("shows a team member's effective plan, the team's, rather than none", async () => {
    const admin = await makeAdmin();
    const owner = await createTestUser({ plan: "TEAM" });
    const member = await createTestUser();
    const { teamId } = await json(await expectStatus(await api("/api/admin/teams", { user: admin, body: { email: owner.email, seats: 3 } }), 200));
    await expectStatus(await api(`/api/admin/teams/${teamId}/members`, { user: admin, body: { email: member.email } }), 200);

    const page = await json(await expectStatus(await api(`/api/admin/users?q=${encodeURIComponent(member.email)}`, { user: admin }), 200));
    const listed = (page.users as Json[]).find((u) => u.id === member.userId)!;
    expect(listed.account.plan).toBeNull();
    expect(listed.teamPlan).toEqual({ accountId: owner.accountId, accountName: expect.any(String), planType: "TEAM", status: "active" });
    expect(planSummary(listed as Parameters<typeof planSummary>[0])).toMatch(/^TEAM · active · through /);
    // The owner works in their own account: their own plan, no team line.
    const ownerRow = ((await json(await api(`/api/admin/users?q=${encodeURIComponent(owner.email)}`, { user: admin }))).users as Json[])[0]!;
    expect(ownerRow.teamPlan).toBeNull();
    expect(planSummary(ownerRow as Parameters<typeof planSummary>[0])).toBe("TEAM · active");
  });
});
