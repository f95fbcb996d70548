import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedAlertCacheKey } from "../../worker/alerts/share-cache";
import { sharedBriefCacheKey } from "../../worker/briefs/share-cache";
import { appContext } from "../../worker/context";
import type { Env } from "../../worker/env";
import { nowMs } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { BRIEFS, createBriefOk } from "../intelligence/brief-helpers";
import { alertsUser, insertAlert, retireAlerts, setAlertsFlag } from "../intelligence/alerts-helpers";
import { accountRow, checkoutAndPay, deliverAll, eventFor } from "../payments/api";
import { testStripe } from "../payments/helpers";
import { joinedMember, teamOwner } from "../teams/helpers";

/**
 * Issue 27, item 10 (M5): sharing needs an active plan, and a disabled account or one whose plan
 * ended has every share page answer 404 at once (checked when served, and the edge copies purged).
 */

const ALERTS = "/api/intelligence/alerts";
const ctx = () => appContext(env as unknown as Env);
const edge = () => (caches as unknown as { default: Cache }).default;
const page = (path: string) => SELF.fetch(`http://localhost${path}`);

async function makeAdmin(): Promise<TestUser> {
  const user = await createTestUser();
  await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(user.userId).run();
  return user;
}

/** The operator's plan changes, through the admin console. */
const revokePlan = async (accountId: string) =>
  expectStatus(await api(`/api/admin/accounts/${accountId}/plan`, { user: admin, method: "DELETE" }), 200, "revoke plan");
const grantPlan = async (accountId: string) =>
  expectStatus(await api(`/api/admin/accounts/${accountId}/plan`, { user: admin, method: "PUT", body: { plan: "SOLO" } }), 200, "grant plan");
const setDisabled = async (userId: string, disabled: boolean) =>
  expectStatus(await api(`/api/admin/users/${userId}`, { user: admin, method: "PATCH", body: { disabled } }), 200, "disable");

/** Shares a new brief of `user`'s (never read, so no edge copy) and returns its public path. */
async function shareNewBrief(user: TestUser): Promise<string> {
  const brief = await createBriefOk(user, { title: "Levee L-3 status" });
  return (await json(await expectStatus(await api(`${BRIEFS}/${brief.id}/share`, { user, method: "POST" }), 200, "share brief"))).brief.sharePath;
}

type Shared = { brief: { path: string; token: string }; alert: { path: string; token: string } };

/** A shared brief and a shared alert of `user`'s, both read once so the edge holds a copy of each. */
async function shareBoth(user: TestUser): Promise<Shared> {
  const briefPath = await shareNewBrief(user);
  const alertId = await insertAlert(user.userId, { nextRunAt: Date.UTC(2100, 0, 1), queryText: "Sable River crest" });
  const a = (await json(await expectStatus(await api(`${ALERTS}/${alertId}/share`, { user, method: "POST" }), 200, "share alert"))).alert as Json;
  const shared = { brief: { path: briefPath, token: briefPath.split("/").pop()! }, alert: { path: a.sharePath, token: a.shareToken } };
  for (const { path } of [shared.brief, shared.alert]) await expectStatus(await api(path), 200, `read ${path}`);
  expect(await edgeCopies(shared)).toEqual([true, true]);
  return shared;
}

async function edgeCopies(shared: Shared): Promise<boolean[]> {
  return [
    Boolean(await edge().match(sharedBriefCacheKey(ctx(), shared.brief.token))),
    Boolean(await edge().match(sharedAlertCacheKey(ctx(), shared.alert.token))),
  ];
}

async function statuses(shared: Shared): Promise<number[]> {
  return [(await page(shared.brief.path)).status, (await page(shared.alert.path)).status];
}

/** The edge copies are gone and both pages answer 404. */
async function expectTakenDown(shared: Shared) {
  expect(await edgeCopies(shared)).toEqual([false, false]);
  expect(await statuses(shared)).toEqual([404, 404]);
}

let admin: TestUser;
const owners: string[] = [];
beforeAll(async () => {
  admin = await makeAdmin();
});
afterAll(async () => {
  await retireAlerts(owners);
});

/** An alerts-enabled user with an active SOLO plan, unless `plan` says otherwise. */
async function owner(plan: "SOLO" | null = "SOLO"): Promise<TestUser> {
  const user = await alertsUser(plan ? { plan } : {});
  owners.push(user.userId);
  return user;
}

describe("sharing needs an active plan", () => {
  it("without one, sharing a brief or an alert is a 402 that says what to do, and nothing is shared", async () => {
    const user = await owner(null);
    const brief = await createBriefOk(user);
    const err = await apiError(await api(`${BRIEFS}/${brief.id}/share`, { user, method: "POST" }));
    expect(err).toMatchObject({
      status: 402,
      code: "subscription_required",
      message: "An active subscription is required to share briefs publicly. Choose a plan at /account/pricing.",
      redirectTo: "/account/pricing",
    });
    expect((await json(await api(`${BRIEFS}/${brief.id}`, { user }))).brief.shareToken).toBeNull();

    const alertId = await insertAlert(user.userId, { nextRunAt: Date.UTC(2100, 0, 1) });
    const alertErr = await apiError(await api(`${ALERTS}/${alertId}/share`, { user, method: "POST" }));
    expect([alertErr.status, alertErr.code, alertErr.message]).toEqual([
      402,
      "subscription_required",
      "An active subscription is required to share alerts publicly. Choose a plan at /account/pricing.",
    ]);
    expect((await json(await api(`${ALERTS}/${alertId}`, { user }))).alert.shareToken).toBeNull();
  });

  it("a plan that came through a team is a plan: a member shares", async () => {
    const teamAdmin = await teamOwner();
    const member = await joinedMember(teamAdmin);
    expect((await page(await shareNewBrief(member))).status).toBe(200);
  });

  it("stopping or replacing a link needs no plan", async () => {
    const user = await owner();
    const shared = await shareBoth(user);
    await revokePlan(user.accountId);
    const briefs = (await json(await api(BRIEFS, { user }))).briefs as Json[];
    const briefId = briefs.find((b) => b.shareToken === shared.brief.token)!.id;
    await expectStatus(await api(`${BRIEFS}/${briefId}/share/rotate`, { user, method: "POST" }), 200);
    expect((await json(await expectStatus(await api(`${BRIEFS}/${briefId}/share`, { user, method: "DELETE" }), 200))).brief.shareToken).toBeNull();
  });
});

describe("a disabled account's pages are 404 at once", () => {
  it("disabled in the admin console: the edge copies are purged and every page is 404; enabled again, the same links work", async () => {
    const user = await owner();
    const shared = await shareBoth(user);
    await setDisabled(user.userId, true);
    await expectTakenDown(shared);

    await setDisabled(user.userId, false);
    expect(await statuses(shared)).toEqual([200, 200]);
  });

  it("disabled by a statement run outside the Worker (purging nothing): the next read that misses the edge is 404", async () => {
    const user = await owner();
    const sharePath = await shareNewBrief(user);
    await env.DB.prepare(`UPDATE "User" SET "disabledAt" = ? WHERE "id" = ?`).bind(nowMs(), user.userId).run();
    expect((await page(sharePath)).status).toBe(404);
  });
});

describe("an account that lost its plan has its pages 404 at once", () => {
  it("the Stripe subscription ended (customer.subscription.deleted): purged and 404", async () => {
    const user = await owner(null);
    const { event } = await checkoutAndPay(user.cookie);
    await deliverAll([event("checkout.session.completed")]);
    const shared = await shareBoth(user);

    const subId = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    await testStripe().subscriptions.cancel(subId);
    await deliverAll([await eventFor("customer.subscription.deleted", subId)]);
    await expectTakenDown(shared);

    // A plan again (here granted by an operator): the same links work, nothing re-shared.
    await grantPlan(user.accountId);
    expect(await statuses(shared)).toEqual([200, 200]);
  });

  it("the admin console revokes the plan: purged and 404; granted again, back", async () => {
    const user = await owner();
    const shared = await shareBoth(user);
    await revokePlan(user.accountId);
    await expectTakenDown(shared);
    await grantPlan(user.accountId);
    expect(await statuses(shared)).toEqual([200, 200]);
  });

  it("an operator's grant that reached its end date: 404 on the next read that misses the edge", async () => {
    const user = await owner();
    const sharePath = await shareNewBrief(user);
    await env.DB.prepare(`UPDATE "AccountPlanMetadata" SET "currentPeriodEnd" = ? WHERE "accountId" = ?`)
      .bind(nowMs() - 1, user.accountId)
      .run();
    expect((await page(sharePath)).status).toBe(404);
  });

  it("team members: the team's plan ending takes their pages down, and so does leaving the team", async () => {
    const teamAdmin = await teamOwner();
    const [stays, leaves] = [await joinedMember(teamAdmin), await joinedMember(teamAdmin)];
    // Members work in the team's account: its alertsEnabled flag is theirs.
    await setAlertsFlag(teamAdmin.accountId, true);
    owners.push(stays.userId, leaves.userId);
    const [kept, left] = [await shareBoth(stays), await shareBoth(leaves)];

    await expectStatus(await api(`/api/teams/members/${leaves.userId}`, { user: teamAdmin, method: "DELETE" }), 200);
    await expectTakenDown(left);
    expect(await statuses(kept)).toEqual([200, 200]);

    await revokePlan(teamAdmin.accountId);
    await expectTakenDown(kept);
  });
});
