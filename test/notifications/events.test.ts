import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { notificationItems } from "../../worker/db/schema";
import { DIGEST_HOUR_UTC, digestMessage, sendNotificationDigests } from "../../worker/notifications/digest";
import { notifyAarPublished, notifyContributionSubmitted, notifySynthesisEnded } from "../../worker/notifications/events";
import { notifyUser } from "../../worker/notifications/service";
import { api, expectStatus } from "../helpers/api";
import { createTestUser, latestMail, type TestUser } from "../helpers/auth";
import { createCampaign } from "../exercises/helpers";
import { db, joinedMember, teamOwner } from "../teams/helpers";

const ctx = () => appContext(env);
const bell = (user: TestUser) =>
  db()
    .select({ kind: notificationItems.kind, title: notificationItems.title, link: notificationItems.link, emailPending: notificationItems.emailPending })
    .from(notificationItems)
    .where(eq(notificationItems.userId, user.userId));

describe("notifications for what people wait on (issue 30 item 7)", () => {
  it("a teammate joining and leaving: the team's admins are told in the bell and by e-mail, the person themselves is not", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const joined = (await bell(owner)).filter((n) => n.kind === "team-member-joined");
    expect(joined).toHaveLength(1);
    expect(joined[0]!.title).toMatch(/ joined your team$/);
    expect((await latestMail(owner.email, "team-member-joined"))?.subject).toBe(joined[0]!.title);
    expect((await bell(member)).filter((n) => n.kind.startsWith("team-member"))).toEqual([]);

    await expectStatus(await api(`/api/teams/members/${member.userId}`, { method: "DELETE", user: member }), 200);
    const left = (await bell(owner)).filter((n) => n.kind === "team-member-left");
    expect(left).toHaveLength(1);
    expect(left[0]!.title).toMatch(/ left your team$/);
    expect((await latestMail(owner.email, "team-member-left"))?.text).toContain("no longer see what the team shares");
  });

  it("a contribution, and a synthesis that ends: the campaign's creator is told, once per cause", async () => {
    const owner = await createTestUser({ plan: "TEAM", onboarded: true });
    const member = await createTestUser({ plan: "TEAM", onboarded: true });
    const campaignId = await createCampaign(owner, [member]);
    expect(await notifyContributionSubmitted(ctx(), { campaignId, contributionId: "contribution-1", contributorUserId: member.userId })).toBe(1);
    expect(await notifyContributionSubmitted(ctx(), { campaignId, contributionId: "contribution-1", contributorUserId: member.userId })).toBe(1);
    // The creator contributing to their own campaign is not told of it.
    expect(await notifyContributionSubmitted(ctx(), { campaignId, contributionId: "contribution-2", contributorUserId: owner.userId })).toBe(0);
    await notifySynthesisEnded(ctx(), { campaignId, threadId: "thread-1", outcome: "completed" });
    await notifySynthesisEnded(ctx(), { campaignId, threadId: "thread-2", outcome: "failed", error: "Not enough credits on the team's account." });
    const items = await bell(owner);
    expect(items.map((i) => i.kind).sort()).toEqual(["campaign-contribution", "synthesis-completed", "synthesis-failed"]);
    expect(items.find((i) => i.kind === "synthesis-completed")).toMatchObject({
      title: "Findings ready for “Regional flood campaign”",
      link: `/collaborate/campaigns/${campaignId}/findings`,
    });
    expect((await latestMail(owner.email, "synthesis-failed"))?.text).toContain("Not enough credits");
  });

  it("an after-action report published by a colleague: the owner is told, and of the corrective actions now theirs; not when they published it", async () => {
    const owner = await createTestUser({ plan: "TEAM", onboarded: true });
    const colleague = await createTestUser({ plan: "TEAM", onboarded: true, firstName: "Riley", lastName: "Chen" });
    const input = { sessionId: crypto.randomUUID(), ownerId: owner.userId, exerciseName: "Levee TTX", actions: 3 };
    expect(await notifyAarPublished(ctx(), { ...input, actorId: owner.userId })).toBe(0);
    expect(await notifyAarPublished(ctx(), { ...input, actorId: colleague.userId })).toBe(2);
    const items = await bell(owner);
    expect(items.map((i) => i.title).sort()).toEqual(["3 corrective actions assigned to you", "After-action report published: Levee TTX"]);
    expect((await latestMail(owner.email, "aar-published"))?.text).toContain("Riley Chen published the after-action report of “Levee TTX”.");
  });
});

describe("the daily e-mail digest", () => {
  it("sets a digest reader's copies aside and sends them as one e-mail in the digest hour, once", async () => {
    const reader = await createTestUser({ plan: "TEAM", onboarded: true });
    await expectStatus(await api("/api/notifications/settings", { method: "PUT", user: reader, body: { digest: true } }), 200);
    const send = (n: number) =>
      notifyUser(ctx(), {
        userId: reader.userId,
        kind: "test-digest",
        dedupeKey: `test-digest:${n}`,
        title: `Update ${n}`,
        body: `Body ${n}`,
        link: "/improvement",
        email: { subject: `Update ${n}`, text: `Body ${n}` },
      });
    expect(await send(1)).toEqual({ inApp: true, emailed: false, digest: true });
    await send(2);
    expect(await latestMail(reader.email, "test-digest")).toBeNull();
    expect((await bell(reader)).every((i) => i.emailPending)).toBe(true);

    const noon = Date.UTC(2027, 2, 10, DIGEST_HOUR_UTC, 0);
    expect(await sendNotificationDigests(ctx(), noon - 3_600_000)).toMatchObject({ skipped: true });
    const run = await sendNotificationDigests(ctx(), noon);
    expect(run.skipped).toBe(false);
    const mail = await latestMail(reader.email, "notification-digest");
    expect(mail?.subject).toBe("Readyroom: 2 updates since yesterday");
    expect(mail?.text).toMatch(/- Update 1\n {2}Body 1\n {2}http\S+\/improvement\n- Update 2/);
    const pending = await db()
      .select({ id: notificationItems.id })
      .from(notificationItems)
      .where(and(eq(notificationItems.userId, reader.userId), eq(notificationItems.emailPending, true)));
    expect(pending).toEqual([]);
    // A second run the same hour finds nothing of theirs.
    await sendNotificationDigests(ctx(), noon);
    const { results } = await env.DB.prepare(`SELECT count(*) AS n FROM "EmailOutbox" WHERE "to" = ? AND "kind" = 'notification-digest'`)
      .bind(reader.email)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(1);
  });

  it("says how many more there are beyond the first 50", () => {
    const items = Array.from({ length: 53 }, (_, i) => ({ id: `n${i}`, title: `T${i}`, body: "", link: null, createdAt: new Date(0) }));
    const { subject, text } = digestMessage(items, "https://app.example");
    expect(subject).toBe("Readyroom: 53 updates since yesterday");
    expect(text).toContain("…and 3 more under the bell: https://app.example/dashboard");
    expect(text.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(50);
  });
});
