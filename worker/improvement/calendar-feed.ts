import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { membershipQueries, toMembership } from "../accounts/membership";
import type { AppContext, UserContext } from "../context";
import { preparedBatch } from "../db/prepared";
import { calendarFeeds, correctiveActions, users } from "../db/schema";
import { nowMs } from "../lib/clock";
import { notFound, tooManyRequests } from "../lib/errors";
import { writeCalendar, type CalendarEvent } from "../lib/ics";
import { takeRateLimits, waitPhrase } from "../lib/rate-limit";
import { ownerMayShow } from "../share/standing";
import { findByShareToken, shareActions, tokenUnchanged, type Shareable, type ShareStore } from "../share/tokens";
import { ACTIVE_STATUSES } from "./due";
import { clip } from "../../shared/lib/clip";

/**
 * A planner's corrective-action due dates as a calendar a calendar app subscribes to (issue 32 item
 * 10): a secret URL, made, copied and revoked like a share link (worker/share/tokens.ts — the same
 * 256-bit tokens, idempotent create, compare-and-set changes), answered without sign-in. The feed
 * holds only its owner's open and in-progress actions that have a due date, one all-day event each;
 * a completed action leaves the calendar at the next refresh. A revoked or unknown token, or an
 * owner who is disabled or has no active plan, is 404.
 *
 * Bounded: at most FEED_MAX_EVENTS events, each text clipped, and FEED_MAX_PER_HOUR reads of one
 * feed an hour (calendar apps poll every few hours; more is a leaked URL being hammered).
 */

const FEED_MAX_EVENTS = 500;
export const FEED_MAX_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const FEED_NOT_FOUND = "This calendar feed does not exist or was turned off. Copy the feed link again from Improvement in Readyroom.";

const calendarFeedPath = (token: string) => `/api/improvement/calendar/${token}.ics`;

export type CalendarFeedView = { url: string | null };

type FeedRow = Shareable;

const store: ShareStore<FeedRow> = {
  noun: "calendar feed",
  async find(ctx) {
    const [row] = await ctx.db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, ctx.user.id)).limit(1);
    return { id: ctx.user.id, shareToken: row?.token ?? null };
  },
  async swap(ctx, row, next) {
    const mine = eq(calendarFeeds.userId, ctx.user.id);
    let changed: unknown[];
    if (row.shareToken === null) {
      changed = next === null ? [] : await ctx.db.insert(calendarFeeds).values({ userId: ctx.user.id, token: next }).onConflictDoNothing().returning();
    } else if (next === null) {
      changed = await ctx.db
        .delete(calendarFeeds)
        .where(and(mine, tokenUnchanged(calendarFeeds.token, row.shareToken)))
        .returning();
    } else {
      changed = await ctx.db
        .update(calendarFeeds)
        .set({ token: next })
        .where(and(mine, tokenUnchanged(calendarFeeds.token, row.shareToken)))
        .returning();
    }
    return changed.length ? { id: row.id, shareToken: next } : null;
  },
  // Nothing of a feed is kept at the edge, and it is rendered on every read.
  purge: async () => undefined,
  render: async () => undefined,
};
const feeds = shareActions(store);

const viewOf = (ctx: AppContext, row: FeedRow): CalendarFeedView => ({
  url: row.shareToken ? new URL(calendarFeedPath(row.shareToken), ctx.config.APP_URL).href : null,
});

/** The caller's feed URL, or null when they have none. */
export const getCalendarFeed = async (ctx: UserContext): Promise<CalendarFeedView> => viewOf(ctx, await store.find(ctx, ctx.user.id));

/** Makes the caller's feed URL; one they already have is kept (creating twice is harmless). Needs an active plan (402). */
export const createCalendarFeed = async (ctx: UserContext): Promise<CalendarFeedView> => viewOf(ctx, await feeds.share(ctx, ctx.user.id));

/** Turns the caller's feed off: its URL is 404 from now on. Nothing to revoke changes nothing. */
export const revokeCalendarFeed = async (ctx: UserContext): Promise<CalendarFeedView> => viewOf(ctx, await feeds.revoke(ctx, ctx.user.id));

/** One D1 round trip before the rate limit: the feed behind the token, its owner's standing, and the owner's membership. */
const feedLookup = preparedBatch((db) => {
  const token = sql.placeholder("token");
  return [
    db
      .select({ userId: calendarFeeds.userId, token: calendarFeeds.token, disabledAt: users.disabledAt })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(eq(calendarFeeds.token, token))
      .limit(1)
      .prepare(),
    ...membershipQueries(db, sql`(SELECT ${calendarFeeds.userId} FROM ${calendarFeeds} WHERE ${calendarFeeds.token} = ${token})`),
  ] as const;
});

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The calendar behind `file` ("<token>.ics"), for whoever holds the URL. 404 for anything but a live
 * feed of an owner in good standing; 429 past the hourly bound, with Retry-After.
 */
export async function readCalendarFeed(ctx: AppContext, file: string): Promise<string> {
  const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : file;
  const feed = await findByShareToken(token, FEED_NOT_FOUND, async (t) => {
    const [[row], ...membership] = await feedLookup.run(ctx.db, { token: t });
    return row && { id: row.userId, shareToken: row.token, disabledAt: row.disabledAt, membership: toMembership(membership) };
  });
  const now = nowMs();
  if (!ownerMayShow({ disabledAt: feed.disabledAt?.getTime() ?? null }, feed.membership, new Date(now))) {
    throw notFound(FEED_NOT_FOUND);
  }
  const refusal = await takeRateLimits(ctx.env.DB, [{ key: `calendar-feed:${feed.id}`, max: FEED_MAX_PER_HOUR, windowMs: HOUR_MS }], now);
  if (refusal) {
    const wait = refusal.retryAfterSeconds;
    throw tooManyRequests(
      `This calendar feed was read too often in the last hour. Try again in ${waitPhrase(wait)}.`,
      "rate_limited",
      { retryAfter: wait },
      { "retry-after": String(wait) },
    );
  }
  const rows = await ctx.db
    .select()
    .from(correctiveActions)
    .where(and(eq(correctiveActions.userId, feed.id), inArray(correctiveActions.status, ACTIVE_STATUSES), isNotNull(correctiveActions.dueDate)))
    .orderBy(asc(correctiveActions.dueDate), asc(correctiveActions.id))
    .limit(FEED_MAX_EVENTS);
  const host = new URL(ctx.config.APP_URL).host;
  const page = new URL("/improvement", ctx.config.APP_URL).href;
  const events: CalendarEvent[] = rows.map((a) => ({
    uid: `corrective-action-${a.id}@${host}`,
    summary: `Due: ${clip(a.action, 120)}`,
    description: [
      `Capability: ${clip(a.capability, 200)}`,
      `Issue: ${clip(a.issue, 1_000)}`,
      `Corrective action: ${clip(a.action, 1_000)}`,
      `Exercise: ${clip(a.exerciseName, 200)}`,
      a.organization ? `Organization: ${clip(a.organization, 200)}` : "",
      a.pointOfContact ? `Point of contact: ${clip(a.pointOfContact, 200)}` : "",
      `Status: ${a.status === "in_progress" ? "in progress" : a.status}`,
    ]
      .filter(Boolean)
      .join("\n"),
    start: a.dueDate!,
    end: nextDay(a.dueDate!),
    categories: ["Corrective action"],
    url: page,
  }));
  return writeCalendar({ name: "Readyroom corrective actions", events, refreshMinutes: 360 }, now);
}
