import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO, seedSql } from "../../scripts/lib/demo.ts";
import { DEMO_CONTRIBUTORS, DEMO_FINDINGS_CAMPAIGN } from "../../scripts/lib/demo-campaign.ts";
import { contributorStateHash } from "../../shared/collaborate/model";
import type { CampaignDetailView, FindingsView } from "../../shared/collaborate/views";
import { nowMs } from "../../worker/lib/clock";
import { api, expectStatus, json } from "../helpers/api";
import { sessionCookieFor } from "../helpers/auth";

async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

describe("demo seed: a finished campaign", () => {
  it("Dana's team has a completed findings campaign with five submitted contributors, anonymised findings and a matching state hash; seeding twice changes nothing", async () => {
    await run(seedSql("", nowMs()));
    await run(seedSql("", nowMs()));
    const user = { userId: DEMO.userId, accountId: DEMO.accountId, email: DEMO.email, password: DEMO.password, cookie: await sessionCookieFor(DEMO.userId) };
    const id = DEMO_FINDINGS_CAMPAIGN.campaignId;
    const campaign = (await json(await expectStatus(await api(`/api/collaborate/campaigns/${id}`, { user }), 200))) as CampaignDetailView;
    expect(campaign).toMatchObject({ status: "COMPLETED", hasFindings: true, isCreator: true });
    expect(campaign.contributors).toHaveLength(DEMO_CONTRIBUTORS.length);
    expect(campaign.contributors.every((c) => c.status === "COMPLETED" && c.regularUserId === null)).toBe(true);
    // The client's synthesis check (spec §4) compares this hash with the completed contributors'.
    expect(campaign.parameters.contributorStateHash).toBe(await contributorStateHash(campaign.contributors));
    const findings = (await json(await expectStatus(await api(`/api/collaborate/campaigns/${id}/findings`, { user }), 200))) as FindingsView;
    expect(findings).toMatchObject({ campaignName: DEMO_FINDINGS_CAMPAIGN.name, purpose: "generate-findings", contributorCount: 5 });
    expect(findings.findings.capabilityCoverage).toHaveLength(32);
    const text = JSON.stringify(findings);
    for (const p of DEMO_CONTRIBUTORS) for (const secret of [p.lastName, p.email, p.organization]) expect(text).not.toContain(secret);
  });
});
