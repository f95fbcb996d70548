import { describe, expect, it } from "vitest";
import { offlineProvider, splitIntoChunks } from "../../worker/ai/offline";
import type { ChatChunk } from "../../worker/ai/types";
import { closestTemplate, offlineAnswer, parseDraft, SECTION_TYPES, type Purpose } from "../../worker/exercises/prompts";

const exercise = {
  name: "Eastside quake",
  threatType: "M6.8 earthquake on the Eastside fault",
  capabilitiesAndObjectives: [{ capability: "Mass Care Services" }, { capability: "Cybersecurity" }],
};

describe("offline drafting", () => {
  it("picks the closest quick-start template by threat keywords", () => {
    expect(closestTemplate("Ransomware attack on county IT systems").id).toBe("ransomware-county-systems");
    expect(closestTemplate("Wind-driven wildfire, evacuation of two towns").id).toBe("wildfire-evacuation");
    expect(closestTemplate("Chemical release after a train derailment").id).toBe("hazmat-rail-derailment");
    expect(closestTemplate("Ice storm and multi-day blackout").id).toBe("winter-storm-power-outage");
    expect(closestTemplate("M6.8 earthquake").id).toBe("earthquake");
    // Nothing recognisable: a fixed template, so the answer stays deterministic.
    expect(closestTemplate("zzz").id).toBe(closestTemplate("qqq").id);
  });

  it("drafts every section type as valid structured content, the same every time", () => {
    for (const sectionType of SECTION_TYPES) {
      const input = { exercise, sectionType, purpose: "content" as Purpose, moduleIndex: 1, lastUserMessage: "" };
      const answer = offlineAnswer(input);
      expect(offlineAnswer(input)).toBe(answer);
      const parsed = parseDraft(sectionType, answer);
      expect(parsed.ok, `${sectionType}: ${parsed.ok ? "" : parsed.message}`).toBe(true);
    }
  });

  it("adapts the template to the exercise: keeps its name, threat and chosen capabilities", () => {
    const intro = JSON.parse(offlineAnswer({ exercise, sectionType: "intro", purpose: "content", moduleIndex: 0, lastUserMessage: "" }));
    expect(intro).toEqual({ name: "Eastside quake", threatType: "M6.8 earthquake on the Eastside fault" });
    const caps = JSON.parse(offlineAnswer({ exercise, sectionType: "coreCapabilities", purpose: "content", moduleIndex: 0, lastUserMessage: "" }));
    expect(caps.capabilitiesAndObjectives.map((c: { capability: string }) => c.capability)).toEqual(["Mass Care Services", "Cybersecurity"]);
    for (const c of caps.capabilitiesAndObjectives) expect(c.objective).toMatch(/^Within /);
  });

  it("the provider streams the answer in several chunks and reports token usage", async () => {
    const answer = offlineAnswer({ exercise, sectionType: "msel_table", purpose: "content", moduleIndex: 0, lastUserMessage: "" });
    const stream = await offlineProvider().open({
      model: "x",
      messages: [{ role: "user", content: "draft the MSEL" }],
      maxOutputTokens: 100,
      offlineAnswer: () => answer,
    });
    const chunks: ChatChunk[] = [];
    for await (const c of stream) chunks.push(c);
    const texts = chunks.filter((c): c is Extract<ChatChunk, { type: "text" }> => c.type === "text");
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.map((c) => c.text).join("")).toBe(answer);
    expect(chunks.at(-1)).toEqual({ type: "usage", inputTokens: 4, outputTokens: Math.ceil(answer.length / 4) });
  });

  it("splits on word boundaries without losing characters", () => {
    const text = "one two three four five six seven eight nine ten eleven twelve";
    const parts = splitIntoChunks(text, 10);
    expect(parts.join("")).toBe(text);
    for (const p of parts.slice(0, -1)) expect(p.endsWith(" ")).toBe(true);
  });
});
