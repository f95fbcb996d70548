import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { notificationItems, users } from "../db/schema";
import { getEmailSender } from "../lib/email";
import { chunk } from "../lib/chunk";

/**
 * The daily e-mail digest (issue 30 item 7): for users who chose it, the e-mail copies notifyUser
 * set aside (NotificationItem.emailPending) go out as ONE e-mail a day. The hourly Cron runs it; it
 * sends only in the hour DIGEST_HOUR_UTC, so a planner reads it in the morning in the Americas and
 * after lunch in Europe, whatever minute the trigger fires.
 *
 * Idempotent like the reminders: the items are claimed (emailPending → false, emailedAt set) before
 * the send, and given back if the send fails, so a repeated run neither mails twice nor loses one.
 * Bounded: MAX_USERS_PER_RUN users, DIGEST_ITEMS_MAX items each (the rest say "and N more").
 */

export const DIGEST_HOUR_UTC = 12;
const MAX_USERS_PER_RUN = 500;
const DIGEST_ITEMS_MAX = 50;
const DIGEST_KIND = "notification-digest";

export type DigestResult = { users: number; items: number; failed: number; skipped: boolean };

type PendingItem = { id: string; title: string; body: string; link: string | null; createdAt: Date };

export async function sendNotificationDigests(ctx: AppContext, scheduledTime: number, options: { anyHour?: boolean } = {}): Promise<DigestResult> {
  if (!options.anyHour && new Date(scheduledTime).getUTCHours() !== DIGEST_HOUR_UTC) return { users: 0, items: 0, failed: 0, skipped: true };
  const owners = await ctx.db
    .selectDistinct({ userId: notificationItems.userId })
    .from(notificationItems)
    .where(eq(notificationItems.emailPending, true))
    .limit(MAX_USERS_PER_RUN);
  let sent = 0;
  let items = 0;
  let failed = 0;
  for (const { userId } of owners) {
    try {
      const n = await sendDigest(ctx, userId, scheduledTime);
      if (n > 0) {
        sent++;
        items += n;
      }
    } catch (err) {
      // One mailbox refusing must not stop the others; theirs go next day.
      console.error(`[notification-digest] user ${userId}`, err);
      failed++;
    }
  }
  return { users: sent, items, failed, skipped: false };
}

async function sendDigest(ctx: AppContext, userId: string, now: number): Promise<number> {
  const pending = await ctx.db
    .select({
      id: notificationItems.id,
      title: notificationItems.title,
      body: notificationItems.body,
      link: notificationItems.link,
      createdAt: notificationItems.createdAt,
    })
    .from(notificationItems)
    .where(and(eq(notificationItems.userId, userId), eq(notificationItems.emailPending, true)))
    .orderBy(asc(notificationItems.createdAt), asc(notificationItems.id));
  if (pending.length === 0) return 0;
  const ids = pending.map((p) => p.id);
  // Claimed in chunks (D1 binds at most 100 parameters a statement).
  const claims = chunk(ids, 90).map((part) =>
    ctx.db
      .update(notificationItems)
      .set({ emailPending: false, emailedAt: new Date(now) })
      .where(and(inArray(notificationItems.id, part), eq(notificationItems.emailPending, true)))
      .returning({ id: notificationItems.id }),
  );
  const claimed = new Set((await Promise.all(claims)).flat().map((r) => r.id));
  const mine = pending.filter((p) => claimed.has(p.id));
  if (mine.length === 0) return 0;
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return 0;
  const message = digestMessage(mine, ctx.config.APP_URL);
  try {
    await getEmailSender(ctx.env, ctx.config).send({ to: user.email, kind: DIGEST_KIND, subject: message.subject, text: message.text });
  } catch (err) {
    for (const part of chunk([...claimed], 90))
      await ctx.db
        .update(notificationItems)
        .set({ emailPending: true, emailedAt: null })
        .where(and(inArray(notificationItems.id, part), sql`${notificationItems.emailedAt} = ${now}`));
    throw err;
  }
  return mine.length;
}

/** The digest's subject and text (pure, so tests read it directly). Oldest first, as they happened. */
export function digestMessage(items: PendingItem[], appUrl: string): { subject: string; text: string } {
  const shown = items.slice(0, DIGEST_ITEMS_MAX);
  const subject = `Readyroom: ${items.length} update${items.length === 1 ? "" : "s"} since yesterday`;
  const lines = shown.map((item) => {
    const link = item.link ? `\n  ${new URL(item.link, appUrl).toString()}` : "";
    const body = item.body.trim() ? `\n  ${item.body.trim().replace(/\s+/g, " ").slice(0, 300)}` : "";
    return `- ${item.title}${body}${link}`;
  });
  const more = items.length > shown.length ? [`…and ${items.length - shown.length} more under the bell: ${new URL("/dashboard", appUrl).toString()}`] : [];
  const footer = `You get one e-mail a day because the daily digest is on. Change it in your profile: ${new URL("/account/profile", appUrl).toString()}`;
  return { subject, text: [...lines, ...more, "", footer].join("\n") };
}
