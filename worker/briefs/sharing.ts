import { and, eq, isNull } from "drizzle-orm";
import type { AppContext, UserContext } from "../context";
import { intelBriefs, type IntelBrief } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import { randomToken } from "../lib/ids";
import { BRIEF_NOT_FOUND, findOwnedBrief } from "./service";
import { toBriefView, type BriefView } from "./views";
import { purgeSharedBrief } from "./share-cache";

/**
 * Sharing a brief publicly: a share token (256 random bits, base64url, from crypto.getRandomValues
 * via randomToken) names the public page /share/briefs/{token}. The owner can rotate it (the old
 * link dies) or revoke it (the page is 404). Every change purges the old page's edge copy.
 */

/** 32 bytes: twice the 128 bits ARCHITECTURE.md asks for, 43 base64url characters. */
const TOKEN_BYTES = 32;
/** What a token looks like; anything else is answered 404 without a database read. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const NOT_SHARED_MESSAGE = "This brief is not shared. Share it first.";

const newShareToken = () => randomToken(TOKEN_BYTES);

/**
 * Sets the brief's token from `current` to `next`, only if nobody changed it meanwhile (a
 * concurrent rotate/revoke in another tab), so the token purged is always the one replaced.
 * The brief's updatedAt is left alone: sharing is not an edit of its words.
 */
async function replaceToken(ctx: UserContext, row: IntelBrief, next: string | null): Promise<BriefView | null> {
  const same = row.shareToken === null ? isNull(intelBriefs.shareToken) : eq(intelBriefs.shareToken, row.shareToken);
  const [updated] = await ctx.db
    .update(intelBriefs)
    .set({ shareToken: next, updatedAt: row.updatedAt })
    .where(and(eq(intelBriefs.id, row.id), eq(intelBriefs.userId, ctx.user.id), same))
    .returning();
  if (!updated) return null;
  if (row.shareToken) await purgeSharedBrief(ctx, row.shareToken);
  return toBriefView(updated);
}

/** Reads the brief and applies `change` until no concurrent change got in between (a few tries). */
async function changeToken(ctx: UserContext, id: string, change: (row: IntelBrief) => string | null | "keep"): Promise<BriefView> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findOwnedBrief(ctx.db, ctx.user.id, id);
    const next = change(row);
    if (next === "keep") return toBriefView(row);
    const done = await replaceToken(ctx, row, next);
    if (done) return done;
  }
  throw conflict("The brief's sharing changed while this request ran. Reload and try again.");
}

/** Shares the brief; a brief already shared keeps its link (sharing twice is harmless). */
export function shareBrief(ctx: UserContext, id: string): Promise<BriefView> {
  return changeToken(ctx, id, (row) => (row.shareToken ? "keep" : newShareToken()));
}

/** A new link for a shared brief; the old one is 404 from now on. */
export function rotateShareToken(ctx: UserContext, id: string): Promise<BriefView> {
  return changeToken(ctx, id, (row) => {
    if (!row.shareToken) throw conflict(NOT_SHARED_MESSAGE, "not_shared");
    return newShareToken();
  });
}

/** Stops sharing: the public page is 404. Revoking an unshared brief changes nothing. */
export function revokeShare(ctx: UserContext, id: string): Promise<BriefView> {
  return changeToken(ctx, id, (row) => (row.shareToken ? null : "keep"));
}

export type SharedBrief = Pick<IntelBrief, "title" | "content" | "createdAt" | "updatedAt">;

/**
 * The brief behind a public token, for nobody in particular (the page needs no sign-in). One
 * indexed lookup by the unique token; a malformed token is refused before any read. Unknown,
 * revoked and rotated-away tokens are all the same "not found".
 */
export async function findSharedBrief(ctx: AppContext, token: string): Promise<SharedBrief> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound(BRIEF_NOT_FOUND);
  const [row] = await ctx.db
    .select({ title: intelBriefs.title, content: intelBriefs.content, createdAt: intelBriefs.createdAt, updatedAt: intelBriefs.updatedAt, shareToken: intelBriefs.shareToken })
    .from(intelBriefs)
    .where(eq(intelBriefs.shareToken, token))
    .limit(1);
  // The index found the row by the token; the comparison that decides is constant-time, so the
  // answer's timing says nothing about how much of a guess was right.
  if (!row?.shareToken || !sameToken(row.shareToken, token)) throw notFound(BRIEF_NOT_FOUND);
  return { title: row.title, content: row.content, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

function sameToken(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const [x, y] = [enc.encode(a), enc.encode(b)];
  if (x.byteLength !== y.byteLength) return false;
  return (crypto.subtle as unknown as { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }).timingSafeEqual(x, y);
}
