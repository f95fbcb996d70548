import { appContext, type AppContext } from "../context";
import type { Env } from "../env";
import { type ScheduledTask, tasksByCron } from "./tasks";
import { nowMs } from "../lib/clock";

/** A run that has been "running" this long is assumed dead (isolate evicted) and may be retaken. */
const STALE_RUN_MS = 30 * 60 * 1000;

export type TaskOutcome = { name: string; outcome: "ran" | "failed" | "skipped"; summary: string };

/** Cron Triggers (wrangler.toml). Each task records its run in SchedulerTaskState. */
export async function handleScheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  const tasks = tasksByCron[controller.cron];
  if (!tasks) {
    console.warn(`[cron ${controller.cron}] no tasks registered for this schedule`);
    return;
  }
  const outcomes = await runTasks(appContext(env), tasks, controller.scheduledTime);
  for (const o of outcomes) console.log(`[cron ${controller.cron}] ${o.name}: ${o.outcome} — ${o.summary}`);
}

async function runTasks(ctx: AppContext, tasks: ScheduledTask[], scheduledTime: number): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = [];
  // One after another: the tasks share D1 and there are few of them.
  for (const task of tasks) outcomes.push(await runTask(ctx, task, scheduledTime));
  return outcomes;
}

/**
 * Claims the task's row, runs it, records the result. The claim is one conditional upsert, so two
 * overlapping invocations (a retried trigger, a manual run) cannot both run the task, and a run
 * already completed for this scheduled time is not repeated.
 */
export async function runTask(ctx: AppContext, task: ScheduledTask, scheduledTime: number): Promise<TaskOutcome> {
  const now = nowMs();
  const claimed = await ctx.env.DB.prepare(
    `INSERT INTO "SchedulerTaskState" ("id", "name", "isRunning", "startedAt", "error", "createdAt", "updatedAt")
     VALUES (?1, ?2, 1, ?3, NULL, ?3, ?3)
     ON CONFLICT ("name") DO UPDATE SET "isRunning" = 1, "startedAt" = ?3, "updatedAt" = ?3
     WHERE ("isRunning" = 0 OR "startedAt" < ?4)
       AND ("lastRun" IS NULL OR "lastRun" < ?5 OR "error" IS NOT NULL)
     RETURNING "id"`,
  )
    .bind(crypto.randomUUID(), task.name, now, now - STALE_RUN_MS, scheduledTime)
    .first<{ id: string }>();
  if (!claimed) return { name: task.name, outcome: "skipped", summary: "already running or already ran for this time" };

  let outcome: TaskOutcome;
  let error: string | null = null;
  try {
    outcome = { name: task.name, outcome: "ran", summary: await task.run(ctx, scheduledTime) };
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    outcome = { name: task.name, outcome: "failed", summary: error };
    console.error(`[task ${task.name}]`, err);
  }
  const finished = nowMs();
  // lastRun is the scheduled time the run was for, which is what makes a repeat delivery a no-op.
  await ctx.env.DB.prepare(`UPDATE "SchedulerTaskState" SET "isRunning" = 0, "lastRun" = ?2, "error" = ?3, "updatedAt" = ?4 WHERE "name" = ?1`)
    .bind(task.name, scheduledTime, error ? error.slice(0, 1000) : null, finished)
    .run();
  return outcome;
}
