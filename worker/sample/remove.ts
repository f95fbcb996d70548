import { and, eq } from "drizzle-orm";
import { getTenancyAccountId } from "../accounts/service";
import type { UserContext } from "../context";
import { accounts, conductSessions, correctiveActions, documents, exercises, intelBriefs, users } from "../db/schema";
import { deleteBrief } from "../briefs/service";
import { deleteDocument } from "../documents/service";
import { deleteExercise } from "../exercises/service";
import { personal } from "../exercises/scope";
import { readStoredInstructions } from "../../shared/profile/model";
import { getSampleStatus, withoutSampleSections, type SampleStatus } from "./status";

/**
 * "Remove sample data": deletes exactly the caller's rows marked `sample` (./workspace.ts) through
 * each feature's own delete, so a sample document takes its file in R2, its passages, keyword
 * index rows and vectors with it; the ended session takes its links, log, EEG, feedback and AAR/IP
 * by cascade. Profile sections still holding the sample's words are emptied; any the user rewrote
 * stay. Nothing of the user's own is touched. Idempotent: a second call finds nothing to delete.
 */
export async function removeSampleData(ctx: UserContext): Promise<SampleStatus> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const [docs, ownExercises, briefs] = await db.batch([
    db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.sample, true))),
    db
      .select({ id: exercises.id })
      .from(exercises)
      .where(and(eq(exercises.userId, userId), eq(exercises.sample, true))),
    db
      .select({ id: intelBriefs.id })
      .from(intelBriefs)
      .where(and(eq(intelBriefs.userId, userId), eq(intelBriefs.sample, true))),
  ]);
  for (const doc of docs) await deleteDocument(ctx, doc.id);
  for (const exercise of ownExercises) await deleteExercise(ctx, personal, exercise.id);
  for (const brief of briefs) await deleteBrief(ctx, brief.id);
  await db.batch([
    db.delete(correctiveActions).where(and(eq(correctiveActions.userId, userId), eq(correctiveActions.sample, true))),
    db.delete(conductSessions).where(and(eq(conductSessions.userId, userId), eq(conductSessions.sample, true))),
    db
      .update(users)
      .set({ sampleWorkspace: "removed" })
      .where(and(eq(users.id, userId), eq(users.sampleWorkspace, "created"))),
  ]);
  await clearSampleProfile(ctx);
  return getSampleStatus(ctx);
}

/** Empties the profile sections that still hold Brackwater County's words (the caller's own account only). */
async function clearSampleProfile(ctx: UserContext): Promise<void> {
  const { db } = ctx;
  const accountId = await getTenancyAccountId(db, ctx.user.id);
  if (!accountId) return;
  // Only an account this user owns had the sample written into it (./workspace.ts).
  const [row] = await db.select({ customInstructions: accounts.customInstructions, owner: accounts.userId }).from(accounts).where(eq(accounts.id, accountId));
  if (!row || row.owner !== ctx.user.id) return;
  const current = readStoredInstructions(row.customInstructions ?? null);
  const cleared = withoutSampleSections(current);
  if (cleared === current) return;
  await db.update(accounts).set({ customInstructions: cleared }).where(eq(accounts.id, accountId));
}
