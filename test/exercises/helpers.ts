import { env, SELF } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import { campaigns, teamMembers, teams } from "../../worker/db/schema";
import type { TestUser } from "../helpers/auth";

export const BASE = "http://localhost";

export function api(user: TestUser | null, method: string, path: string, body?: unknown, raw?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (user) headers.cookie = user.cookie;
  if (body !== undefined || raw !== undefined) headers["content-type"] = "application/json";
  return SELF.fetch(`${BASE}${path}`, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
}

export async function createExercise(user: TestUser, exercise: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api(user, "POST", "/api/exercises/create", { ...extra, exercise: { userId: user.userId, ...exercise } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
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
