import type { UserContext } from "../context";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { PRICING_PATH } from "../lib/paths";
import { HttpError } from "../lib/errors";
import { campaignParticipants, campaignUsers, teamMembers } from "../db/schema";
import { nowDate } from "../lib/clock";
import { membershipOf, readMembership, type Membership, type PlanFields } from "./membership";

type PlanRow = PlanFields;
type AccountType = "SOLO" | "TEAM" | "ENTERPRISE";

export type PlanStatus = {
  hasActivePlan: boolean;
  planType: PlanRow["planType"] | null;
  billingInterval: PlanRow["billingInterval"] | null;
  status: PlanRow["status"] | null;
  isPaused: boolean;
  isCanceled: boolean;
  isInTrial: boolean;
  trialEndDate: Date | null;
  currentPeriodEnd: Date | null;
  /** True when the active plan is the team's, not the user's own (spec §4: members need no subscription). */
  viaTeam: boolean;
  /** The account whose plan this is (the tenancy account when there is no plan at all). */
  accountId: string | null;
  accountType: AccountType | null;
};

const ACTIVE_STATUSES = new Set<PlanRow["status"]>(["active", "trialing", "past_due"]);

/**
 * Whether a plan row grants access now. A paused account has no active plan (spec §4). Admin grants
 * end at their period end; for Stripe plans Stripe decides through the status it reports.
 */
export function isPlanActive(plan: Pick<PlanRow, "status" | "currentPeriodEnd" | "source"> | null | undefined, now = nowDate()): boolean {
  if (!plan) return false;
  if (!ACTIVE_STATUSES.has(plan.status)) return false;
  if (plan.source === "admin" && plan.currentPeriodEnd && plan.currentPeriodEnd.getTime() <= now.getTime()) return false;
  return true;
}

function toStatus(plan: PlanRow | null, accountId: string | null, accountType: AccountType | null, viaTeam: boolean, now: Date): PlanStatus {
  return {
    hasActivePlan: isPlanActive(plan, now),
    planType: plan?.planType ?? null,
    billingInterval: plan?.billingInterval ?? null,
    status: plan?.status ?? null,
    isPaused: plan?.status === "paused",
    isCanceled: plan?.status === "canceled",
    isInTrial: plan ? plan.isInTrial || plan.status === "trialing" : false,
    trialEndDate: plan?.trialEndDate ?? null,
    currentPeriodEnd: plan?.currentPeriodEnd ?? null,
    viaTeam,
    accountId,
    accountType,
  };
}

/**
 * The user's plan, from where they stand (accounts/membership.ts): their tenancy account's plan,
 * else an active plan of a team they belong to.
 */
export function planFromMembership(membership: Membership, now = nowDate()): PlanStatus {
  const tenancy = membership.links[0];
  const accountId = tenancy?.accountId ?? null;
  // Linked to someone else's account (a team's) rather than owning it: the plan comes through the team.
  const ownStatus = toStatus(tenancy?.plan ?? null, accountId, tenancy?.type ?? null, Boolean(tenancy && tenancy.role !== "OWNER"), now);
  if (ownStatus.hasActivePlan) return ownStatus;
  const active = membership.teamPlans.find((r) => r.accountId !== accountId && isPlanActive(r.plan, now));
  return active ? toStatus(active.plan, active.accountId, active.type, true, now) : ownStatus;
}

/** The user's plan in one D1 round trip (it runs on every page through the access guard). */
export async function getPlanStatus(db: Database, userId: string, now = nowDate()): Promise<PlanStatus> {
  return planFromMembership(await readMembership(db, userId), now);
}

/** The caller's plan; a page load reads the membership it comes from once (membershipOf). */
/** Spec §6: clients (and their lists) are for enterprise accounts, by account type or plan. */
export function isEnterprise(plan: Pick<PlanStatus, "accountType" | "planType">): boolean {
  return plan.accountType === "ENTERPRISE" || plan.planType === "ENTERPRISE";
}

export async function planStatusOf(ctx: UserContext): Promise<PlanStatus> {
  return planFromMembership(await membershipOf(ctx));
}

/** Campaign-only: takes part in campaigns but has no team membership (spec §6). Plan is checked by the caller. */
export async function isCampaignOnlyUser(db: Database, user: { id: string; email: string }): Promise<boolean> {
  const member = await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.userId, user.id)).limit(1);
  if (member.length) return false;
  const [participant, contributor] = await db.batch([
    db
      .select({ hit: sql<number>`1` })
      .from(campaignParticipants)
      .where(eq(campaignParticipants.userId, user.id))
      .limit(1),
    db
      .select({ hit: sql<number>`1` })
      .from(campaignUsers)
      .where(eq(campaignUsers.email, user.email))
      .limit(1),
  ]);
  return participant.length > 0 || contributor.length > 0;
}

/**
 * Spec §4: creating things (exercises, documents) needs an active plan. 402 with where to go, so
 * the client can send the user to pricing. `what` finishes "required to …".
 */
export async function assertActivePlan(db: Database, userId: string, what: string): Promise<void> {
  const plan = await getPlanStatus(db, userId);
  if (!plan.hasActivePlan) {
    throw new HttpError(402, "subscription_required", `An active subscription is required to ${what}. Choose a plan at ${PRICING_PATH}.`, {
      redirectTo: PRICING_PATH,
    });
  }
}
