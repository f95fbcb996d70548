import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { runSynthesis, type SynthesisMessage } from "../../worker/collaborate/synthesis/run";
import { tooFewContributorsMessage } from "../../shared/collaborate/model";
import { SYNTHESIS_CREATOR_ONLY } from "../../worker/collaborate/synthesis/service";
import { appContext } from "../../worker/context";
import { nowMs } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import {
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
let outsider: TestUser;
/** A campaign whose synthesis has completed, with three contributors. */
let done: { campaignId: string; threadId: string; who: Person[] };

async function trigger(campaignId: string, user: TestUser, queue = recordingQueue()) {
  return { res: await api(`/api/synthesis/trigger/${campaignId}`, { user, body: {}, env: { ...env, SYNTHESIS: queue } }), queue };
}

beforeAll(async () => {
  ({ owner, manager, outsider } = await people(5_000));
  const campaignId = await synthesisCampaign(owner, manager, "Brackwater flood campaign");
  const { who } = await completedContributors(campaignId, 3);
  const { res, queue } = await trigger(campaignId, owner);
  await expectStatus(res, 202, "trigger");
  const message = queue.sent[0] as SynthesisMessage;
  expect((await runSynthesis(appContext(env), message, { provider: countingProvider() })).outcome).toBe("completed");
  done = { campaignId, threadId: message.threadId, who };
});

const state = (campaignId: string, user: TestUser, query = "") => api(`/api/synthesis/state/${campaignId}${query}`, { user });

describe("POST /api/synthesis/trigger/{id}", () => {
  it("two triggers at once join one run: one thread, one queue message", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await completedContributors(campaignId, 3);
    const queue = recordingQueue();
    const [a, b] = await Promise.all([trigger(campaignId, owner, queue), trigger(campaignId, owner, queue)]);
    await expectStatus(a.res, 202);
    await expectStatus(b.res, 202);
    const [va, vb] = [await json(a.res), await json(b.res)];
    expect(va.threadId).toBeTruthy();
    expect(vb.threadId).toBe(va.threadId);
    expect(va).toMatchObject({ campaignId, status: "queued", synthesisStatus: "queued", mode: "exercise" });
    expect(queue.sent).toEqual([{ kind: "synthesis", campaignId, threadId: va.threadId }]);
  });

  it("answers 409 with a clear message until 3 contributors have completed, and starts nothing", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await invitedContributor(campaignId);
    for (const completed of [0, 2]) {
      if (completed) await completedContributors(campaignId, completed);
      const { res, queue } = await trigger(campaignId, owner);
      expect(res.status).toBe(409);
      expect(await apiError(res)).toMatchObject({ code: "too_few_contributors", message: tooFewContributorsMessage(completed) });
      expect(queue.sent).toEqual([]);
      expect(await state(campaignId, owner).then((r) => r.status)).toBe(404);
    }
    expect(tooFewContributorsMessage(2)).toMatch(/at least 3 completed interviews.*2 have so far.*Send reminders or invite more contributors/);
  });

  it("only the campaign's creator starts it: another manager of the team gets 403 saying so, and nothing is queued", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await completedContributors(campaignId, 3);
    const { res, queue } = await trigger(campaignId, manager);
    expect(res.status).toBe(403);
    expect((await apiError(res)).message).toBe(SYNTHESIS_CREATOR_ONLY);
    expect(queue.sent).toEqual([]);
    expect(await state(campaignId, manager).then((r) => r.status)).toBe(404);
  });

  it("refuses a body that is not a JSON object", async () => {
    const res = await api(`/api/synthesis/trigger/${done.campaignId}`, { user: owner, body: [1, 2] });
    expect(res.status).toBe(400);
  });

  it("refuses a body over 16 KB (nothing in it is read)", async () => {
    const queue = recordingQueue();
    const res = await api(`/api/synthesis/trigger/${done.campaignId}`, { user: owner, body: { note: "x".repeat(20_000) }, env: { ...env, SYNTHESIS: queue } });
    expect(res.status).toBe(413);
    expect(queue.sent).toEqual([]);
  });
});

describe("GET /api/synthesis/state/{id}: the five spec §7 variants", () => {
  it("no content: the state and the draft injects", async () => {
    const view = await json(await expectStatus(await state(done.campaignId, manager), 200));
    expect(view).toMatchObject({
      campaignId: done.campaignId,
      threadId: done.threadId,
      status: "completed",
      synthesisStatus: "completed",
      progress: 100,
      contributorCount: 3,
    });
    // The real engine drafts 5–12 injects, contributors' own proposals first (pseudonyms in the run's random order).
    expect(view.draft_injects.length).toBeGreaterThanOrEqual(5);
    // The first sets the scene from the brief; the contributors' proposals follow, citing who proposed them.
    expect(view.draft_injects.slice(1).flatMap((i: Json) => i.respondents)).toEqual(expect.arrayContaining([expect.stringMatching(/^Respondent \d+$/)]));
    for (const key of ["anonymized_object", "summary", "findings", "identifying"]) expect(view).not.toHaveProperty(key);
  });

  it("content=anonymized, summary and all", async () => {
    const anonymized = await json(await state(done.campaignId, manager, "?content=anonymized"));
    expect(anonymized.anonymized_object.contributions.map((c: Json) => c.respondent)).toEqual(["Respondent 1", "Respondent 2", "Respondent 3"]);
    expect(anonymized).not.toHaveProperty("summary");
    const summary = await json(await state(done.campaignId, manager, "?content=summary"));
    expect(typeof summary.summary).toBe("string");
    expect(summary.findings.summary).toBe(summary.summary);
    expect(summary).not.toHaveProperty("anonymized_object");
    const all = await json(await state(done.campaignId, manager, "?content=all"));
    expect(Object.keys(all)).toEqual(expect.arrayContaining(["anonymized_object", "summary", "findings", "draft_injects"]));
    expect(all).not.toHaveProperty("identifying");
    const text = JSON.stringify(all).toLowerCase();
    for (const p of done.who) expect(text).not.toContain(p.email.toLowerCase());
  });

  it("content=all&include_identifying=true: the identifying map, for the creator only", async () => {
    const mine = await json(await expectStatus(await state(done.campaignId, owner, "?content=all&include_identifying=true"), 200));
    expect(mine.identifying.map((e: Json) => e.value)).toEqual(expect.arrayContaining([done.who[0]!.email, done.who[1]!.fullName]));
    const refused = await state(done.campaignId, manager, "?content=all&include_identifying=true");
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).not.toContain(done.who[0]!.email);
  });

  it("an unknown content or include_identifying value is a 400", async () => {
    expect((await state(done.campaignId, owner, "?content=everything")).status).toBe(400);
    expect((await state(done.campaignId, owner, "?include_identifying=yes")).status).toBe(400);
  });

  it("by thread id: the campaign's current thread; anything else 404", async () => {
    const view = await json(await expectStatus(await api(`/api/synthesis/threads/${done.threadId}/state?content=anonymized`, { user: manager }), 200));
    expect(view.threadId).toBe(done.threadId);
    expect(view.anonymized_object.contributions).toHaveLength(3);
    expect((await api(`/api/synthesis/threads/${done.campaignId}.not-a-thread/state`, { user: manager })).status).toBe(404);
    expect((await api(`/api/synthesis/threads/nonsense/state`, { user: manager })).status).toBe(404);
  });
});

describe("outsiders", () => {
  it("get 404 from trigger, state, threads, findings, export and start-exercise; signed out 401", async () => {
    const { campaignId, threadId } = done;
    const answers = [
      await trigger(campaignId, outsider).then((r) => r.res),
      await state(campaignId, outsider),
      await state(campaignId, outsider, "?content=all&include_identifying=true"),
      await api(`/api/synthesis/threads/${threadId}/state?content=anonymized`, { user: outsider }),
      await api(`/api/collaborate/campaigns/${campaignId}/findings`, { user: outsider }),
      await api(`/api/collaborate/campaigns/${campaignId}/findings/export?format=md`, { user: outsider }),
      await api(`/api/collaborate/campaigns/${campaignId}/start-exercise`, { user: outsider, method: "POST" }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
    expect((await api(`/api/synthesis/state/${campaignId}`)).status).toBe(401);
  });
});

describe("findings", () => {
  it("GET /findings answers the FindingsView once completed, 404 before", async () => {
    const view = await json(await expectStatus(await api(`/api/collaborate/campaigns/${done.campaignId}/findings`, { user: manager }), 200));
    expect(view).toMatchObject({ campaignId: done.campaignId, campaignName: "Brackwater flood campaign", purpose: "exercise", contributorCount: 3 });
    expect(view.draftInjects.length).toBeGreaterThanOrEqual(5);
    expect(typeof view.findings.summary).toBe("string");
    const fresh = await synthesisCampaign(owner, manager);
    expect((await api(`/api/collaborate/campaigns/${fresh}/findings`, { user: owner })).status).toBe(404);
  });

  it("exports markdown, docx and PDF with their content types and names", async () => {
    const path = (format: string) => `/api/collaborate/campaigns/${done.campaignId}/findings/export?format=${format}`;
    const md = await expectStatus(await api(path("md"), { user: manager }), 200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("content-disposition")).toBe('attachment; filename="Brackwater-flood-campaign-findings.md"');
    const text = await md.text();
    expect(text).toContain("# Brackwater flood campaign");
    expect(text).toContain("## Draft injects");
    expect(text).toContain("Respondent 1");
    const docx = await expectStatus(await api(path("docx"), { user: manager }), 200);
    expect(docx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(docx.headers.get("content-disposition")).toContain("-findings.docx");
    expect(new Uint8Array(await docx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b])); // a zip
    const pdf = await expectStatus(await api(path("pdf"), { user: manager }), 200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await api(path("csv"), { user: manager })).status).toBe(400);
  });
});

describe("POST /api/collaborate/campaigns/{id}/start-exercise", () => {
  it("the creator gets a campaign exercise pre-filled from the synthesis, MSEL rows citing respondents", async () => {
    expect((await api(`/api/collaborate/campaigns/${done.campaignId}/start-exercise`, { user: manager, method: "POST" })).status).toBe(403);
    const res = await expectStatus(await api(`/api/collaborate/campaigns/${done.campaignId}/start-exercise`, { user: owner, method: "POST" }), 201);
    const { id } = await json(res);
    const exercise = await json(await expectStatus(await api(`/api/collaborate/campaigns/${done.campaignId}/exercises/${id}`, { user: owner }), 200));
    expect(exercise.name).toBe("Brackwater flood campaign — exercise");
    expect(exercise.threatType).toBe("Riverine flood");
    expect(exercise.scenario).toContain("The Brackwater River crests");
    const findings = await json(await api(`/api/collaborate/campaigns/${done.campaignId}/findings`, { user: owner }));
    expect(exercise.mselTable).toHaveLength(findings.draftInjects.length);
    expect(exercise.mselTable[0]).toMatchObject({ event: "1" });
    expect(exercise.mselTable[1].comment).toBe(`Sources: ${findings.draftInjects[1].respondents.join(", ")}`);
    expect(exercise.mselTable[1].comment).toMatch(/^Sources: Respondent \d+/);
    expect(exercise.capabilitiesAndObjectives.map((o: Json) => o.objective)).toContain("Open a second shelter within two hours");
    expect(JSON.stringify(exercise)).not.toContain(done.who[0]!.organization);
    const parameters = JSON.parse((await campaignRow(done.campaignId))!.parameters) as Record<string, unknown>;
    expect(parameters.exerciseId).toBe(id);
    // Asked again for the same synthesis: the same exercise, not a copy.
    const again = await json(
      await expectStatus(await api(`/api/collaborate/campaigns/${done.campaignId}/start-exercise`, { user: owner, method: "POST" }), 200),
    );
    expect(again.id).toBe(id);
  });

  it("a double click (two calls at once) drafts one exercise, and both open it", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await completedContributors(campaignId, 3);
    const { res, queue } = await trigger(campaignId, owner);
    await expectStatus(res, 202, "trigger");
    expect((await runSynthesis(appContext(env), queue.sent[0] as SynthesisMessage, { provider: countingProvider() })).outcome).toBe("completed");
    const start = () => api(`/api/collaborate/campaigns/${campaignId}/start-exercise`, { user: owner, method: "POST" });
    const [a, b] = await Promise.all([start(), start()]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [ida, idb] = [(await json(a)).id, (await json(b)).id];
    expect(idb).toBe(ida);
    const rows = await env.DB.prepare(`SELECT "id" FROM "CampaignExercise" WHERE "campaignId" = ?`).bind(campaignId).all<{ id: string }>();
    expect(rows.results.map((r) => r.id)).toEqual([ida]);
  });

  it("answers 409 before the synthesis has completed", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    const res = await api(`/api/collaborate/campaigns/${campaignId}/start-exercise`, { user: owner, method: "POST" });
    expect(res.status).toBe(409);
  });
});

describe("direct mode", () => {
  const direct = () => ({ ...env, SYNTHESIS_DIRECT_MODE: "true", SYNTHESIS_DIRECT_URL: "https://synthesis.example.org/api" });

  it("a signed-in user gets a 10-minute bearer token the synthesis routes accept without the cookie", async () => {
    // Off: an answer that says so (not a 404, which the browser logs on every campaign page).
    expect(await json(await expectStatus(await api("/api/synthesis/token", { user: owner }), 200))).toEqual({
      direct: false,
      token: null,
      expiresAt: null,
      baseUrl: null,
    });
    const minted = await json(await expectStatus(await api("/api/synthesis/token", { user: owner, env: direct() }), 200));
    // baseUrl: the field the browser's client reads (web/lib/synthesis-api.ts).
    expect(minted.baseUrl).toBe("https://synthesis.example.org/api");
    expect(Date.parse(minted.expiresAt) - nowMs()).toBeLessThanOrEqual(10 * 60 * 1000);
    const bearer = (token: string) => ({ env: direct(), headers: { authorization: `Bearer ${token}`, origin: "http://localhost:8787" } });
    const view = await json(await expectStatus(await api(`/api/synthesis/state/${done.campaignId}`, bearer(minted.token)), 200));
    expect(view.threadId).toBe(done.threadId);
    const res = await api(`/api/synthesis/state/${done.campaignId}`, bearer(minted.token));
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:8787");
    // A token changed by one character, or bearer auth with direct mode off, is not a sign-in.
    const [u, exp, sig] = minted.token.split(".");
    const forged = `${u}.${Number(exp) + 1000}.${sig}`;
    expect((await api(`/api/synthesis/state/${done.campaignId}`, bearer(forged))).status).toBe(401);
    expect((await api(`/api/synthesis/state/${done.campaignId}`, { headers: { authorization: `Bearer ${minted.token}` } })).status).toBe(401);
    // Another user's token sees what that user may see.
    const theirs = await json(await api("/api/synthesis/token", { user: outsider, env: direct() }));
    expect((await api(`/api/synthesis/state/${done.campaignId}`, bearer(theirs.token))).status).toBe(404);
  });

  it("a bearer trigger from APP_URL's page (cross-site to the hosted address) starts the run; a cross-site cookie write is still refused", async () => {
    const campaignId = await synthesisCampaign(owner, manager);
    await completedContributors(campaignId, 3);
    const queue = recordingQueue();
    const minted = await json(await api("/api/synthesis/token", { user: owner, env: direct() }));
    const crossSite = { origin: "http://localhost:8787", "sec-fetch-site": "cross-site" };
    const cookieWrite = await api(`/api/synthesis/trigger/${campaignId}`, {
      user: owner,
      body: {},
      env: { ...direct(), SYNTHESIS: queue },
      headers: crossSite,
    });
    expect(cookieWrite.status).toBe(403);
    const bearerWrite = await api(`/api/synthesis/trigger/${campaignId}`, {
      body: {},
      env: { ...direct(), SYNTHESIS: queue },
      headers: { ...crossSite, authorization: `Bearer ${minted.token}` },
    });
    await expectStatus(bearerWrite, 202);
    expect(queue.sent).toHaveLength(1);
    // With direct mode off a bearer header earns no exemption: the write is refused as cross-site.
    const off = await api(`/api/synthesis/trigger/${campaignId}`, {
      body: {},
      env: { ...env, SYNTHESIS: queue },
      headers: { ...crossSite, authorization: `Bearer ${minted.token}` },
    });
    expect(off.status).toBe(403);
  });

  it("answers the CORS preflight for APP_URL's origin only", async () => {
    const preflight = (origin: string) =>
      api(`/api/synthesis/trigger/${done.campaignId}`, {
        method: "OPTIONS",
        env: direct(),
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
      });
    const ok = await preflight("http://localhost:8787");
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:8787");
    expect(ok.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect((await preflight("https://evil.example")).headers.get("access-control-allow-origin")).toBeNull();
  });
});
