/** Shared formatting for the admin console's tables. */

export function formatInstant(ms: number | null | undefined): string {
  if (!ms) return "—";
  return new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** A short line from an audit row's metadata (the target is shown in its own column). */
export function describeMetadata(metadata: Record<string, unknown> | null): string {
  if (!metadata) return "";
  return Object.entries(metadata)
    .filter(([key]) => key !== "targetType" && key !== "targetId" && key !== "idempotencyKey" && key !== "transactionId")
    .map(([key, value]) => `${key}: ${typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(", ");
}
