/**
 * `npm start`'s Cron: `wrangler dev` runs no Cron Triggers by itself, so this calls the local
 * Worker's `/__scheduled?cron=…` (wrangler dev --test-scheduled) at each trigger's minutes, as
 * Cloudflare would. The triggers are wrangler.toml's, read at start (scripts/lib/cron.ts).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CronError, cronsOf, describeSchedule, nextFire, parseCron, type CronSchedule } from "./cron.ts";

const WRANGLER_TOML = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));
/** setTimeout's ceiling (about 24.8 days); a later fire is reached in several waits. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/** The triggers of wrangler.toml that the local scheduler can run, and a line for each it cannot. */
export function localSchedules(toml: string = readFileSync(WRANGLER_TOML, "utf8")): { schedules: CronSchedule[]; refused: string[] } {
  const schedules: CronSchedule[] = [];
  const refused: string[] = [];
  for (const expression of cronsOf(toml)) {
    try {
      schedules.push(parseCron(expression));
    } catch (err) {
      if (!(err instanceof CronError)) throw err;
      refused.push(err.message);
    }
  }
  return { schedules, refused };
}

/** Starts firing the schedules at `baseURL`; prints the schedule first. Answers a stop function. */
export function startScheduler(baseURL: string, schedules: CronSchedule[], refused: string[] = []): () => void {
  console.log(
    ["", "  Cron Triggers (wrangler.toml, UTC), run against the local Worker:", ...describeSchedule(schedules, Date.now()).map((l) => `    ${l}`)].join("\n"),
  );
  for (const line of refused) console.log(`    not run locally: ${line}`);
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const arm = (schedule: CronSchedule, after: number) => {
    const at = nextFire(schedule, after);
    if (at === null || stopped) return;
    const wait = () => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (Date.now() < at) return wait(); // a long wait in steps, or a timer that woke early
          void fire(schedule.expression);
          arm(schedule, at);
        },
        Math.min(Math.max(at - Date.now(), 0), MAX_WAIT_MS),
      );
      // Never the reason the process stays up: wrangler is.
      timer.unref();
      timers.add(timer);
    };
    wait();
  };

  const fire = async (expression: string) => {
    const url = `${baseURL}/__scheduled?cron=${encodeURIComponent(expression)}`;
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) console.error(`[cron ${expression}] the Worker answered ${res.status}`);
    } catch (err) {
      console.error(`[cron ${expression}] could not reach the Worker: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  for (const schedule of schedules) arm(schedule, Date.now());
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
