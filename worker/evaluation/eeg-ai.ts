import { z } from "zod";
import type { ChatMessage, JsonSchemaFormat } from "../ai/types";
import type { ConductPlan, EegContent } from "../../shared/db/conduct-shapes";
import { groundElement } from "../exercises/prompts/grounding";
import type { Passage } from "../exercises/prompts/passages";
import { RATING_DEFINITIONS } from "../../shared/evaluation/model";
import { toGuide, type EegGrounding } from "./eeg-offline";
import { capabilityGroups, type CapabilityGroup } from "./eeg-plan";

/**
 * The AI-drafted Exercise Evaluation Guides: the same content as the offline guides, asked of the
 * configured provider as JSON. The model sees the capabilities and objectives, the MSEL's expected
 * actions and the planner's plan passages numbered 1…N; it names, per critical task, the passage it
 * comes from (0 for none), and the server maps that number back to its own passage (grounding.ts),
 * so no id or quote is ever the model's. Capabilities are an enum of the plan's own, so a guide can
 * only be one the objectives name; a capability the model leaves out keeps its offline guide, and
 * ids are assigned by the server exactly as offline.
 */

export const EEG_MAX_OUTPUT_TOKENS = 6_000;
const MAX_PASSAGES = 12;
const MAX_PASSAGE_CHARS = 1_200;
const MAX_ITEMS = 60;

const aiTargetSchema = z.object({
  text: z.string().trim().min(1),
  criticalTasks: z.array(z.object({ text: z.string().trim().min(1), passage: z.number().int().optional() })).min(1),
  prompts: z.array(z.string().trim().min(1)),
});

export const aiEegSchema = z.object({
  guides: z.array(z.object({ capability: z.string(), targets: z.array(aiTargetSchema) })),
});
export type AiEeg = z.infer<typeof aiEegSchema>;

export function eegJsonSchema(capabilities: string[]): JsonSchemaFormat {
  const str = { type: "string" };
  return {
    name: "exercise_evaluation_guides",
    schema: {
      type: "object",
      additionalProperties: false,
      required: ["guides"],
      properties: {
        guides: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["capability", "targets"],
            properties: {
              capability: { type: "string", enum: capabilities },
              targets: {
                type: "array",
                items: {
                  type: "object",
                  additionalProperties: false,
                  required: ["text", "criticalTasks", "prompts"],
                  properties: {
                    text: str,
                    criticalTasks: {
                      type: "array",
                      minItems: 1,
                      items: {
                        type: "object",
                        additionalProperties: false,
                        required: ["text", "passage"],
                        properties: { text: str, passage: { type: "integer" } },
                      },
                    },
                    prompts: { type: "array", items: str },
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

/** Every passage retrieved for any capability, once, in the order first seen (the prompt's numbering). */
export function numberedPassages(groups: readonly CapabilityGroup[], grounding: EegGrounding): Passage[] {
  const seen = new Map<string, Passage>();
  for (const g of groups) for (const p of grounding.passages.get(g.id) ?? []) if (!seen.has(p.chunkId)) seen.set(p.chunkId, p);
  return [...seen.values()].slice(0, MAX_PASSAGES);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function eegMessages(plan: ConductPlan, groups: readonly CapabilityGroup[], passages: readonly Passage[]): ChatMessage[] {
  const system = [
    "You write HSEEP Exercise Evaluation Guides (EEGs) for exercise evaluators.",
    "For each core capability listed, write one capability target per objective, in the objective's order: the performance to observe, measurable, with its trigger, time frame and plan when the objective gives them.",
    "For each target list the critical tasks players must perform, drawn first from the jurisdiction's own plan passages and the MSEL's expected actions; give each task the number of the plan passage it comes from, or 0 when it comes from no passage.",
    "For each target write observation prompts: questions an evaluator answers in their notes about timing, decisions, coordination, resources and communication.",
    `Performance is later rated ${Object.entries(RATING_DEFINITIONS)
      .map(([k, v]) => `${k} (${v.label})`)
      .join(", ")}; do not rate anything yourself.`,
    "Answer with JSON only, matching the schema.",
  ].join(" ");
  const capabilities = groups
    .map((g) =>
      [
        `Capability: ${g.capability}`,
        ...g.objectives.map((o, i) => `  Objective ${i + 1}: ${o.text ?? "(no objective text: write one target for the capability)"}`),
      ].join("\n"),
    )
    .join("\n");
  const items = plan.items
    .filter((i) => i.expectedAction?.trim())
    .slice(0, MAX_ITEMS)
    .map((i) => `- ${i.event ? `#${i.event} ` : ""}${clip(i.title, 160)} → expected action: ${clip(i.expectedAction ?? "", 400)}`)
    .join("\n");
  const numbered = passages.map((p, i) => `[${i + 1}] ${p.documentName}\n${clip(p.content, MAX_PASSAGE_CHARS)}`).join("\n\n");
  const user = [
    `Exercise: ${plan.exerciseName}`,
    plan.scenario ? `Scenario: ${clip(plan.scenario, 2_000)}` : "",
    `Core capabilities and objectives:\n${capabilities}`,
    items ? `MSEL expected actions:\n${items}` : "The MSEL has no expected actions.",
    numbered ? `Plan passages:\n${numbered}` : "No plan passages were found: use 0 as every task's passage.",
  ]
    .filter(Boolean)
    .join("\n\n");
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

/** The offline guides in the model's schema: what the offline provider answers for this request. */
export function offlineAnswerOf(offline: EegContent, passages: readonly Passage[]): string {
  const number = (chunkId: string | undefined) => (chunkId ? passages.findIndex((p) => p.chunkId === chunkId) + 1 : 0);
  return JSON.stringify({
    guides: offline.guides.map((g) => ({
      capability: g.capability,
      targets: g.targets.map((t) => ({
        text: t.text,
        criticalTasks: t.criticalTasks.map((c) => ({ text: c.text, passage: number(c.source?.chunkId) })),
        prompts: t.prompts,
      })),
    })),
  });
}

/**
 * The model's guides as EEG content: one guide per plan capability, in plan order, objectives the
 * plan's own; a capability the model answered with no target keeps the offline guide. Returns
 * null when the model gave no usable guide at all (the caller falls back to offline as a whole).
 */
export function fromAiEeg(ai: AiEeg, plan: Pick<ConductPlan, "objectives">, offline: EegContent, passages: readonly Passage[]): EegContent | null {
  const groups = capabilityGroups(plan).slice(0, 40);
  let used = 0;
  const guides = groups.map((group) => {
    const answered = ai.guides.find((g) => g.capability.trim().toLowerCase() === group.capability.toLowerCase() && g.targets.length > 0);
    const fallback = offline.guides.find((g) => g.id === group.id);
    if (!answered) return fallback ?? toGuide(group, []);
    used++;
    return toGuide(
      group,
      answered.targets.map((t) => ({
        text: t.text,
        tasks: t.criticalTasks.map((c) => ({ text: c.text, source: groundElement(c.passage ?? 0, c.text, passages).source ?? null })),
        prompts: t.prompts,
      })),
    );
  });
  return used ? { guides } : null;
}
