import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import worker from "../../worker/index";
import { probeStateName } from "../../worker/jobs/queue";
import { runTask } from "../../worker/jobs/scheduled";
import { allTaskNames } from "../../worker/jobs/tasks";
import { nowMs } from "../../worker/lib/clock";
import { expectConsoleError } from "../helpers/console";

const DAY = 24 * 60 * 60 * 1000;

type StateRow = { name: string; lastRun: number | null; isRunning: number; error: string | null; startedAt: number | null };

async function fire(cron: string, scheduledTime: number) {
  const controller = createScheduledController({ cron, scheduledTime });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function state(name: string) {
  return env.DB.prepare('SELECT name, lastRun, isRunning, error, startedAt FROM "SchedulerTaskState" WHERE name = ?').bind(name).first<StateRow>();
}

async function count(table: string) {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>())!.n;
}

describe("cron runs record SchedulerTaskState", () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM "SchedulerTaskState"').run();
  });

  it("registers the housekeeping task and honest placeholders for the later ones", () => {
    expect(allTaskNames().sort()).toEqual([
      "alert-summaries",
      "corrective-action-reminders",
      "credit-expiry",
      "housekeeping",
      "ingest-sweep",
      "notification-digest",
      "synthesis-sweep",
    ]);
  });

  it("records each cron's tasks with lastRun, not running, no error", async () => {
    const t = Date.UTC(2026, 10, 22, 3, 0, 0);
    await fire("*/15 * * * *", t);
    await fire("0 * * * *", t);
    await fire("0 3 * * *", t);
    for (const name of ["alert-summaries", "corrective-action-reminders", "credit-expiry", "housekeeping", "ingest-sweep", "synthesis-sweep"]) {
      const row = await state(name);
      expect(row, name).not.toBeNull();
      expect(row!.lastRun).toBe(t);
      expect(row!.isRunning).toBe(0);
      expect(row!.error).toBeNull();
      expect(typeof row!.startedAt).toBe("number");
    }
  });

  it("is idempotent: a repeated trigger for the same time keeps one row and does not rerun", async () => {
    const t = Date.UTC(2026, 10, 22, 4, 0, 0);
    await fire("0 * * * *", t);
    const first = await state("credit-expiry");
    await fire("0 * * * *", t);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM "SchedulerTaskState" WHERE name = ?').bind("credit-expiry").first<{ n: number }>();
    expect(rows!.n).toBe(1);
    expect((await state("credit-expiry"))!.startedAt).toBe(first!.startedAt);
    await fire("0 * * * *", t + 60 * 60 * 1000);
    expect((await state("credit-expiry"))!.lastRun).toBe(t + 60 * 60 * 1000);
  });

  it("records a failing task's error and clears it on the next good run", async () => {
    expectConsoleError(/\[task flaky\] Error: upstream said no/);
    const t = Date.UTC(2026, 10, 22, 5, 0, 0);
    const outcome = await runTask(
      appContext(env),
      {
        name: "flaky",
        run: async () => {
          throw new Error("upstream said no");
        },
      },
      t,
    );
    expect(outcome.outcome).toBe("failed");
    expect(await state("flaky")).toMatchObject({ error: "upstream said no", isRunning: 0, lastRun: t });
    // A failed run may be retried for the same scheduled time.
    const retry = await runTask(appContext(env), { name: "flaky", run: async () => "fine" }, t);
    expect(retry.outcome).toBe("ran");
    expect((await state("flaky"))!.error).toBeNull();
  });

  it("does not start a task that is still running", async () => {
    const now = nowMs();
    await env.DB.prepare('INSERT INTO "SchedulerTaskState" (id, name, isRunning, startedAt, createdAt, updatedAt) VALUES (?, ?, 1, ?, ?, ?)')
      .bind(crypto.randomUUID(), "busy", now, now, now)
      .run();
    let ran = false;
    const outcome = await runTask(
      appContext(env),
      {
        name: "busy",
        run: async () => {
          ran = true;
          return "x";
        },
      },
      now,
    );
    expect(outcome.outcome).toBe("skipped");
    expect(ran).toBe(false);
  });

  it("housekeeping deletes old outbox mail, expired verifications and sessions, and keeps the rest", async () => {
    const now = Date.UTC(2026, 10, 22, 3, 0, 0);
    const userId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO "User" (id, email, name) VALUES (?, ?, ?)').bind(userId, `hk-${userId}@example.org`, "HK"),
      env.DB.prepare('INSERT INTO "Session" (id, sessionToken, userId, expires, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)').bind(
        crypto.randomUUID(),
        `old-${userId}`,
        userId,
        now - 1000,
        now - DAY,
        now - DAY,
      ),
      env.DB.prepare('INSERT INTO "Session" (id, sessionToken, userId, expires, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)').bind(
        crypto.randomUUID(),
        `live-${userId}`,
        userId,
        now + DAY,
        now,
        now,
      ),
      env.DB.prepare('INSERT INTO "Verification" (id, identifier, value, expiresAt, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)').bind(
        crypto.randomUUID(),
        `hk-old-${userId}`,
        "v",
        now - 1,
        now - DAY,
        now - DAY,
      ),
      env.DB.prepare('INSERT INTO "Verification" (id, identifier, value, expiresAt, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)').bind(
        crypto.randomUUID(),
        `hk-live-${userId}`,
        "v",
        now + DAY,
        now,
        now,
      ),
      env.DB.prepare('INSERT INTO "EmailOutbox" (id, "to", subject, text, kind, createdAt) VALUES (?, ?, ?, ?, ?, ?)').bind(
        crypto.randomUUID(),
        "a@example.org",
        "old",
        "t",
        "test",
        now - 31 * DAY,
      ),
      env.DB.prepare('INSERT INTO "EmailOutbox" (id, "to", subject, text, kind, createdAt) VALUES (?, ?, ?, ?, ?, ?)').bind(
        crypto.randomUUID(),
        "a@example.org",
        "recent",
        "t",
        "test",
        now - 29 * DAY,
      ),
    ]);
    await fire("0 3 * * *", now);
    const sessions = await env.DB.prepare('SELECT sessionToken FROM "Session" WHERE userId = ?').bind(userId).all<{ sessionToken: string }>();
    expect(sessions.results.map((r) => r.sessionToken)).toEqual([`live-${userId}`]);
    const verifications = await env.DB.prepare('SELECT identifier FROM "Verification" WHERE identifier LIKE ?')
      .bind(`hk-%-${userId}`)
      .all<{ identifier: string }>();
    expect(verifications.results.map((r) => r.identifier)).toEqual([`hk-live-${userId}`]);
    const mail = await env.DB.prepare('SELECT subject FROM "EmailOutbox" WHERE "to" = ?').bind("a@example.org").all<{ subject: string }>();
    expect(mail.results.map((r) => r.subject)).toEqual(["recent"]);
    // The daily cron's two tasks: housekeeping and corrective-action-reminders.
    expect(await count("SchedulerTaskState")).toBe(2);
  });
});

describe("queue consumer", () => {
  it("acks probe messages and records their delivery", async () => {
    const sentAt = new Date(Date.UTC(2026, 10, 22, 6, 0, 0));
    const batch = createMessageBatch("readyroom-ingest", [
      { id: "probe-1", timestamp: sentAt, attempts: 1, body: { kind: "probe", sentAt: sentAt.getTime() } },
      { id: "other-1", timestamp: sentAt, attempts: 1, body: { documentId: "d1" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["other-1", "probe-1"]);
    expect(result.retryMessages).toEqual([]);
    expect((await state(probeStateName("readyroom-ingest")))!.lastRun).toBe(sentAt.getTime());
  });
});
