import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";
import type { BalanceRow } from "../worker/billing/balance-columns";
import { isForeignKeyFailure, mirrorParents, mirrorStatements, presentParents, withoutMissingUsers, type MirrorBatch } from "../worker/billing/mirror";
import type {
  AdjustInput,
  Base,
  ExpireInput,
  GrantInput,
  LedgerAudit,
  LedgerEvent,
  LedgerFailure,
  LedgerState,
  OpResult,
  OpSuccess,
  PurchaseInput,
  RefundInput,
  ReleaseInput,
  ReserveInput,
  RevokeInput,
  SettingsInput,
  SettingsView,
  SettleInput,
  TransactionView,
} from "../worker/billing/ledger-types";
import { nowMs, runtimeNow } from "../worker/lib/clock";
import { balanceView, freshBalance, isCount, Refusal, rollPeriods, settingsFromRow, thresholdCrossings, txView, type OpContext } from "./ledger/accounting";
import { auditLedger } from "./ledger/audit";
import * as credits from "./ledger/credits";
import { forgetMirrored, insertEvent, leaseEvents, MIRROR_DELAY_MS, MIRROR_PAGE, mirrorBatch, pendingMirrorRefs } from "./ledger/outbox";
import * as reservations from "./ledger/reservations";
import { checkSettingsInput, mergeSettings, rearmThresholds } from "./ledger/settings";
import { LedgerStore } from "./ledger/store";

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
  private readonly store: LedgerStore;
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

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new LedgerStore(ctx.storage.sql);
    this.eventsOutstanding = this.store.countEvents();
    if (this.store.hasMirrorNotes()) {
      // Changes left unflushed by a previous incarnation: make sure an alarm will carry them.
      this.mirrorScheduled = true;
      void ctx.blockConcurrencyWhile(async () => {
        if ((await ctx.storage.getAlarm()) == null) await ctx.storage.setAlarm(runtimeNow());
      });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Operations (ledger/credits.ts, ledger/reservations.ts). Each is idempotent by `idempotencyKey`
  // and answers OpResult (never throws for a business refusal: typed errors do not survive RPC,
  // plain data does).

  /** Adds granted credits, optionally expiring at `expiresAt` (epoch ms). */
  grant(input: GrantInput): OpResult {
    return this.run("grant", input, (c) => credits.grant(this.store, c, input));
  }

  /** Adds purchased (non-expiring) credits, unless the account blocks additional purchases. */
  purchase(input: PurchaseInput): OpResult {
    return this.run("purchase", input, (c) => credits.purchase(this.store, c, input));
  }

  /** Holds credits before AI work: a PENDING SPEND, within the available balance and the limits. */
  reserve(input: ReserveInput): OpResult {
    return this.run("reserve", input, (c) => reservations.reserve(this.store, c, input));
  }

  /** Completes a reservation at the actual cost: PENDING → COMPLETED. */
  settle(input: SettleInput): OpResult {
    return this.run("settle", input, (c) => reservations.settle(this.store, c, input));
  }

  /** Gives a reservation's held credits back: PENDING → FAILED (the AI call failed). */
  release(input: ReleaseInput): OpResult {
    return this.run("release", input, (c) => reservations.release(this.store, c, input));
  }

  /** Takes credits away (plan cancelled, chargeback, Stripe refund of a purchase), as far as they are available. */
  revoke(input: RevokeInput): OpResult {
    return this.run("revoke", input, (c) => credits.revoke(this.store, c, input));
  }

  /** A manual correction, positive or negative; refused if it would take more than is available. */
  adjust(input: AdjustInput): OpResult {
    return this.run("adjust", input, (c) => credits.adjust(this.store, c, input));
  }

  /** Reverses a completed SPEND: COMPLETED → REVERSED, the credits come back. */
  refund(input: RefundInput): OpResult {
    return this.run("refund", input, (c) => credits.refund(this.store, c, input));
  }

  /** Expires every grant whose `expiresAt` has passed. */
  expire(input: ExpireInput): OpResult {
    return this.run("expire", input, (c) => credits.expire(this.store, c, input));
  }

  // ---------------------------------------------------------------------------------------------
  // Settings, reads, events, mirror.

  updateSettings(input: SettingsInput): LedgerState | LedgerFailure {
    try {
      const state = this.ctx.storage.transactionSync(() => {
        const now = input.now ?? nowMs();
        checkSettingsInput(input);
        const b = this.loadBalance(input, now);
        const next = mergeSettings(this.loadSettings(b.accountId), input);
        this.store.writeSettings(next, now);
        rearmThresholds(b, next);
        this.store.saveBalance(b);
        this.store.markMirror("settings", "1");
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
    return this.store.listTx(limit).map(txView);
  }

  getTransaction(id: string): TransactionView | null {
    const r = this.store.getTx(id);
    return r ? txView(r) : null;
  }

  /** Recomputes the balance from the transaction rows and reports any disagreement. */
  audit(): LedgerAudit {
    // From storage, not the in-memory copy: the audit also proves the cache matches what is stored.
    const stored = this.store.readBalance();
    const sums = this.store.sums();
    return auditLedger(stored, this.readBalance(), sums, nowMs());
  }

  /** Acknowledges delivered events so they are not offered again. */
  ackEvents(ids: string[]): number {
    const n = this.store.deleteEvents(ids);
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
    if (this.store.hasMirrorNotes()) this.scheduleMirror();
  }

  // ---------------------------------------------------------------------------------------------
  // Internals (all synchronous but the flush).

  private run(op: string, input: Base, apply: (c: OpContext) => string[]): OpResult {
    try {
      if (typeof input?.accountId !== "string" || input.accountId === "") throw new Refusal("invalid_input", "accountId is required");
      if (typeof input.idempotencyKey !== "string" || input.idempotencyKey === "" || input.idempotencyKey.length > 200) {
        throw new Refusal("invalid_input", "idempotencyKey is required (at most 200 characters)");
      }
      if (input.now !== undefined && !isCount(input.now)) throw new Refusal("invalid_input", "now must be epoch milliseconds");
      let committed: BalanceRow | null = null;
      this.store.touched.clear();
      const result = this.ctx.storage.transactionSync((): OpSuccess => {
        const now = input.now ?? nowMs();
        const prior = this.store.priorOp(input.idempotencyKey);
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
        this.store.saveBalance(b);
        committed = b;
        const transactions = ids.map((id) => this.store.touched.get(id) ?? txView(this.store.getTx(id)!));
        const first: OpSuccess = { ok: true, replayed: false, transactions, balance: balanceView(b), events: [] };
        this.store.recordOp(input.idempotencyKey, op, JSON.stringify(first), now);
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
    if (this.balanceCache === undefined) this.balanceCache = this.store.readBalance();
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

  private loadSettings(accountId: string): SettingsView {
    if (this.settingsCache) return this.settingsCache;
    const r = this.store.readSettings();
    const s = settingsFromRow(r, accountId);
    // Only a stored row is cached; defaults get a fresh id until settings are first saved.
    if (r) this.settingsCache = s;
    return s;
  }

  /** Low-balance alert and auto-refill fire once per crossing below their threshold. */
  private checkThresholds(b: BalanceRow, s: SettingsView, now: number) {
    for (const event of thresholdCrossings(b, s)) {
      this.eventsOutstanding += 1;
      insertEvent(this.store.sql, b, now, event.kind, event.payload);
    }
  }

  private leaseEvents(now: number): LedgerEvent[] {
    return this.eventsOutstanding <= 0 ? [] : leaseEvents(this.store.sql, now);
  }

  private scheduleMirror() {
    if (this.mirrorScheduled) return;
    this.mirrorScheduled = true;
    this.ctx.storage.setAlarm(runtimeNow() + MIRROR_DELAY_MS).catch(() => {
      this.mirrorScheduled = false;
    });
  }

  /**
   * One batch to D1. A user deleted since the change makes D1 refuse the rows that name them: they
   * are written as its foreign key would have left them (the user's id null, ON DELETE SET NULL)
   * rather than retried for ever. A missing account is not guessed at — nothing in the app deletes
   * one, so it is more likely a row not there yet than gone — and the batch is refused as before,
   * kept in the outbox and retried, with the account named in the log.
   */
  private async writeMirror(batch: MirrorBatch): Promise<void> {
    const statements = mirrorStatements(this.env.DB, batch);
    if (statements.length === 0) return;
    try {
      await this.env.DB.batch(statements);
    } catch (err) {
      if (!isForeignKeyFailure(err)) throw err;
      const parents = mirrorParents(batch);
      const present = await presentParents(this.env.DB, parents);
      const missingAccounts = parents.accountIds.filter((id) => !present.accounts.has(id));
      if (missingAccounts.length > 0) throw new Error(`D1 has no Account ${missingAccounts.join(", ")} for the ledger's copy`, { cause: err });
      if (parents.userIds.every((id) => present.users.has(id))) throw err;
      await this.env.DB.batch(mirrorStatements(this.env.DB, withoutMissingUsers(batch, present.users)));
    }
  }

  private async flushOnce(): Promise<number> {
    let written = 0;
    for (let pass = 0; pass < 50; pass++) {
      const refs = pendingMirrorRefs(this.store.sql);
      // The balance row is not in `mirror` (it changes with every operation): it goes whenever
      // its version moved past what this incarnation last wrote.
      const current = this.readBalance();
      const balance = current && current.version > this.mirroredVersion ? balanceView(current) : null;
      if (refs.length === 0 && !balance) break;
      const batch = mirrorBatch(this.store.sql, refs, {
        balance,
        tx: (id) => {
          const tx = this.store.getTx(id);
          return tx ? txView(tx) : null;
        },
        settings: () => this.loadSettings(""),
      });
      await this.writeMirror(batch);
      if (balance) this.mirroredVersion = Math.max(this.mirroredVersion, balance.version);
      forgetMirrored(this.store.sql, refs);
      written += refs.length + (balance ? 1 : 0);
      if (refs.length < MIRROR_PAGE) break;
    }
    return written;
  }
}
