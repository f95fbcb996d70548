import type { CreditLedger } from "../../durable-objects/credit-ledger";
import type { AppContext } from "../context";
import type {
  AdjustInput,
  ExpireInput,
  GrantInput,
  LedgerErrorCode,
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
  SettleInput,
} from "./ledger-types";

/** A refusal from the ledger, typed by `code` (insufficient_credits, invalid_transition…). */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "LedgerError";
  }
}

function ledgerStub(ctx: AppContext, accountId: string): DurableObjectStub<CreditLedger> {
  const ns = ctx.env.CREDIT_LEDGER;
  return ns.get(ns.idFromName(accountId));
}

function unwrap<T extends { ok: true } | object>(result: T | LedgerFailure): T {
  if (result && typeof result === "object" && "ok" in result && result.ok === false) {
    const { code, message, details } = (result as LedgerFailure).error;
    throw new LedgerError(code, message, details);
  }
  return result as T;
}

type Without<T> = Omit<T, "accountId">;

/**
 * The typed client of one account's ledger: same operations as the object, with `accountId`
 * bound and refusals thrown as LedgerError. Only worker/billing uses it; other features go
 * through worker/billing/service.ts.
 */
export function ledgerFor(ctx: AppContext, accountId: string) {
  const stub = ledgerStub(ctx, accountId);
  const op =
    <I>(call: (input: I & { accountId: string }) => Promise<OpResult>) =>
    async (input: Without<I>): Promise<OpSuccess> =>
      unwrap((await call({ ...(input as I), accountId })) as OpResult) as OpSuccess;
  return {
    accountId,
    stub,
    grant: op<GrantInput>((i) => stub.grant(i) as Promise<OpResult>),
    purchase: op<PurchaseInput>((i) => stub.purchase(i) as Promise<OpResult>),
    reserve: op<ReserveInput>((i) => stub.reserve(i) as Promise<OpResult>),
    settle: op<SettleInput>((i) => stub.settle(i) as Promise<OpResult>),
    release: op<ReleaseInput>((i) => stub.release(i) as Promise<OpResult>),
    revoke: op<RevokeInput>((i) => stub.revoke(i) as Promise<OpResult>),
    adjust: op<AdjustInput>((i) => stub.adjust(i) as Promise<OpResult>),
    refund: op<RefundInput>((i) => stub.refund(i) as Promise<OpResult>),
    expire: op<ExpireInput>((i) => stub.expire(i) as Promise<OpResult>),
    async updateSettings(input: Without<SettingsInput>): Promise<LedgerState> {
      return unwrap((await stub.updateSettings({ ...input, accountId })) as LedgerState | LedgerFailure);
    },
    async getState(now?: number): Promise<LedgerState> {
      return unwrap((await stub.getState({ accountId, now })) as LedgerState | LedgerFailure);
    },
    async ackEvents(ids: string[]): Promise<number> {
      return ids.length === 0 ? 0 : ((await stub.ackEvents(ids)) as number);
    },
    async flushMirror(): Promise<number> {
      return (await stub.flushMirror()) as number;
    },
  };
}

export type LedgerClient = ReturnType<typeof ledgerFor>;
