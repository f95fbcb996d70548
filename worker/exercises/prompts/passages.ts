import { sql } from "drizzle-orm";
import { teamSharedIds } from "../../accounts/team-shares";
import type { UserContext } from "../../context";
import { retrievePassages as retrieveDocumentPassages, type RetrievedPassage } from "../../documents/retrieval";
import type { ExerciseScope } from "../scope";

/**
 * Passages for a design-assistant prompt, from the documents assigned to the exercise: documents
 * in a Context that a ContextAssignment grants to this exercise (or campaign exercise, or the
 * client a personal exercise is filed under; see ../assignments.ts), and that
 * the caller owns or that their team shares with them (worker/accounts/team-shares.ts). Retrieval is the documents feature's one retrieval (the one Ask Readyroom
 * uses). With nothing assigned, a personal exercise draws on all the planner's documents; a
 * campaign exercise is shared with a team, so it reads only what was assigned to it (a planner's
 * private library must not leak into a team's draft).
 */
/** What a prompt needs of a passage (a retrieved one fits). */
export type Passage = Pick<RetrievedPassage, "documentId" | "chunkId" | "documentName" | "content" | "page">;

export interface PassageQuery {
  scope: ExerciseScope;
  exerciseId: string;
  /** What to search for: the section and the planner's last message. */
  query: string;
  limit: number;
}

export async function assignedDocumentIds(ctx: UserContext, scope: ExerciseScope, exerciseId: string): Promise<string[]> {
  // A personal exercise filed under a client (enterprise) also reads what was assigned to that client.
  const assigned =
    scope.kind === "personal"
      ? sql`(ca."exerciseId" = ${exerciseId} OR ca."clientId" = (
          SELECT json_extract(e."metadata", '$.clientId') FROM "Exercise" e WHERE e."id" = ${exerciseId} AND e."userId" = ${ctx.user.id}))`
      : sql`ca."campaignExerciseId" = ${exerciseId}`;
  const rows = await ctx.db.all<{ id: string }>(sql`
    SELECT DISTINCT d."id" AS "id" FROM "ContextAssignment" ca
    JOIN "Document" d ON d."contextId" = ca."contextId"
    WHERE ${assigned} AND (d."userId" = ${ctx.user.id} OR d."id" IN ${teamSharedIds("document", ctx.user.id)})`);
  return rows.map((r) => r.id);
}

export async function retrievePassages(ctx: UserContext, input: PassageQuery): Promise<RetrievedPassage[]> {
  const documentIds = await assignedDocumentIds(ctx, input.scope, input.exerciseId);
  if (documentIds.length === 0 && input.scope.kind !== "personal") return [];
  return retrieveDocumentPassages(ctx, {
    userId: ctx.user.id,
    question: input.query,
    documentIds: documentIds.length ? documentIds : undefined,
    limit: input.limit,
    // A section's query is the section's name and the planner's words, not a question: rank
    // what the plans hold on it without declining (drafts flag what the plans do not support).
    decline: false,
  });
}
