import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, json, updatedAt } from "../columns";
import { chatRoles, jsonObject, jsonValue } from "../shapes";
import { clients } from "./accounts";
import { accounts, users } from "./auth";
import { campaignExercises, exercises } from "./exercises";

/**
 * A named collection of documents that chat and generation can be grounded in; who may use it is
 * said by ContextAssignment rows.
 *
 * Keyword search (an FTS5 virtual table over DocumentChunk.content) is not declared here:
 * drizzle-kit cannot express virtual tables, so the documents feature adds it as its own
 * migration step.
 */
export const contexts = sqliteTable("Context", {
  id: id(),
  name: text("name").notNull(),
  type: text("type"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const documents = sqliteTable(
  "Document",
  {
    id: id(),
    name: text("name").notNull(),
    /** Object key in the R2 bucket. */
    path: text("path"),
    contextId: text("contextId").references(() => contexts.id, { onDelete: "set null" }),
    type: text("type"),
    processed: bool("processed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    filename: text("filename"),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspace: text("workspace"),
    structuredContent: json("structuredContent", jsonValue),
    /** Part of the account's sample workspace (worker/sample): badged "Sample", removed by "Remove sample data". */
    sample: bool("sample").notNull().default(false),
  },
  (t) => [index("Document_userId_createdAt_idx").on(t.userId, t.createdAt), index("Document_contextId_idx").on(t.contextId)],
);

export const documentChunks = sqliteTable(
  "DocumentChunk",
  {
    id: id(),
    content: text("content").notNull(),
    documentId: text("documentId")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    contextId: text("contextId").references(() => contexts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("DocumentChunk_documentId_idx").on(t.documentId), index("DocumentChunk_contextId_idx").on(t.contextId)],
);

/** Bookkeeping of vectors stored in Vectorize (the vectors themselves live there). */
export const embeddings = sqliteTable(
  "Embedding",
  {
    id: id(),
    metadata: json("metadata", jsonObject),
    contextId: text("contextId").references(() => contexts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    documentId: text("documentId")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    filename: text("filename"),
    name: text("name"),
  },
  (t) => [index("Embedding_documentId_idx").on(t.documentId), index("Embedding_contextId_idx").on(t.contextId)],
);

/** Grants a context to exactly one of: a user, an exercise, a campaign exercise, an account, a client. */
export const contextAssignments = sqliteTable(
  "ContextAssignment",
  {
    id: id(),
    contextId: text("contextId")
      .notNull()
      .references(() => contexts.id, { onDelete: "cascade" }),
    userId: text("userId").references(() => users.id, { onDelete: "cascade" }),
    exerciseId: text("exerciseId").references(() => exercises.id, { onDelete: "cascade" }),
    campaignExerciseId: text("campaignExerciseId").references(() => campaignExercises.id, { onDelete: "cascade" }),
    accountId: text("accountId").references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("clientId").references(() => clients.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("ContextAssignment_contextId_idx").on(t.contextId),
    index("ContextAssignment_userId_idx").on(t.userId),
    index("ContextAssignment_exerciseId_idx").on(t.exerciseId),
    index("ContextAssignment_campaignExerciseId_idx").on(t.campaignExerciseId),
    index("ContextAssignment_accountId_idx").on(t.accountId),
    index("ContextAssignment_clientId_idx").on(t.clientId),
  ],
);

/** Ask Readyroom chats (spec §3 "Ask{product}Chat"). */
export const askReadyroomChats = sqliteTable(
  "AskReadyroomChat",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title"),
    metadata: json("metadata", jsonObject),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("AskReadyroomChat_userId_updatedAt_idx").on(t.userId, t.updatedAt)],
);

export const chatMessages = sqliteTable(
  "ChatMessage",
  {
    id: id(),
    chatId: text("chatId")
      .notNull()
      .references(() => askReadyroomChats.id, { onDelete: "cascade" }),
    role: text("role", { enum: chatRoles }).notNull(),
    content: text("content").notNull(),
    metadata: json("metadata", jsonObject),
    createdAt: createdAt(),
  },
  (t) => [index("ChatMessage_chatId_createdAt_idx").on(t.chatId, t.createdAt)],
);

export type Context = typeof contexts.$inferSelect;
export type Document = typeof documents.$inferSelect;
export type DocumentChunk = typeof documentChunks.$inferSelect;
export type Embedding = typeof embeddings.$inferSelect;
export type ContextAssignment = typeof contextAssignments.$inferSelect;
export type AskReadyroomChat = typeof askReadyroomChats.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;
