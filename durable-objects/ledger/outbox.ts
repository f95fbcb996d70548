import type { ActionRow, MirrorBatch } from "../../worker/billing/mirror";
import type { BalanceView, LedgerEvent, SettingsView, TransactionView } from "../../worker/billing/ledger-types";
import { parseMeta } from "./accounting";
import type { Row } from "./schema";

/**
 * The two outboxes the ledger writes in the same storage transaction as each change: events for
 * the Worker (low balance, auto-refill), handed out with a lease until acknowledged, and `mirror`
 * refs of rows the D1 copy has not received yet (worker/billing/mirror.ts writes them).
 */

/** Batch changes for D1 a little: one flush per burst, not one per operation. */
export const MIRROR_DELAY_MS = 50;
export const MIRROR_PAGE = 200;
/** An event handed out but not acknowledged is offered again after this long. */
const EVENT_LEASE_MS = 5 * 60_000;

export function insertEvent(
  sql: SqlStorage,
  owner: { accountId: string; userId: string | null },
  now: number,
  kind: LedgerEvent["kind"],
  payload: LedgerEvent["payload"],
) {
  sql.exec(
    "INSERT INTO events (id, kind, payload, createdAt) VALUES (?, ?, ?, ?)",
    crypto.randomUUID(),
    kind,
    JSON.stringify({ ...payload, accountId: owner.accountId, userId: owner.userId }),
    now,
  );
}

/** Events not leased (or whose lease ran out), leased to this caller until acknowledged. */
export function leaseEvents(sql: SqlStorage, now: number): LedgerEvent[] {
  const rows = sql
    .exec<{ id: string; kind: string; payload: string; createdAt: number }>(
      "SELECT id, kind, payload, createdAt FROM events WHERE leasedUntil IS NULL OR leasedUntil < ? ORDER BY createdAt LIMIT 20",
      now,
    )
    .toArray();
  return rows.map((r) => {
    sql.exec("UPDATE events SET leasedUntil = ? WHERE id = ?", now + EVENT_LEASE_MS, r.id);
    const { accountId, userId, ...payload } = JSON.parse(r.payload) as LedgerEvent["payload"] & { accountId: string; userId: string | null };
    return { id: r.id, kind: r.kind as LedgerEvent["kind"], accountId, userId, payload, createdAt: r.createdAt };
  });
}

export type MirrorKind = "tx" | "action" | "settings";
export type MirrorRef = { kind: string; ref: string; seq: number };

/** Notes that a row's current state must reach D1; a newer change of the same row replaces the note. */
export function markMirror(sql: SqlStorage, kind: MirrorKind, ref: string) {
  sql.exec(
    "INSERT INTO mirror (kind, ref, seq) VALUES (?, ?, ?) ON CONFLICT (kind, ref) DO UPDATE SET seq = excluded.seq",
    kind,
    ref,
    Math.floor(Math.random() * Number.MAX_SAFE_INTEGER),
  );
}

export function pendingMirrorRefs(sql: SqlStorage): MirrorRef[] {
  return sql.exec<MirrorRef>("SELECT kind, ref, seq FROM mirror LIMIT ?", MIRROR_PAGE).toArray();
}

/** The current state of the noted rows, as one batch for worker/billing/mirror.ts. */
export function mirrorBatch(
  sql: SqlStorage,
  refs: MirrorRef[],
  read: { balance: BalanceView | null; tx(id: string): TransactionView | null; settings(): SettingsView },
): MirrorBatch {
  const batch: MirrorBatch = { actions: [], transactions: [], balance: read.balance, settings: null };
  for (const r of refs) {
    if (r.kind === "tx") {
      const tx = read.tx(r.ref);
      if (tx) batch.transactions.push(tx);
    } else if (r.kind === "action") {
      const a = sql.exec<Row>("SELECT * FROM actions WHERE id = ?", r.ref).toArray()[0];
      if (a) batch.actions.push({ ...(a as unknown as ActionRow), metadata: parseMeta(a.metadata as string | null) });
    } else if (r.kind === "settings") {
      const s = sql.exec<Row>("SELECT createdAt, updatedAt FROM settings WHERE k = 1").toArray()[0];
      if (s) batch.settings = { ...read.settings(), createdAt: s.createdAt as number, updatedAt: s.updatedAt as number };
    }
  }
  return batch;
}

/** Forgets the notes D1 now has — only those that did not change while D1 was being written. */
export function forgetMirrored(sql: SqlStorage, refs: MirrorRef[]) {
  for (const r of refs) sql.exec("DELETE FROM mirror WHERE kind = ? AND ref = ? AND seq = ?", r.kind, r.ref, r.seq);
}
