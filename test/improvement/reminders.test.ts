import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { notificationItems, notifications } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { REMINDER_KIND, sendCorrectiveActionReminders } from "../../worker/improvement/reminders";
import { correctiveActions } from "../../worker/db/schema";
import { createTestUser } from "../helpers/auth";
import { DAY, db, insertAction } from "./helpers";

// The Cron task is called with its scheduled time, as the runner does (worker/jobs/scheduled.ts),
// so these runs are pinned without moving the app clock.

const ctx = () => appContext(env as unknown as Env);
const items = (userId: string) =>
  db()
    .select()
    .from(notificationItems)
    .where(and(eq(notificationItems.userId, userId), eq(notificationItems.kind, REMINDER_KIND)));
const mails = async (to: string) =>
  (
    await env.DB.prepare('SELECT "subject", "text" FROM "EmailOutbox" WHERE "to" = ? AND "kind" = ? ORDER BY "createdAt"')
      .bind(to, REMINDER_KIND)
      .all<{ subject: string; text: string }>()
  ).results;
const stamp = async (id: string) => (await db().select().from(correctiveActions).where(eq(correctiveActions.id, id)))[0]!.lastReminderAt?.getTime() ?? null;

describe("corrective-action reminders (Cron)", () => {
  it("at a month end: one message per owner listing the due-soon and overdue actions; the same day again sends nothing; a week later sends again; completed never", async () => {
    const run = Date.parse("2027-01-31T03:00:00Z");
    const [owner, bystander] = await Promise.all([createTestUser({ plan: "TEAM", onboarded: true }), createTestUser({ plan: "TEAM", onboarded: true })]);
    const overdue = await insertAction({
      userId: owner.userId,
      status: "in_progress",
      dueDate: "2027-01-20",
      capability: "Mass Care Services",
      action: "Pre-script shelter messages.",
    });
    const soon = await insertAction({
      userId: owner.userId,
      status: "open",
      dueDate: "2027-02-07",
      capability: "Operational Coordination",
      action: "Revise the EOC checklist.",
    });
    const later = await insertAction({ userId: owner.userId, status: "open", dueDate: "2027-02-08" });
    const done = await insertAction({ userId: owner.userId, status: "completed", dueDate: "2027-01-25" });
    const verified = await insertAction({ userId: owner.userId, status: "verified", dueDate: "2027-01-25" });
    const undated = await insertAction({ userId: owner.userId, status: "open", dueDate: null });
    await insertAction({ userId: bystander.userId, status: "open", dueDate: "2027-03-31" });

    await sendCorrectiveActionReminders(ctx(), run);
    const first = await items(owner.userId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ link: "/improvement", inApp: true });
    expect(first[0]!.title).toBe("2 corrective actions need attention (1 overdue)");
    const sent = await mails(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("OVERDUE due 2027-01-20 · Mass Care Services: Pre-script shelter messages.");
    expect(sent[0]!.text).toContain("due 2027-02-07 · Operational Coordination: Revise the EOC checklist.");
    expect(sent[0]!.text).toMatch(/https?:\/\/[^\s]+\/improvement/);
    expect(await stamp(overdue.id)).toBe(run);
    expect(await stamp(soon.id)).toBe(run);
    for (const a of [later, done, verified, undated]) expect(await stamp(a.id)).toBeNull();
    expect(await items(bystander.userId)).toHaveLength(0);

    // The same run again (a repeated trigger), and later the same day: nothing new.
    await sendCorrectiveActionReminders(ctx(), run);
    await sendCorrectiveActionReminders(ctx(), run + 6 * 60 * 60 * 1000);
    expect(await items(owner.userId)).toHaveLength(1);
    expect(await mails(owner.email)).toHaveLength(1);

    // The next day the 8 February one enters the window: a message with it alone.
    await sendCorrectiveActionReminders(ctx(), run + DAY);
    expect(await items(owner.userId)).toHaveLength(2);
    expect((await mails(owner.email)).at(-1)!.text).toContain("due 2027-02-08");
    expect((await mails(owner.email)).at(-1)!.text).not.toContain("Pre-script");

    // A week after the first: the first two again (7 February is due today, not yet overdue), still one message.
    await sendCorrectiveActionReminders(ctx(), run + 7 * DAY);
    const mailsNow = await mails(owner.email);
    expect(mailsNow).toHaveLength(3);
    expect(mailsNow[2]!.subject).toBe("2 corrective actions need attention (1 overdue)");
    expect(await stamp(done.id)).toBeNull();
    expect(await stamp(verified.id)).toBeNull();
  });

  it("at a year end: due on 6 January is in the window of 30 December, 31 December is overdue on 1 January; in-app only when e-mail is off", async () => {
    const owner = await createTestUser({ plan: "TEAM", onboarded: true });
    await db()
      .insert(notifications)
      .values({ userId: owner.userId, emailNotifications: false, inAppNotifications: true, liveNotifications: true, pushNotifications: false });
    const newYear = await insertAction({ userId: owner.userId, status: "open", dueDate: "2028-01-06" });
    const yearEnd = await insertAction({ userId: owner.userId, status: "in_progress", dueDate: "2027-12-31" });

    await sendCorrectiveActionReminders(ctx(), Date.parse("2027-12-29T03:00:00Z"));
    expect(await stamp(yearEnd.id)).not.toBeNull();
    expect(await stamp(newYear.id)).toBeNull();

    await sendCorrectiveActionReminders(ctx(), Date.parse("2027-12-30T03:00:00Z"));
    expect(await stamp(newYear.id)).toBe(Date.parse("2027-12-30T03:00:00Z"));
    const list = await items(owner.userId);
    expect(list.map((i) => i.title)).toEqual(["1 corrective action is due within a week", "1 corrective action is due within a week"]);

    // A week after the first reminder, on 5 January: 31 December is overdue.
    await sendCorrectiveActionReminders(ctx(), Date.parse("2028-01-05T03:00:00Z"));
    const after = await items(owner.userId);
    expect(after).toHaveLength(3);
    expect(after.some((i) => i.title === "1 corrective action needs attention (1 overdue)")).toBe(true);
    expect(await mails(owner.email)).toHaveLength(0);
  });
});
