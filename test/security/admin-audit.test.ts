import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, expectStatus, json, ORIGIN, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";

// Issue 27 item 19: the admin console writes each change's audit row in the same D1 batch as the
// change (neither lands without the other), and audits its reads of people's data.

async function makeAdmin(): Promise<TestUser> {
  const user = await createTestUser();
  await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(user.userId).run();
  return user;
}

async function auditRows(where: string, id: string): Promise<Json[]> {
  const rows = await env.DB.prepare(
    `SELECT "action", "actorId", "targetUserId", "accountId", "metadata" FROM "AuditLog" WHERE "${where}" = ?1 ORDER BY "createdAt", rowid`,
  )
    .bind(id)
    .all<Json>();
  return rows.results.map((r) => ({ ...r, metadata: JSON.parse(r.metadata as string) }));
}

/**
 * Runs `body` with a D1 trigger that aborts one kind of write for one row (a failure injected into
 * the batch, as a constraint or an outage would fail it), then removes the trigger.
 */
async function withFailing(table: "AuditLog" | "User" | "AccountPlanMetadata", when: string, body: () => Promise<void>): Promise<void> {
  const name = `fail_${crypto.randomUUID().replace(/-/g, "")}`;
  const event = table === "User" ? "UPDATE" : "INSERT";
  await env.DB.prepare(`CREATE TRIGGER "${name}" BEFORE ${event} ON "${table}" WHEN ${when} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
  try {
    await body();
  } finally {
    await env.DB.prepare(`DROP TRIGGER IF EXISTS "${name}"`).run();
  }
}

const userRow = (id: string) => env.DB.prepare(`SELECT "role", "isBeta", "disabledAt" FROM "User" WHERE "id" = ?`).bind(id).first<Json>();

describe("a console change and its audit row are one batch", () => {
  it("when the audit row cannot be written, the change does not land either", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    expectConsoleError(/injected failure/);
    await withFailing("AuditLog", `NEW."targetUserId" = '${target.userId}'`, async () => {
      const res = await api(`/api/admin/users/${target.userId}`, { method: "PATCH", user: admin, body: { role: "admin", isBeta: true, disabled: true } });
      expect(res.status).toBe(500);
    });
    expect(await userRow(target.userId)).toEqual({ role: "basic", isBeta: 0, disabledAt: null });
    // Not disabled, so their sign-in still works.
    expect((await api(`/api/users/${target.userId}/onboarding-status`, { user: target })).status).toBe(200);

    await withFailing("AuditLog", `NEW."accountId" = '${target.accountId}'`, async () => {
      expect(
        (await api(`/api/admin/accounts/${target.accountId}/plan`, { method: "PUT", user: admin, body: { plan: "TEAM", interval: "YEARLY" } })).status,
      ).toBe(500);
      expect(
        (await api(`/api/admin/accounts/${target.accountId}/flags`, { method: "PUT", user: admin, body: { flag: "alertsEnabled", enabled: true } })).status,
      ).toBe(500);
    });
    const plan = await env.DB.prepare(`SELECT count(*) AS n FROM "AccountPlanMetadata" WHERE "accountId" = ?`).bind(target.accountId).first<{ n: number }>();
    expect(plan?.n).toBe(0);
    const flags = await env.DB.prepare(`SELECT "featureFlags" FROM "Account" WHERE "id" = ?`).bind(target.accountId).first<{ featureFlags: string | null }>();
    expect(JSON.parse(flags?.featureFlags ?? "{}").alertsEnabled ?? false).toBe(false);
    expect(await auditRows("targetUserId", target.userId)).toEqual([]);
  });

  it("when the change fails, no audit row is left", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    expectConsoleError(/injected failure/);
    await withFailing("User", `NEW."id" = '${target.userId}' AND NEW."role" = 'admin'`, async () => {
      expect((await api(`/api/admin/users/${target.userId}`, { method: "PATCH", user: admin, body: { isBeta: true, role: "admin" } })).status).toBe(500);
    });
    expect(await userRow(target.userId)).toEqual({ role: "basic", isBeta: 0, disabledAt: null });
    await withFailing("AccountPlanMetadata", `NEW."accountId" = '${target.accountId}'`, async () => {
      expect(
        (await api(`/api/admin/accounts/${target.accountId}/plan`, { method: "PUT", user: admin, body: { plan: "SOLO", interval: "MONTHLY" } })).status,
      ).toBe(500);
    });
    const changes = (await auditRows("actorId", admin.userId)).filter((r) => !String(r.action).endsWith(".view") && !String(r.action).endsWith(".list"));
    expect(changes).toEqual([]);

    // Without the failure, the same change lands with its row.
    await expectStatus(await api(`/api/admin/users/${target.userId}`, { method: "PATCH", user: admin, body: { isBeta: true, role: "admin" } }), 200);
    expect((await auditRows("targetUserId", target.userId)).map((r) => r.action)).toEqual(["admin.user.set_role", "admin.user.set_beta"]);
  });
});

describe("reads of people's data are audited", () => {
  it("a user's detail, the user list and search, an account's detail and the team list each write a row naming who read what", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();

    const detail = await json(await expectStatus(await api(`/api/admin/users/${target.userId}`, { user: admin }), 200));
    expect(detail.user.email).toBe(target.email);
    const [viewed] = await auditRows("targetUserId", target.userId);
    expect(viewed).toMatchObject({ action: "admin.user.view", actorId: admin.userId, targetUserId: target.userId, metadata: { email: target.email } });

    await expectStatus(await api(`/api/admin/users?q=${encodeURIComponent(target.email)}`, { user: admin }), 200);
    await expectStatus(await api(`/api/admin/accounts/${target.accountId}`, { user: admin }), 200);
    await expectStatus(await api("/api/admin/teams", { user: admin }), 200);
    const page = await SELF.fetch(`${ORIGIN}/admin`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);

    const reads = await auditRows("actorId", admin.userId);
    expect(reads.map((r) => r.action)).toEqual(["admin.user.view", "admin.user.list", "admin.account.view", "admin.team.list", "admin.user.list"]);
    expect(reads[1]!.metadata).toMatchObject({ q: target.email, page: 1, userIds: [target.userId] });
    expect(reads[2]).toMatchObject({ accountId: target.accountId });
    // The audit log's own filter offers the read actions.
    const log = await json(await api(`/api/admin/audit?target=${target.userId}`, { user: admin }));
    expect(log.actions).toEqual(expect.arrayContaining(["admin.user.view", "admin.user.list", "admin.account.view", "admin.team.list"]));
    expect((log.entries as Json[]).map((e) => e.action)).toContain("admin.user.view");
  });

  it("a read whose audit row cannot be written is not answered; a non-admin's attempt writes nothing", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    expectConsoleError(/injected failure|Failed query: insert into "AuditLog"/);
    await withFailing("AuditLog", `NEW."targetUserId" = '${target.userId}'`, async () => {
      const res = await api(`/api/admin/users/${target.userId}`, { user: admin });
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain(target.email);
    });
    const basic = await createTestUser();
    expect((await api(`/api/admin/users/${target.userId}`, { user: basic })).status).toBe(404);
    expect(await auditRows("targetUserId", target.userId)).toEqual([]);
    expect(await auditRows("actorId", basic.userId)).toEqual([]);
  });
});
