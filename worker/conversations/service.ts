import { eq } from "drizzle-orm";
import { z } from "zod";
import { assistantSettings } from "../ai/assistant-settings";
import { getAiProvider, DEFAULT_CHAT_MODEL, approxTokens, type AiProvider, type ChatChunk } from "../ai";
import { chargeForAi, type AiCharge } from "../billing/service";
import { answerResponse, answerStream, openPaidAnswer, settleAnswerCharge, type TokenUsage } from "../ai/answer-stream";
import { estimateCredits } from "../billing/pricing";
import type { UserContext } from "../context";
import type { Database } from "../db/client";
import { conversations } from "../db/schema";
import type { ChatMessageShape } from "../db/shapes";
import { assertEditable } from "../exercises/lock-service";
import {
  buildPrompt,
  citeProse,
  draftToPatch,
  groundDraft,
  MODULE_SECTIONS,
  parseDraft,
  PURPOSES,
  retrievePassages,
  SECTION_LABELS,
  SECTION_TYPES,
  type BuiltPrompt,
  type Passage,
  type ProseCitation,
  type Purpose,
  type SectionType,
} from "../exercises/prompts";
import { findExercise, type ExerciseScope } from "../exercises/scope";
import { newId } from "../lib/ids";
import { ServerTiming } from "../lib/server-timing";
import { CONTENT_TYPE, encodeEvent, type Framing, type StreamEvent } from "./framing";
import { nowDate } from "../lib/clock";

// ------------------------------------------------------------------------------------------------
// Request shape (spec §3 "Other shapes", §7)

export const conversationBodySchema = z.object({
  sectionType: z.enum(SECTION_TYPES, `sectionType must be one of: ${SECTION_TYPES.join(", ")}`),
  messages: z
    .array(z.object({ role: z.enum(["user", "assistant", "system"]), content: z.string().max(50_000, "Must be less than 50000 characters") }))
    .max(200)
    .default([]),
  purpose: z.enum(PURPOSES, `purpose must be one of: ${PURPOSES.join(", ")}`).default("conversation"),
  /** Module the module_* sections are about (0-based); defaults to the exercise's lastActiveModule. */
  moduleIndex: z.number().int().min(0).max(999).optional(),
  /** Catalogue model id; honoured only when the account has modelSelectionEnabled. */
  model: z.string().trim().max(100).optional(),
});
type ConversationBody = z.infer<typeof conversationBodySchema>;

export const CONVERSATION_MAX_BYTES = 2 * 1024 * 1024;
/** The stored history keeps the latest messages; older ones drop off. */
const MAX_STORED_MESSAGES = 400;

interface Background {
  waitUntil(promise: Promise<unknown>): void;
}

// ------------------------------------------------------------------------------------------------
// The call

export interface ConversationRequest {
  /** The request's ExecutionContext: an answer cut short is settled after the response. */
  background: Background;
  scope: ExerciseScope;
  exerciseId: string;
  body: ConversationBody;
  framing: Framing;
}

/**
 * PUT /api/conversations/{exerciseId} (v1, v2) and the campaign variant. Order matters: the
 * exercise must be the caller's (404), not locked by someone else (423), and paid for (402)
 * before the provider is called; credits are held until the stream ends, then settled from the
 * provider's reported usage. An answer cut short (client gone, provider failed mid-answer) is
 * charged for what it consumed; only a provider failure before any text releases them (the rule
 * is answerStream's).
 */
export async function streamConversation(ctx: UserContext, req: ConversationRequest): Promise<Response> {
  const { scope, exerciseId, body } = req;
  const { db } = ctx;
  // Server-Timing of the steps before the stream starts, so the overhead is visible in devtools and the bench.
  const timing = new ServerTiming();
  const lastUser = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  // The edit rule (404 before 423) and the caller's settings, read at once; then the passages, searched
  // with the exercise's own name and threat so that a "Draft" click with no message still finds the
  // plans it should test (a section label alone matches nothing in a plan).
  const [exerciseResult, settingsResult] = await Promise.allSettled([assertEditable(ctx, scope, exerciseId), assistantSettings(ctx)]);
  if (exerciseResult.status === "rejected") throw exerciseResult.reason;
  if (settingsResult.status === "rejected") throw settingsResult.reason;
  const exercise = exerciseResult.value;
  const settings = settingsResult.value;
  const query = [SECTION_LABELS[body.sectionType], exercise.name, exercise.threatType, lastUser].filter(Boolean).join(" ").slice(0, 2_000);
  const passages = await retrievePassages(ctx, { scope, exerciseId, query, limit: 6 });
  timing.mark("load");
  const provider = getAiProvider(ctx.config, { requested: body.model, selectionEnabled: settings.selectionEnabled, fallback: DEFAULT_CHAT_MODEL });
  const moduleIndex = body.moduleIndex ?? exercise.lastActiveModule ?? 0;
  const prompt = buildPrompt({
    exercise,
    sectionType: body.sectionType,
    purpose: body.purpose,
    moduleIndex,
    messages: body.messages.map((m) => ({ role: m.role, content: m.content })),
    instructions: settings.instructions,
    language: settings.language,
    passages,
    providerEnforcesSchema: provider.supportsJsonSchema,
  });

  const promptTokens = approxTokens(prompt.messages.map((m) => m.content).join("\n"));
  const charge = await chargeForAi(ctx, {
    category: "conversation",
    entityType: scope.kind === "personal" ? "Exercise" : "CampaignExercise",
    entityId: exerciseId,
    estimate: estimateCredits({ promptTokens, maxOutputTokens: prompt.maxOutputTokens }),
    metadata: { sectionType: body.sectionType, purpose: body.purpose, provider: provider.id, model: provider.model },
  });

  timing.mark("reserve");
  const abort = new AbortController();
  const chunks = await openPaidAnswer(
    provider,
    {
      model: provider.model,
      messages: prompt.messages,
      jsonSchema: prompt.draft ? { name: prompt.draft.name, schema: prompt.draft.schema } : undefined,
      maxOutputTokens: prompt.maxOutputTokens,
      signal: abort.signal,
      offlineAnswer: prompt.offlineAnswer,
    },
    charge,
    "[ai]",
  );
  timing.mark("provider");

  const run: Run = {
    ...req,
    ctx,
    db,
    provider,
    prompt,
    charge,
    moduleIndex,
    lastUser,
    currentModules: exercise.modules ?? null,
    conversationId: exercise.conversationId,
    promptTokens,
    passages,
  };
  return answerResponse(streamBody(run, chunks, abort), CONTENT_TYPE[req.framing], provider, provider.label, { "server-timing": timing.header() });
}

interface Run extends ConversationRequest {
  ctx: UserContext;
  db: Database;
  provider: AiProvider;
  prompt: BuiltPrompt;
  charge: AiCharge;
  moduleIndex: number;
  lastUser: string;
  currentModules: ConversationBodyModules;
  conversationId: string | null;
  /** Estimated prompt size: what an interrupted answer is charged for when the provider reported no usage. */
  promptTokens: number;
  /** The numbered passages the prompt carried, in order: what a draft's passage numbers refer to. */
  passages: readonly Passage[];
}
type ConversationBodyModules = Parameters<typeof draftToPatch>[2]["modules"];

function streamBody(run: Run, chunks: AsyncIterable<ChatChunk>, abort: AbortController): ReadableStream<Uint8Array> {
  const encode = (event: StreamEvent) => encodeEvent(run.framing, event);
  return answerStream<Outcome>(
    chunks,
    {
      start: () => {
        const { provider, prompt, body } = run;
        return [
          encode({
            type: "meta",
            provider: provider.id,
            model: provider.model,
            label: provider.label,
            offline: provider.offline,
            sectionType: body.sectionType,
            purpose: body.purpose,
            draft: prompt.draft !== null,
          }),
        ];
      },
      text: (delta) => encode({ type: "text", delta }),
      finish: (text, usage, interrupted) => finish(run, text, usage, interrupted),
      done: (outcome, usage) => [
        outcome.citationsEvent ? encode(outcome.citationsEvent) : null,
        outcome.draftEvent ? encode(outcome.draftEvent) : null,
        outcome.draftError ? encode({ type: "error", code: "invalid_draft", message: outcome.draftError }) : null,
        encode({
          type: "usage",
          inputTokens: usage?.inputTokens ?? 0,
          outputTokens: usage?.outputTokens ?? 0,
          credits: outcome.credits,
          interrupted: false,
          conversationId: outcome.conversationId,
        }),
      ],
      interrupted: (outcome) => [
        outcome.citationsEvent ? encode(outcome.citationsEvent) : null,
        encode({ type: "error", code: "interrupted", message: "The AI provider stopped before finishing. The partial answer was kept." }),
        encode({
          type: "usage",
          inputTokens: outcome.charged?.inputTokens ?? 0,
          outputTokens: outcome.charged?.outputTokens ?? 0,
          credits: outcome.credits,
          interrupted: true,
          conversationId: outcome.conversationId,
        }),
      ],
    },
    { abort, background: run.background, tag: "[ai]", promptTokens: run.promptTokens },
  );
}

interface Outcome {
  credits: number;
  /** The usage an interrupted answer was charged for (reported or estimated; null when it was free). */
  charged?: TokenUsage | null;
  conversationId: string | null;
  /** A prose reply's sources and its text as saved (unknown markers removed). */
  citationsEvent?: Extract<StreamEvent, { type: "citations" }>;
  draftEvent?: StreamEvent;
  draftError?: string;
}

/**
 * After the stream: validate the draft, settle the credits (release them when `usage` is null:
 * see answerStream), save the conversation.
 * Never throws: the answer has already been streamed, so a bookkeeping failure is logged, not
 * turned into a broken response.
 */
async function finish(run: Run, text: string, usage: { inputTokens: number; outputTokens: number } | null, interrupted: boolean): Promise<Outcome> {
  const outcome: Outcome = { credits: 0, conversationId: run.conversationId };
  let draft: unknown = null;
  if (!interrupted && run.prompt.draft) {
    const parsed = parseDraft(run.body.sectionType, text);
    if (parsed.ok) {
      // The passage numbers in the draft become the server's own sources (never a model's ids).
      const grounded = groundDraft(run.body.sectionType, parsed.draft, run.passages);
      draft = grounded;
      const moduleIndex = MODULE_SECTIONS.includes(run.body.sectionType) ? run.moduleIndex : 0;
      outcome.draftEvent = {
        type: "draft",
        sectionType: run.body.sectionType,
        moduleIndex,
        draft: grounded,
        patch: draftToPatch(run.body.sectionType, grounded, { modules: run.currentModules }, moduleIndex),
      };
    } else {
      outcome.draftError = parsed.message;
    }
  }
  // Prose cites passages by number; the numbers become the server's own sources (never a model's ids).
  const prose = run.prompt.draft ? null : citeProse(text, run.passages);
  if (prose) outcome.citationsEvent = { type: "citations", citations: prose.citations, content: prose.content };
  outcome.credits = await settleAnswerCharge(run.charge, usage, interrupted, "[ai]");
  if (interrupted) outcome.charged = usage;
  try {
    outcome.conversationId = await saveExchange(run, {
      text: prose?.content ?? text,
      citations: prose?.citations ?? null,
      interrupted,
      draft,
      draftError: outcome.draftError ?? null,
    });
  } catch (err) {
    console.error("[ai] saving the conversation failed:", err);
  }
  return outcome;
}

// ------------------------------------------------------------------------------------------------
// Conversation storage

async function saveExchange(
  run: Run,
  result: { text: string; citations: ProseCitation[] | null; interrupted: boolean; draft: unknown; draftError: string | null },
): Promise<string> {
  const { db, scope, exerciseId, body } = run;
  const { env } = run.ctx;
  const at = nowDate().toISOString();
  const tags = { sectionType: body.sectionType as SectionType, purpose: body.purpose as Purpose, moduleIndex: run.moduleIndex, createdAt: at };
  const added: ChatMessageShape[] = [];
  const last = body.messages[body.messages.length - 1];
  if (last?.role === "user") added.push({ role: "user", content: last.content, ...tags });
  added.push({
    role: "assistant",
    content: result.text,
    ...tags,
    provider: run.provider.id,
    model: run.provider.model,
    ...(run.provider.offline ? { offline: true } : {}),
    ...(result.citations ? { citations: result.citations } : {}),
    ...(result.interrupted ? { interrupted: true } : {}),
    ...(result.draft ? { draft: result.draft } : {}),
    ...(result.draftError ? { draftError: result.draftError } : {}),
  });

  const existing = await findConversation(db, exerciseId);
  if (existing) {
    const messages = [...existing.messages, ...added].slice(-MAX_STORED_MESSAGES);
    await db.update(conversations).set({ messages }).where(eq(conversations.id, existing.id));
    return existing.id;
  }
  const id = newId();
  await db.insert(conversations).values({ id, exerciseId, messages: added });
  // Raw SQL: linking the conversation is not an edit of the exercise, so updatedAt stays.
  const table = scope.kind === "personal" ? `"Exercise"` : `"CampaignExercise"`;
  await env.DB.prepare(`UPDATE ${table} SET conversationId = ? WHERE id = ? AND conversationId IS NULL`).bind(id, exerciseId).run();
  return id;
}

async function findConversation(db: Database, exerciseId: string) {
  return db.select().from(conversations).where(eq(conversations.exerciseId, exerciseId)).orderBy(conversations.createdAt).get();
}

export interface ConversationView {
  id: string;
  exerciseId: string;
  messages: ChatMessageShape[];
  createdAt: string;
  updatedAt: string;
}

/** The saved design conversation of an exercise the caller may read (optionally one section's messages). */
export async function getConversation(ctx: UserContext, scope: ExerciseScope, exerciseId: string, sectionType?: SectionType): Promise<ConversationView | null> {
  await findExercise(ctx, scope, exerciseId);
  const row = await findConversation(ctx.db, exerciseId);
  if (!row) return null;
  const messages = sectionType ? row.messages.filter((m) => m.sectionType === sectionType) : row.messages;
  return { id: row.id, exerciseId: row.exerciseId, messages, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
