import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, json, timestamp, updatedAt } from "../columns";
import { jsonObject } from "../shapes";
import { accounts, users } from "./auth";
import { nowDate } from "../../lib/clock";

export const planTypes = ["SOLO", "TEAM", "ENTERPRISE"] as const;
export const billingIntervals = ["MONTHLY", "YEARLY"] as const;
export const planStatuses = ["active", "trialing", "past_due", "paused", "canceled", "incomplete"] as const;
export const planSources = ["stripe", "admin"] as const;
export const transactionTypes = ["PURCHASE", "GRANT", "SPEND", "EXPIRE", "REVOKE", "ADJUSTMENT"] as const;
export const transactionStatuses = ["PENDING", "COMPLETED", "FAILED", "REVERSED"] as const;

/**
 * The plan of one account. Beyond the spec's fields it mirrors the subscription state (status,
 * period end, cancel flag) so the access guard can decide "active plan" from one row, whether the
 * plan came from Stripe or from an admin grant (source).
 */
export const accountPlanMetadata = sqliteTable(
  "AccountPlanMetadata",
  {
    id: id(),
    accountId: text("accountId")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    planType: text("planType", { enum: planTypes }).notNull(),
    billingInterval: text("billingInterval", { enum: billingIntervals }),
    trialEndDate: timestamp("trialEndDate"),
    isInTrial: bool("isInTrial").notNull().default(false),
    status: text("status", { enum: planStatuses }).notNull().default("active"),
    currentPeriodEnd: timestamp("currentPeriodEnd"),
    cancelAtPeriodEnd: bool("cancelAtPeriodEnd").notNull().default(false),
    source: text("source", { enum: planSources }).notNull().default("admin"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("AccountPlanMetadata_accountId_key").on(t.accountId)],
);

/** Limits are in credits; null means "no limit of that kind". */
export const creditSettings = sqliteTable(
  "CreditSettings",
  {
    id: id(),
    accountId: text("accountId")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("userId").references(() => users.id, { onDelete: "set null" }),
    hasUnlimitedUsage: bool("hasUnlimitedUsage").notNull().default(false),
    dailyLimit: integer("dailyLimit"),
    monthlyLimit: integer("monthlyLimit"),
    yearlyLimit: integer("yearlyLimit"),
    lowBalanceAlert: integer("lowBalanceAlert"),
    autoRefillAmount: integer("autoRefillAmount"),
    blockAdditionalPurchases: bool("blockAdditionalPurchases").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("CreditSettings_accountId_key").on(t.accountId), index("CreditSettings_userId_idx").on(t.userId)],
);

/**
 * Read model of the credit ledger (the CREDIT_LEDGER Durable Object is the single writer);
 * `version` increases with every applied transaction so a stale projection is detectable.
 */
export const creditBalances = sqliteTable(
  "CreditBalance",
  {
    id: id(),
    accountId: text("accountId")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("userId").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(0),
    currentBalance: integer("currentBalance").notNull().default(0),
    grantedCreditsAvailable: integer("grantedCreditsAvailable").notNull().default(0),
    pendingSpend: integer("pendingSpend").notNull().default(0),
    dailySpend: integer("dailySpend").notNull().default(0),
    monthlySpend: integer("monthlySpend").notNull().default(0),
    yearlySpend: integer("yearlySpend").notNull().default(0),
    totalGranted: integer("totalGranted").notNull().default(0),
    totalSpent: integer("totalSpent").notNull().default(0),
    totalExpired: integer("totalExpired").notNull().default(0),
    totalRefunded: integer("totalRefunded").notNull().default(0),
    /** Start instants of the current day / month / year spend windows. */
    periodStartDay: timestamp("periodStartDay"),
    periodStartMonth: timestamp("periodStartMonth"),
    periodStartYear: timestamp("periodStartYear"),
    lastUpdated: updatedAtNamed("lastUpdated"),
  },
  (t) => [uniqueIndex("CreditBalance_accountId_key").on(t.accountId), index("CreditBalance_userId_idx").on(t.userId)],
);

function updatedAtNamed(name: string) {
  return timestamp(name)
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdateFn(() => nowDate());
}

/** A metered piece of work (an AI call, an export…) that transactions are charged against. */
export const actions = sqliteTable(
  "Action",
  {
    id: id(),
    accountId: text("accountId")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("userId").references(() => users.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    entityId: text("entityId"),
    entityType: text("entityType"),
    metadata: json("metadata", jsonObject),
    createdAt: createdAt(),
    completedAt: timestamp("completedAt"),
  },
  (t) => [
    index("Action_accountId_createdAt_idx").on(t.accountId, t.createdAt),
    index("Action_userId_idx").on(t.userId),
    index("Action_entity_idx").on(t.entityType, t.entityId),
  ],
);

/** Amount is signed credits: positive adds to the balance, negative takes from it. */
export const transactions = sqliteTable(
  "Transaction",
  {
    id: id(),
    amount: integer("amount").notNull(),
    type: text("type", { enum: transactionTypes }).notNull(),
    status: text("status", { enum: transactionStatuses }).notNull().default("PENDING"),
    idempotencyKey: text("idempotencyKey"),
    metadata: json("metadata", jsonObject),
    expired: bool("expired").notNull().default(false),
    expiresAt: timestamp("expiresAt"),
    createdAt: createdAt(),
    accountId: text("accountId")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("userId").references(() => users.id, { onDelete: "set null" }),
    actionId: text("actionId").references(() => actions.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("Transaction_accountId_idempotencyKey_key").on(t.accountId, t.idempotencyKey),
    index("Transaction_accountId_createdAt_idx").on(t.accountId, t.createdAt),
    index("Transaction_userId_idx").on(t.userId),
    index("Transaction_actionId_idx").on(t.actionId),
    index("Transaction_expiresAt_idx").on(t.expired, t.expiresAt),
  ],
);

/** One row per Stripe webhook event already applied; id is Stripe's event id (evt_…). */
export const processedStripeEvents = sqliteTable("ProcessedStripeEvent", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processedAt")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

export type AccountPlanMetadata = typeof accountPlanMetadata.$inferSelect;
export type PlanType = (typeof planTypes)[number];
export type BillingInterval = (typeof billingIntervals)[number];
export type PlanStatus = (typeof planStatuses)[number];
export type CreditSettings = typeof creditSettings.$inferSelect;
export type CreditBalance = typeof creditBalances.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;
export type TransactionType = (typeof transactionTypes)[number];
export type TransactionStatus = (typeof transactionStatuses)[number];
export type Action = typeof actions.$inferSelect;
