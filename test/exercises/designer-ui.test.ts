import { afterEach, describe, expect, it, vi } from "vitest";
import { api, expectStatus, json as readJson, ORIGIN } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { draftPatch, progressOnArrival } from "../../web/components/exercise/steps";
import { MESSAGES, readFailure, streamAssistant, type StreamHandlers } from "../../web/hooks/use-assistant-stream";
import { listSteps, resumeStep } from "../../shared/exercises/steps";
import { conversationApiPath, exerciseApiPath, exercisePagePath } from "../../web/lib/exercise-paths";
import { createCampaign, createExercise } from "./helpers";
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb } from "../../worker/db/client";
import { exercises } from "../../worker/db/schema";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("design assistant client: spec §8 errors", () => {
  it("maps every failure the way the catalogue says", async () => {
    expect(await readFailure(json(423, { message: "locked" }))).toEqual({ ok: false, locked: true });
    expect(await readFailure(json(402, { message: "Credit limit exceeded", code: "credit_limit_exceeded" }))).toMatchObject({
      error: { type: "Insufficient Credits" },
    });
    // The message, not the status, decides: a 400 saying the same thing is still about credits.
    expect(await readFailure(json(400, { message: "Daily Credit limit exceeded" }))).toMatchObject({ error: { type: "Insufficient Credits" } });
    expect(await readFailure(json(404, { message: "Exercise not found." }))).toMatchObject({ error: { type: "error", message: "Exercise not found." } });
    expect(await readFailure(new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }))).toMatchObject({
      error: { message: "Failed to generate response. Status: 502" },
    });
    expect(await readFailure(new Response("{not json", { status: 500, headers: { "content-type": "application/json" } }))).toMatchObject({
      error: { type: "Server Error" },
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(response: () => Response | Promise<Response>) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => response()),
    );
  }

  it("appends streamed text as it arrives, including events split across chunks, and reports the draft", async () => {
    const events = [
      { type: "meta", provider: "offline", model: "readyroom-offline", label: "offline drafting", offline: true, draft: true },
      { type: "text", delta: '{"injects":' },
      { type: "text", delta: '["Levee breach reported"]}' },
      { type: "draft", sectionType: "module_inject", moduleIndex: 1, draft: { injects: ["Levee breach reported"] }, patch: {} },
      { type: "usage", inputTokens: 1, outputTokens: 2, credits: 1, interrupted: false, conversationId: "c1" },
    ];
    const bytes = new TextEncoder().encode(events.map((e) => JSON.stringify(e)).join("\n") + "\n");
    // Cut at odd places: inside a JSON line and inside a multi-byte boundary-free spot.
    const cuts = [7, 50, 51, 130, bytes.length];
    stubFetch(
      () =>
        new Response(
          new ReadableStream({
            start(c) {
              let at = 0;
              for (const cut of cuts) {
                c.enqueue(bytes.slice(at, cut));
                at = cut;
              }
              c.close();
            },
          }),
          { status: 200, headers: { "content-type": "application/x-ndjson" } },
        ),
    );
    const deltas: string[] = [];
    const handlers: StreamHandlers = { onText: (d) => deltas.push(d), onDraft: vi.fn(), onMeta: vi.fn() };
    const outcome = await streamAssistant({ exercise: { id: "x" }, sectionType: "module_inject", messages: [], purpose: "content", moduleIndex: 1 }, handlers);
    expect(outcome).toEqual({ ok: true, text: '{"injects":["Levee breach reported"]}' });
    expect(deltas).toEqual(['{"injects":', '["Levee breach reported"]}']);
    expect(handlers.onDraft).toHaveBeenCalledWith(expect.objectContaining({ moduleIndex: 1, draft: { injects: ["Levee breach reported"] } }));
    expect(handlers.onMeta).toHaveBeenCalledWith(expect.objectContaining({ offline: true }));
  });

  it("calls the campaign exercise's own assistant stream for a campaign exercise", async () => {
    const fetchMock = vi.fn(async () => json(404, { message: "Exercise not found." }));
    vi.stubGlobal("fetch", fetchMock);
    await streamAssistant({ exercise: { id: "e 1", campaignId: "c/1" }, sectionType: "intro", messages: [], purpose: "content" }, {});
    await streamAssistant({ exercise: { id: "e 1" }, sectionType: "intro", messages: [], purpose: "content" }, {});
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      "/api/collaborate/campaigns/c%2F1/exercises/e%201/conversations/v2",
      "/api/conversations/v2/e%201",
    ]);
  });

  it("shows the lock holder on 423 and abandons the request", async () => {
    stubFetch(() =>
      json(423, {
        message: "This exercise is being edited by someone else.",
        lockedByUserId: "u2",
        lockedByName: "Jordan Alvarez",
        lockExpires: "2026-01-01T00:00:00.000Z",
      }),
    );
    const onLocked = vi.fn();
    const outcome = await streamAssistant({ exercise: { id: "x" }, sectionType: "intro", messages: [], purpose: "content" }, { onLocked });
    expect(outcome).toEqual({ ok: false, locked: true });
    expect(onLocked).toHaveBeenCalledWith({ lockedByUserId: "u2", lockedByName: "Jordan Alvarez", lockExpires: "2026-01-01T00:00:00.000Z" });
  });

  it("says so when the browser gives no stream, and gives the generic message when the request fails", async () => {
    stubFetch(() => {
      const res = new Response(null, { status: 200 });
      Object.defineProperty(res, "body", { value: null });
      return res;
    });
    expect(await streamAssistant({ exercise: { id: "x" }, sectionType: "intro", messages: [], purpose: "content" }, {})).toMatchObject({
      error: { message: MESSAGES.noStream },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await streamAssistant({ exercise: { id: "x" }, sectionType: "intro", messages: [], purpose: "content" }, {})).toMatchObject({
      error: { message: "Request Could Not Be Completed" },
    });
  });
});

describe("exercise paths: personal and campaign exercises share the editor", () => {
  it("builds page, API and assistant URLs from the exercise, encoding ids", () => {
    const personalRef = { id: "ex-1" };
    const campaignRef = { id: "ex-1", campaignId: "camp 7" };
    expect(exercisePagePath(personalRef)).toBe("/exercise/ex-1");
    expect(exercisePagePath(personalRef, "modules/2/injects")).toBe("/exercise/ex-1/modules/2/injects");
    expect(exercisePagePath(campaignRef, "intro")).toBe("/collaborate/campaigns/camp%207/exercise/ex-1/intro");
    expect(exerciseApiPath(personalRef, "update")).toBe("/api/exercises/ex-1/update");
    expect(exerciseApiPath({ id: "ex-1", campaignId: null }, "lock")).toBe("/api/exercises/ex-1/lock");
    expect(exerciseApiPath(campaignRef, "lock")).toBe("/api/collaborate/campaigns/camp%207/exercises/ex-1/lock");
    expect(conversationApiPath(personalRef)).toBe("/api/conversations/v2/ex-1");
    expect(conversationApiPath(campaignRef)).toBe("/api/collaborate/campaigns/camp%207/exercises/ex-1/conversations/v2");
  });
});

describe("editor progress and drafts", () => {
  it("saves progress so that the resume rule reopens exactly the step the planner is on", () => {
    for (const moduleCount of [0, 1, 3]) {
      for (const step of listSteps(moduleCount)) {
        const progress = progressOnArrival(step, moduleCount);
        const resumed = resumeStep({ ...progress, moduleCount });
        // Module steps need modules; with none the overview is where a planner would add one.
        expect(resumed, `${step} with ${moduleCount} modules`).toBe(step);
      }
    }
  });

  it("applies a module draft to that module of the current modules, keeping the others", () => {
    const modules = [
      { title: "One", injects: ["a"] },
      { title: "Two", injects: ["b"] },
    ];
    const patch = draftPatch({ modules }, { sectionType: "module_inject", moduleIndex: 1, draft: { injects: ["x", "y"] } });
    expect(patch).toEqual({
      modules: [
        { title: "One", injects: ["a"] },
        { title: "Two", injects: ["x", "y"] },
      ],
    });
    expect(draftPatch({ modules }, { sectionType: "description", moduleIndex: 0, draft: { scenario: "S", threatAnalysis: "T" } })).toEqual({
      scenario: "S",
      threatAnalysis: "T",
    });
  });
});

describe("exercise pages", () => {
  const page = (cookie: string, path: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie }, redirect: "manual" });

  it("/exercise/{id} opens at the resume step; a step renders the editor; another user's exercise is 404", async () => {
    const owner = await createTestUser({ plan: "SOLO", onboarded: true });
    const other = await createTestUser({ plan: "SOLO", onboarded: true });
    const id = await createExercise(owner, { name: "Tallow River flood TTX", lastActiveStep: 2, modules: [{ title: "Warning" }] });

    const open = await page(owner.cookie, `/exercise/${id}`);
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe(`/exercise/${id}/objectives`);

    const step = await page(owner.cookie, `/exercise/${id}/objectives`);
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(html).toContain("Tallow River flood TTX");
    expect(html).toContain('aria-label="Exercise steps"');

    // A module beyond the count goes back to the modules overview.
    const beyond = await page(owner.cookie, `/exercise/${id}/modules/4/injects`);
    expect(beyond.headers.get("location")).toBe(`/exercise/${id}/modules`);

    expect((await page(other.cookie, `/exercise/${id}/intro`)).status).toBe(404);
  });

  it("shows each drafted row's plan reference or a Not in your plans badge, and the toolbar's Plans control", async () => {
    const owner = await createTestUser({ plan: "SOLO", onboarded: true });
    const source = {
      documentId: "doc-1",
      chunkId: "chunk-1",
      documentName: "Levee EAP",
      quote: "The EOC issues the immediate evacuation warning for Eastbank.",
    };
    const id = await createExercise(owner, {
      name: "Grounded TTX",
      mselTable: [
        { event: "1", synopsis: "Overtopping", source },
        { event: "2", synopsis: "Fraud", notInPlans: true },
      ],
      modules: [
        {
          title: "Warning",
          questions: { mode: "functional", groups: [{ name: "EOC", questions: [{ text: "Who warns Eastbank?", type: "open-ended", source }] }] },
        },
      ],
    });
    const msel = await (await page(owner.cookie, `/exercise/${id}/msel-table`)).text();
    expect(msel).toContain("Plan reference");
    expect(msel).toContain("Levee EAP");
    expect(msel).toContain("The EOC issues the immediate evacuation warning for Eastbank.");
    expect(msel).toContain("Not in your plans");
    // The Plans control lives in the Exercise tools bar, built when the bar first opens (issue 10:
    // less first-paint HTML); the grounded-exercise journey opens it in the browser.
    expect(msel).toContain('aria-controls="exercise-toolbar"');
    expect(msel).not.toContain('data-testid="plan-documents-button"');
    const questions = await (await page(owner.cookie, `/exercise/${id}/modules/1/questions`)).text();
    expect(questions).toContain('data-testid="plan-source"');
    expect(questions).not.toContain("Not in your plans");
    // The plan reference opens its passage in the document view (issue 31 item 4).
    expect(msel).toContain('href="/documents/doc-1?passage=chunk-1"');
    expect(questions).toContain('href="/documents/doc-1?passage=chunk-1"');
  });

  it("a campaign exercise opens in the same editor for a campaign manager of the campaign's team; others get 404", async () => {
    const owner = await createTestUser({ plan: "TEAM", onboarded: true });
    const member = await createTestUser({ onboarded: true });
    const outsider = await createTestUser({ plan: "SOLO", onboarded: true });
    // A manager with the flag (spec §6); plain members are refused: test/security/campaign-access.test.ts.
    const campaignId = await createCampaign(owner, [member], { collaborateRole: "CAMPAIGN_MANAGER" });
    const created = await api(`/api/collaborate/campaigns/${campaignId}/exercises/create`, {
      method: "POST",
      user: owner,
      body: { exercise: { name: "Levee breach campaign TTX", lastActiveStep: 3, modules: [{ title: "Rising water" }] } },
    });
    const { id } = await readJson<{ id: string }>(await expectStatus(created, 201));
    const base = `/collaborate/campaigns/${campaignId}/exercise/${id}`;

    const open = await page(member.cookie, base);
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe(`${base}/modules`);

    const step = await page(member.cookie, `${base}/scenario-description`);
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(html).toContain("Levee breach campaign TTX");
    // Every step link stays inside the campaign (the personal /exercise/{id} would 404 for the member).
    expect(html).toContain(`href="${base}/objectives"`);
    expect(html).toContain(`href="${base}/modules/1/injects"`);
    // Every step link stays in the campaign's editor; only Conduct (one page for both kinds) names the personal path, with the campaign.
    expect(html.replaceAll(`href="/exercise/${id}/conduct?campaignId=${campaignId}"`, "")).not.toContain(`href="/exercise/${id}/`);

    // The member's dashboard links to it (at its resume step); the outsider's does not.
    const dashboard = await (await page(member.cookie, "/dashboard")).text();
    expect(dashboard).toContain("Campaign exercises");
    expect(dashboard).toContain(`href="${base}/modules"`);
    expect(dashboard).toContain("Regional flood campaign");
    expect(await (await page(outsider.cookie, "/dashboard")).text()).not.toContain("Campaign exercises");

    expect((await page(outsider.cookie, `${base}/intro`)).status).toBe(404);
    expect((await page(member.cookie, `/exercise/${id}/intro`)).status).toBe(404);
    const signedOut = await SELF.fetch(`${ORIGIN}${base}/intro`, { redirect: "manual" });
    expect(signedOut.headers.get("location")).toBe(`/login?callbackUrl=${encodeURIComponent(`${base}/intro`)}`);
  });

  it("the dashboard offers the exercise actions and lists, searches and sorts with resume links", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const a = await createExercise(user, { name: "Alpha ransomware TTX" });
    const b = await createExercise(user, { name: "Beta quake TTX", lastActiveStep: 8 });
    // A minute after Alpha's own stamp (the database's clock wrote it), whatever date the run is on.
    const [alpha] = await getDb(env.DB).select({ updatedAt: exercises.updatedAt }).from(exercises).where(eq(exercises.id, a));
    await getDb(env.DB)
      .update(exercises)
      .set({ updatedAt: new Date(alpha!.updatedAt.getTime() + 60_000) })
      .where(eq(exercises.id, b));
    const res = await page(user.cookie, "/dashboard?q=alpha");
    const html = await res.text();
    expect(res.status).toBe(200);
    for (const text of ["New exercise", "Start from template", "Import from JSON"]) expect(html).toContain(text);
    expect(html).toContain("Alpha ransomware TTX");
    expect(html).not.toContain("Beta quake TTX");
    expect(html).toContain(`/exercise/${a}/intro`);

    const all = await (await page(user.cookie, "/dashboard?sort=asc")).text();
    expect(all.indexOf("Alpha ransomware TTX")).toBeLessThan(all.indexOf("Beta quake TTX"));
    expect(all).toMatch(/msel-table/);
    // The API the dashboard buttons call still answers as before.
    await expectStatus(await api("/api/exercises/templates", { user }), 200);
  });
});
