import { describe, expect, it } from "vitest";
import { aiAarSchema, buildAarPrompt, mapAiDraft, numberEvidence } from "../../worker/aar/ai-draft";
import { assembleOfflineDraft } from "../../worker/aar/assemble";
import { sampleInputs } from "../../worker/aar/sample";
import { aarContentSchema } from "../../shared/db/conduct-shapes";

const inputs = sampleInputs(9);
const offline = assembleOfflineDraft(inputs);

describe("numbered evidence", () => {
  it("numbers observations, answers and feedback in order, with the server's ids", () => {
    const { markers } = numberEvidence(inputs);
    expect(markers.get("O1")).toMatchObject({ kind: "observation", id: "obs-1", at: inputs.observations[0]!.at });
    expect(markers.get("A3")).toMatchObject({ kind: "answer", id: inputs.answers[2]!.id });
    expect(markers.get("F2")).toMatchObject({ kind: "feedback", id: "fb-2" });
    expect(markers.size).toBe(inputs.observations.length + inputs.answers.length + inputs.feedback.length);
    const prompt = buildAarPrompt(inputs, offline);
    expect(prompt.messages[1]!.content).toContain("[O9]");
    expect(JSON.stringify(prompt.jsonSchema.schema)).toContain('"F3"');
  });
});

describe("mapping the model's answer", () => {
  const answer = aiAarSchema.parse({
    executiveSummary: "Summary.",
    analyses: [
      {
        capability: "mass care services",
        strengths: [
          { text: "Cited", analysis: "", citations: ["[o2]", " F1 ", "O2", "O77", "B1"] },
          { text: "Unsupported", analysis: "", citations: ["O404"] },
        ],
        areasForImprovement: [
          { text: "Pets not covered by the shelter plan.", analysis: "", rootCause: "Annex silent.", correctiveAction: "", element: null, citations: ["A1"] },
          { text: "Nothing behind it", analysis: "", rootCause: "", correctiveAction: "Do it", element: "Training", citations: [] },
        ],
      },
    ],
  });
  const { markers } = numberEvidence(inputs);
  const mapped = mapAiDraft(answer, markers, offline);

  it("keeps known markers once, drops unknown ones and findings left with no evidence", () => {
    const mc = mapped.analyses.find((a) => a.capability === "Mass Care Services")!;
    expect(mc.strengths.map((s) => s.text)).toEqual(["Cited"]);
    expect(mc.strengths[0]!.evidence.map((e) => e.id)).toEqual(["obs-2", "fb-1"]);
    expect(mc.areasForImprovement.map((a) => a.text)).toEqual(["Pets not covered by the shelter plan."]);
    expect(mc.areasForImprovement[0]!.evidence[0]).toMatchObject({ kind: "answer", id: inputs.answers[0]!.id });
  });

  it("plans a row per kept area (element inferred when the model gave none) and keeps the server's facts", () => {
    const rows = mapped.improvementPlan.filter((r) => r.capability === "Mass Care Services");
    expect(rows).toEqual([
      expect.objectContaining({ issue: "Pets not covered by the shelter plan.", element: "Planning", findingId: "a-2-1", startDate: null }),
    ]);
    expect(mapped.overview).toEqual(offline.overview);
    expect(mapped.participants).toEqual(offline.participants);
    expect(mapped.analyses.map((a) => a.rating)).toEqual(offline.analyses.map((a) => a.rating));
    // Left out by the model: the offline analysis and its rows stay.
    expect(mapped.analyses[0]).toEqual(offline.analyses[0]);
    expect(mapped.improvementPlan.filter((r) => r.capability === offline.analyses[0]!.capability)).toEqual(
      offline.improvementPlan.filter((r) => r.capability === offline.analyses[0]!.capability),
    );
    expect(aarContentSchema.safeParse(mapped).success).toBe(true);
  });
});
