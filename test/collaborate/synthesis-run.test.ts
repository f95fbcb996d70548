import { createExecutionContext, createMessageBatch, env, getQueueResult, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { contributorStateHash, MIN_SYNTHESIS_CONTRIBUTORS, tooFewContributorsMessage } from "../../shared/collaborate/model";
import { runSynthesis, synthesisStub, SYNTHESIS_GAVE_UP, SYNTHESIS_NO_CREDITS, type SynthesisMessage } from "../../worker/collaborate/synthesis/run";
import { nowDate } from "../../worker/lib/clock";
import type { Shuffle } from "../../worker/lib/shuffle";
import worker from "../../worker/index";
import { appContext } from "../../worker/context";
import { api, expectStatus, json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import {
  balanceOf,
  campaignRow,
  completedContributors,
  countingProvider,
  invitedContributor,
  people,
  recordingQueue,
  synthesisCampaign,
  type Person,
} from "./synthesis-helpers";

let owner: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ({ owner, manager } = await people(5_000));
});

/** A campaign with `n` completed contributors, triggered through the API with a recording queue: the message it sent. */
async function triggered(n: number): Promise<{ campaignId: string; message: SynthesisMessage; who: Person[]; ids: string[] }> {
  const campaignId = await synthesisCampaign(owner, manager);
  const { who, ids } = await completedContributors(campaignId, n);
  await invitedContributor(campaignId);
  const queue = recordingQueue();
  await expectStatus(await api(`/api/synthesis/trigger/${campaignId}`, { user: owner, body: {}, env: { ...env, SYNTHESIS: queue } }), 202, "trigger");
  expect(queue.sent).toHaveLength(1);
  return { campaignId, message: queue.sent[0] as SynthesisMessage, who, ids };
}

const ctx = () => appContext(env);

describe("synthesis run: stages, resume, charges", () => {
  it("runs every stage, charges the team account, and writes an anonymised D1 mirror", async () => {
    const { campaignId, message, who, ids } = await triggered(3);
    expect((await campaignRow(campaignId))!.status).toBe("SYNTHESIZING");
    const before = await balanceOf(owner.accountId);
    const provider = countingProvider();
    const result = await runSynthesis(ctx(), message, { provider });
    expect(result.outcome).toBe("completed");
    expect(provider.calls).toBe(2);
    expect(result.charged).toBeGreaterThan(0);
    expect(await balanceOf(owner.accountId)).toBe(before - result.charged);

    const run = await synthesisStub(env, campaignId).get();
    expect(run).toMatchObject({ status: "completed", progress: 100, contributorCount: 3, threadId: message.threadId });
    expect(Object.keys(run.timings).sort()).toEqual(["analysing", "anonymising", "drafting", "finalising"]);

    const row = (await campaignRow(campaignId))!;
    expect(row.status).toBe("COMPLETED");
    const parameters = JSON.parse(row.parameters) as Record<string, unknown>;
    // The hash reads the day each submitted, as the campaign page's contributors show it.
    const submitted = ids.map((id) => ({ id, status: "COMPLETED" as const, submittedAt: "2031-01-05" }));
    expect(parameters).toMatchObject({ synthesisThreadId: message.threadId, contributorStateHash: await contributorStateHash(submitted), purpose: "exercise" });
    const insights = JSON.parse(row.insights!) as Record<string, unknown>;
    expect(insights).toMatchObject({ threadId: message.threadId, contributorCount: 3 });
    expect(Object.keys(insights).sort()).toEqual(["completedAt", "contributorCount", "draftInjects", "findings", "summary", "threadId"]);
    // Nothing that identifies a contributor reaches D1: not in insights, not in parameters.
    const mirror = `${row.insights} ${row.parameters}`.toLowerCase();
    for (const p of who) for (const value of [p.fullName, p.email, p.organization, ...p.fullName.split(" ")]) expect(mirror).not.toContain(value.toLowerCase());
    // …while the object keeps the identifying map for the creator.
    expect(run.identifying?.map((e) => e.value)).toEqual(expect.arrayContaining([who[0]!.email, who[0]!.fullName, who[0]!.organization]));
  });

  it("scrubs the name and organisation on a Readyroom contributor's profile even when the invitation spelt them otherwise", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    const tag = crypto.randomUUID().slice(0, 6);
    const profile = { first: `Zebulon${tag}`, last: `Quartermaine${tag}`, organization: `Quillfeather${tag} Rescue Authority` };
    const email = `zq-${tag}@example.test`;
    const userId = crypto.randomUUID();
    const answer = `${profile.first} ${profile.last} here, duty officer at ${profile.organization}. ${profile.last} signs the sandbag orders.`;
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO "User" ("id", "email", "firstName", "lastName", "organization") VALUES (?, ?, ?, ?, ?)`).bind(
        userId,
        email,
        profile.first,
        profile.last,
        profile.organization,
      ),
      // The manager typed a short form of the name and no organisation.
      env.DB.prepare(`INSERT INTO "CampaignToken" ("id", "campaignId", "email", "token", "expiresAt", "usedAt", "fullName") VALUES (?, ?, ?, ?, ?, ?, ?)`).bind(
        crypto.randomUUID(),
        campaignId,
        email,
        `hash-${crypto.randomUUID()}`,
        Date.UTC(2031, 0, 19),
        Date.UTC(2031, 0, 5),
        "Zeb Q.",
      ),
      env.DB.prepare(
        `INSERT INTO "ContributorExercise" ("id", "campaignId", "authorId", "status", "collectedData", "contributions", "completionPercentage", "submittedAt") VALUES (?, ?, ?, 'COMPLETED', ?, ?, 100, ?)`,
      ).bind(
        crypto.randomUUID(),
        campaignId,
        userId,
        JSON.stringify({ answers: [{ key: "role", phase: 1, question: "What is your role?", answer }] }),
        JSON.stringify({ injects: [`${profile.organization} reports the levee breached`], questions: [], objectives: [] }),
        Date.UTC(2031, 0, 5, 11),
      ),
    ]);
    await completedContributors(campaignId, MIN_SYNTHESIS_CONTRIBUTORS - 1);
    const queue = recordingQueue();
    await expectStatus(await api(`/api/synthesis/trigger/${campaignId}`, { user: owner, body: {}, env: { ...env, SYNTHESIS: queue } }), 202, "trigger");
    expect((await runSynthesis(ctx(), queue.sent[0] as SynthesisMessage, { provider: countingProvider() })).outcome).toBe("completed");
    const run = await synthesisStub(env, campaignId).get();
    const row = (await campaignRow(campaignId))!;
    const anonymised = `${JSON.stringify(run.anonymized)} ${row.insights}`.toLowerCase();
    for (const value of [profile.first, profile.last, profile.organization]) expect(anonymised).not.toContain(value.toLowerCase());
    expect(run.identifying?.map((e) => e.value)).toEqual(expect.arrayContaining([`${profile.first} ${profile.last}`, profile.organization]));
  });

  it("a campaign the manager closed stays CLOSED while and after its synthesis runs (it does not reopen to contributions)", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await completedContributors(campaignId, 3);
    await env.DB.prepare(`UPDATE "Campaign" SET "status" = 'CLOSED' WHERE "id" = ?`).bind(campaignId).run();
    const queue = recordingQueue();
    await expectStatus(await api(`/api/synthesis/trigger/${campaignId}`, { user: owner, body: {}, env: { ...env, SYNTHESIS: queue } }), 202, "trigger");
    expect((await campaignRow(campaignId))!.status).toBe("CLOSED");
    expect((await runSynthesis(ctx(), queue.sent[0] as SynthesisMessage, { provider: countingProvider() })).outcome).toBe("completed");
    const row = (await campaignRow(campaignId))!;
    expect(row.status).toBe("CLOSED");
    expect(row.insights).not.toBeNull();
  });

  it("resumes after the last finished stage when a run dies mid-way (eviction), and charges each stage once", async () => {
    const { campaignId, message } = await triggered(3);
    const before = await balanceOf(owner.accountId);
    // Anonymising and analysing finish; drafting (the provider's second call) fails.
    const failing = countingProvider([2]);
    await expect(runSynthesis(ctx(), message, { provider: failing })).rejects.toThrow(/injected failure/);
    const stub = synthesisStub(env, campaignId);
    const mid = await stub.get();
    expect(mid).toMatchObject({ status: "drafting", progress: 60, draftInjects: null });
    expect(mid.findings).not.toBeNull();
    // The object is evicted: its memory is gone, only its storage remains.
    await runInDurableObject(stub, (instance) => {
      (instance as unknown as { cached: unknown }).cached = null;
    });
    expect((await stub.get()).findings).toEqual(mid.findings);

    // The queue redelivers: only drafting runs.
    const provider = countingProvider();
    const second = await runSynthesis(ctx(), message, { provider });
    expect(second.outcome).toBe("completed");
    expect(provider.calls).toBe(1);
    const analysing = before - (await balanceOf(owner.accountId)) - second.charged;
    expect(analysing).toBeGreaterThan(0);

    // A redelivery of the finished run does nothing and charges nothing.
    const balance = await balanceOf(owner.accountId);
    const again = countingProvider();
    expect(await runSynthesis(ctx(), message, { provider: again })).toEqual({ outcome: "stale", charged: 0 });
    expect(again.calls).toBe(0);
    expect(await balanceOf(owner.accountId)).toBe(balance);
    // Two overlapping redeliveries of a finished run, likewise.
    await Promise.all([runSynthesis(ctx(), message, { provider: again }), runSynthesis(ctx(), message, { provider: again })]);
    expect(again.calls).toBe(0);
    expect(await balanceOf(owner.accountId)).toBe(balance);
  });

  it("labels respondents in the order the run draws, not by submission, and a resumed run keeps the labels it drew", async () => {
    const { campaignId, message, who, ids } = await triggered(4);
    // Each contributor proposes an inject of their own, so a label can be checked against its content.
    const proposals = [
      "The shelter generator runs out of diesel",
      "A water main breaks under the hospital road",
      "The county radio tower loses power",
      "Buses for the nursing home never arrive",
    ];
    for (const [i, id] of ids.entries()) {
      await env.DB.prepare(`UPDATE "ContributorExercise" SET "contributions" = ? WHERE "id" = ?`)
        .bind(JSON.stringify({ injects: [proposals[i]], questions: [], objectives: [] }), id)
        .run();
    }
    const reverse: Shuffle = (xs) => [...xs].reverse();
    // The first delivery anonymises with its draw, then analysing fails.
    await expect(runSynthesis(ctx(), message, { provider: countingProvider([1]), shuffle: reverse })).rejects.toThrow(/injected failure/);
    const stub = synthesisStub(env, campaignId);
    const mid = await stub.get();
    const labelOf = (p: Person) => mid.identifying!.find((e) => e.kind === "respondent" && e.value === p.fullName)?.pseudonym;
    // Submitted first → labelled last: the draw, not the submission order.
    expect(who.map(labelOf)).toEqual(["Respondent 4", "Respondent 3", "Respondent 2", "Respondent 1"]);
    expect(mid.contributorIds).toEqual([...ids].reverse());
    expect(mid.anonymized!.contributions.map((c) => c.respondent)).toEqual(["Respondent 1", "Respondent 2", "Respondent 3", "Respondent 4"]);

    // The redelivery (another draw at hand) analyses and drafts with the labels already stored.
    const keep: Shuffle = (xs) => [...xs];
    expect((await runSynthesis(ctx(), message, { provider: countingProvider(), shuffle: keep })).outcome).toBe("completed");
    const done = await stub.get();
    expect(done.anonymized).toEqual(mid.anonymized);
    for (const text of proposals) {
      const inject = done.draftInjects!.find((d) => d.description === text);
      expect(inject, text).toBeDefined();
      const cited = mid.anonymized!.contributions.find((c) => c.respondent === inject!.respondents[0]);
      expect(cited?.proposals.injects).toContain(text);
    }
  });

  it("fails the run with the clear message when fewer than 3 completed contributors are left when it starts", async () => {
    const { campaignId, message, ids } = await triggered(3);
    await env.DB.prepare(`UPDATE "ContributorExercise" SET "status" = 'IN_PROGRESS' WHERE "id" = ?`).bind(ids[0]).run();
    const provider = countingProvider();
    const result = await runSynthesis(ctx(), message, { provider });
    expect(result).toMatchObject({ outcome: "failed", error: tooFewContributorsMessage(MIN_SYNTHESIS_CONTRIBUTORS - 1) });
    expect(provider.calls).toBe(0);
    const run = await synthesisStub(env, campaignId).get();
    expect(run).toMatchObject({ status: "failed", anonymized: null });
  });

  it("fails with the clear message when the team account has no credits, and puts the campaign back", async () => {
    const { owner: poor, manager: colleague } = await people(0);
    const campaignId = await synthesisCampaign(poor, colleague);
    await completedContributors(campaignId, 3);
    const queue = recordingQueue();
    await expectStatus(await api(`/api/synthesis/trigger/${campaignId}`, { user: poor, body: {}, env: { ...env, SYNTHESIS: queue } }), 202);
    const result = await runSynthesis(ctx(), queue.sent[0] as SynthesisMessage, { provider: countingProvider() });
    expect(result).toMatchObject({ outcome: "failed", error: SYNTHESIS_NO_CREDITS });
    const state = await json(await api(`/api/synthesis/state/${campaignId}`, { user: poor }));
    expect(state).toMatchObject({ status: "failed", error: SYNTHESIS_NO_CREDITS });
    expect((await campaignRow(campaignId))!.status).toBe("ACTIVE");
    // Trying again starts a new run with a new thread.
    const again = await json(await api(`/api/synthesis/trigger/${campaignId}`, { user: poor, body: {}, env: { ...env, SYNTHESIS: queue } }));
    expect(again.status).toBe("queued");
    expect(again.threadId).not.toBe((queue.sent[0] as SynthesisMessage).threadId);
    expect(queue.sent).toHaveLength(2);
  });

  it("runs through the real SYNTHESIS queue to completed", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await completedContributors(campaignId, 3);
    await expectStatus(await api(`/api/synthesis/trigger/${campaignId}`, { user: owner, body: {} }), 202);
    let state = await json(await api(`/api/synthesis/state/${campaignId}`, { user: owner }));
    for (let i = 0; i < 100 && state.status !== "completed" && state.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = await json(await api(`/api/synthesis/state/${campaignId}`, { user: owner }));
    }
    expect(state).toMatchObject({ status: "completed", progress: 100, contributorCount: 3 });
    expect(Array.isArray(state.draft_injects)).toBe(true);
    expect((await campaignRow(campaignId))!.status).toBe("COMPLETED");
  });

  it("a message that used every retry lands in the dead-letter queue, whose consumer fails the run", async () => {
    const { campaignId, message } = await triggered(3);
    const batch = createMessageBatch("readyroom-synthesis-dlq", [{ id: "dlq-1", timestamp: nowDate(), attempts: 1, body: message }]);
    const execution = createExecutionContext();
    await worker.queue(batch, env, execution);
    expect((await getQueueResult(batch, execution)).explicitAcks).toEqual(["dlq-1"]);
    expect(await synthesisStub(env, campaignId).get()).toMatchObject({ status: "failed", error: SYNTHESIS_GAVE_UP });
    expect((await campaignRow(campaignId))!.status).toBe("ACTIVE");
  });
});
