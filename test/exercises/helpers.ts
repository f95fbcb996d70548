import { env } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import { campaigns, teamMembers, teams, type CollaborateRole } from "../../worker/db/schema";
import { api, expectStatus, json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";

export async function createExercise(user: TestUser, exercise: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api("/api/exercises/create", { method: "POST", user, body: { ...extra, exercise: { userId: user.userId, ...exercise } } });
  await expectStatus(res, 201, "create exercise");
  return (await json<{ id: string }>(res)).id;
}

/** Turns the collaborateEnabled flag of the user's own account on or off, as `npm run admin -- set-flag` does. */
export async function setCollaborateFlag(user: TestUser, on: boolean): Promise<void> {
  await env.DB.prepare(
    `UPDATE "Account" SET "collaborateEnabled" = ?, "featureFlags" = json_set(coalesce("featureFlags", '{}'), '$.collaborateEnabled', json(?)) WHERE "id" = ?`,
  )
    .bind(on ? 1 : 0, on ? "true" : "false", user.accountId)
    .run();
}

/**
 * A team owned by `owner`'s account (the owner its ADMIN and a campaign manager, as `npm run admin
 * -- create-team` makes it) with the given members (MEMBER, `collaborateRole`, STANDARD_USER by
 * default), and a campaign of that team. Everyone gets the collaborateEnabled flag unless
 * `collaborateEnabled` is false. Spec §6: only the flag plus team admin or campaign manager opens
 * the campaign (worker/accounts/collaborate.ts).
 */
export async function createCampaign(
  owner: TestUser,
  members: TestUser[],
  options: { collaborateRole?: CollaborateRole; collaborateEnabled?: boolean } = {},
): Promise<string> {
  const db = getDb(env.DB);
  const teamId = crypto.randomUUID();
  const campaignId = crypto.randomUUID();
  await db.insert(teams).values({ id: teamId, accountId: owner.accountId, seats: 5 });
  await db.insert(teamMembers).values({ teamId, userId: owner.userId, role: "ADMIN", collaborateRole: "CAMPAIGN_MANAGER" });
  for (const m of members) {
    await db.insert(teamMembers).values({ teamId, userId: m.userId, role: "MEMBER", collaborateRole: options.collaborateRole ?? "STANDARD_USER" });
  }
  if (options.collaborateEnabled !== false) {
    for (const u of [owner, ...members]) await setCollaborateFlag(u, true);
  }
  await db.insert(campaigns).values({ id: campaignId, teamId, name: "Regional flood campaign", createdById: owner.userId });
  return campaignId;
}
