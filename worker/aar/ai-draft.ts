import { z } from "zod";
import type { AiProvider, ChatMessage, JsonSchemaFormat } from "../ai/types";
import { structuredCall } from "../collaborate/synthesis/ai-call";
import type { StageUsage } from "../collaborate/synthesis/types";
import { CAPABILITY_ELEMENTS, type AarContent, type Evidence } from "../../shared/db/conduct-shapes";
import { clip, inferElement, observationEvidence } from "./assemble";
import type { AarInputs } from "./inputs";

/**
 * The AI draft of the After-Action Report. The model sees the session's record numbered — [O1] for
 * observations, [A1] for player answers, [F1] for feedback forms — and answers JSON whose findings
 * cite those markers. The server turns markers back into evidence with its own ids, quotes and times
 * (a model never names an id); an unknown marker is dropped, and a finding left with no evidence is
 * DROPPED: every finding in the report must be traceable to what was observed (the issue's point),
 * and an unsupported claim is exactly what a reviewer cannot check.
 *
 * The model writes the words (findings, analysis, root cause, corrective actions, summary); the
 * facts stay the server's: the overview, the participants and each capability's rating (the
 * evaluators' own, by the offline rule) come from the offline draft. A capability the model leaves
 * out keeps its offline analysis. Output that is not valid JSON of the schema → null (the caller
 * uses the offline draft).
 */

export const AAR_MAX_OUTPUT_TOKENS = 6_000;
const PROMPT_QUOTE_MAX = 600;

export type Markers = Map<string, Evidence>;

export function numberEvidence(inputs: AarInputs): { markers: Markers; lines: string[] } {
  const markers: Markers = new Map();
  const lines: string[] = [];
  lines.push("Observations (evaluators):");
  inputs.observations.forEach((o, i) => {
    const m = `O${i + 1}`;
    markers.set(m, observationEvidence(o));
    const after = o.afterPlay ? " (written after play, in the hot wash)" : "";
    lines.push(
      `[${m}] ${o.capability}${o.rating ? ` — rated ${o.rating}` : ""}${o.targetId ? ` — target ${o.targetId}` : ""} — ${o.actorLabel || "evaluator"}${after}: ${clip(o.text, PROMPT_QUOTE_MAX)}`,
    );
  });
  const modules = inputs.session.plan.modules;
  lines.push("", "Player answers to discussion questions:");
  inputs.answers.forEach((a, i) => {
    const m = `A${i + 1}`;
    markers.set(m, { kind: "answer", id: a.id, quote: clip(a.text, PROMPT_QUOTE_MAX), at: a.at });
    const question = modules[a.moduleIndex]?.questions[a.questionIndex];
    lines.push(
      `[${m}] ${a.group || "player group"}, module ${a.moduleIndex + 1}${question ? ` — “${clip(question, 200)}”` : ""}: ${clip(a.text, PROMPT_QUOTE_MAX)}`,
    );
  });
  // The counts and means cover every form; the quoted forms are a bounded sample (AAR_FEEDBACK_SAMPLE).
  const totals = inputs.feedbackTotals;
  lines.push("", `Participant feedback forms: ${totals.total} returned.`);
  const rated = totals.ratings.filter((r) => r.mean !== null);
  if (rated.length)
    lines.push(
      `Mean agreement over every form, 1 (strongly disagree) to 5 (strongly agree): ${rated.map((r) => `“${r.text}” ${r.mean} (${r.count} rated)`).join("; ")}.`,
    );
  if (inputs.feedback.length)
    lines.push(
      `Written feedback from ${inputs.feedback.length} form${inputs.feedback.length === 1 ? "" : "s"} (an even sample across the session when more wrote some):`,
    );
  inputs.feedback.forEach((f, i) => {
    const m = `F${i + 1}`;
    const c = f.content;
    const text = [
      c.strengths.length ? `Strengths: ${c.strengths.join("; ")}` : "",
      c.improvements.length ? `Improvements: ${c.improvements.join("; ")}` : "",
      c.correctiveActions ? `Suggested corrective actions: ${c.correctiveActions}` : "",
    ]
      .filter(Boolean)
      .join(" | ");
    markers.set(m, { kind: "feedback", id: f.id, quote: clip(text, PROMPT_QUOTE_MAX), at: f.at });
    lines.push(`[${m}] ${c.organization || "participant"}: ${clip(text, PROMPT_QUOTE_MAX * 2)}`);
  });
  return { markers, lines };
}

const text = (max: number) => z.string().trim().max(max);
const findingSchema = z.object({ text: text(4_000).min(1), analysis: text(8_000).default(""), citations: z.array(z.string().max(20)).max(30) });
const areaSchema = findingSchema.extend({
  rootCause: text(4_000).default(""),
  correctiveAction: text(4_000).default(""),
  element: z.enum(CAPABILITY_ELEMENTS).nullish(),
});
export const aiAarSchema = z.object({
  executiveSummary: text(20_000).min(1),
  analyses: z.array(z.object({ capability: text(200), strengths: z.array(findingSchema).max(30), areasForImprovement: z.array(areaSchema).max(30) })).max(40),
});
export type AiAar = z.infer<typeof aiAarSchema>;

function jsonSchema(capabilities: string[], markers: string[]): JsonSchemaFormat {
  const citations = { type: "array", items: markers.length ? { type: "string", enum: markers } : { type: "string" } };
  const finding = { text: { type: "string" }, analysis: { type: "string" }, citations };
  return {
    name: "after_action_report",
    schema: {
      type: "object",
      additionalProperties: false,
      required: ["executiveSummary", "analyses"],
      properties: {
        executiveSummary: { type: "string" },
        analyses: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["capability", "strengths", "areasForImprovement"],
            properties: {
              capability: capabilities.length ? { type: "string", enum: capabilities } : { type: "string" },
              strengths: {
                type: "array",
                items: { type: "object", additionalProperties: false, required: ["text", "analysis", "citations"], properties: finding },
              },
              areasForImprovement: {
                type: "array",
                items: {
                  type: "object",
                  additionalProperties: false,
                  required: ["text", "analysis", "rootCause", "correctiveAction", "element", "citations"],
                  properties: {
                    ...finding,
                    rootCause: { type: "string" },
                    correctiveAction: { type: "string" },
                    element: { type: "string", enum: [...CAPABILITY_ELEMENTS] },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}

export function buildAarPrompt(inputs: AarInputs, offline: AarContent): { messages: ChatMessage[]; jsonSchema: JsonSchemaFormat; markers: Markers } {
  const { markers, lines } = numberEvidence(inputs);
  const plan = inputs.session.plan;
  const capabilities = offline.analyses.map((a) => a.capability);
  const system = [
    "You draft the After-Action Report of an emergency-management exercise in the HSEEP AAR/IP layout.",
    "For each core capability listed, write its strengths and its areas for improvement from the record below, and only from it.",
    "Every finding cites the record lines it rests on by their markers (O1, A3, F2) in `citations`; a finding you cannot cite, leave out.",
    "Observations rated P or S support strengths; M or U, and notes describing problems, support areas for improvement. Player answers and feedback may support either.",
    "For each area for improvement give its analysis, its likely root cause, one concrete corrective action and its capability element (Planning, Organization, Equipment, Training, Exercises).",
    "The executive summary (at most 250 words) states what went well, what needs improving and why, without markers.",
    "Plain text in every field, no Markdown. Answer with the JSON object only.",
  ].join(" ");
  const user = [
    `Exercise: ${plan.exerciseName}`,
    plan.scenario ? `Scenario: ${clip(plan.scenario, 1_500)}` : "",
    "Capabilities and objectives:",
    ...offline.analyses.map(
      (a) =>
        `- ${a.capability}${a.rating ? ` (evaluators' rating ${a.rating})` : ""}${a.objectives.length ? `: ${a.objectives.map((o) => clip(o, 300)).join(" / ")}` : ""}`,
    ),
    "",
    ...lines,
  ]
    .filter((l) => l !== "")
    .join("\n");
  return {
    messages: [
      { role: "system", content: system },
      { role: "user", content: user },
    ],
    jsonSchema: jsonSchema(capabilities, [...markers.keys()]),
    markers,
  };
}

/** "[O12]", "o12", " F3 " → "O12", "F3"; anything else → null. */
function normaliseMarker(raw: string): string | null {
  const m = /^\s*(?:\[\s*)?([OAF])\s*(\d{1,4})\s*(?:\]\s*)?$/i.exec(raw);
  return m ? `${m[1]!.toUpperCase()}${Number(m[2])}` : null;
}

function cite(citations: string[], markers: Markers): Evidence[] {
  const out: Evidence[] = [];
  const seen = new Set<string>();
  for (const raw of citations) {
    const marker = normaliseMarker(raw);
    const evidence = marker ? markers.get(marker) : undefined;
    if (!evidence || seen.has(evidence.id)) continue; // unknown markers are dropped
    seen.add(evidence.id);
    out.push(evidence);
  }
  return out;
}

/** The model's answer as report content: markers → evidence, unsupported findings dropped, facts from the offline draft. */
export function mapAiDraft(answer: AiAar, markers: Markers, offline: AarContent): AarContent {
  const byCap = new Map(answer.analyses.map((a) => [a.capability.trim().toLowerCase(), a]));
  const improvementPlan: AarContent["improvementPlan"] = [];
  const analyses = offline.analyses.map((base, ci) => {
    const ai = byCap.get(base.capability.toLowerCase());
    if (!ai) {
      for (const row of offline.improvementPlan) if (row.capability === base.capability) improvementPlan.push(row);
      return base;
    }
    const strengths = ai.strengths
      .map((f) => ({ f, evidence: cite(f.citations, markers) }))
      .filter(({ evidence }) => evidence.length > 0)
      .map(({ f, evidence }, i) => ({ id: `s-${ci + 1}-${i + 1}`, text: f.text, analysis: f.analysis, rootCause: "", evidence }));
    const areas = ai.areasForImprovement
      .map((f) => ({ f, evidence: cite(f.citations, markers) }))
      .filter(({ evidence }) => evidence.length > 0)
      .map(({ f, evidence }, i) => {
        const id = `a-${ci + 1}-${i + 1}`;
        const element = f.element ?? inferElement(`${f.text} ${f.analysis}`);
        improvementPlan.push({
          id: `ip-${ci + 1}-${i + 1}`,
          capability: base.capability,
          issue: clip(f.text, 2_000),
          correctiveAction: f.correctiveAction || `Address: ${clip(f.text, 300)}`,
          element,
          organization: offline.overview.sponsor,
          pointOfContact: "",
          startDate: null,
          completionDate: null,
          findingId: id,
        });
        return { id, text: f.text, analysis: f.analysis, rootCause: f.rootCause, evidence };
      });
    return { ...base, strengths, areasForImprovement: areas };
  });
  return { ...offline, executiveSummary: answer.executiveSummary, analyses, improvementPlan: improvementPlan.slice(0, 200) };
}

/** One model call; `content` null when the answer is not valid JSON of the schema. */
export async function aiDraft(
  provider: AiProvider,
  inputs: AarInputs,
  offline: AarContent,
  signal?: AbortSignal,
): Promise<{ content: AarContent | null; usage: StageUsage }> {
  const prompt = buildAarPrompt(inputs, offline);
  // The service never sends an offline provider here (it assembles the draft itself): no offline answer.
  const { value, usage } = await structuredCall(
    provider,
    { messages: prompt.messages, jsonSchema: prompt.jsonSchema, maxOutputTokens: AAR_MAX_OUTPUT_TOKENS, offlineAnswer: () => "", signal },
    aiAarSchema,
  );
  return { content: value ? mapAiDraft(value, prompt.markers, offline) : null, usage };
}
