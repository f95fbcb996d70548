import { assertActivePlan } from "../accounts/plan";
import { creditsForIngestion } from "../billing/pricing";
import { chargeForAi, type AiCharge } from "../billing/service";
import type { UserContext } from "../context";
import { nowMs } from "../lib/clock";
import { assertIngestionSlot, reserveDailyBytes, type IngestionLimits, type IngestionReason } from "./limits";
import { mayRecognizeText } from "./ocr";
import { embeddingMode } from "./vectors/semantic";

/**
 * The one way into the ingestion pipeline for work a planner asks for: an upload, Reprocess, and a
 * new description (it is indexed with the file's text, so the whole file is read again). Each is
 * admitted alike, so re-reading a file is bounded and paid exactly as reading it the first time:
 * an active plan, a free slot among the user's documents in flight, room in the day's bytes, and,
 * when reading the file here calls a paid engine (text recognition, embeddings), its credits held
 * (402 `Credit limit exceeded` when the account cannot pay). The recovery paths (the seed's
 * first queueing, the Cron's sweep) re-send work already admitted and do not come here.
 */

export type IngestionRequest = {
  reason: IngestionReason;
  documentId: string;
  /** Canonical type (file-types.ts): images and PDFs may need text recognition. */
  type: string | null;
  /** Size of the stored file: what the day's allowance and the price count. */
  bytes: number;
};

/**
 * An admitted ingestion. `commit` once the work is stored or queued: the hold is settled, and not
 * given back if the file then fails to read (the engines may already have run). `abort` when it
 * could not be queued: the hold and the day's bytes are given back.
 */
export type Admission = { credits: number; commit(): Promise<void>; abort(): Promise<void> };

const PLAN_FOR: Record<IngestionReason, string> = {
  upload: "upload documents",
  reprocess: "process documents again",
  description: "index a new description",
};

function ingestionLimits(ctx: UserContext): IngestionLimits {
  return { maxInFlight: ctx.config.DOCUMENTS_MAX_IN_FLIGHT, maxBytesPerDay: ctx.config.DOCUMENTS_MAX_BYTES_PER_DAY };
}

/** The checks that need neither the file nor its size: an upload makes them before reading its body. */
export async function assertMayIngest(ctx: UserContext, reason: IngestionReason): Promise<void> {
  await assertActivePlan(ctx.db, ctx.user.id, PLAN_FOR[reason]);
  await assertIngestionSlot(ctx.db, ctx.user.id, ingestionLimits(ctx), reason);
}

/** Credits reading this file here costs: none when no paid engine would run on it. */
function ingestionCredits(ctx: UserContext, type: string | null, bytes: number): number {
  const paid = embeddingMode(ctx) !== "none" || mayRecognizeText(ctx, type);
  return paid ? creditsForIngestion(bytes) : 0;
}

export async function admitIngestion(ctx: UserContext, request: IngestionRequest, now = nowMs()): Promise<Admission> {
  await assertMayIngest(ctx, request.reason);
  const releaseBytes = await reserveDailyBytes(ctx.env.DB, ctx.user.id, request.bytes, ingestionLimits(ctx), now, request.reason);
  const credits = ingestionCredits(ctx, request.type, request.bytes);
  let charge: AiCharge | null = null;
  if (credits > 0) {
    try {
      charge = await chargeForAi(ctx, {
        category: "document-ingestion",
        entityType: "Document",
        entityId: request.documentId,
        estimate: credits,
        metadata: { reason: request.reason, bytes: request.bytes },
      });
    } catch (error) {
      await releaseBytes();
      throw error;
    }
  }
  return {
    credits,
    async commit() {
      // The work is stored and queued by now: a failed settle must not turn it into an error page.
      // The hold stays on the account (still unavailable to spend), and the log names it.
      await charge
        ?.settle(credits)
        .catch((error: unknown) => console.error(`[documents] settling ingestion ${charge?.actionId} of ${request.documentId} failed`, error));
    },
    async abort() {
      await charge?.release();
      await releaseBytes();
    },
  };
}
