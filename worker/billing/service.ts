import { getTenancyAccountId } from "../accounts/service";
import type { AppContext, UserContext } from "../context";
import { getEmailSender } from "../lib/email";
import { badRequest, conflict, HttpError, notFound, paymentRequired } from "../lib/errors";
import { newId } from "../lib/ids";
import { ensurePlanAllowance } from "./allowance";
import { LedgerError, ledgerFor, type LedgerClient } from "./ledger";
import type { BalanceView, LedgerEvent, LedgerState, Metadata, OpSuccess, SettingsInput, TransactionView } from "./ledger-types";
import { creditsForUsage, type AiUsage } from "./pricing";
import { nowMs } from "../lib/clock";

/**
 * Billing's credit service: the ONLY way other features charge or read credits. It resolves the
 * caller's tenancy account (team members draw on their team's account), talks to that account's
 * CREDIT_LEDGER object, maps ledger refusals to HTTP errors (402 `Credit limit exceeded`), and
 * turns ledger events into e-mail.
 */

// ------------------------------------------------------------------------------------------------
// Errors

/** Ledger refusal → the HTTP error the API answers with. */
function toHttpError(err: unknown): unknown {
  if (!(err instanceof LedgerError)) return err;
  switch (err.code) {
    case "insufficient_credits":
    case "limit_exceeded":
      return paymentRequired();
    case "purchases_blocked":
      return new HttpError(409, "purchases_blocked", "This account does not accept additional credit purchases.");
    case "not_found":
      return notFound(err.message);
    case "invalid_transition":
    case "idempotency_conflict":
      return conflict(err.message, err.code);
    case "invalid_input":
      return badRequest(err.message, "invalid_input");
    default:
      return new Error(`Credit ledger: ${err.code}: ${err.message}`);
  }
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toHttpError(err);
  }
}

// ------------------------------------------------------------------------------------------------
// Events (low-balance e-mail, auto-refill)

export type LedgerEventHandler = (ctx: AppContext, event: LedgerEvent) => Promise<void>;
export type LedgerEventHandlers = Partial<Record<LedgerEvent["kind"], LedgerEventHandler>>;

/** E-mails the account's owner that the balance fell below their alert threshold. */
export const sendLowBalanceEmail: LedgerEventHandler = async (ctx, event) => {
  const owner = await ctx.env.DB.prepare(`SELECT u.email AS email, u.firstName AS firstName FROM "Account" a JOIN "User" u ON u.id = a.userId WHERE a.id = ?`)
    .bind(event.accountId)
    .first<{ email: string; firstName: string }>();
  if (!owner) return;
  const { config } = ctx;
  const { currentBalance, threshold } = event.payload;
  await getEmailSender(ctx.env, config).send({
    to: owner.email,
    kind: "low-balance",
    subject: "Your Readyroom credit balance is low",
    text:
      `Hello ${owner.firstName || "there"},\n\n` +
      `Your Readyroom account has ${currentBalance} credits left, below your alert threshold of ${threshold}.\n` +
      `Buy more credits or change the threshold at ${config.APP_URL}/account/pricing.\n`,
  });
};

/**
 * Handlers other features register for ledger events, at composition (worker/composition.ts):
 * auto-refill needs a stored payment method and Stripe, which the payments feature owns, and
 * payments depends on billing, so billing must not import it. Kept on globalThis because the Remix
 * server build bundles its own copy of this module; the Worker entry registers before any request.
 */
const registered: LedgerEventHandlers = ((globalThis as { __readyroomLedgerEventHandlers?: LedgerEventHandlers }).__readyroomLedgerEventHandlers ??= {});

export function registerLedgerEventHandler(kind: LedgerEvent["kind"], handler: LedgerEventHandler): void {
  registered[kind] = handler;
}

/** Billing's own handler (the low-balance e-mail) and those registered by other features. */
export function ledgerEventHandlers(): LedgerEventHandlers {
  return { low_balance: sendLowBalanceEmail, ...registered };
}

/**
 * Delivers events handed out with a ledger result and acknowledges the ones delivered. A failed
 * handler leaves its event unacknowledged: the ledger offers it again after its lease. Delivery
 * never fails the operation that caused it.
 */
async function deliverEvents(ctx: AppContext, ledger: LedgerClient, events: LedgerEvent[], handlers: LedgerEventHandlers = ledgerEventHandlers()) {
  if (events.length === 0) return;
  const delivered: string[] = [];
  for (const event of events) {
    try {
      await handlers[event.kind]?.(ctx, event);
      delivered.push(event.id);
    } catch (err) {
      console.error(`[billing] ${event.kind} event for ${event.accountId} not delivered:`, err);
    }
  }
  await ledger.ackEvents(delivered);
}

async function withEvents(ctx: AppContext, ledger: LedgerClient, result: OpSuccess, handlers?: LedgerEventHandlers): Promise<OpSuccess> {
  await deliverEvents(ctx, ledger, result.events, handlers);
  return result;
}

/** Admin-granted plans get their monthly credits here (no Stripe invoice grants them): see allowance.ts. */
async function withAllowance(ctx: AppContext, ledger: LedgerClient, handlers?: LedgerEventHandlers): Promise<void> {
  const granted = await call(() => ensurePlanAllowance(ctx, ledger));
  if (granted) await withEvents(ctx, ledger, granted, handlers);
}

// ------------------------------------------------------------------------------------------------
// Accounts

/** The account whose credits the user spends: their team's when they are a member, else their own. */
export async function resolveAccountId(ctx: UserContext): Promise<string | null> {
  return getTenancyAccountId(ctx.db, ctx.user.id);
}

// ------------------------------------------------------------------------------------------------
// Charging AI work

export interface AiChargeInput {
  /** What was paid for, recorded on the Action row (e.g. "conversation", "document-chat"). */
  category: string;
  entityType?: string | null;
  entityId?: string | null;
  /** Credits to hold before the call; settle adjusts to the real usage. */
  estimate: number;
  metadata?: Metadata | null;
  handlers?: LedgerEventHandlers;
  /**
   * A stable id for work that may run more than once (a redelivered queue message, e.g.
   * `alert:<alertId>:<triggerDate>`): the reserve and settle are keyed by it, so a repeat replays
   * the first charge instead of charging again. Unset: a fresh id per call.
   */
  actionId?: string;
}

interface SettledCharge {
  charged: number;
  /** Credits used beyond what the account had (charged up to the balance, recorded here). */
  uncharged: number;
  balance: BalanceView;
  transaction: TransactionView;
}

export interface AiCharge {
  accountId: string;
  actionId: string;
  reservationId: string;
  held: number;
  /**
   * After the stream ends: the real usage (credits, or token counts converted by pricing.ts).
   * `metadata` is recorded on the transaction with it (e.g. why and from what an interrupted
   * answer was charged).
   */
  settle(usage: number | AiUsage, metadata?: Metadata): Promise<SettledCharge>;
  /** On failure before any usage: gives the held credits back. Safe after settle (does nothing). */
  release(): Promise<void>;
}

/**
 * Reserves credits for one AI call. Throws 402 `Credit limit exceeded` when the account's
 * available balance or a spend limit does not allow it. Call `settle` with the usage after the
 * stream ends, or `release` if the call failed. Both are idempotent (keyed by the action), so a
 * retried settle never charges twice.
 */
export async function chargeForAi(ctx: UserContext, input: AiChargeInput): Promise<AiCharge> {
  if (!Number.isSafeInteger(input.estimate) || input.estimate < 1) throw badRequest("estimate must be a positive whole number of credits");
  const accountId = await resolveAccountId(ctx);
  if (!accountId) throw paymentRequired();
  return chargeAccountForAi(ctx, { accountId, userId: ctx.user.id }, input);
}

/**
 * chargeForAi on a named account instead of the caller's tenancy account: work paid by an account
 * the acting user does not spend from themselves (a campaign synthesis, charged to the campaign's
 * team account). `userId` is who the ledger records as acting, null for nobody in particular.
 */
export async function chargeAccountForAi(ctx: AppContext, payer: { accountId: string; userId: string | null }, input: AiChargeInput): Promise<AiCharge> {
  const { accountId, userId } = payer;
  if (!Number.isSafeInteger(input.estimate) || input.estimate < 1) throw badRequest("estimate must be a positive whole number of credits");
  const ledger = ledgerFor(ctx, accountId);
  await withAllowance(ctx, ledger, input.handlers);
  const actionId = input.actionId ?? newId();
  const reserved = await call(() =>
    ledger.reserve({
      userId,
      amount: input.estimate,
      idempotencyKey: `ai:${actionId}:reserve`,
      metadata: { category: input.category },
      action: {
        id: actionId,
        category: input.category,
        entityType: input.entityType ?? null,
        entityId: input.entityId ?? null,
        metadata: input.metadata ?? null,
      },
    }),
  );
  await withEvents(ctx, ledger, reserved, input.handlers);
  // A reserve answers the one PENDING spend it created.
  const reservation = reserved.transactions[0]!;
  return {
    accountId,
    actionId,
    reservationId: reservation.id,
    held: -reservation.amount,
    async settle(usage, extra) {
      const actualAmount = typeof usage === "number" ? usage : creditsForUsage(usage);
      const metadata = typeof usage === "number" ? (extra ?? null) : { usage, ...extra };
      const settled = await call(() =>
        ledger.settle({
          userId,
          reservationId: reservation.id,
          actualAmount,
          idempotencyKey: `ai:${actionId}:settle`,
          metadata,
        }),
      );
      await withEvents(ctx, ledger, settled, input.handlers);
      const tx = settled.transactions[0]!;
      return { charged: -tx.amount, uncharged: Number(tx.metadata?.uncharged ?? 0), balance: settled.balance, transaction: tx };
    },
    async release() {
      try {
        const released = await ledger.release({ userId, reservationId: reservation.id, idempotencyKey: `ai:${actionId}:release` });
        await withEvents(ctx, ledger, released, input.handlers);
      } catch (err) {
        // Already settled: the credits were charged for real work, nothing to give back.
        if (err instanceof LedgerError && err.code === "invalid_transition") return;
        throw toHttpError(err);
      }
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Reads

export interface Usage {
  monthlySpend: number;
  currentBalance: number;
  stripeSubscriptionId: string | null;
  hasUnlimitedUsage: boolean;
}

/** GET /api/billing/usage (spec §7): the caller's tenancy account, read from its ledger. */
export async function getUsage(ctx: UserContext): Promise<Usage> {
  const accountId = await resolveAccountId(ctx);
  if (!accountId) return { monthlySpend: 0, currentBalance: 0, stripeSubscriptionId: null, hasUnlimitedUsage: false };
  const ledger = ledgerFor(ctx, accountId);
  await withAllowance(ctx, ledger);
  const [state, account] = await Promise.all([
    call(() => ledger.getState()),
    ctx.env.DB.prepare(`SELECT stripeSubscriptionId FROM "Account" WHERE id = ?`).bind(accountId).first<{ stripeSubscriptionId: string | null }>(),
  ]);
  return {
    monthlySpend: state.balance.monthlySpend,
    currentBalance: state.balance.currentBalance,
    stripeSubscriptionId: account?.stripeSubscriptionId ?? null,
    hasUnlimitedUsage: state.settings.hasUnlimitedUsage,
  };
}

export async function getLedgerState(ctx: AppContext, accountId: string): Promise<LedgerState> {
  return call(() => ledgerFor(ctx, accountId).getState());
}

// ------------------------------------------------------------------------------------------------
// Account-level operations for payments, admin and cron. Each needs a caller-chosen idempotency
// key that names the real-world cause (Stripe invoice id, admin request id…), so a retry of the
// same cause can never apply twice.

type AccountOp = { accountId: string; idempotencyKey: string; userId?: string | null; metadata?: Metadata | null; handlers?: LedgerEventHandlers };

async function accountOp(ctx: AppContext, input: AccountOp, run: (ledger: LedgerClient) => Promise<OpSuccess>): Promise<OpSuccess> {
  const ledger = ledgerFor(ctx, input.accountId);
  return withEvents(ctx, ledger, await call(() => run(ledger)), input.handlers);
}

/** Granted credits (plan's monthly credits, admin grants), optionally expiring at `expiresAt`. */
export function grantCredits(ctx: AppContext, input: AccountOp & { amount: number; expiresAt?: number | null }) {
  const { accountId: _a, handlers: _h, ...rest } = input;
  return accountOp(ctx, input, (l) => l.grant(rest));
}

/** Purchased credits (a paid credit pack). 409 when the account blocks additional purchases. */
export function purchaseCredits(ctx: AppContext, input: AccountOp & { amount: number }) {
  const { accountId: _a, handlers: _h, ...rest } = input;
  return accountOp(ctx, input, (l) => l.purchase(rest));
}

/** Takes back up to `amount` available credits (from one grant if named). */
export function revokeCredits(ctx: AppContext, input: AccountOp & { amount: number; grantTransactionId?: string | null }) {
  const { accountId: _a, handlers: _h, ...rest } = input;
  return accountOp(ctx, input, (l) => l.revoke(rest));
}

/** Signed manual correction; 402 if a debit would take more than is available. */
export function adjustCredits(ctx: AppContext, input: AccountOp & { amount: number }) {
  const { accountId: _a, handlers: _h, ...rest } = input;
  return accountOp(ctx, input, (l) => l.adjust(rest));
}

/** Reverses a completed SPEND (credits back). 409 for any other type or status. */
export function refundSpend(ctx: AppContext, input: AccountOp & { transactionId: string }) {
  const { accountId: _a, handlers: _h, ...rest } = input;
  return accountOp(ctx, input, (l) => l.refund(rest));
}

export async function updateCreditSettings(ctx: AppContext, input: Omit<SettingsInput, "now">): Promise<LedgerState> {
  const { accountId, ...rest } = input;
  return call(() => ledgerFor(ctx, accountId).updateSettings(rest));
}

// ------------------------------------------------------------------------------------------------
// Cron

/**
 * Hourly cron task: expires grants past their `expiresAt`. Accounts are found from the D1 copy
 * (Durable Objects cannot be enumerated); the expiry itself happens in each ledger, keyed per
 * grant, so overlapping or repeated runs expire each grant once. A grant written in the last few
 * seconds may not be in D1 yet: the next run catches it.
 */
export async function expireGrants(ctx: AppContext, now = nowMs()): Promise<{ accounts: number; expired: number; failed: number }> {
  const { results } = await ctx.env.DB.prepare(
    `SELECT DISTINCT accountId FROM "Transaction" WHERE type = 'GRANT' AND expired = 0 AND expiresAt IS NOT NULL AND expiresAt <= ?`,
  )
    .bind(now)
    .all<{ accountId: string }>();
  let expired = 0;
  let failed = 0;
  for (const { accountId } of results) {
    try {
      const result = await accountOp(ctx, { accountId, idempotencyKey: `cron:expire:${now}` }, (l) => l.expire({ idempotencyKey: `cron:expire:${now}`, now }));
      expired += result.transactions.filter((t) => t.type === "EXPIRE").length;
    } catch (err) {
      failed += 1;
      console.error(`[billing] expiring grants of ${accountId} failed:`, err);
    }
  }
  return { accounts: results.length, expired, failed };
}
