import type { AppContext } from "../context";
import { notifyUser } from "../notifications/service";
import { isOverdue, reminderHorizon, utcDay } from "./due";
import { REMINDER_INTERVAL_MS } from "../../shared/improvement/model";

/**
 * The Cron's `corrective-action-reminders` task (daily, worker/jobs/tasks.ts). It finds corrective
 * actions still being worked on (open, in progress) that are due within REMINDER_LEAD_DAYS or
 * overdue and were not reminded in the last REMINDER_INTERVAL_MS, and sends each owner ONE message
 * (in-app and e-mail, as their notification switches allow) listing theirs, then stamps
 * lastReminderAt on those actions. Sample workspaces' actions (worker/sample) are never reminded:
 * nobody is responsible for a fictional county's plan.
 *
 * Why inline and not enqueue/consume like news alerts (docs/decisions/0012): a reminder is a few
 * D1 statements and one e-mail, no search or AI, so a run handles hundreds of owners in seconds.
 * A run is bounded anyway (MAX_OWNERS_PER_RUN); owners past it are still due and go next run.
 *
 * Idempotent: the run's instant is the scheduled time, the notification's dedupe key names the day,
 * and the stamp is a compare-and-set on the interval. A repeated run the same day finds nothing due
 * (stamped); a run that died between notifying and stamping repeats the same dedupe key, so
 * notifyUser neither adds an item nor mails again, and then stamps.
 */

export const REMINDER_KIND = "corrective-action-reminder";
/** Actions read per page (ordered by owner, so a page holds whole owners except maybe the last). */
const REMINDER_PAGE_SIZE = 500;
const MAX_OWNERS_PER_RUN = 1_000;

type DueRow = { id: string; userId: string; capability: string; action: string; exerciseName: string; dueDate: string; status: "open" | "in_progress" };

export type ReminderResult = { owners: number; actions: number; failed: number; capped: boolean };

export async function sendCorrectiveActionReminders(
  ctx: AppContext,
  scheduledTime: number,
  options: { pageSize?: number; maxOwners?: number } = {},
): Promise<ReminderResult> {
  const pageSize = options.pageSize ?? REMINDER_PAGE_SIZE;
  const maxOwners = options.maxOwners ?? MAX_OWNERS_PER_RUN;
  const now = scheduledTime;
  const horizon = reminderHorizon(now);
  const remindedBefore = now - REMINDER_INTERVAL_MS;
  const failedOwners: string[] = [];
  let owners = 0;
  let actions = 0;
  for (;;) {
    if (owners >= maxOwners) return { owners, actions, failed: failedOwners.length, capped: true };
    // The "still due" set shrinks as owners are stamped, so each page is again its head (no cursor).
    const { results } = await ctx.env.DB.prepare(
      `SELECT "id", "userId", "capability", "action", "exerciseName", "dueDate", "status" FROM "CorrectiveAction"
       WHERE "status" IN ('open', 'in_progress') AND "dueDate" IS NOT NULL AND "dueDate" <= ?1 AND "sample" = 0
         AND ("lastReminderAt" IS NULL OR "lastReminderAt" <= ?2)
         AND "userId" NOT IN (SELECT value FROM json_each(?3))
       ORDER BY "userId", "dueDate", "id" LIMIT ?4`,
    )
      .bind(horizon, remindedBefore, JSON.stringify(failedOwners), pageSize)
      .all<DueRow>();
    if (results.length === 0) return { owners, actions, failed: failedOwners.length, capped: false };

    const groups = groupByOwner(results);
    // A full page may end inside an owner's list: leave that owner to the next page, whole — unless
    // the page holds nobody else (an owner with more actions than a page gets the page).
    if (results.length === pageSize && groups.length > 1) groups.pop();
    for (const [userId, list] of groups) {
      if (owners >= maxOwners) break;
      try {
        await remindOwner(ctx, userId, list, now);
        owners++;
        actions += list.length;
      } catch (err) {
        // One owner's failure (a mail provider refusing) must not stop the others; they retry next run.
        console.error(`[corrective-action-reminders] owner ${userId}`, err);
        failedOwners.push(userId);
      }
    }
  }
}

function groupByOwner(rows: DueRow[]): [string, DueRow[]][] {
  const groups = new Map<string, DueRow[]>();
  for (const row of rows) {
    const list = groups.get(row.userId);
    if (list) list.push(row);
    else groups.set(row.userId, [row]);
  }
  return [...groups];
}

async function remindOwner(ctx: AppContext, userId: string, list: DueRow[], now: number): Promise<void> {
  const message = reminderMessage(list, now, new URL("/improvement", ctx.config.APP_URL).toString());
  await notifyUser(ctx, {
    userId,
    kind: REMINDER_KIND,
    dedupeKey: `${REMINDER_KIND}:${utcDay(now)}`,
    title: message.title,
    body: message.body,
    link: "/improvement",
    email: { subject: message.title, text: message.text },
  });
  await ctx.env.DB.prepare(
    `UPDATE "CorrectiveAction" SET "lastReminderAt" = ?1
     WHERE "id" IN (SELECT value FROM json_each(?2)) AND ("lastReminderAt" IS NULL OR "lastReminderAt" <= ?3)`,
  )
    .bind(now, JSON.stringify(list.map((a) => a.id)), now - REMINDER_INTERVAL_MS)
    .run();
}

/** The reminder's title, in-app body and e-mail text (pure, so tests read it directly). */
export function reminderMessage(list: Pick<DueRow, "capability" | "action" | "exerciseName" | "dueDate" | "status">[], now: number, link: string) {
  const overdue = list.filter((a) => isOverdue(a, now)).length;
  const n = list.length;
  const title =
    overdue > 0
      ? `${n} corrective action${n === 1 ? "" : "s"} need${n === 1 ? "s" : ""} attention (${overdue} overdue)`
      : `${n} corrective action${n === 1 ? " is" : "s are"} due within a week`;
  const lines = list.map((a) => `- ${isOverdue(a, now) ? "OVERDUE " : ""}due ${a.dueDate} · ${a.capability}: ${oneLine(a.action)} (${a.exerciseName})`);
  const body = lines.slice(0, 10).join("\n") + (n > 10 ? `\n… and ${n - 10} more` : "");
  const text = [
    "These corrective actions from your after-action reports are due soon or overdue:",
    "",
    ...lines,
    "",
    `Update their status, or record the exercise that verified the fix: ${link}`,
    "",
    "You get this at most once a week per action while it is open or in progress.",
  ].join("\n");
  return { title, body, text };
}

function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
