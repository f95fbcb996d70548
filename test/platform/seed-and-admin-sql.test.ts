import { env, SELF } from "cloudflare:test";
import { hashPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { DEMO, DEMO_DOCUMENTS, DEMO_INSTRUCTIONS, seedSql } from "../../scripts/lib/demo.ts";
import { findUserSql, grantPlanSql, listUsersSql, revokePlanSql, setFlagSql, setRoleSql } from "../../scripts/lib/sql.ts";
import { getPlanStatus } from "../../worker/accounts/plan";
import { getDb } from "../../worker/db/client";
import { customInstructionsSchema } from "../../worker/profile/model";
import { cookieFrom, createTestUser, testClientIp } from "../helpers/auth";

/** The scripts send these statements through `wrangler d1 execute --file`; here they run on the same schema. */
async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

describe("demo seed SQL", () => {
  it("creates a demo user who can sign in with the documented password, with an active SOLO plan", async () => {
    await run(seedSql(await hashPassword(DEMO.password), Date.now()));
    // Twice: the seed is idempotent.
    await run(seedSql(await hashPassword("not-used-the-second-time"), Date.now()));

    const res = await SELF.fetch("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": testClientIp() },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string; firstName: string; lastName: string; onboarded: boolean } };
    expect(body.user).toMatchObject({ id: DEMO.userId, firstName: "Dana", lastName: "Whitfield", onboarded: false });

    const plan = await getPlanStatus(getDb(env.DB), DEMO.userId);
    expect(plan).toMatchObject({ hasActivePlan: true, planType: "SOLO", accountId: DEMO.accountId });

    const cookie = cookieFrom(res);
    const instructions = await (await SELF.fetch("http://localhost/api/profile/custom-instructions", { headers: { cookie } })).json();
    expect(instructions).toEqual(customInstructionsSchema.parse(DEMO_INSTRUCTIONS));

    const docs = await env.DB.prepare('SELECT "id", "processed", "path" FROM "Document" WHERE "userId" = ? ORDER BY "id"').bind(DEMO.userId).all<{ id: string; processed: number; path: string }>();
    expect(docs.results.map((d) => d.id)).toEqual(DEMO_DOCUMENTS.map((d) => d.id).sort());
    expect(docs.results.every((d) => d.processed === 0 && d.path.startsWith(`documents/${DEMO.userId}/`))).toBe(true);
    const users = await env.DB.prepare('SELECT count(*) AS n FROM "User" WHERE "email" = ?').bind(DEMO.email).first<{ n: number }>();
    expect(users!.n).toBe(1);
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

    await run(grantPlanSql({ email: user.email, plan: "TEAM", interval: "YEARLY", now: Date.now() }));
    expect(await getPlanStatus(db, user.userId)).toMatchObject({ hasActivePlan: true, planType: "TEAM", billingInterval: "YEARLY" });
    const row = await env.DB.prepare('SELECT "source" FROM "AccountPlanMetadata" WHERE "accountId" = ?').bind(user.accountId).first<{ source: string }>();
    expect(row!.source).toBe("admin");

    await run(grantPlanSql({ email: user.email, plan: "SOLO", interval: "MONTHLY", now: Date.now() }));
    expect((await getPlanStatus(db, user.userId)).planType).toBe("SOLO");

    await run(revokePlanSql(user.email, Date.now()));
    expect((await getPlanStatus(db, user.userId)).hasActivePlan).toBe(false);
  });

  it("sets the role and feature flags, and finds and lists users", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    await run(setRoleSql(user.email, "admin", Date.now()));
    await run(setFlagSql(user.email, "collaborateEnabled", true, Date.now()));
    await run(setFlagSql(user.email, "betaAskReadyroomActionsEnabled", true, Date.now()));
    await run(setFlagSql(user.email, "betaAskReadyroomActionsEnabled", false, Date.now()));

    const found = await env.DB.prepare(findUserSql(user.email)).first<{ id: string; role: string; accountId: string }>();
    expect(found).toMatchObject({ id: user.userId, role: "admin", accountId: user.accountId });
    const account = await env.DB.prepare('SELECT "collaborateEnabled", "featureFlags" FROM "Account" WHERE "id" = ?').bind(user.accountId).first<{ collaborateEnabled: number; featureFlags: string }>();
    expect(account!.collaborateEnabled).toBe(1);
    expect(JSON.parse(account!.featureFlags)).toEqual({ collaborateEnabled: true, betaAskReadyroomActionsEnabled: false });

    const listed = await env.DB.prepare(listUsersSql()).all<{ email: string; planType: string | null }>();
    expect(listed.results.find((r) => r.email === user.email)?.planType).toBe("SOLO");
    expect(await env.DB.prepare(findUserSql("nobody@example.test")).first()).toBeNull();
  });
});
