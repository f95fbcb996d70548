import type { AppContext } from "../context";
import { auditLogs } from "../db/schema";

/** What an audit row is about: a user (AuditLog.targetUserId), an account (accountId) or a campaign (campaignId). */
export type AuditTarget = "user" | "account" | "campaign";

export type AuditEntry = {
  actorId: string | null;
  targetType: AuditTarget;
  targetId: string;
  action: string;
  metadata?: Record<string, unknown> | null;
};

/** Writes one AuditLog row. The target also lands in its own column, so the log filters by it. */
export async function writeAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  const { actorId, targetType, targetId, action, metadata } = entry;
  await ctx.db.insert(auditLogs).values({
    actorId,
    action,
    targetUserId: targetType === "user" ? targetId : null,
    accountId: targetType === "account" ? targetId : null,
    campaignId: targetType === "campaign" ? targetId : null,
    metadata: { targetType, targetId, ...(metadata ?? {}) },
  });
}
