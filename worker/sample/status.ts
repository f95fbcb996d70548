import { and, eq, sql } from "drizzle-orm";
import { tenancyAccountQuery } from "../accounts/service";
import type { UserContext } from "../context";
import { accounts, conductSessions, documents, exercises, intelBriefs, users } from "../db/schema";
import { readStoredInstructions, type CustomInstructions } from "../../shared/profile/model";
import type { SampleStatus } from "../../shared/sample/model";
import { BRACKWATER_PROFILE } from "./brackwater/profile";

export type { SampleStatus } from "../../shared/sample/model";

/**
 * What of the sample workspace the caller still has (./workspace.ts): counts of their sample rows
 * and whether their profile still holds sample sections. One D1 round trip. The welcome modal and
 * the dashboard's sample card say only what this says is there.
 */
export async function getSampleStatus(ctx: UserContext): Promise<SampleStatus> {
  const [row] = await sampleStatusQuery(ctx);
  return toSampleStatus(row);
}

/** The status as a query, for a caller that sends it in its own batch (the dashboard); `toSampleStatus` reads its row. */
export function sampleStatusQuery(ctx: UserContext) {
  const { db } = ctx;
  const userId = ctx.user.id;
  const count = (table: typeof documents | typeof exercises | typeof intelBriefs | typeof conductSessions) =>
    sql<number>`(SELECT count(*) FROM ${table} WHERE ${and(eq(table.userId, userId), eq(table.sample, true))})`;
  return db
    .select({
      state: users.sampleWorkspace,
      documents: count(documents),
      exercises: count(exercises),
      briefs: count(intelBriefs),
      sessions: count(conductSessions),
      customInstructions: sql<unknown>`(SELECT ${accounts.customInstructions} FROM ${accounts} WHERE ${accounts.id} = (${tenancyAccountQuery(db, userId)}))`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
}

export function toSampleStatus(row: Awaited<ReturnType<typeof sampleStatusQuery>>[number] | undefined): SampleStatus {
  const instructions = readStoredInstructions(row?.customInstructions ?? null);
  // Only a workspace that was created can hold sample words (the demo planner's profile is the same text).
  const profile = row?.state === "created" && withoutSampleSections(instructions) !== instructions;
  const counts = {
    documents: Number(row?.documents ?? 0),
    exercises: Number(row?.exercises ?? 0),
    briefs: Number(row?.briefs ?? 0),
    sessions: Number(row?.sessions ?? 0),
  };
  return { state: row?.state ?? null, ...counts, profile, present: profile || Object.values(counts).some((n) => n > 0) };
}

/** Sections whose text is still the sample's, emptied; the same object when there is none. */
export function withoutSampleSections(current: CustomInstructions): CustomInstructions {
  const sample = BRACKWATER_PROFILE as Record<string, string>;
  const fields = Object.keys(current).filter((field) => field !== "language" && sample[field] && (current as Record<string, unknown>)[field] === sample[field]);
  if (fields.length === 0) return current;
  const out: Record<string, unknown> = { ...current };
  for (const field of fields) out[field] = "";
  return out as CustomInstructions;
}
