import { and, desc, eq, sql } from "drizzle-orm";
import { approxTokens, DEFAULT_DOCUMENT_CHAT_MODEL, getAiProvider, type AiProvider, type ChatChunk } from "../ai";
import { answerResponse, answerStream, openPaidAnswer, settleAnswerCharge } from "../ai/answer-stream";
import { assistantSettings } from "../ai/assistant-settings";
import { chargeForAi, type AiCharge } from "../billing/service";
import { estimateCredits } from "../billing/pricing";
import { CONTENT_TYPE } from "../conversations/framing";
import type { UserContext } from "../context";
import type { Database } from "../db/client";
import { askReadyroomChats, chatMessages } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { titleFromQuestion, type AnswerMetadata, type AskBody, type AskEvent, type AskPassage, type Citation } from "../../shared/ask/model";

export { titleFromQuestion };
import { ASK_ACTIONS, findAskAction, type AskAction } from "./actions/catalogue";
import { checkedAnswer } from "./answer-check";
import { ASK_OFFLINE_LABEL } from "./offline-answer";
import { buildAskPrompt, type AskPrompt } from "./prompt";
import { assistedPassages } from "./search-assist";
import { visibleClientIds } from "../clients/access";
import { foreignDocumentIds, hasIndexedDocuments, retrievePassages } from "../documents/retrieval";
import { nowMs } from "../lib/clock";

/**
 * Ask Readyroom: chats over the caller's own documents. Chats are owner-only (another user's chat
 * answers 404 like a missing one). A question is answered as an NDJSON stream (see AskEvent):
 * passages are retrieved first, credits are reserved before the provider is called and settled
 * from its reported usage after; an answer cut short (client gone, provider failed mid-answer) is
 * charged for what it consumed, and only a provider failure before any text releases them (the
 * rule is answerStream's). The question and the answer (with its citations) are saved when the
 * stream ends, a partial answer marked interrupted.
 */

const CHAT_NOT_FOUND = "Chat not found.";

export interface ChatSummary {
  id: string;
  title: string | null;
  updatedAt: string;
  messageCount: number;
}

export interface ChatView {
  id: string;
  title: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessageView {
  id: string;
  role: "user" | "assistant" | "system";
  content: string;
  /** An answer's AnswerMetadata, as this service saves it (a question's is empty). */
  metadata: Partial<AnswerMetadata>;
  createdAt: string;
}

type ChatRow = typeof askReadyroomChats.$inferSelect;

function chatView(row: ChatRow): ChatView {
  return { id: row.id, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

async function ownChat(db: Database, userId: string, chatId: string): Promise<ChatRow> {
  const row = await db
    .select()
    .from(askReadyroomChats)
    .where(and(eq(askReadyroomChats.id, chatId), eq(askReadyroomChats.userId, userId)))
    .get();
  if (!row) throw notFound(CHAT_NOT_FOUND);
  return row;
}

// ------------------------------------------------------------------------------------------------
// CRUD

export async function listChats({ db, user }: UserContext): Promise<ChatSummary[]> {
  const userId = user.id;
  const rows = await db
    .select({
      id: askReadyroomChats.id,
      title: askReadyroomChats.title,
      updatedAt: askReadyroomChats.updatedAt,
      // Qualified by hand: inside sql`` drizzle renders the column unqualified, which would resolve to m."id".
      messageCount: sql<number>`(SELECT count(*) FROM "ChatMessage" m WHERE m."chatId" = "AskReadyroomChat"."id")`,
    })
    .from(askReadyroomChats)
    .where(eq(askReadyroomChats.userId, userId))
    .orderBy(desc(askReadyroomChats.updatedAt), desc(askReadyroomChats.createdAt));
  return rows.map((r) => ({ id: r.id, title: r.title, updatedAt: r.updatedAt.toISOString(), messageCount: Number(r.messageCount) }));
}

export async function createChat({ db, user }: UserContext, title?: string): Promise<ChatView> {
  const [row] = await db
    .insert(askReadyroomChats)
    .values({ userId: user.id, title: title ?? null })
    .returning();
  return chatView(row!);
}

export async function getChat({ db, user }: UserContext, chatId: string): Promise<{ chat: ChatView; messages: MessageView[] }> {
  const chat = await ownChat(db, user.id, chatId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(chatMessages.createdAt, sql`rowid`);
  return {
    chat: chatView(chat),
    messages: rows.map((m) => ({ id: m.id, role: m.role, content: m.content, metadata: m.metadata ?? {}, createdAt: m.createdAt.toISOString() })),
  };
}

export async function renameChat({ db, user }: UserContext, chatId: string, title: string): Promise<ChatView> {
  const userId = user.id;
  await ownChat(db, userId, chatId);
  const [row] = await db
    .update(askReadyroomChats)
    .set({ title })
    .where(and(eq(askReadyroomChats.id, chatId), eq(askReadyroomChats.userId, userId)))
    .returning();
  if (!row) throw notFound(CHAT_NOT_FOUND);
  return chatView(row);
}

export async function deleteChat({ db, user }: UserContext, chatId: string): Promise<void> {
  const userId = user.id;
  await ownChat(db, userId, chatId);
  // ChatMessage rows go with it (ON DELETE CASCADE).
  await db.delete(askReadyroomChats).where(and(eq(askReadyroomChats.id, chatId), eq(askReadyroomChats.userId, userId)));
}

// ------------------------------------------------------------------------------------------------
// Asking

interface Background {
  waitUntil(promise: Promise<unknown>): void;
}

export interface AskRequest {
  /** The request's ExecutionContext: an answer cut short is settled after the response. */
  background: Background;
  chatId: string;
  body: AskBody;
}

/**
 * PUT /api/ask/chats/{id}/messages. Everything that can refuse the request (404 chat or
 * documents, 400 actions, 402 credits, 502 provider refusal) happens before the stream starts,
 * and nothing is saved in those cases.
 */
export async function askQuestion(ctx: UserContext, req: AskRequest): Promise<Response> {
  const { chatId, body } = req;
  const { db } = ctx;
  const userId = ctx.user.id;
  // An empty selection means no restriction: the client sends [] for "all my documents".
  const documentIds = body.documentIds?.length ? [...new Set(body.documentIds)] : undefined;
  // Which documents the caller may read: their own and, in an enterprise account, those filed under
  // a client they see (worker/clients/access.ts); cited passages come from nowhere else.
  const clientIds = await visibleClientIds(ctx);
  const [, settings, foreign] = await Promise.all([
    ownChat(db, userId, chatId),
    assistantSettings(ctx),
    documentIds ? foreignDocumentIds(db, userId, documentIds, clientIds) : Promise.resolve([]),
  ]);
  if (foreign.length) throw notFound("Document not found.");
  if (body.isAskReadyroomAction && !settings.actionsEnabled) throw badRequest("Actions are not available yet.", "actions_unavailable");
  const action = body.isAskReadyroomAction ? chosenAction(body, documentIds) : undefined;

  const question = body.messages[body.messages.length - 1]!.content;
  const provider = getAiProvider(ctx.config, { requested: body.model, selectionEnabled: settings.selectionEnabled, fallback: DEFAULT_DOCUMENT_CHAT_MODEL });
  // An action retrieves by its own words over the selected documents, without declining: it reports what the passages lack.
  // A question is searched with the model's help when one is configured (search-assist.ts).
  const passages = action
    ? await retrievePassages(ctx, { userId, clientIds, question: action.query, documentIds, decline: false })
    : (await assistedPassages(ctx, { provider, retrieval: { userId, clientIds, question, documentIds }, entity: { type: "AskReadyroomChat", id: chatId } }))
        .passages;
  const indexed = passages.length > 0 || (await hasIndexedDocuments(db, userId, documentIds, clientIds));
  const prompt = buildAskPrompt({
    messages: body.messages,
    passages,
    hasIndexedDocuments: indexed,
    instructions: settings.instructions,
    language: settings.language,
    action,
  });

  const promptTokens = approxTokens(prompt.messages.map((m) => m.content).join("\n"));
  const charge = await chargeForAi(ctx, {
    category: "document-chat",
    entityType: "AskReadyroomChat",
    entityId: chatId,
    estimate: estimateCredits({ promptTokens, maxOutputTokens: prompt.maxOutputTokens }),
    metadata: { provider: provider.id, model: provider.model, passages: passages.length },
  });

  const abort = new AbortController();
  const chunks = await openPaidAnswer(
    provider,
    { model: provider.model, messages: prompt.messages, maxOutputTokens: prompt.maxOutputTokens, signal: abort.signal, offlineAnswer: prompt.offlineAnswer },
    charge,
    "[ask]",
  );

  // A model's opening is checked against the passages it cites; an action's output is a document, not an answer.
  const answer = provider.offline || action ? chunks : checkedAnswer(chunks, passages, prompt.offlineAnswer);
  const label = provider.offline ? ASK_OFFLINE_LABEL : provider.label;
  const run: Run = { ...req, ctx, db, provider, prompt, passages, charge, question, messageId: newId(), promptTokens, action };
  return answerResponse(streamAnswer(run, answer, abort, label), CONTENT_TYPE.ndjson, provider, label);
}

interface Run extends AskRequest {
  ctx: UserContext;
  db: Database;
  provider: AiProvider;
  prompt: AskPrompt;
  passages: AskPassage[];
  charge: AiCharge;
  question: string;
  /** Decided up front so the done event can name the saved answer. */
  messageId: string;
  /** Estimated prompt size: what an interrupted answer is charged for when the provider reported no usage. */
  promptTokens: number;
  action?: AskAction;
}

/** The catalogue action an action request names, checked against the documents it needs selected. */
function chosenAction(body: AskBody, documentIds: string[] | undefined): AskAction {
  const action = findAskAction(body.actionName);
  if (!action) throw badRequest(`Unknown action. Choose one of: ${ASK_ACTIONS.map((a) => a.name).join(", ")}.`, "unknown_action");
  const count = documentIds?.length ?? 0;
  const { min, max } = action.documents;
  if (count < min || (max !== undefined && count > max)) {
    const need = max === min ? `exactly ${min}` : `at least ${min}`;
    throw badRequest(`"${action.label}" needs ${need} document${min === 1 ? "" : "s"} selected; ${count} selected.`, "action_documents");
  }
  return action;
}

const encoder = new TextEncoder();
const encode = (event: AskEvent) => encoder.encode(`${JSON.stringify(event)}\n`);

const INTERRUPTED_MESSAGE = "The AI provider stopped before finishing. The partial answer was kept.";

function streamAnswer(run: Run, chunks: AsyncIterable<ChatChunk>, abort: AbortController, label: string): ReadableStream<Uint8Array> {
  return answerStream<number>(
    chunks,
    {
      start: () => [
        encode({ type: "meta", provider: run.provider.id, model: run.provider.model, label, offline: run.provider.offline }),
        encode({ type: "citations", citations: run.passages.map(toCitation) }),
      ],
      text: (delta) => encode({ type: "text", delta }),
      finish: (text, usage, interrupted) => finish(run, text, usage, interrupted),
      done: (credits, usage) => [encode({ type: "done", messageId: run.messageId, ...(usage ? { usage } : {}), credits })],
      interrupted: () => [encode({ type: "error", message: INTERRUPTED_MESSAGE, interrupted: true })],
    },
    { abort, background: run.background, tag: "[ask]", promptTokens: run.promptTokens },
  );
}

function toCitation(p: AskPassage): Citation {
  return {
    n: p.n,
    chunkId: p.chunkId,
    documentId: p.documentId,
    documentName: p.documentName,
    ...(p.page !== undefined ? { page: p.page } : {}),
    snippet: p.snippet,
  };
}

/**
 * After the stream: settle the credits (release them when `usage` is null: see answerStream),
 * save the exchange. Never throws: the answer
 * has already been streamed, so a bookkeeping failure is logged, not turned into a broken
 * response. Returns the credits charged.
 */
async function finish(run: Run, text: string, usage: { inputTokens: number; outputTokens: number } | null, interrupted: boolean): Promise<number> {
  const credits = await settleAnswerCharge(run.charge, usage, interrupted, "[ask]");
  try {
    await saveExchange(run, text, interrupted);
  } catch (err) {
    console.error("[ask] saving the exchange failed:", err);
  }
  return credits;
}

async function saveExchange(run: Run, text: string, interrupted: boolean): Promise<void> {
  const { db, provider } = run;
  const now = nowMs();
  const metadata: AnswerMetadata = {
    citations: run.passages.map(toCitation),
    model: provider.model,
    provider: provider.id,
    ...(provider.offline ? { offline: true } : {}),
    ...(interrupted ? { interrupted: true } : {}),
    // The server's catalogue names the prompt file, not the client.
    ...(run.action ? { actionName: run.action.name, promptFile: run.action.promptFile } : {}),
  };
  // The question is stamped a millisecond before the answer, so ordering by createdAt keeps them in order.
  await db.batch([
    db.insert(chatMessages).values({ chatId: run.chatId, role: "user", content: run.question, metadata: {}, createdAt: new Date(now - 1) }),
    db.insert(chatMessages).values({ id: run.messageId, chatId: run.chatId, role: "assistant", content: text, metadata, createdAt: new Date(now) }),
    db
      .update(askReadyroomChats)
      // Only an untitled chat takes the question as its title (decided in SQL, so a rename made while
      // the answer streamed is kept).
      .set({ title: sql`coalesce(nullif(trim("title"), ''), ${titleFromQuestion(run.question)})`, updatedAt: new Date(now) })
      .where(eq(askReadyroomChats.id, run.chatId)),
  ]);
}
