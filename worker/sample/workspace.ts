import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getOwnAccountId, getTenancyAccountId } from "../accounts/service";
import type { UserContext } from "../context";
import {
  accounts,
  afterActionReports,
  conductEvents,
  conductSessions,
  conductTokens,
  correctiveActions,
  documents,
  eegs,
  exercises,
  feedbackResponses,
  intelBriefs,
  users,
} from "../db/schema";
import { documentKey } from "../documents/service";
import { enqueueIngest } from "../documents/enqueue";
import { nowMs } from "../lib/clock";
import { newId } from "../lib/ids";
import { readStoredInstructions } from "../../shared/profile/model";
import { BRACKWATER_DOCUMENT_TEXTS } from "./brackwater/document-texts";
import { BRACKWATER_DOCUMENTS } from "./brackwater/documents";
import { BRACKWATER_PROFILE } from "./brackwater/profile";
import { sampleBriefRow, sampleConductRows, sampleExerciseRow } from "./rows";

/**
 * Every new account's sample workspace (issue 29): Brackwater County's profile, three plan
 * documents queued through the normal ingestion queue (so Ask answers from them once they are
 * Ready), one exercise made from a quick-start template, one ended tabletop with its EEG and a
 * published AAR/IP whose corrective actions feed /improvement and the capability trends, and one
 * brief. Every row is marked `sample` ("Remove sample data" takes exactly those: ./remove.ts).
 *
 * When: sign-up marks the user "pending" (better-auth's default for User.sampleWorkspace,
 * worker/auth/auth.ts) and the first dashboard a confirmed user opens creates it (the page every
 * sign-in lands on). Someone who is already working in a team's account by then (an invited
 * colleague) gets none: that workspace is the team's. Free: nothing here is admitted or charged
 * like an upload (worker/documents/admission.ts); ingestion itself charges nothing.
 */

/** Sample rows per table, bounded so D1's 100 bound parameters a statement hold: a few rows per insert. */
const EVENTS_PER_INSERT = 9;

/**
 * Creates the caller's sample workspace if sign-up left it pending; true when it did. Claimed with a
 * conditional update first, so two dashboards opened at once create it once.
 */
export async function ensureSampleWorkspace(ctx: UserContext, now = nowMs()): Promise<boolean> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const [claimed] = await db
    .update(users)
    .set({ sampleWorkspace: "created" })
    .where(and(eq(users.id, userId), eq(users.sampleWorkspace, "pending")))
    .returning({ firstName: users.firstName, lastName: users.lastName });
  if (!claimed) return false;
  const [own, tenancy] = await Promise.all([getOwnAccountId(db, userId), getTenancyAccountId(db, userId)]);
  if (!own || own !== tenancy) {
    await db.update(users).set({ sampleWorkspace: "skipped" }).where(eq(users.id, userId));
    return false;
  }
  try {
    await writeSampleWorkspace(ctx, own, `${claimed.firstName} ${claimed.lastName}`.trim() || "Exercise controller", now);
  } catch (error) {
    // Nothing half-written stays (the rows are one batch, the objects are deleted again): the next
    // dashboard tries again.
    await db.update(users).set({ sampleWorkspace: "pending" }).where(eq(users.id, userId));
    throw error;
  }
  return true;
}

async function writeSampleWorkspace(ctx: UserContext, accountId: string, controllerName: string, now: number): Promise<void> {
  const { db, env } = ctx;
  const userId = ctx.user.id;
  const owner = { userId, controllerName };
  const docs = BRACKWATER_DOCUMENTS.filter((d) => d.sample).map((d, i) => {
    const id = newId();
    const bytes = new TextEncoder().encode(BRACKWATER_DOCUMENT_TEXTS[d.filename]);
    // A second apart, so the library lists them in a stable order.
    const at = new Date(now - (i + 1) * 1000);
    return { doc: d, bytes, key: documentKey(userId, id, d.filename), row: { id, at } };
  });
  // Bytes first, rows second: a Document row never points at a missing object.
  const stored: string[] = [];
  try {
    for (const d of docs) {
      await env.UPLOADS.put(d.key, d.bytes, {
        httpMetadata: { contentType: d.doc.contentType },
        customMetadata: { userId, documentId: d.row.id, filename: d.doc.filename },
      });
      stored.push(d.key);
    }
    const exercise = sampleExerciseRow(owner, now);
    const conduct = sampleConductRows(owner, exercise.id!, now);
    const events = [];
    for (let i = 0; i < conduct.events.length; i += EVENTS_PER_INSERT)
      events.push(db.insert(conductEvents).values(conduct.events.slice(i, i + EVENTS_PER_INSERT)));
    const statements: BatchItem<"sqlite">[] = [
      ...docs.map((d) =>
        db.insert(documents).values({
          id: d.row.id,
          name: d.doc.name,
          path: d.key,
          type: d.doc.type,
          processed: false,
          filename: d.doc.filename,
          userId,
          structuredContent: { upload: { size: d.bytes.byteLength, contentType: d.doc.contentType } },
          sample: true,
          createdAt: d.row.at,
          updatedAt: d.row.at,
        }),
      ),
      db.insert(exercises).values(exercise),
      db.insert(intelBriefs).values(sampleBriefRow(owner, now)),
      db.insert(conductSessions).values(conduct.session),
      db.insert(conductTokens).values(conduct.tokens),
      ...events,
      db.insert(eegs).values(conduct.eeg),
      db.insert(feedbackResponses).values(conduct.feedback),
      db.insert(afterActionReports).values(conduct.report),
      db.insert(correctiveActions).values(conduct.actions),
      ...(await profileStatement(ctx, accountId)),
    ];
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    await Promise.all(stored.map((key) => env.UPLOADS.delete(key).catch(() => undefined)));
    throw error;
  }
  // The normal ingestion queue: chunks and the keyword index (and vectors, when configured) as for
  // an upload. A failed send is not fatal: the row reads as never queued and the sweep sends it.
  for (const d of docs) {
    try {
      await enqueueIngest(ctx, d.row.id);
    } catch (error) {
      console.error(`enqueue of sample document ${d.row.id} failed; the ingest sweep re-queues it`, error);
    }
  }
}

/** Fills the account's profile with Brackwater County's, only when none of it is filled in yet. */
async function profileStatement(ctx: UserContext, accountId: string) {
  const { db } = ctx;
  const row = await db.select({ customInstructions: accounts.customInstructions }).from(accounts).where(eq(accounts.id, accountId)).get();
  const current = readStoredInstructions(row?.customInstructions ?? null);
  const filled = Object.entries(current).some(([field, value]) => field !== "language" && typeof value === "string" && value.trim() !== "");
  if (filled) return [];
  return [db.update(accounts).set({ customInstructions: BRACKWATER_PROFILE }).where(eq(accounts.id, accountId))];
}
