import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { UserContext } from "../context";
import { contextAssignments, contexts, documents } from "../db/schema";
import { DOCUMENT_CONTEXT_TYPE, getDocument } from "../documents/service";
import { newId } from "../lib/ids";
import { assertClientOfUser, listClientsForUser } from "./clients";
import { findExercise, type ExerciseScope } from "./scope";

/**
 * Which of the planner's documents ground an exercise (issue 11), and, for enterprise accounts,
 * a client's exercises. The schema grants Contexts, and a Document sits in one Context, so each
 * assigned document gets a Context of its own (type "document"); assigning it to an exercise or a
 * client is one ContextAssignment row. A document can then serve many exercises, and unassigning
 * one never touches another. Only the caller's own documents are assigned or listed: another
 * user's document, like another user's exercise, is 404.
 */

/** The bodies below are two ids: a kilobyte is plenty, and anything bigger is refused early. */
export const ASSIGNMENT_MAX_BYTES = 1024;

const idField = (what: string) => z.string(`${what} is required.`).trim().min(1, `${what} is required.`).max(100, `${what} is too long.`);
export const assignDocumentBodySchema = z.object({ documentId: idField("documentId") });
export const assignClientBodySchema = z.object({ clientId: idField("clientId") });

export type AssignedDocumentView = { id: string; name: string };
export type DocumentAssignmentsView = { exerciseIds: string[]; clientIds: string[] };

/** The document's own Context, created on its first assignment. */
async function documentContext(ctx: UserContext, documentId: string): Promise<string> {
  const doc = await getDocument(ctx, documentId, "write");
  const [row] = await ctx.db
    .select({ contextId: documents.contextId, type: contexts.type })
    .from(documents)
    .leftJoin(contexts, eq(contexts.id, documents.contextId))
    .where(eq(documents.id, doc.id));
  if (row?.contextId && row.type === DOCUMENT_CONTEXT_TYPE) return row.contextId;
  const contextId = newId();
  await ctx.db.insert(contexts).values({ id: contextId, name: doc.name.slice(0, 200), type: DOCUMENT_CONTEXT_TYPE });
  await ctx.db
    .update(documents)
    .set({ contextId })
    .where(and(eq(documents.id, doc.id), eq(documents.userId, ctx.user.id)));
  return contextId;
}

/** The ContextAssignment column that names this scope's exercise. */
function exerciseColumn(scope: ExerciseScope) {
  return scope.kind === "personal" ? contextAssignments.exerciseId : contextAssignments.campaignExerciseId;
}

/** The caller's documents assigned to the exercise (404 when the exercise is not theirs to see). */
export async function listExerciseDocuments(ctx: UserContext, scope: ExerciseScope, exerciseId: string): Promise<AssignedDocumentView[]> {
  await findExercise(ctx, scope, exerciseId);
  return ctx.db
    .selectDistinct({ id: documents.id, name: documents.name })
    .from(contextAssignments)
    .innerJoin(documents, eq(documents.contextId, contextAssignments.contextId))
    .where(and(eq(exerciseColumn(scope), exerciseId), eq(documents.userId, ctx.user.id)))
    .orderBy(documents.name);
}

export async function assignDocument(ctx: UserContext, scope: ExerciseScope, exerciseId: string, documentId: string): Promise<AssignedDocumentView[]> {
  await findExercise(ctx, scope, exerciseId);
  const contextId = await documentContext(ctx, documentId);
  const column = exerciseColumn(scope);
  const existing = await ctx.db
    .select({ id: contextAssignments.id })
    .from(contextAssignments)
    .where(and(eq(contextAssignments.contextId, contextId), eq(column, exerciseId)));
  if (existing.length === 0) {
    await ctx.db.insert(contextAssignments).values({
      id: newId(),
      contextId,
      ...(scope.kind === "personal" ? { exerciseId } : { campaignExerciseId: exerciseId }),
    });
  }
  return listExerciseDocuments(ctx, scope, exerciseId);
}

export async function unassignDocument(ctx: UserContext, scope: ExerciseScope, exerciseId: string, documentId: string): Promise<AssignedDocumentView[]> {
  await findExercise(ctx, scope, exerciseId);
  const doc = await getDocument(ctx, documentId, "write");
  await ctx.db
    .delete(contextAssignments)
    .where(
      and(
        eq(exerciseColumn(scope), exerciseId),
        sql`${contextAssignments.contextId} = (SELECT "contextId" FROM "Document" WHERE "id" = ${doc.id} AND "userId" = ${ctx.user.id})`,
      ),
    );
  return listExerciseDocuments(ctx, scope, exerciseId);
}

/** Where one of the caller's documents is assigned: their own exercises and their clients. */
export async function documentAssignments(ctx: UserContext, documentId: string): Promise<DocumentAssignmentsView> {
  const doc = await getDocument(ctx, documentId, "write");
  const rows = await ctx.db.all<{ exerciseId: string | null; clientId: string | null }>(sql`
    SELECT ca."exerciseId" AS "exerciseId", ca."clientId" AS "clientId" FROM "ContextAssignment" ca
    JOIN "Document" d ON d."contextId" = ca."contextId"
    LEFT JOIN "Exercise" e ON e."id" = ca."exerciseId"
    WHERE d."id" = ${doc.id} AND d."userId" = ${ctx.user.id} AND (ca."clientId" IS NOT NULL OR e."userId" = ${ctx.user.id})`);
  const mine = new Set((await listClientsForUser(ctx)).map((c) => c.id));
  const ids = (key: "exerciseId" | "clientId") => [...new Set(rows.flatMap((r) => (r[key] ? [r[key]] : [])))];
  return { exerciseIds: ids("exerciseId"), clientIds: ids("clientId").filter((id) => mine.has(id)) };
}

/** Enterprise accounts: a document assigned to a client grounds every exercise filed under it. */
export async function assignDocumentToClient(ctx: UserContext, documentId: string, clientId: string): Promise<DocumentAssignmentsView> {
  await assertClientOfUser(ctx, clientId);
  const contextId = await documentContext(ctx, documentId);
  const existing = await ctx.db
    .select({ id: contextAssignments.id })
    .from(contextAssignments)
    .where(and(eq(contextAssignments.contextId, contextId), eq(contextAssignments.clientId, clientId)));
  if (existing.length === 0) await ctx.db.insert(contextAssignments).values({ id: newId(), contextId, clientId });
  return documentAssignments(ctx, documentId);
}

export async function unassignDocumentFromClient(ctx: UserContext, documentId: string, clientId: string): Promise<DocumentAssignmentsView> {
  await assertClientOfUser(ctx, clientId);
  const doc = await getDocument(ctx, documentId, "write");
  await ctx.db
    .delete(contextAssignments)
    .where(
      and(
        eq(contextAssignments.clientId, clientId),
        sql`${contextAssignments.contextId} = (SELECT "contextId" FROM "Document" WHERE "id" = ${doc.id} AND "userId" = ${ctx.user.id})`,
      ),
    );
  return documentAssignments(ctx, documentId);
}
