import type { AppContext } from "../context";
import { auditLogs } from "../db/schema";
import { newId } from "../lib/ids";

/**
 * One AuditLog row (spec §3: accountId, actorId, targetUserId, campaignId, action, metadata).
 * The table has no target columns beyond a user, so the target's type and id ride in metadata;
 * a user target also fills targetUserId.
 */
export type AuditEntry = {
  accountId: string | null;
  actorId: string | null;
  targetType: string;
  targetId: string;
  action: string;
  metadata?: Record<string, unknown>;
};

export function auditInsert(ctx: AppContext, entry: AuditEntry) {
  return ctx.db.insert(auditLogs).values({
    id: newId(),
    accountId: entry.accountId,
    actorId: entry.actorId,
    targetUserId: entry.targetType === "user" ? entry.targetId : null,
    action: entry.action,
    metadata: { targetType: entry.targetType, targetId: entry.targetId, ...entry.metadata },
  });
}

export async function writeAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  await auditInsert(ctx, entry);
}
