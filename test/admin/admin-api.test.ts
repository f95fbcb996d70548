import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { nowDate, nowMs } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { ledgerFor } from "../../worker/billing/ledger";
import { appContext } from "../../worker/context";

async function makeAdmin(options: Parameters<typeof createTestUser>[0] = {}): Promise<TestUser> {
  const user = await createTestUser(options);
  await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(user.userId).run();
  return user;
}

async function auditOf(targetId: string): Promise<Json[]> {
  const rows = await env.DB.prepare(
    `SELECT "action", "actorId", "targetUserId", "accountId", "metadata" FROM "AuditLog" WHERE "targetUserId" = ?1 OR "accountId" = ?1 ORDER BY "createdAt", rowid`,
  )
    .bind(targetId)
    .all<Json>();
  return rows.results.map((r) => ({ ...r, metadata: JSON.parse(r.metadata as string) }));
}

describe("admin API access", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/admin/users"],
    ["GET", "/api/admin/users/someone"],
    ["PATCH", "/api/admin/users/someone", { isBeta: true }],
    ["GET", "/api/admin/accounts/some-account"],
    ["PUT", "/api/admin/accounts/some-account/plan", { plan: "SOLO" }],
    ["DELETE", "/api/admin/accounts/some-account/plan"],
    ["PUT", "/api/admin/accounts/some-account/flags", { flag: "alertsEnabled", enabled: true }],
    ["POST", "/api/admin/accounts/some-account/credits", { kind: "grant", amount: 5, reason: "x", requestId: crypto.randomUUID() }],
    ["GET", "/api/admin/audit"],
    ["GET", "/api/admin/scheduler"],
    ["GET", "/api/admin/teams"],
    ["POST", "/api/admin/teams", { email: "someone@example.test" }],
    ["POST", "/api/admin/teams/some-team/members", { email: "someone@example.test" }],
    ["POST", "/api/admin/teams/some-team/campaigns", { name: "x", email: "someone@example.test" }],
  ];

  it("answers 401 signed out and the app's plain 404 to a basic user, on every route", async () => {
    const basic = await createTestUser();
    const unknown = await json(await api("/api/no-such-route", { user: basic }));
    for (const [method, path, body] of routes) {
      await expectStatus(await api(path, { method, body }), 401, `${method} ${path} signed out`);
      const res = await api(path, { method, body, user: basic });
      await expectStatus(res, 404, `${method} ${path} as a basic user`);
      const err = await apiError(res);
      // The same answer as a path that does not exist: nothing says there is a console.
      expect(err.code).toBe(unknown.code);
      expect(err.message).toBe(`No API route for ${method} ${path}.`);
    }
    expect(await auditOf(basic.userId)).toEqual([]);
  });

  it("refuses cross-site writes", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    const res = await api(`/api/admin/users/${target.userId}`, {
      method: "PATCH",
      body: { isBeta: true },
      user: admin,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    const row = await env.DB.prepare(`SELECT "isBeta" FROM "User" WHERE "id" = ?`).bind(target.userId).first<{ isBeta: number }>();
    expect(row!.isBeta).toBe(0);
  });
});

describe("admin users", () => {
  it("searches users by e-mail or name, paged", async () => {
    const admin = await makeAdmin();
    const tag = crypto.randomUUID().slice(0, 8);
    const a = await createTestUser({ email: `zed-${tag}-a@example.test`, firstName: "Quilla", lastName: `Vanterpool${tag}` });
    const b = await createTestUser({ email: `zed-${tag}-b@example.test` });
    await createTestUser({ email: `other-${tag}@example.test` });

    const byEmail = await json(await api(`/api/admin/users?q=ZED-${tag}&pageSize=1`, { user: admin }));
    expect(byEmail.total).toBe(2);
    expect(byEmail.users.map((u: Json) => u.email)).toEqual([a.email]);
    const page2 = await json(await api(`/api/admin/users?q=zed-${tag}&pageSize=1&page=2`, { user: admin }));
    expect(page2.users.map((u: Json) => u.email)).toEqual([b.email]);

    const byName = await json(await api(`/api/admin/users?q=${encodeURIComponent(`quilla vanterpool${tag}`)}`, { user: admin }));
    expect(byName.users).toHaveLength(1);
    expect(byName.users[0]).toMatchObject({ id: a.userId, role: "basic", isBeta: false, disabledAt: null, account: { id: a.accountId, plan: null } });
    expect(byName.users[0].account.flags).toEqual({
      collaborateEnabled: false,
      modelSelectionEnabled: false,
      alertsEnabled: false,
      betaAskReadyroomActionsEnabled: false,
    });

    // LIKE wildcards in the search are literal.
    expect((await json(await api(`/api/admin/users?q=${encodeURIComponent(`%${tag}_`)}`, { user: admin }))).total).toBe(0);
  });

  it("disables a user (their session is refused at once) and enables them again", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    await expectStatus(await api("/api/billing/usage", { user: target }), 200);

    const res = await api(`/api/admin/users/${target.userId}`, { method: "PATCH", body: { disabled: true }, user: admin });
    await expectStatus(res, 200);
    expect((await json(res)).user.disabledAt).toEqual(expect.any(Number));
    await expectStatus(await api("/api/billing/usage", { user: target }), 401, "the disabled user's open session");
    const sessions = await env.DB.prepare(`SELECT count(*) AS n FROM "Session" WHERE "userId" = ?`).bind(target.userId).first<{ n: number }>();
    expect(sessions!.n).toBe(0);

    const enabled = await json(await api(`/api/admin/users/${target.userId}`, { method: "PATCH", body: { disabled: false }, user: admin }));
    expect(enabled.user.disabledAt).toBeNull();
    expect((await auditOf(target.userId)).map((r) => [r.action, r.actorId])).toEqual([
      ["admin.user.disable", admin.userId],
      ["admin.user.enable", admin.userId],
    ]);
  });

  it("sets the role and isBeta, and refuses an admin's own demotion or disabling", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    const promoted = await json(await api(`/api/admin/users/${target.userId}`, { method: "PATCH", body: { role: "admin", isBeta: true }, user: admin }));
    expect(promoted.user).toMatchObject({ role: "admin", isBeta: true });
    // The new admin can use the console at once.
    await expectStatus(await api("/api/admin/scheduler", { user: target }), 200);
    const demoted = await json(await api(`/api/admin/users/${target.userId}`, { method: "PATCH", body: { role: "basic" }, user: admin }));
    expect(demoted.user.role).toBe("basic");
    await expectStatus(await api("/api/admin/scheduler", { user: target }), 404);

    const self = await api(`/api/admin/users/${admin.userId}`, { method: "PATCH", body: { role: "basic", isBeta: true }, user: admin });
    await expectStatus(self, 409);
    expect((await apiError(self)).message).toMatch(/own admin role/);
    await expectStatus(await api(`/api/admin/users/${admin.userId}`, { method: "PATCH", body: { disabled: true }, user: admin }), 409);
    const me = await env.DB.prepare(`SELECT "role", "isBeta", "disabledAt" FROM "User" WHERE "id" = ?`).bind(admin.userId).first<Json>();
    expect(me).toEqual({ role: "admin", isBeta: 0, disabledAt: null });
    // Keeping one's own role is fine.
    await expectStatus(await api(`/api/admin/users/${admin.userId}`, { method: "PATCH", body: { role: "admin", isBeta: true }, user: admin }), 200);

    expect((await auditOf(target.userId)).map((r) => r.action)).toEqual(["admin.user.set_role", "admin.user.set_beta", "admin.user.set_role"]);
    expect((await auditOf(target.userId))[0]).toMatchObject({ actorId: admin.userId, targetUserId: target.userId, metadata: { from: "basic", to: "admin" } });
  });

  it("answers 404 for an unknown user", async () => {
    const admin = await makeAdmin();
    await expectStatus(await api("/api/admin/users/nobody", { user: admin }), 404);
    await expectStatus(await api("/api/admin/users/nobody", { method: "PATCH", body: { isBeta: true }, user: admin }), 404);
  });
});

describe("admin accounts", () => {
  it("grants and revokes a plan as the admin CLI does", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    const granted = await json(
      await api(`/api/admin/accounts/${target.accountId}/plan`, { method: "PUT", body: { plan: "TEAM", interval: "YEARLY" }, user: admin }),
    );
    expect(granted.account).toMatchObject({
      id: target.accountId,
      type: "TEAM",
      plan: { planType: "TEAM", billingInterval: "YEARLY", status: "active", source: "admin" },
    });
    // The user now has an active plan: the dashboard is open to them.
    const account = await json(await api("/api/billing/account-info", { user: target }));
    expect(account).toMatchObject({ currentPlanType: "TEAM", hasActivePlan: true, source: "admin" });

    const revoked = await json(await api(`/api/admin/accounts/${target.accountId}/plan`, { method: "DELETE", user: admin }));
    expect(revoked.account.plan).toMatchObject({ status: "canceled" });
    expect(await json(await api("/api/billing/account-info", { user: target }))).toMatchObject({ hasActivePlan: false });
    expect((await auditOf(target.accountId)).map((r) => r.action)).toEqual(["admin.account.grant_plan", "admin.account.revoke_plan"]);

    const other = await createTestUser();
    await expectStatus(await api(`/api/admin/accounts/${other.accountId}/plan`, { method: "DELETE", user: admin }), 409);
    await expectStatus(await api(`/api/admin/accounts/no-such-account/plan`, { method: "PUT", body: { plan: "SOLO" }, user: admin }), 404);
  });

  it("turns each feature flag on and off", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    for (const flag of ["collaborateEnabled", "modelSelectionEnabled", "alertsEnabled", "betaAskReadyroomActionsEnabled"]) {
      const on = await json(await api(`/api/admin/accounts/${target.accountId}/flags`, { method: "PUT", body: { flag, enabled: true }, user: admin }));
      expect(on.account.flags[flag]).toBe(true);
    }
    const off = await json(
      await api(`/api/admin/accounts/${target.accountId}/flags`, { method: "PUT", body: { flag: "collaborateEnabled", enabled: false }, user: admin }),
    );
    expect(off.account.flags).toEqual({ collaborateEnabled: false, modelSelectionEnabled: true, alertsEnabled: true, betaAskReadyroomActionsEnabled: true });
    const row = await env.DB.prepare(`SELECT "collaborateEnabled", "modelSelectionEnabled" FROM "Account" WHERE "id" = ?`).bind(target.accountId).first<Json>();
    expect(row).toEqual({ collaborateEnabled: 0, modelSelectionEnabled: 1 });
    const audit = await auditOf(target.accountId);
    expect(audit.map((r) => [r.action, r.metadata.flag, r.metadata.enabled])).toEqual([
      ["admin.account.set_flag", "collaborateEnabled", true],
      ["admin.account.set_flag", "modelSelectionEnabled", true],
      ["admin.account.set_flag", "alertsEnabled", true],
      ["admin.account.set_flag", "betaAskReadyroomActionsEnabled", true],
      ["admin.account.set_flag", "collaborateEnabled", false],
    ]);
  });

  it("grants and adjusts credits through the ledger; the user sees them in the credits API; a retry applies once", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    const requestId = crypto.randomUUID();
    const grant = { kind: "grant", amount: 250, reason: "Pilot programme", requestId };
    const first = await json(await api(`/api/admin/accounts/${target.accountId}/credits`, { body: grant, user: admin }));
    expect(first.account.credits.currentBalance).toBe(250);
    const again = await json(await api(`/api/admin/accounts/${target.accountId}/credits`, { body: grant, user: admin }));
    expect(again.account.credits.currentBalance).toBe(250);

    const usage = await json(await api("/api/billing/usage", { user: target }));
    expect(usage.currentBalance).toBe(250);

    const adjusted = await json(
      await api(`/api/admin/accounts/${target.accountId}/credits`, {
        body: { kind: "adjust", amount: -50, reason: "Correction", requestId: crypto.randomUUID() },
        user: admin,
      }),
    );
    expect(adjusted.account.credits.currentBalance).toBe(200);
    expect((await json(await api("/api/billing/usage", { user: target }))).currentBalance).toBe(200);

    // A debit beyond the balance is refused by the ledger and changes nothing.
    const over = await api(`/api/admin/accounts/${target.accountId}/credits`, {
      body: { kind: "adjust", amount: -5000, reason: "Too much", requestId: crypto.randomUUID() },
      user: admin,
    });
    expect(over.status).toBe(402);
    expect((await json(await api(`/api/admin/accounts/${target.accountId}`, { user: admin }))).account.credits.currentBalance).toBe(200);

    // The ledger's own transactions carry the admin's reason (its D1 copy is written after the
    // answer: flush it before reading).
    await ledgerFor(appContext(env), target.accountId).flushMirror();
    const tx = await env.DB.prepare(`SELECT "type", "amount" FROM "Transaction" WHERE "accountId" = ? ORDER BY "createdAt"`).bind(target.accountId).all<Json>();
    expect(tx.results).toEqual([
      { type: "GRANT", amount: 250 },
      { type: "ADJUSTMENT", amount: -50 },
    ]);
    const audit = await auditOf(target.accountId);
    expect(audit.map((r) => [r.action, r.metadata.amount, r.metadata.reason, r.metadata.balanceAfter])).toEqual([
      ["admin.account.grant_credits", 250, "Pilot programme", 250],
      ["admin.account.adjust_credits", -50, "Correction", 200],
      // The account's detail read above (issue 27).
      ["admin.account.view", undefined, undefined, undefined],
    ]);
  });
});

describe("admin audit log and scheduler", () => {
  it("filters the audit log by actor, action, target and date, newest first, paged", async () => {
    const adminA = await makeAdmin();
    const adminB = await makeAdmin();
    const t1 = await createTestUser();
    const t2 = await createTestUser();
    await api(`/api/admin/users/${t1.userId}`, { method: "PATCH", body: { isBeta: true }, user: adminA });
    await api(`/api/admin/users/${t2.userId}`, { method: "PATCH", body: { isBeta: true }, user: adminB });
    await api(`/api/admin/accounts/${t1.accountId}/flags`, { method: "PUT", body: { flag: "alertsEnabled", enabled: true }, user: adminB });

    const byActor = await json(await api(`/api/admin/audit?actor=${encodeURIComponent(adminB.email)}`, { user: adminA }));
    expect(byActor.total).toBe(2);
    expect(byActor.entries.map((e: Json) => e.action)).toEqual(["admin.account.set_flag", "admin.user.set_beta"]);
    expect(byActor.entries[1]).toMatchObject({
      actor: { id: adminB.userId, email: adminB.email },
      targetType: "user",
      targetId: t2.userId,
      targetLabel: t2.email,
    });

    const byActorId = await json(await api(`/api/admin/audit?actor=${adminA.userId}`, { user: adminA }));
    expect(byActorId.entries.map((e: Json) => e.targetId)).toEqual([t1.userId]);

    const byTarget = await json(await api(`/api/admin/audit?target=${encodeURIComponent(t1.email)}`, { user: adminA }));
    // A user's e-mail finds the entries about them and about their own account.
    expect(byTarget.entries.map((e: Json) => e.action)).toEqual(["admin.account.set_flag", "admin.user.set_beta"]);
    const byUserId = await json(await api(`/api/admin/audit?target=${t1.userId}`, { user: adminA }));
    expect(byUserId.entries.map((e: Json) => e.action)).toEqual(["admin.user.set_beta"]);
    const byAccount = await json(await api(`/api/admin/audit?target=${t1.accountId}&action=admin.account.set_flag`, { user: adminA }));
    expect(byAccount.entries).toHaveLength(1);
    expect(byAccount.entries[0].metadata).toMatchObject({ flag: "alertsEnabled", enabled: true });

    const paged = await json(await api(`/api/admin/audit?actor=${adminB.userId}&pageSize=1&page=2`, { user: adminA }));
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.entries.map((e: Json) => e.action)).toEqual(["admin.user.set_beta"]);

    const future = await json(await api(`/api/admin/audit?actor=${adminB.userId}&from=2999-01-01`, { user: adminA }));
    expect(future.total).toBe(0);
    const today = nowDate().toISOString().slice(0, 10);
    const past = await json(await api(`/api/admin/audit?actor=${adminB.userId}&from=2000-01-01&to=${today}`, { user: adminA }));
    expect(past.total).toBe(2);
  });

  it("lists the scheduler's task states read-only", async () => {
    const admin = await makeAdmin();
    const now = nowMs();
    await env.DB.prepare(
      `INSERT INTO "SchedulerTaskState" ("id", "name", "lastRun", "isRunning", "error", "createdAt", "updatedAt") VALUES (?1, ?2, ?3, 0, 'boom: secret detail', ?3, ?3)
       ON CONFLICT ("name") DO UPDATE SET "lastRun" = excluded."lastRun", "error" = excluded."error"`,
    )
      .bind(crypto.randomUUID(), "admin-test-task", now)
      .run();
    const body = await json(await api("/api/admin/scheduler", { user: admin }));
    const task = body.tasks.find((t: Json) => t.name === "admin-test-task");
    expect(task).toEqual({ name: "admin-test-task", lastRun: now, isRunning: false, startedAt: null, failed: true, updatedAt: now });
    expect(JSON.stringify(body)).not.toContain("secret detail");
    await expectStatus(await api("/api/admin/scheduler", { method: "POST", body: {}, user: admin }), 404);
  });
});

describe("admin bad input", () => {
  it("answers 400 naming the problem and changes nothing", async () => {
    const admin = await makeAdmin();
    const target = await createTestUser();
    const id = target.userId;
    const acct = target.accountId;
    const cases: [string, string, unknown, RegExp][] = [
      ["PATCH", `/api/admin/users/${id}`, {}, /at least one/],
      ["PATCH", `/api/admin/users/${id}`, { role: "owner" }, /role must be one of admin, basic/],
      ["PATCH", `/api/admin/users/${id}`, { isBeta: "yes" }, /isBeta must be true or false/],
      ["PATCH", `/api/admin/users/${id}`, { isBeta: true, disabledAt: 1 }, /Unknown field: disabledAt/],
      ["PATCH", `/api/admin/users/${id}`, [1], /JSON object/],
      ["PUT", `/api/admin/accounts/${acct}/plan`, { plan: "GOLD" }, /plan must be one of SOLO, TEAM, ENTERPRISE/],
      ["PUT", `/api/admin/accounts/${acct}/plan`, { plan: "SOLO", interval: "WEEKLY" }, /interval must be one of/],
      ["PUT", `/api/admin/accounts/${acct}/flags`, { flag: "teamAccounts", enabled: true }, /flag must be one of/],
      ["PUT", `/api/admin/accounts/${acct}/flags`, { flag: "alertsEnabled" }, /enabled must be true or false/],
      ["POST", `/api/admin/accounts/${acct}/credits`, { kind: "grant", amount: -5, reason: "x", requestId: crypto.randomUUID() }, /1 credit or more/],
      ["POST", `/api/admin/accounts/${acct}/credits`, { kind: "grant", amount: 1.5, reason: "x", requestId: crypto.randomUUID() }, /whole number/],
      ["POST", `/api/admin/accounts/${acct}/credits`, { kind: "grant", amount: 5, reason: " ", requestId: crypto.randomUUID() }, /reason is required/],
      ["POST", `/api/admin/accounts/${acct}/credits`, { kind: "grant", amount: 5, reason: "x", requestId: "1" }, /requestId must be a UUID/],
      ["POST", `/api/admin/accounts/${acct}/credits`, { kind: "adjust", amount: 0, reason: "x", requestId: crypto.randomUUID() }, /must not be 0/],
      ["POST", `/api/admin/accounts/${acct}/credits`, { kind: "grant", amount: 10_000_000, reason: "x", requestId: crypto.randomUUID() }, /at most 1000000/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await api(path, { method, body, user: admin });
      await expectStatus(res, 400, `${method} ${path} ${JSON.stringify(body)}`);
      expect((await apiError(res)).message).toMatch(message);
    }
    const malformed = await api(`/api/admin/users/${id}`, { method: "PATCH", raw: "{not json", user: admin });
    await expectStatus(malformed, 400);
    const huge = await api(`/api/admin/users/${id}`, { method: "PATCH", body: { isBeta: true, pad: "x".repeat(10_000) }, user: admin });
    await expectStatus(huge, 413);
    for (const query of ["page=0", "pageSize=1000", "page=abc"]) await expectStatus(await api(`/api/admin/users?${query}`, { user: admin }), 400, query);
    for (const query of ["from=yesterday", "to=2026-13-45", "from=2026-02-01&to=2026-01-01"])
      await expectStatus(await api(`/api/admin/audit?${query}`, { user: admin }), 400, query);

    const user = await env.DB.prepare(`SELECT "role", "isBeta", "disabledAt" FROM "User" WHERE "id" = ?`).bind(id).first<Json>();
    expect(user).toEqual({ role: "basic", isBeta: 0, disabledAt: null });
    const account = await json(await api(`/api/admin/accounts/${acct}`, { user: admin }));
    expect(account.account).toMatchObject({ plan: null, credits: { currentBalance: 0 } });
    expect(Object.values(account.account.flags)).toEqual([false, false, false, false]);
    expect(await auditOf(id)).toEqual([]);
    // Only the detail read just above (issue 27).
    expect((await auditOf(acct)).map((r) => r.action)).toEqual(["admin.account.view"]);
  });
});
