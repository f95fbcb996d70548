import { rawStatement } from "../db/client";
import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { auditLogs } from "../db/schema";
import { nowMs } from "../lib/clock";

/**
 * The audit log's one writer (AuditLog, worker/db/schema/system.ts): who did what to whom. Any
 * feature that changes membership, roles or access records it here; the admin console reads it.
 * Actions are "<area>.<verb>" strings, e.g. "team.member_added".
 */
export type AuditEntry = {
  accountId: string | null;
  actorId: string | null;
  targetUserId?: string | null;
  campaignId?: string | null;
  action: string;
  metadata?: Record<string, unknown>;
};

/**
 * The INSERT for an entry, to commit in the same batch as the change it records. With `onlyIf`
 * the row is written only when that condition holds once the batch's earlier statements have run
 * (e.g. the member row now exists), so a change refused by its own WHERE leaves no audit row.
 */
export function auditStatement(db: Database, entry: AuditEntry, onlyIf?: SQL) {
  const row = {
    id: crypto.randomUUID(),
    accountId: entry.accountId,
    actorId: entry.actorId,
    targetUserId: entry.targetUserId ?? null,
    campaignId: entry.campaignId ?? null,
    action: entry.action,
    metadata: entry.metadata ?? {},
  };
  if (!onlyIf) return db.insert(auditLogs).values({ ...row, createdAt: new Date(nowMs()) });
  return rawStatement(
    db,
    sql`INSERT INTO "AuditLog" ("id", "accountId", "actorId", "targetUserId", "campaignId", "action", "metadata", "createdAt")
SELECT ${row.id}, ${row.accountId}, ${row.actorId}, ${row.targetUserId}, ${row.campaignId}, ${row.action}, ${JSON.stringify(row.metadata)}, ${nowMs()} WHERE ${onlyIf}`,
  );
}

/** Writes one entry on its own (when there is no batch to join). */
export async function writeAudit(ctx: Pick<AppContext, "db">, entry: AuditEntry): Promise<void> {
  await auditStatement(ctx.db, entry);
}
