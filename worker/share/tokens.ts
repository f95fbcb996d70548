import { eq, isNull, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { assertActivePlan } from "../accounts/plan";
import type { AppContext, UserContext } from "../context";
import { conflict, notFound } from "../lib/errors";
import { randomToken } from "../lib/ids";

/**
 * The life of a public share token, whatever is shared (a brief, an alert): a token (256 random
 * bits, base64url, from crypto.getRandomValues via randomToken) names the public page; the owner
 * can share (idempotent), rotate (the old link dies) or revoke (the page is 404). Every change
 * purges the old page's edge copy. Each feature supplies only how to read and swap its own row.
 */

/** 32 bytes: twice the 128 bits docs/design.md asks for, 43 base64url characters. */
const TOKEN_BYTES = 32;
/** What a token looks like; anything else is answered 404 without a database read. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newShareToken = () => randomToken(TOKEN_BYTES);

/** The WHERE piece of a compare-and-set: the row still has the token it was read with. */
export function tokenUnchanged(column: SQLiteColumn, token: string | null): SQL {
  return token === null ? isNull(column) : eq(column, token);
}

export type Shareable = { id: string; shareToken: string | null };

export type ShareStore<Row extends Shareable> = {
  /** The thing in messages: "brief", "alert". */
  noun: string;
  /** The caller's own row, or a 404 (and any feature gate's error). */
  find(ctx: UserContext, id: string): Promise<Row>;
  /**
   * Sets the token from `row.shareToken` to `next` only if it is still `row.shareToken`
   * (tokenUnchanged); null when a concurrent change got there first.
   */
  swap(ctx: UserContext, row: Row, next: string | null): Promise<Row | null>;
  /** Drops the edge copy of the page `token` named. */
  purge(ctx: AppContext, token: string): Promise<void>;
  /** Renders and stores the page of a row just shared (worker/share/stored-page.ts), so no reader renders it. */
  render(ctx: AppContext, row: Row): Promise<void>;
};

export type ShareActions<Row> = {
  /**
   * Shares; something already shared keeps its link (sharing twice is harmless). Needs an active
   * plan (402 `subscription_required`, nothing changed); rotating and revoking never do.
   */
  share(ctx: UserContext, id: string): Promise<Row>;
  /** A new link for something shared; the old one is 404 from now on. 409 `not_shared` otherwise. */
  rotate(ctx: UserContext, id: string): Promise<Row>;
  /** Stops sharing: the public page is 404. Revoking something unshared changes nothing. */
  revoke(ctx: UserContext, id: string): Promise<Row>;
};

export function shareActions<Row extends Shareable>(store: ShareStore<Row>): ShareActions<Row> {
  /**
   * Reads the row and applies `change` until no concurrent change (a rotate or revoke in another
   * tab) got in between, so the token purged is always the one replaced.
   */
  async function changeToken(ctx: UserContext, id: string, change: (row: Row) => string | null | "keep"): Promise<Row> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await store.find(ctx, id);
      const next = change(row);
      if (next === "keep") return row;
      const updated = await store.swap(ctx, row, next);
      if (!updated) continue;
      if (row.shareToken) await store.purge(ctx, row.shareToken);
      return updated;
    }
    throw conflict(`The ${store.noun}'s sharing changed while this request ran. Reload and try again.`);
  }

  return {
    async share(ctx, id) {
      await assertActivePlan(ctx.db, ctx.user.id, `share ${store.noun}s publicly`);
      const row = await changeToken(ctx, id, (r) => (r.shareToken ? "keep" : newShareToken()));
      await store.render(ctx, row);
      return row;
    },
    rotate: (ctx, id) =>
      changeToken(ctx, id, (row) => {
        if (!row.shareToken) throw conflict(`This ${store.noun} is not shared. Share it first.`, "not_shared");
        return newShareToken();
      }),
    revoke: (ctx, id) => changeToken(ctx, id, (row) => (row.shareToken ? null : "keep")),
  };
}

/**
 * The row behind a public token, for nobody in particular (the page needs no sign-in). A malformed
 * token is refused before any read; `lookup` is one indexed read by the unique token. Unknown,
 * revoked and rotated-away tokens are all the same 404 with `notFoundMessage`.
 */
export async function findByShareToken<Row extends Shareable>(
  token: string,
  notFoundMessage: string,
  lookup: (token: string) => Promise<Row | undefined>,
): Promise<Row> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound(notFoundMessage);
  const row = await lookup(token);
  // The index found the row by the token; the comparison that decides is constant-time, so the
  // answer's timing says nothing about how much of a guess was right.
  if (!row?.shareToken || !sameToken(row.shareToken, token)) throw notFound(notFoundMessage);
  return row;
}

function sameToken(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const [x, y] = [enc.encode(a), enc.encode(b)];
  if (x.byteLength !== y.byteLength) return false;
  return (crypto.subtle as unknown as { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }).timingSafeEqual(x, y);
}
