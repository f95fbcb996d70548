import { and, desc, eq, sql } from "drizzle-orm";
import { approxTokens, DEFAULT_DOCUMENT_CHAT_MODEL, getAiProvider, type AiProvider, type ChatChunk } from "../ai";
import { answerResponse, answerStream, openPaidAnswer, settleAnswerCharge, type TokenUsage } from "../ai/answer-stream";
import { assistantSettings } from "../ai/assistant-settings";
import type { Citation } from "../../shared/ask/model";
import { ASK_OFFLINE_LABEL } from "../ask/offline-answer";
import { titleFromQuestion } from "../../shared/ask/model";
import { estimateCredits } from "../billing/pricing";
import { chargeForAi, type AiCharge } from "../billing/service";
import type { UserContext } from "../context";
import { CONTENT_TYPE } from "../conversations/framing";
import type { Database } from "../db/client";
import { intelligenceChats, users } from "../db/schema";
import type { ChatMessageShape } from "../db/shapes";
import { visibleClientIds } from "../clients/access";
import { hasIndexedDocuments, retrievePassages, type RetrievedPassage } from "../documents/retrieval";
import { nowMs } from "../lib/clock";
import { conflict, notFound } from "../lib/errors";
import { citationsOf, safeCitations, type IntelCitation } from "../intelligence/digest";
import { intelRegion, outcomeNotice, searchIntelligence, type IntelSearch } from "../intelligence/sources";
import { INTEL_CHAT_MAX_MESSAGES, type IntelAnswerMetadata, type IntelChatEvent, type IntelQuestionBody } from "../../shared/intelligence-chat/model";
import { buildIntelPrompt, documentsOnlyPreface, INTEL_MAX_OUTPUT_TOKENS, intelSearchQuery, type HistoryMessage, type IntelPrompt } from "./prompt";

/**
 * The intelligence chat (issue 12): chats whose answers come from public feeds (NWS, USGS,
 * OpenFEMA, news searches), cited as numbered links. Chats are owner-only (another user's chat is
 * a 404 like a missing one) and keep their messages in IntelligenceChat.messages (spec §3), each
 * answer with its citations, so a reload shows the same links.
 *
 * A question: credits are held first (a 402 costs nobody a feed request), then the sources are
 * searched for the question's words in the profile's region, the items numbered (citationsOf) and
 * given to the model with the profile's Intelligence Findings, region, custom instructions and
 * language; the answer streams as NDJSON (IntelChatEvent). When no source answered, the answer
 * says so first and comes from the planner's documents only. Without an AI provider the answer is
 * the extractive digest of the items, labelled offline. Settling and saving follow Ask Readyroom
 * (answerStream's rules: an answer cut short is charged for what it consumed and kept, marked
 * interrupted).
 */

const CHAT_NOT_FOUND = "Chat not found.";
const CHAT_FULL = "This chat is full. Start a new chat to keep asking.";
/** Held for what the prompt adds to the question and history (items, instructions, rules); settled from the real usage. */
const CONTEXT_TOKENS_ESTIMATE = 4_000;

export interface IntelChatSummary {
  id: string;
  /** The first question, shortened; null while nothing was asked. */
  title: string | null;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
}

export interface IntelChatMessage {
  role: "user" | "assistant";
  content: string;
  /** ISO-8601 UTC; null for a message saved without one. */
  createdAt: string | null;
  /** An answer's citations and provenance; null on a question. */
  metadata: IntelAnswerMetadata | null;
}

export interface IntelChatDetail {
  chat: IntelChatSummary;
  messages: IntelChatMessage[];
}

type ChatRow = typeof intelligenceChats.$inferSelect;

async function ownChat(db: Database, userId: string, chatId: string): Promise<ChatRow> {
  const row = await db
    .select()
    .from(intelligenceChats)
    .where(and(eq(intelligenceChats.id, chatId), eq(intelligenceChats.userId, userId)))
    .get();
  if (!row) throw notFound(CHAT_NOT_FOUND);
  return row;
}

const titleOf = (first: string | null | undefined) => (first?.trim() ? titleFromQuestion(first) : null);

function summaryOf(row: ChatRow): IntelChatSummary {
  const first = row.messages.find((m) => m.role === "user")?.content;
  return {
    id: row.id,
    title: titleOf(first),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messageCount: row.messages.length,
  };
}

function messageOf(m: ChatMessageShape): IntelChatMessage | null {
  if (m.role !== "user" && m.role !== "assistant") return null;
  const createdAt = typeof m.createdAt === "string" ? m.createdAt : null;
  const stored = m.role === "assistant" && m.metadata && typeof m.metadata === "object" ? (m.metadata as IntelAnswerMetadata) : null;
  // Answers saved before citation links were filtered may hold any URL a source sent.
  const metadata = stored && Array.isArray(stored.citations) ? { ...stored, citations: safeCitations(stored.citations) } : stored;
  return { role: m.role, content: m.content, createdAt, metadata };
}

// ------------------------------------------------------------------------------------------------
// CRUD

/** The caller's chats, most recently used first (titles and counts read in SQL, not the messages). */
export async function listIntelChats({ db, user }: UserContext): Promise<IntelChatSummary[]> {
  const rows = await db
    .select({
      id: intelligenceChats.id,
      createdAt: intelligenceChats.createdAt,
      updatedAt: intelligenceChats.updatedAt,
      first: sql<
        string | null
      >`(SELECT json_extract(value, '$.content') FROM json_each(${intelligenceChats.messages}) WHERE json_extract(value, '$.role') = 'user' LIMIT 1)`,
      messageCount: sql<number>`json_array_length(${intelligenceChats.messages})`,
    })
    .from(intelligenceChats)
    .where(eq(intelligenceChats.userId, user.id))
    .orderBy(desc(intelligenceChats.updatedAt), desc(intelligenceChats.createdAt), desc(intelligenceChats.id));
  return rows.map((r) => ({
    id: r.id,
    title: titleOf(r.first),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    messageCount: Number(r.messageCount),
  }));
}

export async function createIntelChat({ db, user }: UserContext): Promise<IntelChatSummary> {
  const [row] = await db.insert(intelligenceChats).values({ userId: user.id, messages: [] }).returning();
  return summaryOf(row!);
}

export async function getIntelChat({ db, user }: UserContext, chatId: string): Promise<IntelChatDetail> {
  const row = await ownChat(db, user.id, chatId);
  return { chat: summaryOf(row), messages: row.messages.map(messageOf).filter((m): m is IntelChatMessage => m !== null) };
}

export async function deleteIntelChat({ db, user }: UserContext, chatId: string): Promise<void> {
  await ownChat(db, user.id, chatId);
  await db.delete(intelligenceChats).where(and(eq(intelligenceChats.id, chatId), eq(intelligenceChats.userId, user.id)));
}

// ------------------------------------------------------------------------------------------------
// Asking

interface Background {
  waitUntil(promise: Promise<unknown>): void;
}

export interface IntelQuestionRequest {
  /** The request's ExecutionContext: an answer cut short is settled after the response. */
  background: Background;
  chatId: string;
  body: IntelQuestionBody;
  /** The app clock for the sources' search window (tests pin it); the app's clock when absent. */
  now?: number;
  /** The client's cancellation, passed to the sources. */
  signal?: AbortSignal;
}

interface Run {
  ctx: UserContext;
  background: Background;
  chatId: string;
  question: string;
  provider: AiProvider;
  prompt: IntelPrompt;
  charge: AiCharge;
  promptTokens: number;
  label: string;
  /** Streamed (and saved) before the model's text: the no-source note. */
  preface: string;
  metadata: IntelAnswerMetadata;
}

/**
 * Answers one question as an NDJSON stream (see IntelChatEvent). Everything that can refuse —
 * 404 chat, 409 full chat, 402 credits, 502 provider refusal — happens before the stream starts,
 * and nothing is saved in those cases.
 */
export async function askIntelligence(ctx: UserContext, req: IntelQuestionRequest): Promise<Response> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const [chat, settings, profile] = await Promise.all([
    ownChat(db, userId, req.chatId),
    assistantSettings(ctx),
    db.select({ city: users.city, state: users.state, country: users.country }).from(users).where(eq(users.id, userId)).get(),
  ]);
  if (chat.messages.length + 2 > INTEL_CHAT_MAX_MESSAGES) throw conflict(CHAT_FULL, "chat_full");

  const question = req.body.question;
  const history: HistoryMessage[] = chat.messages.flatMap((m) =>
    (m.role === "user" || m.role === "assistant") && m.content.trim() ? [{ role: m.role, content: m.content }] : [],
  );
  const provider = getAiProvider(ctx.config, { requested: req.body.model, selectionEnabled: settings.selectionEnabled, fallback: DEFAULT_DOCUMENT_CHAT_MODEL });
  const query = intelSearchQuery(question, history);

  // Held before any feed is asked: an account out of credits gets its 402 at once.
  const charge = await chargeForAi(ctx, {
    category: "intelligence-chat",
    entityType: "IntelligenceChat",
    entityId: req.chatId,
    estimate: estimateCredits({
      promptTokens: approxTokens([...history.map((m) => m.content), question].join("\n")) + CONTEXT_TOKENS_ESTIMATE,
      maxOutputTokens: INTEL_MAX_OUTPUT_TOKENS,
    }),
    metadata: { provider: provider.id, model: provider.model },
  });

  let run: Run;
  try {
    const region = intelRegion(profile ?? {});
    const search: IntelSearch = await searchIntelligence(ctx, query, { region, now: req.now, signal: req.signal }, { background: req.background });
    const notice = outcomeNotice(search.outcomes);
    let passages: RetrievedPassage[] = [];
    let indexed = false;
    if (!search.anyAnswered) {
      const clientIds = await visibleClientIds(ctx);
      passages = await retrievePassages(ctx, { userId, clientIds, question });
      indexed = passages.length > 0 || (await hasIndexedDocuments(db, userId, undefined, clientIds));
    }
    const prompt = buildIntelPrompt({
      question,
      history,
      sourcesAnswered: search.anyAnswered,
      items: search.items,
      passages,
      hasIndexedDocuments: indexed,
      region,
      instructions: settings.instructions,
      language: settings.language,
      notice,
    });
    const citations: IntelCitation[] = search.anyAnswered ? citationsOf(search.items) : [];
    run = {
      ctx,
      background: req.background,
      chatId: req.chatId,
      question,
      provider,
      prompt,
      charge,
      promptTokens: approxTokens(prompt.messages.map((m) => m.content).join("\n")),
      label: provider.offline ? ASK_OFFLINE_LABEL : provider.label,
      preface: search.anyAnswered ? "" : documentsOnlyPreface(notice ?? "No intelligence source answered."),
      metadata: {
        citations,
        documents: passages.map(toCitation),
        notice,
        sourcesAnswered: search.anyAnswered,
        query,
        model: provider.model,
        provider: provider.id,
        ...(provider.offline ? { offline: true } : {}),
      },
    };
  } catch (err) {
    await charge.release().catch((releaseErr: unknown) => console.error(`[intel-chat] credits for action ${charge.actionId} not released:`, releaseErr));
    throw err;
  }

  const abort = new AbortController();
  const { prompt } = run;
  const chunks = await openPaidAnswer(
    provider,
    { model: provider.model, messages: prompt.messages, maxOutputTokens: prompt.maxOutputTokens, signal: abort.signal, offlineAnswer: prompt.offlineAnswer },
    charge,
    "[intel-chat]",
  );
  return answerResponse(streamAnswer(run, chunks, abort), CONTENT_TYPE.ndjson, provider, run.label);
}

function toCitation(p: RetrievedPassage): Citation {
  return {
    n: p.n,
    chunkId: p.chunkId,
    documentId: p.documentId,
    documentName: p.documentName,
    ...(p.page !== undefined ? { page: p.page } : {}),
    snippet: p.snippet,
  };
}

const encoder = new TextEncoder();
const encode = (event: IntelChatEvent) => encoder.encode(`${JSON.stringify(event)}\n`);

const INTERRUPTED_MESSAGE = "The AI provider stopped before finishing. The partial answer was kept.";

type Outcome = { credits: number; messageIndex: number | null };

function streamAnswer(run: Run, chunks: AsyncIterable<ChatChunk>, abort: AbortController): ReadableStream<Uint8Array> {
  const { metadata } = run;
  return answerStream<Outcome>(
    chunks,
    {
      start: () => [
        encode({ type: "meta", provider: run.provider.id, model: run.provider.model, label: run.label, offline: run.provider.offline }),
        encode({
          type: "citations",
          citations: metadata.citations,
          documents: metadata.documents,
          notice: metadata.notice,
          sourcesAnswered: metadata.sourcesAnswered,
        }),
        run.preface ? encode({ type: "text", delta: run.preface }) : null,
      ],
      text: (delta) => encode({ type: "text", delta }),
      finish: (text, usage, interrupted) => finish(run, text, usage, interrupted),
      done: ({ credits, messageIndex }, usage) => [encode({ type: "done", messageIndex: messageIndex ?? -1, ...(usage ? { usage } : {}), credits })],
      interrupted: () => [encode({ type: "error", message: INTERRUPTED_MESSAGE, interrupted: true })],
    },
    { abort, background: run.background, tag: "[intel-chat]", promptTokens: run.promptTokens },
  );
}

/** Settles the credits and saves the exchange; never throws (the answer has been streamed). */
async function finish(run: Run, text: string, usage: TokenUsage | null, interrupted: boolean): Promise<Outcome> {
  const credits = await settleAnswerCharge(run.charge, usage, interrupted, "[intel-chat]");
  let messageIndex: number | null = null;
  try {
    messageIndex = await saveExchange(run, run.preface + text, interrupted);
  } catch (err) {
    console.error("[intel-chat] saving the exchange failed:", err);
  }
  return { credits, messageIndex };
}

/**
 * Appends the question and the answer to the chat's messages in one statement (json_insert, so two
 * answers finishing together both land) and returns the answer's index: what a brief points at.
 * Null when the chat was deleted while the answer streamed.
 */
async function saveExchange(run: Run, content: string, interrupted: boolean): Promise<number | null> {
  const { db, user } = run.ctx;
  const now = nowMs();
  const asked: ChatMessageShape = { role: "user", content: run.question, createdAt: new Date(now - 1).toISOString() };
  const answered: ChatMessageShape = {
    role: "assistant",
    content,
    createdAt: new Date(now).toISOString(),
    metadata: { ...run.metadata, ...(interrupted ? { interrupted: true } : {}) } satisfies IntelAnswerMetadata,
  };
  const [row] = await db
    .update(intelligenceChats)
    .set({
      messages: sql`json_insert(${intelligenceChats.messages}, '$[#]', json(${JSON.stringify(asked)}), '$[#]', json(${JSON.stringify(answered)}))`,
      updatedAt: new Date(now),
    })
    .where(and(eq(intelligenceChats.id, run.chatId), eq(intelligenceChats.userId, user.id)))
    .returning({ count: sql<number>`json_array_length(${intelligenceChats.messages})` });
  return row ? Number(row.count) - 1 : null;
}
