import { unzipSync, strFromU8 } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { offlineProvider } from "../../worker/ai/offline";
import { renderFindings } from "../../worker/collaborate/findings/document";
import { analyse, anonymise, type SynthesisCampaign } from "../../worker/collaborate/synthesis/engine";
import { phraseSpans } from "../../worker/collaborate/synthesis/keyphrases";
import { isNonAnswer, STOPWORDS } from "../../worker/collaborate/synthesis/text";
import { proposalsFrom } from "../../worker/collaborate/interview-script";
import { keepOrder } from "../../worker/lib/shuffle";
import { FINDINGS_OFFLINE_LABEL, FINDINGS_OFFLINE_NOTE } from "../../shared/collaborate/model";
import type { FindingsView } from "../../shared/collaborate/views";
import { ALL_MISSION_AREAS, isCoreCapabilityName } from "../../shared/exercises/capabilities";
import { generateContributions } from "./contribution-generator";

/**
 * The offline synthesis (no AI provider: a fresh or self-hosted install) on generated campaigns of
 * 5, 20 and 50 planners who answer in their own words, filler and "No, nothing else" included.
 */

const campaign: SynthesisCampaign = {
  id: "c-generated",
  name: "Coastal storm readiness",
  purpose: "exercise",
  hazard: "Coastal storm",
  scenario: "A category 3 hurricane makes landfall in 48 hours.",
  capabilities: ["Mass Care Services"],
  questions: [],
  language: "en",
};

async function offlineFindings(n: number, seed = 7) {
  const anon = anonymise(campaign, generateContributions(n, seed), { shuffle: keepOrder });
  return (await analyse(campaign, anon, { provider: offlineProvider() })).findings;
}

/** The words that made one-word "themes" before: common words, filler, stance. */
const COMMON = /^(?:minutes?|place|add|biggest|worry|hours?|time|night|things?|no|nothing)$/i;

describe.each([5, 20, 50])("offline findings of %i generated contributions", (n) => {
  it("themes are multi-word phrases several contributors used, never a single or common word", async () => {
    const f = await offlineFindings(n);
    expect(f.themes.length).toBeGreaterThan(0);
    for (const t of f.themes) {
      const ws = t.title.split(/\s+/);
      expect(ws.length, t.title).toBeGreaterThanOrEqual(2);
      expect(STOPWORDS.has(ws[0]!.toLowerCase()), `"${t.title}" starts on a stop-word`).toBe(false);
      expect(COMMON.test(ws.at(-1)!), `"${t.title}" ends on a common word`).toBe(false);
      expect(t.contributorCount).toBeGreaterThanOrEqual(2);
    }
  });

  it("every recommended objective is a sentence naming a core capability, none a 'No, nothing else'", async () => {
    const f = await offlineFindings(n);
    expect(f.recommendedObjectives.length).toBeGreaterThan(0);
    for (const o of f.recommendedObjectives) {
      expect(o.capability !== null && isCoreCapabilityName(o.capability), `${o.text} → ${o.capability}`).toBe(true);
      expect(o.text.split(/\s+/).length, o.text).toBeGreaterThanOrEqual(4);
      expect(o.text).not.toMatch(/nothing|^none\b|n\/a|^no\b/i);
    }
  });

  it("files the cross-cutting capabilities under 'All mission areas' and says it was made without a model", async () => {
    const f = await offlineFindings(n);
    expect(f.offline).toBe(true);
    const mission = (name: string) => f.capabilityCoverage.find((c) => c.capability === name)?.mission;
    for (const name of ["Planning", "Public Information and Warning", "Operational Coordination"]) expect(mission(name)).toBe(ALL_MISSION_AREAS);
    expect(mission("Mass Care Services")).toBe("Response");
    expect(mission("Cybersecurity")).toBe("Protection");
  });
});

describe("offline findings: exports say they were made without a model", () => {
  const view = async (): Promise<FindingsView> => ({
    campaignId: "c-generated",
    campaignName: "Coastal storm readiness",
    purpose: "exercise",
    contributorCount: 20,
    completedAt: "2031-01-05T10:00:00.000Z",
    findings: await offlineFindings(20),
    draftInjects: [],
  });
  // Word wraps text in runs and the PDF breaks lines: compare without spaces.
  const squash = (s: string) => s.replace(/\s+/g, "");

  it("Markdown, Word and PDF each carry the label and the note", async () => {
    const v = await view();
    const md = (await renderFindings(v, "md")).body as string;
    expect(md).toContain(FINDINGS_OFFLINE_LABEL);
    expect(md).toContain(FINDINGS_OFFLINE_NOTE);
    const docx = (await renderFindings(v, "docx")).body as Uint8Array;
    const xml = strFromU8(unzipSync(docx)["word/document.xml"]!).replace(/<[^>]+>/g, "");
    expect(squash(xml)).toContain(squash(`${FINDINGS_OFFLINE_LABEL}: produced without an AI model`));
    expect(squash(xml)).toContain(squash("Produced without an AI model: Readyroom extracted these findings"));
    const pdf = (await renderFindings(v, "pdf")).body as Uint8Array;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(squash(text)).toContain(squash("produced without an AI model"));
  });

  it("findings from a model carry no such label", async () => {
    const v = await view();
    const { offline: _offline, ...fromModel } = v.findings;
    const md = (await renderFindings({ ...v, findings: fromModel }, "md")).body as string;
    expect(md).not.toContain(FINDINGS_OFFLINE_NOTE);
  });
});

describe("non-answers and the phrase chunker", () => {
  it("'No, nothing else', 'n/a', 'None at this time' say nothing; a short real answer does", () => {
    for (const t of ["No, nothing else.", "n/a", "N/A", "None at this time", "Nothing to add.", "No", "That's all, thanks!", ""])
      expect(isNonAnswer(t), t).toBe(true);
    for (const t of ["No backup power", "None of the shelters have generators", "Bus drivers"]) expect(isNonAnswer(t), t).toBe(false);
    expect(proposalsFrom([{ key: "objectives", phase: 2, question: "?", answer: "Validate shelter staffing\nNo, nothing else" }]).objectives).toEqual([
      "Validate shelter staffing",
    ]);
  });

  it("finds noun phrases, not filler: no phrase heads on a framing word or starts on 'biggest'", () => {
    const filter = { excludedStems: new Set<string>(), proper: new Set<string>() };
    const spans = (t: string) => phraseSpans(t, filter).map((s) => s.join(" "));
    expect(spans("My biggest worry is shelter backup power.")).toEqual(["shelter backup", "shelter backup power", "backup power"]);
    expect(spans("It takes us 45 minutes to get the radios in place.")).toEqual([]);
    expect(spans("I would add trained volunteers to the list.")).toEqual(["trained volunteers"]);
  });
});
