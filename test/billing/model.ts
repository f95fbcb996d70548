/**
 * A deliberately naive, in-memory model of the credit ledger's rules, for model-based property
 * tests: lists of grants and spends instead of counters, window sums recomputed from settled
 * spends instead of rolled-over period fields. If the Durable Object and this model ever disagree
 * on a result or a balance, one of them is wrong.
 */

export type ModelSettings = { dailyLimit: number | null; monthlyLimit: number | null; unlimited: boolean; blockPurchases: boolean };

type Grant = { seq: number; amount: number; remaining: number; expiresAt: number | null; expired: boolean };
type Spend = { held: number; status: "PENDING" | "COMPLETED" | "FAILED" | "REVERSED"; charged: number; settledAt: number };

export type ModelResult = { ok: true } | { ok: false; code: string };

const dayStart = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};
const monthStart = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const yearStart = (t: number) => Date.UTC(new Date(t).getUTCFullYear(), 0, 1);

export class LedgerModel {
  balance = 0;
  grants: Grant[] = [];
  spends: Spend[] = [];
  totals = { granted: 0, purchased: 0, spent: 0, expired: 0, refunded: 0, revoked: 0, adjusted: 0 };
  settings: ModelSettings = { dailyLimit: null, monthlyLimit: null, unlimited: false, blockPurchases: false };
  private seq = 0;

  get pending() {
    return this.spends.filter((s) => s.status === "PENDING").reduce((a, s) => a + s.held, 0);
  }
  get granted() {
    return this.grants.filter((g) => !g.expired).reduce((a, g) => a + g.remaining, 0);
  }
  get available() {
    return this.balance - this.pending;
  }
  windowSpend(from: number) {
    return this.spends.filter((s) => s.status === "COMPLETED" && s.settledAt >= from).reduce((a, s) => a + s.charged, 0);
  }

  private takeFromGrants(amount: number) {
    let left = Math.min(amount, this.granted);
    const order = this.grants
      .filter((g) => !g.expired && g.remaining > 0)
      .sort((a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity) || a.seq - b.seq);
    for (const g of order) {
      const take = Math.min(left, g.remaining);
      g.remaining -= take;
      left -= take;
    }
  }

  grant(amount: number, expiresAt: number | null): ModelResult {
    this.grants.push({ seq: this.seq++, amount, remaining: amount, expiresAt, expired: false });
    this.balance += amount;
    this.totals.granted += amount;
    return { ok: true };
  }

  purchase(amount: number): ModelResult {
    if (this.settings.blockPurchases) return { ok: false, code: "purchases_blocked" };
    this.balance += amount;
    this.totals.purchased += amount;
    return { ok: true };
  }

  /** Returns the new spend's index on success. */
  reserve(amount: number, now: number): ModelResult & { index?: number } {
    let held = amount;
    if (this.settings.unlimited) held = Math.min(amount, this.available);
    else {
      if (amount > this.available) return { ok: false, code: "insufficient_credits" };
      const limits: [number | null, number][] = [
        [this.settings.dailyLimit, dayStart(now)],
        [this.settings.monthlyLimit, monthStart(now)],
      ];
      for (const [limit, from] of limits) {
        if (limit != null && this.windowSpend(from) + this.pending + amount > limit) return { ok: false, code: "limit_exceeded" };
      }
    }
    this.spends.push({ held, status: "PENDING", charged: 0, settledAt: 0 });
    return { ok: true, index: this.spends.length - 1 };
  }

  settle(index: number, actual: number, now: number): ModelResult {
    const s = this.spends[index];
    if (s!.status !== "PENDING") return { ok: false, code: "invalid_transition" };
    const free = this.available; // excludes this spend's own hold
    const charge = Math.min(actual, s!.held + Math.min(Math.max(0, actual - s!.held), free));
    s!.status = "COMPLETED";
    s!.charged = charge;
    s!.settledAt = now;
    this.takeFromGrants(charge);
    this.balance -= charge;
    this.totals.spent += charge;
    return { ok: true };
  }

  release(index: number): ModelResult {
    const s = this.spends[index];
    if (s!.status !== "PENDING") return { ok: false, code: "invalid_transition" };
    s!.status = "FAILED";
    return { ok: true };
  }

  refund(index: number): ModelResult {
    const s = this.spends[index];
    if (s!.status !== "COMPLETED") return { ok: false, code: "invalid_transition" };
    s!.status = "REVERSED";
    this.balance += s!.charged;
    this.totals.refunded += s!.charged;
    return { ok: true };
  }

  revoke(amount: number): ModelResult {
    const r = Math.min(amount, this.available);
    this.takeFromGrants(r);
    this.balance -= r;
    this.totals.revoked += r;
    return { ok: true };
  }

  adjust(amount: number): ModelResult {
    if (amount < 0 && -amount > this.available) return { ok: false, code: "insufficient_credits" };
    if (amount < 0) this.takeFromGrants(-amount);
    this.balance += amount;
    this.totals.adjusted += amount;
    return { ok: true };
  }

  expire(now: number): ModelResult {
    const due = this.grants.filter((g) => !g.expired && g.expiresAt != null && g.expiresAt <= now).sort((a, b) => a.expiresAt! - b.expiresAt! || a.seq - b.seq);
    for (const g of due) {
      const amount = Math.min(g.remaining, this.available);
      g.expired = true;
      g.remaining = 0;
      this.balance -= amount;
      this.totals.expired += amount;
    }
    return { ok: true };
  }

  snapshot(now: number) {
    return {
      currentBalance: this.balance,
      pendingSpend: this.pending,
      grantedCreditsAvailable: this.granted,
      dailySpend: this.windowSpend(dayStart(now)),
      monthlySpend: this.windowSpend(monthStart(now)),
      yearlySpend: this.windowSpend(yearStart(now)),
      totalGranted: this.totals.granted,
      totalPurchased: this.totals.purchased,
      totalSpent: this.totals.spent,
      totalExpired: this.totals.expired,
      totalRefunded: this.totals.refunded,
      totalRevoked: this.totals.revoked,
      totalAdjusted: this.totals.adjusted,
    };
  }
}
