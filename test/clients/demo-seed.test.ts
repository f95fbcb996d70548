import { env, SELF } from "cloudflare:test";
import { hashPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { DEMO, seedSql } from "../../scripts/lib/demo.ts";
import { DEMO_CLIENT_EXERCISE, DEMO_CLIENTS, DEMO_CONSULTANT } from "../../scripts/lib/demo-enterprise.ts";
import { nowMs } from "../../worker/lib/clock";
import { api, expectStatus, json, type Json } from "../helpers/api";
import { sessionCookieFor, testClientIp } from "../helpers/auth";

async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

describe("enterprise demo seed", () => {
  it("gives the consultant an enterprise account with two clients and a filed exercise; seeding twice changes nothing", async () => {
    // Other files seed the demo workspace into the same database with an empty hash: start from no
    // credential for the consultant, so the one seeded here carries the documented password.
    await run([`DELETE FROM "Account" WHERE "userId" = '${DEMO_CONSULTANT.userId}' AND "provider" = 'credential'`]);
    await run(seedSql(await hashPassword(DEMO.password), nowMs()));
    await run(seedSql("", nowMs()));

    const res = await SELF.fetch("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": testClientIp() },
      body: JSON.stringify({ email: DEMO_CONSULTANT.email, password: DEMO.password }),
    });
    // The documented password signs in; the API calls below use a session of their own.
    expect(res.status).toBe(200);
    const cookie = await sessionCookieFor(DEMO_CONSULTANT.userId);
    const user = { userId: DEMO_CONSULTANT.userId, accountId: DEMO_CONSULTANT.accountId, email: DEMO_CONSULTANT.email, password: DEMO.password, cookie };

    const page = await json(await expectStatus(await api("/api/clients", { user }), 200));
    expect(page.canManage).toBe(true);
    expect((page.clients as Json[]).map((c) => c.name)).toEqual(DEMO_CLIENTS.map((c) => c.name));
    const list = await json(await api(`/api/exercises?clientId=${DEMO_CLIENTS[1].id}`, { user }));
    expect((list.exercises as Json[]).map((e) => e.name)).toEqual([DEMO_CLIENT_EXERCISE.name]);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM "Client" WHERE "accountId" = ?').bind(DEMO_CONSULTANT.accountId).first<{ n: number }>();
    expect(count!.n).toBe(2);
    // Dana's workspace has no clients: it is a TEAM account.
    const dana = await env.DB.prepare('SELECT count(*) AS n FROM "Client" WHERE "accountId" = ?').bind(DEMO.accountId).first<{ n: number }>();
    expect(dana!.n).toBe(0);
  });
});
