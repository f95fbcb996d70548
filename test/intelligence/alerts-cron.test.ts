import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { enqueueDueAlerts } from "../../worker/alerts/schedule";
import { runTask } from "../../worker/jobs/scheduled";
import { tasksByCron } from "../../worker/jobs/tasks";
import { api, json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { alertsUser, insertAlert, nextRunAt, recordingQueue, retireAlerts } from "./alerts-helpers";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** The pinned tick: every test passes scheduledTime, none reads the machine's clock. */
const T = Date.UTC(2031, 5, 1, 12, 0, 0);

const users: TestUser[] = [];
async function user() {
  const u = await alertsUser();
  users.push(u);
  return u;
}
afterAll(async () => {
  await retireAlerts(users.map((u) => u.userId));
});

const mine = <M extends { alertId: string }>(ids: string[], sent: M[]) => sent.filter((m) => ids.includes(m.alertId));

describe("alert cron: finds only due alerts and enqueues them", () => {
  it("enqueues active alerts whose next run has come, with their trigger date, and moves nextRunAt past the tick", async () => {
    const u = await user();
    const due = await insertAlert(u.userId, { cadence: "daily", nextRunAt: T - 5 * MIN });
    const exactly = await insertAlert(u.userId, { cadence: "hourly", nextRunAt: T });
    const later = await insertAlert(u.userId, { cadence: "daily", nextRunAt: T + MIN });
    const paused = await insertAlert(u.userId, { cadence: "daily", nextRunAt: T - HOUR, isActive: false });
    const never = await insertAlert(u.userId, { cadence: "daily", nextRunAt: null });
    const ids = [due, exactly, later, paused, never];

    const queue = recordingQueue();
    await enqueueDueAlerts(appContext(env), T, { queue });
    const sent = mine(ids, queue.sent);
    expect(sent.map((m) => m.alertId).sort()).toEqual([due, exactly].sort());
    expect(sent.find((m) => m.alertId === due)).toEqual({ kind: "alert-summary", alertId: due, userId: u.userId, triggerDate: T - 5 * MIN });
    expect(sent.find((m) => m.alertId === exactly)!.triggerDate).toBe(T);
    expect(await nextRunAt(due)).toBe(T - 5 * MIN + DAY);
    expect(await nextRunAt(exactly)).toBe(T + HOUR);
    expect(await nextRunAt(later)).toBe(T + MIN);
    expect(await nextRunAt(paused)).toBe(T - HOUR);

    // The same tick again (a retried trigger): nothing. The next tick: only the one that came due since.
    const again = recordingQueue();
    await enqueueDueAlerts(appContext(env), T, { queue: again });
    expect(mine(ids, again.sent)).toEqual([]);
    await enqueueDueAlerts(appContext(env), T + 15 * MIN, { queue: again });
    expect(mine(ids, again.sent).map((m) => [m.alertId, m.triggerDate])).toEqual([[later, T + MIN]]);
  });

  it("catches a missed window up once, not once per missed tick", async () => {
    const u = await user();
    // The cron was down for three days and a bit.
    const id = await insertAlert(u.userId, { cadence: "daily", nextRunAt: T - 3 * DAY - 2 * HOUR });
    const queue = recordingQueue();
    await enqueueDueAlerts(appContext(env), T, { queue });
    expect(mine([id], queue.sent)).toEqual([{ kind: "alert-summary", alertId: id, userId: u.userId, triggerDate: T - 2 * HOUR }]);
    expect(await nextRunAt(id)).toBe(T - 2 * HOUR + DAY);
    for (let tick = 1; tick <= 8; tick++) await enqueueDueAlerts(appContext(env), T + tick * 15 * MIN, { queue });
    expect(mine([id], queue.sent)).toHaveLength(1);
  });

  it("pages through many due alerts and sends them in batches of at most 100", async () => {
    const u = await user();
    const ids: string[] = [];
    for (let i = 0; i < 230; i++) ids.push(await insertAlert(u.userId, { cadence: "hourly", nextRunAt: T - 10 * DAY - i }));
    const queue = recordingQueue();
    const sizes: number[] = [];
    const counting = {
      sendBatch: async (m: Iterable<MessageSendRequest<unknown>>) => {
        const list = [...m];
        sizes.push(list.length);
        return queue.sendBatch(list);
      },
    };
    const result = await enqueueDueAlerts(appContext(env), T, { queue: counting, pageSize: 120 });
    expect(mine(ids, queue.sent)).toHaveLength(230);
    expect(new Set(mine(ids, queue.sent).map((m) => m.alertId)).size).toBe(230);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(result.pages).toBeGreaterThanOrEqual(2);
    for (const id of ids.slice(0, 5)) expect(await nextRunAt(id)).toBeGreaterThan(T);
  });

  it("stops at the per-run cap and leaves the rest due for the next tick", async () => {
    const u = await user();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertAlert(u.userId, { cadence: "daily", nextRunAt: T - 400 * DAY - i }));
    const queue = recordingQueue();
    const first = await enqueueDueAlerts(appContext(env), T, { queue, maxPerRun: 3 });
    expect(first.capped).toBe(true);
    expect(mine(ids, queue.sent)).toHaveLength(3);
    await enqueueDueAlerts(appContext(env), T, { queue });
    expect(mine(ids, queue.sent)).toHaveLength(5);
  });

  it("runs under the task's SchedulerTaskState lease: two overlapping cron runs enqueue each due alert once", async () => {
    const u = await user();
    const ids = [await insertAlert(u.userId, { nextRunAt: T - MIN }), await insertAlert(u.userId, { nextRunAt: T - 2 * MIN })];
    const queue = recordingQueue();
    const ctx = { ...appContext(env), env: { ...env, ALERTS: queue as unknown as Queue<unknown> } };
    const real = tasksByCron["*/15 * * * *"]!.find((t) => t.name === "alert-summaries")!;
    // Its own task name, so this test's lease never meets the scheduled-run tests' row.
    const task = { ...real, name: `alert-summaries-test-${crypto.randomUUID()}` };
    const outcomes = await Promise.all([runTask(ctx, task, T), runTask(ctx, task, T)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["ran", "skipped"]);
    expect(outcomes.find((o) => o.outcome === "ran")!.summary).toMatch(/due alert\(s\) enqueued/);
    expect(
      mine(ids, queue.sent)
        .map((m) => m.alertId)
        .sort(),
    ).toEqual([...ids].sort());
    // A repeat of the same trigger after the run finished is a no-op too.
    expect((await runTask(ctx, task, T)).outcome).toBe("skipped");
    expect(mine(ids, queue.sent)).toHaveLength(2);
  });
});

describe("alert cron bench route (npm run bench's alerts section)", () => {
  it("times one tick over its own due alerts and leaves no rows behind", async () => {
    const u = await user();
    const res = await api("/api/dev/bench/alerts", { body: { userId: u.userId, alerts: 250 } });
    expect(res.status).toBe(200);
    const r = await json(res);
    expect(r).toMatchObject({ alerts: 250, enqueued: 250, messages: 250, sendCalls: 3 });
    const left = await env.DB.prepare(`SELECT count(*) AS n FROM "Alert" WHERE "userId" = ?`).bind(u.userId).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
