import { env } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import { campaigns, teamMembers, teams } from "../../worker/db/schema";
import { api, expectStatus, json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";

export async function createExercise(user: TestUser, exercise: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api("/api/exercises/create", { method: "POST", user, body: { ...extra, exercise: { userId: user.userId, ...exercise } } });
  await expectStatus(res, 201, "create exercise");
  return (await json<{ id: string }>(res)).id;
}

/** A team owned by `owner`'s account with the given members, and a campaign of that team. */
export async function createCampaign(owner: TestUser, members: TestUser[]): Promise<string> {
  const db = getDb(env.DB);
  const teamId = crypto.randomUUID();
  const campaignId = crypto.randomUUID();
  await db.insert(teams).values({ id: teamId, accountId: owner.accountId, seats: 5 });
  for (const [i, m] of [owner, ...members].entries()) {
    await db.insert(teamMembers).values({ teamId, userId: m.userId, role: i === 0 ? "ADMIN" : "MEMBER" });
  }
  await db.insert(campaigns).values({ id: campaignId, teamId, name: "Regional flood campaign", createdById: owner.userId });
  return campaignId;
}
