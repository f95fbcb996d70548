import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";
import { BALANCE_COLUMN_NAMES, type BalanceRow } from "../worker/billing/balance-columns";
import { mirrorStatements } from "../worker/billing/mirror";
import {
  ALLOWED_TRANSITIONS,
  REFUNDABLE_TYPES,
  type AdjustInput,
  type Base,
  type ExpireInput,
  type GrantInput,
  type LedgerAudit,
  type LedgerEvent,
  type LedgerFailure,
  type LedgerState,
  type Metadata,
  type OpResult,
  type OpSuccess,
  type PurchaseInput,
  type RefundInput,
  type ReleaseInput,
  type ReserveInput,
  type RevokeInput,
  type SettingsInput,
  type SettingsView,
  type SettleInput,
  type TransactionStatus,
  type TransactionType,
  type TransactionView,
} from "../worker/billing/ledger-types";
import { nowMs, runtimeNow } from "../worker/lib/clock";
import {
  balanceView,
  freshBalance,
  isCount,
  isPositive,
  parseMeta,
  Refusal,
  rollPeriods,
  settingsFromRow,
  thresholdCrossings,
  txView,
  type OpContext,
} from "./ledger/accounting";
import {
  forgetMirrored,
  insertEvent,
  leaseEvents,
  markMirror,
  MIRROR_DELAY_MS,
  MIRROR_PAGE,
  mirrorBatch,
  pendingMirrorRefs,
  type MirrorKind,
} from "./ledger/outbox";
import { SAVE_BALANCE, SCHEMA, type Row, type TxRow } from "./ledger/schema";

export { periodStarts } from "./ledger/accounting";

/**
 * CREDIT_LEDGER: the single writer of one account's credits (one object per account,
 * `idFromName(accountId)`), and the source of truth for its balance.
 *
 * Consistency: every operation is one synchronous `transactionSync` over the object's SQLite
 * storage — no `await` between reading the balance and writing it back — so concurrent RPC calls
 * run one after another and cannot interleave a read-modify-write; a refusal thrown half-way rolls
 * everything back. CHECK constraints on the balance row are a second line of defence.
 *
 * Accounting identity (checked by `audit()` and the property tests):
 *   currentBalance = totalGranted + totalPurchased + totalRefunded + totalAdjusted
 *                    − totalSpent − totalExpired − totalRevoked
 * where totalAdjusted is the signed net of all ADJUSTMENTs and totalSpent counts every settled
 * spend, including ones later refunded (the refund is counted in totalRefunded). Equivalently,
 * currentBalance = Σ amount of COMPLETED transactions, pendingSpend = credits held by PENDING
 * spends, and 0 ≤ pendingSpend ≤ currentBalance, 0 ≤ grantedCreditsAvailable ≤ currentBalance.
 *
 * Which credits a debit takes: granted credits first (soonest expiry first), then the rest
 * (purchased, refunded, adjusted credits, which do not expire). Refunded credits come back as
 * non-expiring credits.
 */

export class CreditLedger extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private mirrorScheduled = false;
  private flushing: Promise<number> | null = null;
  private settingsCache: SettingsView | null = null;
  /**
   * The committed balance row. Replaced only after a transaction has returned successfully, so a
   * refusal (which rolls SQLite back) can never leave a half-applied copy here.
   */
  private balanceCache: BalanceRow | null | undefined = undefined;
  /** Rows in `events`, possibly overcounted (a rolled-back insert): only used to skip a query. */
  private eventsOutstanding: number;
  /** Balance version last written to D1 by this incarnation (the upsert is version-guarded). */
  private mirroredVersion = -1;
  private mirrorRetryMs = 0;
  /** Views of the transactions the current operation wrote, to answer without reading them back. */
  private touched = new Map<string, TransactionView>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    this.eventsOutstanding = Number(this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n);
    if (this.sql.exec("SELECT 1 FROM mirror LIMIT 1").toArray().length > 0) {
      // Changes left unflushed by a previous incarnation: make sure an alarm will carry them.
      this.mirrorScheduled = true;
      void ctx.blockConcurrencyWhile(async () => {
        if ((await ctx.storage.getAlarm()) == null) await ctx.storage.setAlarm(runtimeNow());
      });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Operations. Each is idempotent by `idempotencyKey` and answers OpResult (never throws for a
  // business refusal: typed errors do not survive RPC, plain data does).

  /** Adds granted credits, optionally expiring at `expiresAt` (epoch ms). */
  grant(input: GrantInput): OpResult {
    return this.run("grant", input, ({ b, now }) => {
      if (!isPositive(input.amount)) throw new Refusal("invalid_input", "amount must be a positive integer");
      if (input.expiresAt != null && !isCount(input.expiresAt)) throw new Refusal("invalid_input", "expiresAt must be epoch milliseconds");
      const id = this.insertTx(input, now, { type: "GRANT", status: "COMPLETED", amount: input.amount, remaining: input.amount, expiresAt: input.expiresAt ?? null });
      b.currentBalance += input.amount;
      b.grantedCreditsAvailable += input.amount;
      b.totalGranted += input.amount;
      return [id];
    });
  }

  /** Adds purchased (non-expiring) credits, unless the account blocks additional purchases. */
  purchase(input: PurchaseInput): OpResult {
    return this.run("purchase", input, ({ b, s, now }) => {
      if (!isPositive(input.amount)) throw new Refusal("invalid_input", "amount must be a positive integer");
      if (s.blockAdditionalPurchases) throw new Refusal("purchases_blocked", "This account does not accept additional credit purchases.");
      const id = this.insertTx(input, now, { type: "PURCHASE", status: "COMPLETED", amount: input.amount });
      b.currentBalance += input.amount;
      b.totalPurchased += input.amount;
      return [id];
    });
  }

  /**
   * Holds credits before AI work: a PENDING SPEND. Refused when it would pass the available
   * balance (currentBalance − pendingSpend) or a daily/monthly/yearly limit, counting what other
   * reservations already hold. With hasUnlimitedUsage neither check applies; the hold is then
   * whatever is available (the balance still never goes below zero).
   */
  reserve(input: ReserveInput): OpResult {
    return this.run("reserve", input, ({ b, s, now }) => {
      if (!isPositive(input.amount)) throw new Refusal("invalid_input", "amount must be a positive integer");
      const available = b.currentBalance - b.pendingSpend;
      let held = input.amount;
      if (s.hasUnlimitedUsage) {
        held = Math.min(input.amount, available);
      } else {
        if (input.amount > available) {
          throw new Refusal("insufficient_credits", "Credit limit exceeded", { available, requested: input.amount });
        }
        const windows = [
          ["daily", s.dailyLimit, b.dailySpend],
          ["monthly", s.monthlyLimit, b.monthlySpend],
          ["yearly", s.yearlyLimit, b.yearlySpend],
        ] as const;
        for (const [period, limit, spent] of windows) {
          if (limit != null && spent + b.pendingSpend + input.amount > limit) {
            throw new Refusal("limit_exceeded", "Credit limit exceeded", { period, limit, spent, pending: b.pendingSpend, requested: input.amount });
          }
        }
      }
      const action = input.action;
      if (action) {
        this.sql.exec(
          `INSERT OR IGNORE INTO actions (id, accountId, userId, category, entityId, entityType, metadata, createdAt)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          action.id,
          b.accountId,
          input.userId ?? null,
          action.category,
          action.entityId ?? null,
          action.entityType ?? null,
          action.metadata ? JSON.stringify(action.metadata) : null,
          now,
        );
        this.markMirror("action", action.id);
      }
      const metadata = held === input.amount ? input.metadata : { ...(input.metadata ?? {}), requested: input.amount };
      const id = this.insertTx({ ...input, metadata }, now, { type: "SPEND", status: "PENDING", amount: -held, actionId: action?.id ?? null });
      b.pendingSpend += held;
      return [id];
    });
  }

  /**
   * Completes a reservation at the actual cost: PENDING → COMPLETED. Less than held releases the
   * rest; more than held charges the extra only up to what is available and records the shortfall
   * in metadata (`uncharged`): the work is done, the balance still never goes below zero.
   */
  settle(input: SettleInput): OpResult {
    return this.run("settle", input, ({ b, now }) => {
      if (!isCount(input.actualAmount)) throw new Refusal("invalid_input", "actualAmount must be a non-negative integer");
      const tx = this.pendingSpend(input.reservationId, "COMPLETED");
      const held = -tx.amount;
      const extra = Math.max(0, input.actualAmount - held);
      const charge = Math.min(input.actualAmount, held + Math.min(extra, b.currentBalance - b.pendingSpend));
      b.pendingSpend -= held;
      this.debit(b, charge);
      b.totalSpent += charge;
      b.dailySpend += charge;
      b.monthlySpend += charge;
      b.yearlySpend += charge;
      const metadata: Metadata = { ...(parseMeta(tx.metadata) ?? {}), ...(input.metadata ?? {}), reserved: held, actual: input.actualAmount };
      if (charge < input.actualAmount) metadata.uncharged = input.actualAmount - charge;
      this.updateTx(tx, now, { status: "COMPLETED", amount: -charge, metadata });
      if (tx.actionId) {
        this.sql.exec("UPDATE actions SET completedAt = ? WHERE id = ?", now, tx.actionId);
        this.markMirror("action", tx.actionId);
      }
      return [tx.id];
    });
  }

  /** Gives a reservation's held credits back: PENDING → FAILED (the AI call failed). */
  release(input: ReleaseInput): OpResult {
    return this.run("release", input, ({ b, now }) => {
      const tx = this.pendingSpend(input.reservationId, "FAILED");
      b.pendingSpend -= -tx.amount;
      this.updateTx(tx, now, { status: "FAILED", ...(input.metadata ? { metadata: { ...(parseMeta(tx.metadata) ?? {}), ...input.metadata } } : {}) });
      return [tx.id];
    });
  }

  /**
   * Takes credits away (plan cancelled, chargeback, Stripe refund of a purchase): as much of
   * `amount` as is available, from one grant when `grantTransactionId` is given. Held credits of
   * pending reservations are never taken. The REVOKE records what was asked (`requested`).
   */
  revoke(input: RevokeInput): OpResult {
    return this.run("revoke", input, ({ b, now }) => {
      if (!isPositive(input.amount)) throw new Refusal("invalid_input", "amount must be a positive integer");
      let amount = Math.min(input.amount, b.currentBalance - b.pendingSpend);
      if (input.grantTransactionId) {
        const grant = this.getTx(input.grantTransactionId);
        if (!grant || grant.type !== "GRANT") throw new Refusal("not_found", "No such grant on this account.");
        amount = Math.min(amount, grant.expired ? 0 : grant.remaining);
        this.sql.exec("UPDATE tx SET remaining = remaining - ? WHERE id = ?", amount, grant.id);
        b.grantedCreditsAvailable -= amount;
        b.currentBalance -= amount;
      } else {
        this.debit(b, amount);
      }
      b.totalRevoked += amount;
      const metadata = { ...(input.metadata ?? {}), requested: input.amount, ...(input.grantTransactionId ? { grantTransactionId: input.grantTransactionId } : {}) };
      return [this.insertTx({ ...input, metadata }, now, { type: "REVOKE", status: "COMPLETED", amount: -amount })];
    });
  }

  /** A manual correction, positive or negative; refused if it would take more than is available. */
  adjust(input: AdjustInput): OpResult {
    return this.run("adjust", input, ({ b, now }) => {
      if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Refusal("invalid_input", "amount must be a non-zero integer");
      if (input.amount > 0) {
        b.currentBalance += input.amount;
      } else {
        const available = b.currentBalance - b.pendingSpend;
        if (-input.amount > available) {
          throw new Refusal("insufficient_credits", "Credit limit exceeded", { available, requested: -input.amount });
        }
        this.debit(b, -input.amount);
      }
      b.totalAdjusted += input.amount;
      return [this.insertTx(input, now, { type: "ADJUSTMENT", status: "COMPLETED", amount: input.amount })];
    });
  }

  /** Reverses a completed SPEND: COMPLETED → REVERSED, the credits come back. */
  refund(input: RefundInput): OpResult {
    return this.run("refund", input, ({ b, now }) => {
      const tx = this.getTx(input.transactionId);
      if (!tx) throw new Refusal("not_found", "No such transaction on this account.");
      if (!REFUNDABLE_TYPES.includes(tx.type) || !ALLOWED_TRANSITIONS[tx.status].includes("REVERSED")) {
        throw new Refusal("invalid_transition", `A ${tx.status} ${tx.type} cannot be refunded.`, { type: tx.type, status: tx.status });
      }
      const charged = -tx.amount;
      b.currentBalance += charged;
      b.totalRefunded += charged;
      // The spend stops counting toward the limit windows it was settled in.
      if (b.periodStartDay != null && tx.updatedAt >= b.periodStartDay) b.dailySpend = Math.max(0, b.dailySpend - charged);
      if (b.periodStartMonth != null && tx.updatedAt >= b.periodStartMonth) b.monthlySpend = Math.max(0, b.monthlySpend - charged);
      if (b.periodStartYear != null && tx.updatedAt >= b.periodStartYear) b.yearlySpend = Math.max(0, b.yearlySpend - charged);
      const metadata = { ...(parseMeta(tx.metadata) ?? {}), refundedAt: now, refundKey: input.idempotencyKey, ...(input.metadata ?? {}) };
      this.updateTx(tx, now, { status: "REVERSED", metadata });
      return [tx.id];
    });
  }

  /**
   * Expires every grant whose `expiresAt` has passed: what is left of it becomes an EXPIRE
   * transaction (keyed by the grant, so it can happen once per grant whatever the caller's key).
   * Credits already held by pending reservations are not pulled from under them.
   */
  expire(input: ExpireInput): OpResult {
    return this.run("expire", input, ({ b, now }) => {
      const due = this.sql
        .exec<Row>("SELECT * FROM tx WHERE type = 'GRANT' AND expired = 0 AND expiresAt IS NOT NULL AND expiresAt <= ? ORDER BY expiresAt, createdAt, rowid", now)
        .toArray() as unknown as TxRow[];
      const ids: string[] = [];
      for (const grant of due) {
        const left = grant.remaining;
        const amount = Math.min(left, b.currentBalance - b.pendingSpend);
        this.sql.exec("UPDATE tx SET expired = 1, remaining = 0, updatedAt = ? WHERE id = ?", now, grant.id);
        this.markMirror("tx", grant.id);
        ids.push(grant.id);
        b.grantedCreditsAvailable -= left;
        if (left === 0) continue;
        b.currentBalance -= amount;
        b.totalExpired += amount;
        ids.push(
          this.insertTx({ ...input, idempotencyKey: `expire:grant:${grant.id}`, metadata: { grantTransactionId: grant.id, remaining: left } }, now, {
            type: "EXPIRE",
            status: "COMPLETED",
            amount: -amount,
          }),
        );
      }
      return ids;
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Settings, reads, events, mirror.

  updateSettings(input: SettingsInput): LedgerState | LedgerFailure {
    try {
      const state = this.ctx.storage.transactionSync(() => {
        const now = input.now ?? nowMs();
        for (const key of ["dailyLimit", "monthlyLimit", "yearlyLimit", "lowBalanceAlert", "autoRefillAmount"] as const) {
          const v = input[key];
          if (v !== undefined && v !== null && !isCount(v)) throw new Refusal("invalid_input", `${key} must be a non-negative integer or null`);
        }
        const b = this.loadBalance(input, now);
        const current = this.loadSettings(b.accountId);
        const next: SettingsView = {
          ...current,
          userId: current.userId ?? input.userId ?? null,
          hasUnlimitedUsage: input.hasUnlimitedUsage ?? current.hasUnlimitedUsage,
          dailyLimit: input.dailyLimit !== undefined ? input.dailyLimit : current.dailyLimit,
          monthlyLimit: input.monthlyLimit !== undefined ? input.monthlyLimit : current.monthlyLimit,
          yearlyLimit: input.yearlyLimit !== undefined ? input.yearlyLimit : current.yearlyLimit,
          lowBalanceAlert: input.lowBalanceAlert !== undefined ? input.lowBalanceAlert : current.lowBalanceAlert,
          autoRefillAmount: input.autoRefillAmount !== undefined ? input.autoRefillAmount : current.autoRefillAmount,
          blockAdditionalPurchases: input.blockAdditionalPurchases ?? current.blockAdditionalPurchases,
        };
        const existing = this.sql.exec<{ createdAt: number }>("SELECT createdAt FROM settings WHERE k = 1").toArray()[0];
        this.sql.exec(
          `INSERT OR REPLACE INTO settings (k, id, accountId, userId, hasUnlimitedUsage, dailyLimit, monthlyLimit, yearlyLimit,
             lowBalanceAlert, autoRefillAmount, blockAdditionalPurchases, createdAt, updatedAt)
           VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          next.id,
          next.accountId,
          next.userId,
          next.hasUnlimitedUsage ? 1 : 0,
          next.dailyLimit,
          next.monthlyLimit,
          next.yearlyLimit,
          next.lowBalanceAlert,
          next.autoRefillAmount,
          next.blockAdditionalPurchases ? 1 : 0,
          existing?.createdAt ?? now,
          now,
        );
        // A new threshold starts from where the balance stands: no alert for already being below it.
        b.alertArmed = next.lowBalanceAlert != null && b.currentBalance >= next.lowBalanceAlert ? 1 : 0;
        b.refillArmed = b.currentBalance >= (next.lowBalanceAlert ?? 1) ? 1 : 0;
        this.saveBalance(b);
        this.markMirror("settings", "1");
        return { row: b, balance: balanceView(b), settings: next };
      });
      this.balanceCache = state.row;
      this.settingsCache = state.settings;
      this.scheduleMirror();
      return { balance: state.balance, settings: state.settings };
    } catch (err) {
      this.settingsCache = null;
      return this.failure(err);
    }
  }

  /** The balance as of `now` (spend windows that have ended read as zero) and the settings. */
  getState(input: { accountId: string; now?: number }): LedgerState | LedgerFailure {
    const row = this.readBalance();
    if (row && row.accountId !== input.accountId) return this.failure(new Refusal("account_mismatch", "This ledger belongs to another account."));
    const now = input.now ?? nowMs();
    const b = row ?? freshBalance(input.accountId, null, now);
    rollPeriods(b, now);
    return { balance: balanceView(b), settings: this.loadSettings(input.accountId) };
  }

  /** Transactions, newest first. */
  listTransactions(input: { limit?: number } = {}): TransactionView[] {
    const limit = Math.min(Math.max(1, input.limit ?? 100), 1000);
    return (this.sql.exec<Row>("SELECT * FROM tx ORDER BY createdAt DESC, rowid DESC LIMIT ?", limit).toArray() as unknown as TxRow[]).map(txView);
  }

  getTransaction(id: string): TransactionView | null {
    const r = this.getTx(id);
    return r ? txView(r) : null;
  }

  /** Recomputes the balance from the transaction rows and reports any disagreement. */
  audit(): LedgerAudit {
    // From storage, not the in-memory copy: the audit also proves the cache matches what is stored.
    const stored = (this.sql.exec<Row>(`SELECT ${BALANCE_COLUMN_NAMES.join(", ")} FROM balance WHERE k = 1`).toArray()[0] as unknown as BalanceRow) ?? null;
    const b = stored ?? freshBalance("", null, nowMs());
    const one = (q: string) => Number(this.sql.exec<{ v: number }>(q).one().v ?? 0);
    const completedSum = one("SELECT COALESCE(SUM(amount), 0) AS v FROM tx WHERE status = 'COMPLETED'");
    const pendingHeld = -one("SELECT COALESCE(SUM(amount), 0) AS v FROM tx WHERE status = 'PENDING'");
    const grantsRemaining = one("SELECT COALESCE(SUM(remaining), 0) AS v FROM tx WHERE type = 'GRANT' AND expired = 0");
    const transactionCount = one("SELECT COUNT(*) AS v FROM tx");
    const identity = b.totalGranted + b.totalPurchased + b.totalRefunded + b.totalAdjusted - b.totalSpent - b.totalExpired - b.totalRevoked;
    const problems: string[] = [];
    if (identity !== b.currentBalance) problems.push(`identity ${identity} ≠ currentBalance ${b.currentBalance}`);
    if (completedSum !== b.currentBalance) problems.push(`Σ completed ${completedSum} ≠ currentBalance ${b.currentBalance}`);
    if (pendingHeld !== b.pendingSpend) problems.push(`Σ pending ${pendingHeld} ≠ pendingSpend ${b.pendingSpend}`);
    if (grantsRemaining !== b.grantedCreditsAvailable) problems.push(`Σ grants ${grantsRemaining} ≠ grantedCreditsAvailable ${b.grantedCreditsAvailable}`);
    if (b.currentBalance < 0 || b.pendingSpend < 0 || b.pendingSpend > b.currentBalance) problems.push("balance bounds violated");
    const cached = this.readBalance();
    if (stored && cached && JSON.stringify(cached) !== JSON.stringify(stored)) problems.push("in-memory balance differs from the stored row");
    return { ok: problems.length === 0, problems, balance: balanceView(b), completedSum, pendingHeld, grantsRemaining, transactionCount };
  }

  /** Acknowledges delivered events so they are not offered again. */
  ackEvents(ids: string[]): number {
    let n = 0;
    for (const id of ids) n += this.sql.exec("DELETE FROM events WHERE id = ?", id).rowsWritten;
    this.eventsOutstanding = Math.max(0, this.eventsOutstanding - n);
    return n;
  }

  /** Writes pending changes to the D1 copy now (tests, benchmarks); returns rows written. */
  async flushMirror(): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => 0);
    this.flushing = this.flushOnce();
    try {
      return await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  async alarm(): Promise<void> {
    this.mirrorScheduled = false;
    try {
      await this.flushMirror();
      this.mirrorRetryMs = 0;
    } catch (err) {
      // D1 unavailable or refusing: the outbox keeps the changes; try again later, backing off.
      this.mirrorRetryMs = Math.min(Math.max(1000, this.mirrorRetryMs * 2), 5 * 60_000);
      console.warn(`[credit-ledger] D1 copy failed, retrying in ${this.mirrorRetryMs} ms:`, String(err));
      this.mirrorScheduled = true;
      await this.ctx.storage.setAlarm(runtimeNow() + this.mirrorRetryMs);
      return;
    }
    if (this.sql.exec("SELECT 1 FROM mirror LIMIT 1").toArray().length > 0) this.scheduleMirror();
  }

  // ---------------------------------------------------------------------------------------------
  // Internals (all synchronous).

  private run(op: string, input: Base, apply: (c: OpContext) => string[]): OpResult {
    try {
      if (typeof input?.accountId !== "string" || input.accountId === "") throw new Refusal("invalid_input", "accountId is required");
      if (typeof input.idempotencyKey !== "string" || input.idempotencyKey === "" || input.idempotencyKey.length > 200) {
        throw new Refusal("invalid_input", "idempotencyKey is required (at most 200 characters)");
      }
      if (input.now !== undefined && !isCount(input.now)) throw new Refusal("invalid_input", "now must be epoch milliseconds");
      let committed: BalanceRow | null = null;
      this.touched.clear();
      const result = this.ctx.storage.transactionSync((): OpSuccess => {
        const now = input.now ?? nowMs();
        const prior = this.sql.exec<{ op: string; result: string }>("SELECT op, result FROM ops WHERE key = ?", input.idempotencyKey).toArray()[0];
        if (prior) {
          const row = this.readBalance();
          if (row && row.accountId !== input.accountId) throw new Refusal("account_mismatch", "This ledger belongs to another account.");
          if (prior.op !== op) {
            throw new Refusal("idempotency_conflict", `Idempotency key already used for ${prior.op}.`, { op: prior.op });
          }
          return { ...(JSON.parse(prior.result) as OpSuccess), replayed: true, events: this.leaseEvents(now) };
        }
        const b = this.loadBalance(input, now);
        const s = this.loadSettings(b.accountId);
        const ids = apply({ b, s, now });
        b.version += 1;
        b.lastUpdated = now;
        this.checkThresholds(b, s, now);
        this.saveBalance(b);
        committed = b;
        const transactions = ids.map((id) => this.touched.get(id) ?? txView(this.getTx(id)!));
        const first: OpSuccess = { ok: true, replayed: false, transactions, balance: balanceView(b), events: [] };
        this.sql.exec("INSERT INTO ops (key, op, result, createdAt) VALUES (?, ?, ?, ?)", input.idempotencyKey, op, JSON.stringify(first), now);
        return { ...first, events: this.leaseEvents(now) };
      });
      if (committed) this.balanceCache = committed;
      if (!result.replayed) this.scheduleMirror();
      return result;
    } catch (err) {
      return this.failure(err);
    }
  }

  private failure(err: unknown): LedgerFailure {
    if (err instanceof Refusal) return { ok: false, error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } };
    throw err;
  }

  /** A private copy of the committed balance row (callers may mutate it), or null before first use. */
  private readBalance(): BalanceRow | null {
    if (this.balanceCache === undefined) {
      this.balanceCache = (this.sql.exec<Row>(`SELECT ${BALANCE_COLUMN_NAMES.join(", ")} FROM balance WHERE k = 1`).toArray()[0] as unknown as BalanceRow) ?? null;
    }
    return this.balanceCache ? { ...this.balanceCache } : null;
  }

  /** The balance row, created on first use; refuses a caller that names another account. */
  private loadBalance(input: { accountId: string; userId?: string | null }, now: number): BalanceRow {
    const b = this.readBalance() ?? freshBalance(input.accountId, input.userId ?? null, now);
    if (b.accountId !== input.accountId) throw new Refusal("account_mismatch", "This ledger belongs to another account.");
    if (b.userId == null && input.userId) b.userId = input.userId;
    rollPeriods(b, now);
    return b;
  }

  private saveBalance(b: BalanceRow) {
    this.sql.exec(SAVE_BALANCE, ...BALANCE_COLUMN_NAMES.map((c) => b[c]));
  }

  private loadSettings(accountId: string): SettingsView {
    if (this.settingsCache) return this.settingsCache;
    const r = this.sql.exec<Row>("SELECT * FROM settings WHERE k = 1").toArray()[0];
    const s = settingsFromRow(r, accountId);
    // Only a stored row is cached; defaults get a fresh id until settings are first saved.
    if (r) this.settingsCache = s;
    return s;
  }

  private getTx(id: string): TxRow | null {
    return (this.sql.exec<Row>("SELECT * FROM tx WHERE id = ?", id).toArray()[0] as unknown as TxRow) ?? null;
  }

  /** The PENDING SPEND `id`, checked against the allowed transitions toward `to`. */
  private pendingSpend(id: string, to: TransactionStatus): TxRow {
    if (typeof id !== "string") throw new Refusal("invalid_input", "reservationId is required");
    const tx = this.getTx(id);
    if (!tx) throw new Refusal("not_found", "No such reservation on this account.");
    if (tx.type !== "SPEND" || !ALLOWED_TRANSITIONS[tx.status].includes(to)) {
      throw new Refusal("invalid_transition", `A ${tx.status} ${tx.type} cannot become ${to}.`, { type: tx.type, status: tx.status, to });
    }
    return tx;
  }

  private insertTx(
    input: Base,
    now: number,
    t: { type: TransactionType; status: TransactionStatus; amount: number; remaining?: number; expiresAt?: number | null; actionId?: string | null },
  ): string {
    const id = crypto.randomUUID();
    const metadata = input.metadata ?? null;
    try {
      this.sql.exec(
      `INSERT INTO tx (id, accountId, userId, actionId, type, status, amount, remaining, idempotencyKey, metadata, expired, expiresAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      id,
      input.accountId,
      input.userId ?? null,
      t.actionId ?? null,
      t.type,
      t.status,
      t.amount,
      t.remaining ?? 0,
      input.idempotencyKey,
      metadata ? JSON.stringify(metadata) : null,
      t.expiresAt ?? null,
      now,
      now,
    );
    } catch (err) {
      // Every operation's key is checked in `ops` first; this only catches a caller reusing a key
      // the ledger derives itself (expire:grant:…).
      if (String(err).includes("UNIQUE")) throw new Refusal("idempotency_conflict", "Idempotency key already used for another transaction.");
      throw err;
    }
    this.touched.set(id, {
      id,
      accountId: input.accountId,
      userId: input.userId ?? null,
      actionId: t.actionId ?? null,
      type: t.type,
      status: t.status,
      amount: t.amount || 0, // never -0 (a zero hold)
      idempotencyKey: input.idempotencyKey,
      metadata,
      expired: false,
      expiresAt: t.expiresAt ?? null,
      createdAt: now,
      updatedAt: now,
    });
    this.markMirror("tx", id);
    return id;
  }

  private updateTx(tx: TxRow, now: number, patch: { status: TransactionStatus; amount?: number; metadata?: Metadata }) {
    const id = tx.id;
    this.touched.set(id, {
      ...txView(tx),
      status: patch.status,
      amount: (patch.amount ?? tx.amount) || 0,
      metadata: patch.metadata ?? parseMeta(tx.metadata),
      updatedAt: now,
    });
    this.sql.exec(
      "UPDATE tx SET status = ?, amount = COALESCE(?, amount), metadata = COALESCE(?, metadata), updatedAt = ? WHERE id = ?",
      patch.status,
      patch.amount ?? null,
      patch.metadata ? JSON.stringify(patch.metadata) : null,
      now,
      id,
    );
    this.markMirror("tx", id);
  }

  /** Takes `amount` from the balance, granted credits first (soonest expiry first). */
  private debit(b: BalanceRow, amount: number) {
    let fromGrants = Math.min(amount, b.grantedCreditsAvailable);
    b.currentBalance -= amount;
    b.grantedCreditsAvailable -= fromGrants;
    if (fromGrants === 0) return;
    const grants = this.sql
      .exec<{ id: string; remaining: number }>(
        "SELECT id, remaining FROM tx WHERE type = 'GRANT' AND expired = 0 AND remaining > 0 ORDER BY expiresAt IS NULL, expiresAt, createdAt, rowid",
      )
      .toArray();
    for (const g of grants) {
      if (fromGrants === 0) break;
      const take = Math.min(fromGrants, g.remaining);
      this.sql.exec("UPDATE tx SET remaining = remaining - ? WHERE id = ?", take, g.id);
      fromGrants -= take;
    }
  }

  /** Low-balance alert and auto-refill fire once per crossing below their threshold. */
  private checkThresholds(b: BalanceRow, s: SettingsView, now: number) {
    for (const event of thresholdCrossings(b, s)) this.addEvent(b, now, event.kind, event.payload);
  }
  private addEvent(b: BalanceRow, now: number, kind: LedgerEvent["kind"], payload: LedgerEvent["payload"]) {
    this.eventsOutstanding += 1;
    insertEvent(this.sql, b, now, kind, payload);
  }

  private leaseEvents(now: number): LedgerEvent[] {
    return this.eventsOutstanding <= 0 ? [] : leaseEvents(this.sql, now);
  }

  private markMirror(kind: MirrorKind, ref: string) {
    markMirror(this.sql, kind, ref);
  }

  private scheduleMirror() {
    if (this.mirrorScheduled) return;
    this.mirrorScheduled = true;
    this.ctx.storage.setAlarm(runtimeNow() + MIRROR_DELAY_MS).catch(() => {
      this.mirrorScheduled = false;
    });
  }

  private async flushOnce(): Promise<number> {
    let written = 0;
    for (let pass = 0; pass < 50; pass++) {
      const refs = pendingMirrorRefs(this.sql);
      // The balance row is not in `mirror` (it changes with every operation): it goes whenever
      // its version moved past what this incarnation last wrote.
      const current = this.readBalance();
      const balance = current && current.version > this.mirroredVersion ? balanceView(current) : null;
      if (refs.length === 0 && !balance) break;
      const batch = mirrorBatch(this.sql, refs, {
        balance,
        tx: (id) => {
          const tx = this.getTx(id);
          return tx ? txView(tx) : null;
        },
        settings: () => this.loadSettings(""),
      });
      const statements = mirrorStatements(this.env.DB, batch);
      if (statements.length > 0) await this.env.DB.batch(statements);
      if (balance) this.mirroredVersion = Math.max(this.mirroredVersion, balance.version);
      forgetMirrored(this.sql, refs);
      written += refs.length + (balance ? 1 : 0);
      if (refs.length < MIRROR_PAGE) break;
    }
    return written;
  }
}
