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

type PlanOfUser = {
  account: { plan: { planType: string; status: string } | null } | null;
  teamPlan: { accountName: string | null; planType: string | null; status: string | null } | null;
};

/**
 * The plan a user works under: a team member's is the team's (the account they work in), whatever
 * their own account has; anyone else's is their own account's.
 */
export function planSummary(user: PlanOfUser): string {
  const team = user.teamPlan;
  const via = team ? ` · through ${team.accountName ?? "the team's account"}` : "";
  if (team?.planType) return `${team.planType} · ${team.status ?? "no status"}${via}`;
  if (team) return `No plan${via}`;
  const own = user.account?.plan;
  return own ? `${own.planType} · ${own.status}` : "No plan";
}
