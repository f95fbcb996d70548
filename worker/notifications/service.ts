import { and, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import type { AppContext, UserContext } from "../context";
import { notificationItems, notifications, users } from "../db/schema";
import { nowDate, nowMs } from "../lib/clock";
import { getEmailSender } from "../lib/email";
import { displayName } from "../../shared/lib/display-name";

/**
 * Notifications (spec §3 "Notifications": live, e-mail, in-app and push switches per user) and
 * the in-app list behind the bell (NotificationItem). Features call `notifyUser` with a dedupe key
 * naming the cause, so a producer that runs twice (a redelivered queue message) notifies once.
 *
 * Switches, when a user has never saved them (no Notifications row): live, e-mail and in-app on,
 * push and the daily digest off — the schema's defaults. Push has no delivery channel yet; the
 * switch is stored only. With the digest on, e-mail copies wait for one daily e-mail (digest.ts).
 */

export type NotificationSettingsView = { live: boolean; email: boolean; inApp: boolean; push: boolean; digest: boolean; saved: boolean };
export type NotificationView = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  /** ISO-8601 UTC. */
  createdAt: string;
};
export type NotificationListView = { items: NotificationView[]; unreadCount: number; nextBefore: string | null };

const DEFAULT_NOTIFICATION_SETTINGS = { live: true, email: true, inApp: true, push: false, digest: false } as const;
const NOTIFICATION_PAGE_MAX = 50;

export const notificationSettingsSchema = z
  .object({ live: z.boolean(), email: z.boolean(), inApp: z.boolean(), push: z.boolean(), digest: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one of live, email, inApp, push, digest." });

export const markReadSchema = z.union([
  z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
  /** ISO-8601: items created before this instant (the previous page's nextBefore). */
  before: z.iso.datetime().optional(),
  unread: z.enum(["1", "true"]).optional(),
});

type SettingsRow = typeof notifications.$inferSelect;

function settingsView(row: SettingsRow | undefined): NotificationSettingsView {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS, saved: false };
  return {
    live: row.liveNotifications,
    email: row.emailNotifications,
    inApp: row.inAppNotifications,
    push: row.pushNotifications,
    digest: row.emailDigest,
    saved: true,
  };
}

async function readSettings(ctx: AppContext, userId: string): Promise<NotificationSettingsView> {
  const [row] = await ctx.db.select().from(notifications).where(eq(notifications.userId, userId)).limit(1);
  return settingsView(row);
}

export function getNotificationSettings(ctx: UserContext): Promise<NotificationSettingsView> {
  return readSettings(ctx, ctx.user.id);
}

/** Saves the given switches (the others keep their value, or the default). One upsert on the userId key. */
export async function updateNotificationSettings(ctx: UserContext, input: z.infer<typeof notificationSettingsSchema>): Promise<NotificationSettingsView> {
  const current = await readSettings(ctx, ctx.user.id);
  const next = { ...current, ...input };
  const values = {
    liveNotifications: next.live,
    emailNotifications: next.email,
    inAppNotifications: next.inApp,
    pushNotifications: next.push,
    emailDigest: next.digest,
  };
  await ctx.db
    .insert(notifications)
    .values({ userId: ctx.user.id, ...values })
    .onConflictDoUpdate({ target: notifications.userId, set: { ...values, updatedAt: nowDate() } });
  return readSettings(ctx, ctx.user.id);
}

function itemView(row: typeof notificationItems.$inferSelect): NotificationView {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, read: row.readAt !== null, createdAt: row.createdAt.toISOString() };
}

export async function unreadCount(ctx: UserContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notificationItems)
    .where(and(eq(notificationItems.userId, ctx.user.id), eq(notificationItems.inApp, true), isNull(notificationItems.readAt)));
  return row?.n ?? 0;
}

/** The bell's list, newest first, paged by creation time. */
export async function listNotifications(ctx: UserContext, query: z.infer<typeof listQuerySchema>): Promise<NotificationListView> {
  const conditions = [eq(notificationItems.userId, ctx.user.id), eq(notificationItems.inApp, true)];
  if (query.before) conditions.push(lt(notificationItems.createdAt, new Date(query.before)));
  if (query.unread) conditions.push(isNull(notificationItems.readAt));
  const rows = await ctx.db
    .select()
    .from(notificationItems)
    .where(and(...conditions))
    .orderBy(desc(notificationItems.createdAt), desc(notificationItems.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return { items: page.map(itemView), unreadCount: await unreadCount(ctx), nextBefore: more ? page[page.length - 1]!.createdAt.toISOString() : null };
}

/** Marks the caller's items read (another user's ids are ignored); answers the new unread count. */
export async function markNotificationsRead(ctx: UserContext, input: z.infer<typeof markReadSchema>): Promise<{ unreadCount: number }> {
  const mine = and(eq(notificationItems.userId, ctx.user.id), isNull(notificationItems.readAt));
  const where = "ids" in input ? and(mine, inArray(notificationItems.id, input.ids)) : mine;
  await ctx.db.update(notificationItems).set({ readAt: nowDate() }).where(where);
  return { unreadCount: await unreadCount(ctx) };
}

export type NotifyInput = {
  userId: string;
  kind: string;
  /** Names the cause, unique per user ("alert-summary:<alertId>:<triggerDate>"). */
  dedupeKey: string;
  title: string;
  body: string;
  link?: string | null;
  email?: { subject: string; text: string };
};

/** `digest`: the e-mail copy waits for the owner's daily digest (their setting). */
export type NotifyResult = { inApp: boolean; emailed: boolean; digest?: boolean };

/**
 * Notifies a user as their switches allow: an in-app item (the bell), an e-mail through the sender
 * (the outbox locally). Idempotent by (userId, dedupeKey): the row is written once, and the e-mail
 * is claimed on it (emailedAt) before sending, so a second call neither adds an item nor mails
 * again. A failed send gives the claim back and throws, so the caller's retry sends it.
 */
export async function notifyUser(ctx: AppContext, input: NotifyInput): Promise<NotifyResult> {
  const settings = await readSettings(ctx, input.userId);
  const wantsEmail = settings.email && Boolean(input.email);
  if (!settings.inApp && !wantsEmail) return { inApp: false, emailed: false };
  await ctx.db
    .insert(notificationItems)
    .values({
      userId: input.userId,
      kind: input.kind,
      dedupeKey: input.dedupeKey,
      title: input.title.slice(0, 300),
      body: input.body.slice(0, 2000),
      link: input.link ?? null,
      inApp: settings.inApp,
      // A digest reader's copy is sent with the others once a day (digest.ts), from this row.
      emailPending: wantsEmail && settings.digest,
    })
    .onConflictDoNothing({ target: [notificationItems.userId, notificationItems.dedupeKey] });
  if (!wantsEmail || !input.email) return { inApp: settings.inApp, emailed: false };
  if (settings.digest) return { inApp: settings.inApp, emailed: false, digest: true };

  const claimed = await ctx.db
    .update(notificationItems)
    .set({ emailedAt: new Date(nowMs()) })
    .where(and(eq(notificationItems.userId, input.userId), eq(notificationItems.dedupeKey, input.dedupeKey), isNull(notificationItems.emailedAt)))
    .returning({ id: notificationItems.id });
  if (claimed.length === 0) return { inApp: settings.inApp, emailed: false };
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) return { inApp: settings.inApp, emailed: false };
  try {
    await getEmailSender(ctx.env, ctx.config).send({ to: user.email, kind: input.kind, subject: input.email.subject, text: input.email.text });
  } catch (err) {
    await ctx.db.update(notificationItems).set({ emailedAt: null }).where(eq(notificationItems.id, claimed[0]!.id));
    throw err;
  }
  return { inApp: settings.inApp, emailed: true };
}

/** The display name of a user by id (their name, else their e-mail); null when there is no such user. */
export async function displayNameOf(db: AppContext["db"], userId: string): Promise<string | null> {
  const [u] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u ? displayName(u) : null;
}
