import { and, count, eq, isNull } from "drizzle-orm";
import type { AppContext, UserContext } from "../context";
import { conductTokens, type ConductToken } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import { nowMs } from "../lib/clock";
import { newShareToken } from "../share/tokens";
import { findSession } from "./access";
import { CONDUCT_MESSAGES, MAX_LINKS_PER_SESSION, type CreateLinkInput } from "../../shared/conduct/model";
import type { LinkRecord } from "./project";
import { sessionObject } from "./session-object";
import type { ConductLinkView } from "../../shared/conduct/views";

/**
 * A session's links for people without an account (issue 15): a player group, an evaluator, or the
 * participant feedback form. 256-bit tokens (share/tokens.ts); revoking one makes its pages and
 * sockets 404 at once (the object closes its open sockets with "gone").
 */

const LINK_NOT_FOUND = "Link not found.";

/** The full address to hand out: the feedback form for feedback links, the conduct page otherwise. */
function linkUrl(ctx: AppContext, link: Pick<ConductToken, "role" | "token">): string {
  const base = ctx.config.APP_URL.replace(/(?<!\/)\/+$/, "");
  return `${base}/${link.role === "feedback" ? "feedback" : "conduct"}/${link.token}`;
}

function toLinkRecord(ctx: AppContext, link: ConductToken): LinkRecord {
  return {
    id: link.id,
    role: link.role,
    label: link.label,
    url: linkUrl(ctx, link),
    createdAt: link.createdAt.getTime(),
    revokedAt: link.revokedAt?.getTime() ?? null,
  };
}

function toLinkView(ctx: AppContext, link: ConductToken, connected: number): ConductLinkView {
  return {
    id: link.id,
    role: link.role,
    label: link.label,
    url: link.revokedAt ? null : linkUrl(ctx, link),
    createdAt: link.createdAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    connected,
  };
}

export async function createLink(ctx: UserContext, sessionId: string, input: CreateLinkInput): Promise<ConductLinkView> {
  const session = await findSession(ctx, sessionId, "control");
  const [active] = await ctx.db
    .select({ n: count() })
    .from(conductTokens)
    .where(and(eq(conductTokens.sessionId, session.id), isNull(conductTokens.revokedAt)));
  if ((active?.n ?? 0) >= MAX_LINKS_PER_SESSION) throw conflict(CONDUCT_MESSAGES.tooManyLinks, "too_many_links");
  const [link] = await ctx.db
    .insert(conductTokens)
    .values({ sessionId: session.id, role: input.role, label: input.label, token: newShareToken(), createdAt: new Date(nowMs()) })
    .returning();
  await sessionObject(ctx, session.id).addLink(toLinkRecord(ctx, link!));
  return toLinkView(ctx, link!, 0);
}

/** Revokes a link (revoking twice changes nothing). Another session's link id is 404. */
export async function revokeLink(ctx: UserContext, sessionId: string, linkId: string): Promise<ConductLinkView> {
  const session = await findSession(ctx, sessionId, "control");
  const [link] = await ctx.db
    .select()
    .from(conductTokens)
    .where(and(eq(conductTokens.id, linkId), eq(conductTokens.sessionId, session.id)))
    .limit(1);
  if (!link) throw notFound(LINK_NOT_FOUND);
  let revoked = link;
  if (!link.revokedAt) {
    const [updated] = await ctx.db
      .update(conductTokens)
      .set({ revokedAt: new Date(nowMs()) })
      .where(and(eq(conductTokens.id, link.id), isNull(conductTokens.revokedAt)))
      .returning();
    revoked = updated ?? link;
  }
  // Told even when already revoked in D1: a retry after a failed call still closes the sockets.
  await sessionObject(ctx, session.id).revokeLink(link.id, revoked.revokedAt?.getTime() ?? nowMs());
  return toLinkView(ctx, revoked, 0);
}

export type JoinLinkView = { label: string; role: ConductToken["role"]; url: string; sessionName: string; exerciseName: string };

/**
 * A link as the join screen shows it (the room's projector): whoever may run the session — those
 * who may hand links out — and only a link of this session that still works; anything else is 404.
 */
export async function getJoinLink(ctx: UserContext, sessionId: string, linkId: string): Promise<JoinLinkView> {
  const session = await findSession(ctx, sessionId, "control");
  const [link] = await ctx.db
    .select()
    .from(conductTokens)
    .where(and(eq(conductTokens.id, linkId), eq(conductTokens.sessionId, session.id), isNull(conductTokens.revokedAt)))
    .limit(1);
  if (!link) throw notFound(LINK_NOT_FOUND);
  return { label: link.label, role: link.role, url: linkUrl(ctx, link), sessionName: session.name, exerciseName: session.plan.exerciseName };
}
