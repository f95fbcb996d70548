import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readSynthesisInput } from "../../worker/collaborate/synthesis/input";
import type { CampaignDetailView } from "../../shared/collaborate/views";
import { appContext } from "../../worker/context";
import { campaignUsers, contributorExercises } from "../../worker/db/schema";
import { api, expectStatus, json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { collaborateTeam, db, freshEmail, inviteContributor, joinTokenSentTo, newCampaign, signUpFromLink } from "../collaborate/campaign-helpers";

// Issue 27 item 12: what one team's invitation says about a contributor (their organisation and
// role) is that campaign's, not the person's. Before, a campaign-only person's CampaignUser row
// took them from the first invitation, and every other team's managers saw them (and the other
// team's synthesis listed them in its identifying map).

const manage = async (user: TestUser, campaignId: string) =>
  (await json(await expectStatus(await api(`/api/collaborate/campaigns/${campaignId}/manage`, { user }), 200))) as CampaignDetailView;

describe("contributor details are per campaign", () => {
  it("team B's managers never see the organisation and role team A's invitation recorded", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const secret = { organization: `Harrowgate Fire Protection District ${tag}`, role: `Deputy Fire Marshal ${tag}` };
    const email = freshEmail("two-teams");

    const teamA = await collaborateTeam();
    const campaignA = await newCampaign(teamA.owner);
    const { token: tokenA } = await inviteContributor(teamA.owner, campaignA.id, email, { fullName: "Imogen Castellanos", ...secret });
    const { cookie } = await signUpFromLink(tokenA, "Imogen", "Castellanos");

    // Team B invites the same address without an organisation or role; she joins signed in.
    const teamB = await collaborateTeam();
    const campaignB = await newCampaign(teamB.owner);
    await inviteContributor(teamB.owner, campaignB.id, email);
    const joined = await api("/api/collaborate/join", { cookie, body: { token: await joinTokenSentTo(email) } });
    await expectStatus(joined, 201, "join campaign B");

    const seenByB = await manage(teamB.owner, campaignB.id);
    expect(seenByB.contributors).toEqual([expect.objectContaining({ email, organization: null, role: null })]);
    const creatorRead = JSON.stringify(await json(await api(`/api/collaborate/campaigns/${campaignB.id}`, { user: teamB.owner })));
    for (const text of [JSON.stringify(seenByB), creatorRead]) {
      expect(text).not.toContain(secret.organization);
      expect(text).not.toContain(secret.role);
    }
    // Team A still sees what its own invitation said.
    expect((await manage(teamA.owner, campaignA.id)).contributors).toEqual([
      expect.objectContaining({ email, organization: secret.organization, role: secret.role }),
    ]);

    // Nor does team B's synthesis carry them (its creator's identifying map is built from this).
    await db().update(contributorExercises).set({ status: "COMPLETED" }).where(eq(contributorExercises.campaignId, campaignB.id));
    const input = await readSynthesisInput(appContext(env), campaignB.id);
    expect(JSON.stringify(input!.contributors.map((c) => c.identity))).not.toContain(tag);
    // The person's own row holds nothing an invitation said.
    const [person] = await db().select().from(campaignUsers).where(eq(campaignUsers.email, email));
    expect(person).toMatchObject({ organization: null, role: "CONTRIBUTOR" });
  });

  it("the migration moves existing details onto each campaign's contributor row from the invitation it was accepted with, and clears the person's copy", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("contributor_details_backfill"));
    expect(migration, "the backfill migration").toBeDefined();
    const teamA = await collaborateTeam();
    const teamB = await collaborateTeam();
    const [a, b] = [await newCampaign(teamA.owner), await newCampaign(teamB.owner)];
    const email = freshEmail("migrated");
    const personId = crypto.randomUUID();
    const [ceA, ceB] = [crypto.randomUUID(), crypto.randomUUID()];
    // The shape before: the person's row carries campaign A's invitation; the contributor rows carry nothing.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO "CampaignUser" ("id", "email", "firstName", "lastName", "organization", "role") VALUES (?, ?, 'Imogen', 'Castellanos', 'Harrowgate FPD', 'Fire Marshal')`,
      ).bind(personId, email),
      env.DB.prepare(
        `INSERT INTO "CampaignToken" ("id", "campaignId", "email", "token", "expiresAt", "usedAt", "organization", "role") VALUES (?, ?, ?, ?, 4102444800000, 1, 'Harrowgate FPD', 'Fire Marshal')`,
      ).bind(crypto.randomUUID(), a.id, email.toUpperCase(), `hash-${crypto.randomUUID()}`),
      env.DB.prepare(`INSERT INTO "CampaignToken" ("id", "campaignId", "email", "token", "expiresAt", "usedAt") VALUES (?, ?, ?, ?, 4102444800000, 2)`).bind(
        crypto.randomUUID(),
        b.id,
        email,
        `hash-${crypto.randomUUID()}`,
      ),
      env.DB.prepare(`INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status") VALUES (?, ?, ?, 'IN_PROGRESS')`).bind(ceA, a.id, personId),
      env.DB.prepare(`INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status") VALUES (?, ?, ?, 'IN_PROGRESS')`).bind(ceB, b.id, personId),
    ]);
    for (const query of migration!.queries) await env.DB.prepare(query).run();
    const row = (id: string) =>
      db()
        .select({ organization: contributorExercises.organization, role: contributorExercises.role })
        .from(contributorExercises)
        .where(eq(contributorExercises.id, id))
        .get();
    expect(await row(ceA)).toEqual({ organization: "Harrowgate FPD", role: "Fire Marshal" });
    expect(await row(ceB)).toEqual({ organization: null, role: null });
    expect(
      await db().select({ organization: campaignUsers.organization, role: campaignUsers.role }).from(campaignUsers).where(eq(campaignUsers.id, personId)).get(),
    ).toEqual({
      organization: null,
      role: "CONTRIBUTOR",
    });
    expect((await manage(teamB.owner, b.id)).contributors).toEqual([expect.objectContaining({ organization: null, role: null })]);
  });
});
