import type { Env } from "../env";

/** Cron Triggers (wrangler.toml). Each task records its run in SchedulerTaskState. */
export async function handleScheduled(controller: ScheduledController, _env: Env, _ctx: ExecutionContext): Promise<void> {
  console.log(`[cron ${controller.cron}] fired at ${new Date(controller.scheduledTime).toISOString()}`);
}
