import { z } from "zod";
import type { DraftInject, Findings, IdentifyingMap } from "../../../shared/collaborate/views";

/**
 * Campaign.insights: the D1 mirror of a completed synthesis, what the findings page, its exports and
 * "start exercise" read. Anonymised only: the identifying map stays in the CampaignSynthesis
 * object, for the creator's identifying view.
 */
export type CampaignInsights = {
  findings: Findings;
  draftInjects: DraftInject[];
  summary: string;
  contributorCount: number;
  /** ISO time. */
  completedAt: string;
  threadId: string;
};

// Checked as far as the readers rely on; the rest is the engine's Findings, written by this service.
const insightsSchema = z.object({
  findings: z.looseObject({
    summary: z.string(),
    themes: z.array(z.unknown()),
    gaps: z.array(z.unknown()),
    disagreements: z.array(z.unknown()),
    capabilityCoverage: z.array(z.unknown()),
    recommendedObjectives: z.array(z.unknown()),
  }),
  draftInjects: z.array(z.looseObject({ number: z.number(), title: z.string(), respondents: z.array(z.string()) })),
  summary: z.string(),
  contributorCount: z.number(),
  completedAt: z.string(),
  threadId: z.string(),
});

/** The stored mirror, or null when there is none (no synthesis completed) or it is not one. */
export function parseInsights(value: unknown): CampaignInsights | null {
  const parsed = insightsSchema.safeParse(value);
  return parsed.success ? (parsed.data as unknown as CampaignInsights) : null;
}

/** Shorter values (a two-letter initial) would replace ordinary words. */
const MIN_IDENTIFYING_CHARS = 3;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Every string inside `value` with each identifying value (longest first, any case) replaced by its
 * pseudonym. The engine already writes anonymised text; this is the mirror's own guarantee that
 * nothing in the identifying map reaches D1, whatever a model echoed back.
 */
export function redact<T>(value: T, identifying: IdentifyingMap): T {
  const entries = identifying
    .filter((e) => e.value.trim().length >= MIN_IDENTIFYING_CHARS)
    .sort((a, b) => b.value.length - a.value.length)
    .map((e) => ({ re: new RegExp(escapeRegExp(e.value.trim()), "giu"), pseudonym: e.pseudonym }));
  if (entries.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return entries.reduce((text, e) => text.replace(e.re, e.pseudonym), v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
