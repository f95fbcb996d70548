import { env } from "cloudflare:test";
import { unzipSync, strFromU8 } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { runSynthesis, type SynthesisMessage } from "../../worker/collaborate/synthesis/run";
import { appContext } from "../../worker/context";
import { FINDINGS_OFFLINE_LABEL, FINDINGS_OFFLINE_NOTE } from "../../shared/collaborate/model";
import { isCoreCapabilityName } from "../../shared/exercises/capabilities";
import { api, expectStatus, json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { generateContributions } from "./contribution-generator";
import { contributorsFrom, countingProvider, people, recordingQueue, synthesisCampaign } from "./synthesis-helpers";

/**
 * The offline synthesis through its route and queue (no AI provider configured): 20 generated
 * planners, the trigger, the queue consumer's run, then what the manager reads — the findings page's
 * data, its three exports and the exercise "Start exercise" drafts — each saying no model made it.
 */

let owner: TestUser;
let campaignId: string;
const squash = (s: string) => s.replace(/\s+/g, "");

beforeAll(async () => {
  ({ owner } = await people(5_000));
  campaignId = await synthesisCampaign(owner, null, "Generated storm campaign");
  await contributorsFrom(campaignId, generateContributions(20, 11));
  const queue = recordingQueue();
  await expectStatus(await api(`/api/synthesis/trigger/${campaignId}`, { user: owner, body: {}, env: { ...env, SYNTHESIS: queue } }), 202, "trigger");
  const message = queue.sent[0] as SynthesisMessage;
  expect((await runSynthesis(appContext(env), message, { provider: countingProvider() })).outcome).toBe("completed");
});

describe("offline campaign findings, end to end", () => {
  it("the findings say they were made offline; themes are phrases, objectives name capabilities", async () => {
    const view = await json(await expectStatus(await api(`/api/collaborate/campaigns/${campaignId}/findings`, { user: owner }), 200));
    expect(view.findings.offline).toBe(true);
    expect(view.findings.themes.length).toBeGreaterThan(0);
    for (const t of view.findings.themes as { title: string }[]) expect(t.title.split(" ").length, t.title).toBeGreaterThanOrEqual(2);
    for (const o of view.findings.recommendedObjectives as { text: string; capability: string | null }[]) {
      expect(o.capability !== null && isCoreCapabilityName(o.capability), o.text).toBe(true);
      expect(o.text).not.toMatch(/nothing else|^none|n\/a/i);
    }
  });

  it("Markdown, Word and PDF exports each say the findings were produced without an AI model", async () => {
    const path = (format: string) => `/api/collaborate/campaigns/${campaignId}/findings/export?format=${format}`;
    const md = await (await expectStatus(await api(path("md"), { user: owner }), 200)).text();
    expect(md).toContain(FINDINGS_OFFLINE_NOTE);
    const docx = new Uint8Array(await (await expectStatus(await api(path("docx"), { user: owner }), 200)).arrayBuffer());
    const xml = strFromU8(unzipSync(docx)["word/document.xml"]!).replace(/<[^>]+>/g, "");
    expect(squash(xml)).toContain(squash(`${FINDINGS_OFFLINE_LABEL}: produced without an AI model`));
    const pdf = new Uint8Array(await (await expectStatus(await api(path("pdf"), { user: owner }), 200)).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    expect(squash(text)).toContain(squash("produced without an AI model"));
  });

  it("Start exercise drafts an exercise that says so, with no 'No, nothing else' objective", async () => {
    const { id } = await json(await expectStatus(await api(`/api/collaborate/campaigns/${campaignId}/start-exercise`, { user: owner, method: "POST" }), 201));
    const exercise = await json(await expectStatus(await api(`/api/collaborate/campaigns/${campaignId}/exercises/${id}`, { user: owner }), 200));
    expect(exercise.scenario).toContain(FINDINGS_OFFLINE_NOTE);
    expect(exercise.modules[0].description).toContain(FINDINGS_OFFLINE_NOTE);
    expect(exercise.metadata).toMatchObject({ offline: true, sourceCampaignId: campaignId });
    const objectives = exercise.capabilitiesAndObjectives as { capability: string | null; objective: string }[];
    expect(objectives.length).toBeGreaterThan(0);
    for (const o of objectives) {
      expect(o.objective).not.toMatch(/nothing else|^none|n\/a/i);
      expect(o.capability !== null && isCoreCapabilityName(o.capability)).toBe(true);
    }
  });
});
