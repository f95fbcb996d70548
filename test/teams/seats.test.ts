import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamMembers, teams } from "../../worker/db/schema";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { deliver, deliverAll, eventFor } from "../payments/api";
import { fakeControl, stripeEnv, testStripe } from "../payments/helpers";
import type { Stripe } from "../../worker/payments/stripe";
import { db } from "./helpers";

async function checkout(cookie: string, body: Record<string, unknown>) {
  const res = await api("/api/billing/checkout", { body, cookie, env: stripeEnv() });
  await expectStatus(res, 200, "checkout");
  const { url } = await json<{ url: string }>(res);
  const done = await fakeControl<{ session: Stripe.Checkout.Session; events: Stripe.Event[] }>(`checkout/${url.split("/").pop()}/complete`);
  return { session: done.session, event: (type: string) => done.events.find((e) => e.type === type)! };
}

const teamOf = async (accountId: string) => (await db().select().from(teams).where(eq(teams.accountId, accountId)))[0];

describe("seats come from the Stripe subscription", () => {
  it("a TEAM checkout for 3 seats gives a 3-seat team with the subscriber as ADMIN; portal changes keep seats in step", async () => {
    const user = await createTestUser();
    const { session, event } = await checkout(user.cookie, { plan: "TEAM", interval: "MONTHLY", seats: 3 });
    await deliverAll([event("customer.subscription.created"), event("checkout.session.completed")]);
    const team = await teamOf(user.accountId);
    expect(team).toMatchObject({ seats: 3 });
    const members = await db().select().from(teamMembers).where(eq(teamMembers.teamId, team!.id));
    expect(members).toEqual([expect.objectContaining({ userId: user.userId, role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" })]);

    // The portal raises the quantity to 7: customer.subscription.updated follows.
    const subId = String(session.subscription);
    const sub = await testStripe().subscriptions.retrieve(subId);
    await testStripe().subscriptions.update(subId, { items: [{ id: sub.items.data[0]!.id, quantity: 7 }] });
    await expectStatus(await deliver(await eventFor("customer.subscription.updated", subId)), 200);
    expect(await teamOf(user.accountId)).toMatchObject({ id: team!.id, seats: 7 });

    // Down to 2; still one team, the same admin.
    await testStripe().subscriptions.update(subId, { items: [{ id: sub.items.data[0]!.id, quantity: 2 }] });
    await expectStatus(await deliver(await eventFor("customer.subscription.updated", subId)), 200);
    expect(await teamOf(user.accountId)).toMatchObject({ id: team!.id, seats: 2 });
    expect(await db().select().from(teams).where(eq(teams.accountId, user.accountId))).toHaveLength(1);
    const view = await json(await api("/api/users/team-members", { user }));
    expect(view).toMatchObject({ seats: 2, seatsUsed: 1, canManage: true });
  });

  it("a SOLO plan makes no team and takes no seats", async () => {
    const user = await createTestUser();
    const refused = await api("/api/billing/checkout", { body: { plan: "SOLO", interval: "MONTHLY", seats: 4 }, cookie: user.cookie, env: stripeEnv() });
    expect((await apiError(refused)).status).toBe(400);
    const { event } = await checkout(user.cookie, { plan: "SOLO", interval: "MONTHLY" });
    await deliverAll([event("checkout.session.completed")]);
    expect(await teamOf(user.accountId)).toBeUndefined();
  });
});
