import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  assertClientForNewItem,
  documentAccess,
  documentCandidate,
  documentClientIdsColumn,
  documentFiledUnder,
  mayOpen,
  visibleClientIds,
} from "../clients/access";
import type { UserContext } from "../context";
import { defaultDocumentTeam, readShareColumn, shareStatement, teamAccessColumn, teamShareColumn, type TeamShareView } from "../accounts/team-shares";
import { contextAssignments, contexts, documents, type Document } from "../db/schema";
import { badRequest, conflict, notFound, payloadTooLarge, unsupportedMediaType } from "../lib/errors";
import { parseWith } from "../lib/http";
import { newId } from "../lib/ids";
import { enqueueIngest, STALE_INGEST_MS } from "./enqueue";
import { chunkIdsOf, deleteDocumentIndex, searchChunks, type ChunkHit } from "./index-store";
import { admitIngestion, assertMayIngest } from "./admission";
import type { IngestionReason } from "./limits";
import { contentMatchesType, contentMismatchMessage, sniffedBytes } from "./sniff";
import { detectType, documentType, MAX_UPLOAD_BYTES, UNSUPPORTED_TYPE_MESSAGE } from "../../shared/documents/file-types";
import { hasIngestStatus, readIngestStatus, type IngestStatus } from "../../shared/documents/status";
import { nowMs } from "../lib/clock";
import { forgetVectors } from "./vectors/semantic";
import { descriptionSchema, readDescription, withDescription } from "../../shared/documents/description";
import { notifySharedItemChanged } from "../notifications/events";
import { defaultName } from "./title";
import { readingCopyKey } from "./reading-copy";

/**
 * The document library: upload to R2, list, rename, download, delete, reprocess and keyword
 * search. The API (routes.ts) and the /documents page call these same functions. Every query is
 * scoped by the caller's user id; someone else's document is "not found" (404), never 403, so
 * ids of other tenants' documents are not confirmed (ARCHITECTURE.md, tenant scoping).
 */

const DOCUMENT_NOT_FOUND = "Document not found.";
/** Context.type of the Context a document gets of its own when it is assigned (worker/exercises/assignments.ts). */
export const DOCUMENT_CONTEXT_TYPE = "document";
export { UNSUPPORTED_TYPE_MESSAGE };
export const TOO_LARGE_MESSAGE = `Files can be up to ${Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))} MB.`;

/** How many documents one list answers (no paging in v1: a planner's library is tens of files). */
const LIST_LIMIT = 500;

// ---------------------------------------------------------------------------------------------
// Shapes at the edge

const documentNameSchema = z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(200, "Name must be at most 200 characters.");

/** PATCH /api/documents/:id: a new name, a new description, or both. */
export const updateBodySchema = z
  .object({ name: documentNameSchema.optional(), description: descriptionSchema.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, { message: "Send a name or a description to change." });
export type DocumentUpdate = z.infer<typeof updateBodySchema>;

const statusFilter = z.enum(["queued", "processing", "ready", "failed"]);

export const listQuerySchema = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters.").optional(),
  status: statusFilter.optional().or(z.literal("").transform(() => undefined)),
  /** Enterprise accounts: only the documents filed under this client. */
  clientId: z.string().trim().min(1).max(200).optional(),
});
export type DocumentListQuery = z.infer<typeof listQuerySchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters.").default(""),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** What the upload stores next to the ingest status (kept by enqueueIngest, which keeps other keys). */
const uploadInfoSchema = z.object({ upload: z.object({ size: z.number().int().nonnegative(), contentType: z.string().optional() }) });

export type DocumentView = {
  id: string;
  name: string;
  filename: string;
  /** Canonical extension ("pdf", "docx", "md", "txt", "csv", "html"), or null when unknown. */
  type: string | null;
  size?: number;
  processed: boolean;
  status: IngestStatus;
  /** The planner's own words about the file, indexed as its first passage (./description.ts). */
  description: string | null;
  /**
   * Whether the caller may rename, describe, reprocess or delete it: their own. A colleague's
   * document filed under a client the caller sees is read-only to them (docs/decisions/0014).
   */
  canEdit: boolean;
  /** Part of the sample workspace (worker/sample): listed with a "Sample" badge. */
  sample: boolean;
  /** Shared with the caller's team (the library's "Team" badge): how and by whom; null when private. */
  team: TeamShareView | null;
  /** Who wrote it, for a colleague's document (null for the caller's own). */
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The seed stored some types as MIME types; the canonical extension comes from the filename then. */
function canonicalType(row: Pick<Document, "type" | "filename">): string | null {
  if (row.type && !row.type.includes("/")) return row.type;
  return detectType(row.filename ?? "", row.type ?? null);
}

type ListedDocument = { row: Document; team?: string | null; authorName?: string | null };

function toDocumentView({ row, team, authorName }: ListedDocument, viewerId: string): DocumentView {
  const upload = uploadInfoSchema.safeParse(row.structuredContent);
  return {
    id: row.id,
    name: row.name,
    filename: row.filename ?? row.name,
    type: canonicalType(row),
    ...(upload.success ? { size: upload.data.upload.size } : {}),
    processed: row.processed,
    status: readIngestStatus(row),
    description: readDescription(row.structuredContent),
    canEdit: row.userId === viewerId,
    sample: row.sample,
    team: readShareColumn(team),
    authorName: row.userId === viewerId ? null : (authorName ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * The document if the caller may open it, else 404: their own, and in an enterprise account one
 * filed under a client they see (read only; worker/clients/access.ts).
 */
async function findDocument(ctx: UserContext, id: string, access: "read" | "write"): Promise<Document> {
  return (await findListedDocument(ctx, id, access)).row;
}

/** Who wrote a document, by name or address. */
const authorNameColumn = sql<string | null>`(SELECT coalesce(nullif(trim(u."name"), ''), u."email") FROM "User" u WHERE u."id" = "Document"."userId")`;

async function findListedDocument(ctx: UserContext, id: string, access: "read" | "write"): Promise<ListedDocument> {
  const [found] = await ctx.db
    .select({
      row: documents,
      clientIds: documentClientIdsColumn,
      teamAccess: teamAccessColumn("document", sql`"Document"."id"`, ctx.user.id),
      team: teamShareColumn("document", sql`"Document"."id"`),
      authorName: authorNameColumn,
    })
    .from(documents)
    .where(and(eq(documents.id, id), documentCandidate(ctx.user.id)))
    .limit(1);
  const clientIds = found?.clientIds ? found.clientIds.split(",") : [];
  // A team share reads; a document changes only by its author's hand.
  const teamAccess = found?.teamAccess ? "read" : null;
  if (!found || !(await mayOpen(ctx, { userId: found.row.userId, clientIds, teamAccess }, access))) throw notFound(DOCUMENT_NOT_FOUND);
  return found;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The caller's documents, newest first. A read only: documents are queued when they are written
 * (upload, Reprocess, the seed), and the Cron's sweep re-sends any that stall.
 */
export async function listDocuments(ctx: UserContext, query: DocumentListQuery = {}): Promise<DocumentView[]> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const conditions = [documentAccess(userId, await visibleClientIds(ctx))];
  if (query.clientId) conditions.push(documentFiledUnder(query.clientId));
  if (query.q) conditions.push(sql`${documents.name} LIKE ${`%${escapeLike(query.q)}%`} ESCAPE '\\'`);
  const rows = await db
    .select({ row: documents, team: teamShareColumn("document", sql`"Document"."id"`), authorName: authorNameColumn })
    .from(documents)
    .where(and(...conditions))
    .orderBy(desc(documents.createdAt))
    .limit(LIST_LIMIT);
  const views = rows.map((row) => toDocumentView(row, userId));
  // The status lives in JSON; filtering the (small) list here beats a json_extract per row.
  return query.status ? views.filter((d) => d.status.status === query.status) : views;
}

/** One document the caller may open; "write" when the caller is about to change it (own only). */
export async function getDocument(ctx: UserContext, id: string, access: "read" | "write" = "read"): Promise<DocumentView> {
  return toDocumentView(await findListedDocument(ctx, id, access), ctx.user.id);
}

/** The document the caller may read, as stored and as the library shows it (the document view's start). */
export async function openDocument(ctx: UserContext, id: string): Promise<{ row: Document; view: DocumentView }> {
  const listed = await findListedDocument(ctx, id, "read");
  return { row: listed.row, view: toDocumentView(listed, ctx.user.id) };
}

export async function searchDocuments(ctx: UserContext, q: string, limit = 20): Promise<ChunkHit[]> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const text = q.trim();
  if (!text) return [];
  return searchChunks(db, userId, text, { limit, clientIds: await visibleClientIds(ctx) });
}

// ---------------------------------------------------------------------------------------------
// Upload

/**
 * Checks that need no body. Spec §4, as for creating exercises: uploading needs an active plan (the
 * client sends the user to pricing); and the user must have room in the ingestion pipeline.
 */
export async function assertCanUpload(ctx: UserContext): Promise<void> {
  await assertMayIngest(ctx, "upload");
}

/** The last path segment of what the browser (or a script) called the file, without control characters. */
export function cleanFilename(raw: string): string {
  const base =
    raw
      .split(/[\\/]/)
      .pop()
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      ?.replace(/[\u0000-\u001f\u007f]/g, "")
      .trim() ?? "";
  if (!base) return "document";
  if (base.length <= 200) return base;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : "";
  return base.slice(0, 200 - ext.length) + ext;
}

/** The R2 key segment: plain characters only, so keys never need escaping anywhere. */
function keySegment(filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+/, "");
  return safe.slice(-120) || "document";
}

export const documentKey = (userId: string, documentId: string, filename: string) => `documents/${userId}/${documentId}/${keySegment(filename)}`;

/** Checks that need no body: the declared size. Called before the multipart body is read. */
export function assertDeclaredSize(contentLength: string | undefined, envelopeSlack = 1024 * 1024): void {
  const declared = Number(contentLength ?? "");
  // The multipart envelope (boundaries, the name field) adds a little to the file itself.
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + envelopeSlack) throw payloadTooLarge(TOO_LARGE_MESSAGE);
}

/** `clientId` (enterprise accounts): file the new document under one of the caller's active clients. */
export type UploadInput = { file: File; name?: string | null; clientId?: string | null };

/**
 * Stores the file in R2, inserts its Document row and queues it for ingestion. Nothing is left
 * half-written: when the row cannot be inserted the object is deleted again. A failed enqueue is
 * not fatal — the row reads as never queued (or stays queued) and the Cron's sweep re-sends it.
 */
export async function uploadDocument(ctx: UserContext, input: UploadInput): Promise<DocumentView> {
  const { env, db } = ctx;
  const userId = ctx.user.id;
  const { file } = input;
  if (file.size > MAX_UPLOAD_BYTES) throw payloadTooLarge(TOO_LARGE_MESSAGE);
  if (file.size === 0) throw badRequest("The file is empty. Choose a file with some content.", "empty_file");
  const filename = cleanFilename(file.name);
  const type = detectType(filename, file.type || null);
  if (!type) throw badRequest(UNSUPPORTED_TYPE_MESSAGE, "unsupported_type");
  const { head, tail } = await sniffedBytes(file);
  if (!contentMatchesType(type, head, tail)) throw unsupportedMediaType(contentMismatchMessage(type), "content_mismatch");
  const name = parseWith(documentNameSchema, input.name?.trim() ? input.name : defaultName(filename));
  const clientId = input.clientId?.trim() || null;
  if (clientId) await assertClientForNewItem(ctx, clientId);
  const id = newId();
  const admission = await admitIngestion(ctx, { reason: "upload", documentId: id, type, bytes: file.size });

  const key = documentKey(userId, id, filename);
  // Our own type, never the browser's claim: the download serves this Content-Type.
  const contentType = documentType(type)?.mime ?? "application/octet-stream";
  try {
    await env.UPLOADS.put(key, file, {
      httpMetadata: { contentType },
      customMetadata: { userId, documentId: id, filename },
    });
  } catch (error) {
    await admission.abort();
    throw error;
  }
  try {
    const row = {
      id,
      name,
      path: key,
      type,
      processed: false,
      filename,
      userId,
      structuredContent: { upload: { size: file.size, contentType } },
    };
    if (clientId) {
      // Filed under a client: the document's own Context and its assignment, in the same batch
      // (the shape worker/exercises/assignments.ts gives a document assigned later).
      const contextId = newId();
      await db.batch([
        db.insert(contexts).values({ id: contextId, name: name.slice(0, 200), type: DOCUMENT_CONTEXT_TYPE }),
        db.insert(documents).values({ ...row, contextId }),
        db.insert(contextAssignments).values({ id: newId(), contextId, clientId }),
      ]);
    } else {
      // "New documents are shared with the team" (the team's setting): shared in the same batch.
      const teamId = await defaultDocumentTeam(ctx);
      if (teamId) {
        await db.batch([
          db.insert(documents).values(row),
          shareStatement(db, { teamId, kind: "document", itemId: id, ownerId: userId, access: "read", sharedById: userId }),
        ]);
      } else {
        await db.insert(documents).values(row);
      }
    }
  } catch (error) {
    await env.UPLOADS.delete(key).catch(() => undefined);
    await admission.abort().catch(() => undefined);
    throw error;
  }
  await admission.commit();
  try {
    await enqueueIngest(ctx, id);
  } catch (error) {
    console.error(`enqueue of document ${id} failed; the Cron's ingest sweep re-queues it`, error);
  }
  return getDocument(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Changes

/**
 * Renames and/or describes the caller's document. A changed description re-queues ingestion, since
 * the description is indexed as the document's first passage: it is admitted like Reprocess
 * (ingestAgain), and a refusal saves nothing. A rename alone, or an unchanged description, reads
 * nothing again and is free. Both changes land in one update.
 */
export async function updateDocument(ctx: UserContext, id: string, update: DocumentUpdate, now = nowMs()): Promise<DocumentView> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const row = await findDocument(ctx, id, "write");
  const name = update.name === undefined ? undefined : parseWith(documentNameSchema, update.name);
  const description = update.description === undefined ? undefined : parseWith(descriptionSchema, update.description);
  const described = description !== undefined && description !== (readDescription(row.structuredContent) ?? "");
  if (name === undefined && !described) return getDocument(ctx, id);
  const save = async () => {
    const [updated] = await db
      .update(documents)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(described ? { structuredContent: withDescription(row.structuredContent, description) as NonNullable<Document["structuredContent"]> } : {}),
      })
      .where(and(eq(documents.id, id), eq(documents.userId, userId)))
      .returning();
    if (!updated) throw notFound(DOCUMENT_NOT_FOUND);
    return updated;
  };
  if (described) await ingestAgain(ctx, row, "description", now, save);
  else await save();
  await notifySharedItemChanged(ctx, { kind: "document", itemId: id, name: name ?? row.name, actorId: userId, at: now });
  return getDocument(ctx, id);
}

export async function deleteDocument(ctx: UserContext, id: string): Promise<{ success: true }> {
  const { env, db } = ctx;
  const userId = ctx.user.id;
  const row = await findDocument(ctx, id, "write");
  const chunkIds = await chunkIdsOf(db, row.id);
  await deleteDocumentIndex(db, row.id);
  await db.delete(documents).where(and(eq(documents.id, id), eq(documents.userId, userId)));
  await forgetVectors(ctx, userId, chunkIds);
  // A document's own Context (made when it was assigned to an exercise or client) goes with it, and
  // its ContextAssignment rows by cascade; a shared context is left to its other documents.
  if (row.contextId) await db.delete(contexts).where(and(eq(contexts.id, row.contextId), eq(contexts.type, DOCUMENT_CONTEXT_TYPE)));
  if (row.path) await env.UPLOADS.delete(row.path);
  await env.UPLOADS.delete(readingCopyKey(row.userId, row.id));
  return { success: true };
}

/** Failed or ready → queued again, admitted and paid like an upload (ingestAgain). */
export async function reprocessDocument(ctx: UserContext, id: string, now = nowMs()): Promise<DocumentView> {
  const row = await findDocument(ctx, id, "write");
  await ingestAgain(ctx, row, "reprocess", now);
  return getDocument(ctx, id);
}

const ALREADY_QUEUED: Record<Exclude<IngestionReason, "upload">, string> = {
  reprocess: "This document is already queued for processing.",
  description: "This document is being processed. Change its description once it shows Ready or Failed.",
};

/** Bytes of the stored file: recorded at upload; a seeded row's is asked of R2. */
async function storedBytes(ctx: UserContext, row: Document): Promise<number> {
  const upload = uploadInfoSchema.safeParse(row.structuredContent);
  if (upload.success) return upload.data.upload.size;
  return (row.path ? (await ctx.env.UPLOADS.head(row.path))?.size : undefined) ?? 0;
}

/**
 * Sends the caller's document through ingestion again, after `save` (the change that calls for it)
 * is written. A document already on its way is left alone (409, nothing saved): a second message
 * would only double the work. One stuck past STALE_INGEST_MS, or never queued (seeded), is sent
 * again as the Cron's sweep would: it was admitted when it was queued. Any other
 * is a new ingestion of the whole file, admitted like an upload (./admission.ts), so a refusal
 * (402, 429) saves nothing either.
 */
async function ingestAgain(
  ctx: UserContext,
  row: Document,
  reason: Exclude<IngestionReason, "upload">,
  now: number,
  save?: () => Promise<unknown>,
): Promise<void> {
  const status = readIngestStatus(row);
  const pending = status.status === "queued" || status.status === "processing";
  if (pending && hasIngestStatus(row.structuredContent) && now - Date.parse(status.updatedAt) < STALE_INGEST_MS) {
    throw conflict(ALREADY_QUEUED[reason], "already_queued");
  }
  if (pending) {
    await save?.();
    await enqueueIngest(ctx, row.id);
    return;
  }
  const admission = await admitIngestion(ctx, { reason, documentId: row.id, type: canonicalType(row), bytes: await storedBytes(ctx, row) }, now);
  try {
    await save?.();
    await enqueueIngest(ctx, row.id);
  } catch (error) {
    await admission.abort().catch(() => undefined);
    throw error;
  }
  await admission.commit();
}

// ---------------------------------------------------------------------------------------------
// Download

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name, quotes and controls never leaked. */
export function contentDisposition(raw: string): string {
  const filename = raw.trim() || "document";
  // Anything outside printable ASCII, and quotes or backslashes, would break the quoted form.
  const ascii =
    filename
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\]/g, "_")
      .trim() || "document";
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The stored bytes as an attachment (never rendered inline: an uploaded HTML file must not run here). */
export async function downloadDocument(ctx: UserContext, id: string): Promise<Response> {
  const { env } = ctx;
  const row = await findDocument(ctx, id, "read");
  const object = row.path ? await env.UPLOADS.get(row.path) : null;
  if (!object) throw notFound("The file of this document is missing. Delete it and upload it again.");
  const type = canonicalType(row);
  const contentType = object.httpMetadata?.contentType ?? documentType(type)?.mime ?? "application/octet-stream";
  return new Response(object.body, {
    headers: {
      "content-type": contentType,
      "content-length": String(object.size),
      "content-disposition": contentDisposition(row.filename ?? `${row.name}${type ? `.${type}` : ""}`),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox",
    },
  });
}
