import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import type { Env } from "../../worker/env";
import { nowMs } from "../../worker/lib/clock";
import { runSynthesis, synthesisStub, type SynthesisMessage } from "../../worker/collaborate/synthesis/run";
import { MAX_SYNTHESIS_SWEEPS, SYNTHESIS_LEASE_MS, SYNTHESIS_SWEEP_GAVE_UP, sweepStuckSyntheses } from "../../worker/collaborate/synthesis/sweep";
import { api, expectStatus } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { campaignRow, completedContributors, people, recordingQueue, synthesisCampaign } from "./synthesis-helpers";

let owner: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ({ owner, manager } = await people(1_000));
});

describe("the cron's synthesis sweep", () => {
  it("re-sends a run whose message was lost once it has made no progress for the lease, a few times, then fails it with what to do", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await completedContributors(campaignId, 3);
    // The trigger's message goes nowhere: the run stays queued, the campaign SYNTHESIZING.
    const lost = recordingQueue();
    await expectStatus(await api(`/api/synthesis/trigger/${campaignId}`, { user: owner, body: {}, env: { ...env, SYNTHESIS: lost } }), 202, "trigger");
    const threadId = (lost.sent[0] as SynthesisMessage).threadId;
    const queue = recordingQueue();
    const ctx = appContext({ ...env, SYNTHESIS: queue } as unknown as Env);
    const start = nowMs();

    // Other files' campaigns share this database: count only what the sweep sent for this one.
    const mine = () => queue.sent.filter((m) => (m as SynthesisMessage).campaignId === campaignId);
    // Within the lease: nothing to do.
    await sweepStuckSyntheses(ctx, start + 60_000);
    expect(mine()).toHaveLength(0);
    let at = start;
    for (let i = 1; i <= MAX_SYNTHESIS_SWEEPS; i++) {
      at += SYNTHESIS_LEASE_MS + 1_000;
      await sweepStuckSyntheses(ctx, at);
      expect(mine()).toHaveLength(i);
      expect(mine().at(-1)).toEqual({ kind: "synthesis", campaignId, threadId });
      // Sent again, the lease starts over: the same tick twice sends once.
      await sweepStuckSyntheses(ctx, at);
      expect(mine()).toHaveLength(i);
    }
    at += SYNTHESIS_LEASE_MS + 1_000;
    const last = await sweepStuckSyntheses(ctx, at);
    expect(last.failed).toBeGreaterThanOrEqual(1);
    const run = await synthesisStub(env, campaignId).get();
    expect(run).toMatchObject({ status: "failed", error: SYNTHESIS_SWEEP_GAVE_UP });
    expect((await campaignRow(campaignId))!.status).not.toBe("SYNTHESIZING");
    expect(mine()).toHaveLength(MAX_SYNTHESIS_SWEEPS);
  });

  it("also finds the lost run of a closed campaign (which keeps CLOSED while it runs), and the finished run clears its mark", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await completedContributors(campaignId, 3);
    await expectStatus(await api(`/api/collaborate/campaigns/${campaignId}/close`, { user: owner, body: {} }), 200, "close");
    const lost = recordingQueue();
    await expectStatus(await api(`/api/synthesis/trigger/${campaignId}`, { user: owner, body: {}, env: { ...env, SYNTHESIS: lost } }), 202, "trigger");
    expect((await campaignRow(campaignId))!.status).toBe("CLOSED");
    const queue = recordingQueue();
    const ctx = appContext({ ...env, SYNTHESIS: queue } as unknown as Env);
    await sweepStuckSyntheses(ctx, nowMs() + SYNTHESIS_LEASE_MS + 1_000);
    const resent = queue.sent.filter((m) => (m as SynthesisMessage).campaignId === campaignId) as SynthesisMessage[];
    expect(resent).toEqual([lost.sent[0]]);
    // The re-sent message completes the run; the campaign stays CLOSED and the mark is gone.
    expect((await runSynthesis(appContext(env), resent[0]!)).outcome).toBe("completed");
    const row = (await campaignRow(campaignId))!;
    expect(row.status).toBe("CLOSED");
    expect(JSON.parse(row.parameters)).not.toHaveProperty("synthesisRunning");
  });
});
