import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { getLedgerState } from "../../worker/billing/service";
import { appContext } from "../../worker/context";
import worker from "../../worker/index";
import { INSUFFICIENT_CREDITS_NOTICE, runAlertSummary } from "../../worker/alerts/run";
import type { AlertMessage } from "../../worker/alerts/schedule";
import type { TestUser } from "../helpers/auth";
import { alertsUser, fakeSourcesCtx, fakeSourcesEnv, insertAlert, retireAlerts } from "./alerts-helpers";
import { NOW } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
/** Far in the future: no cron in another test file picks these alerts up. */
const NOT_SOON = Date.UTC(2100, 0, 1);

const users: TestUser[] = [];
async function user(options: { credits?: number; flag?: boolean } = {}) {
  const u = await alertsUser({ credits: 500, ...options });
  users.push(u);
  return u;
}
afterAll(async () => {
  await retireAlerts(users.map((u) => u.userId));
});

async function setup(options: { credits?: number; flag?: boolean } = {}) {
  const u = await user(options);
  const alertId = await insertAlert(u.userId, { nextRunAt: NOT_SOON, queryText: "flood" });
  const message: AlertMessage = { kind: "alert-summary", alertId, userId: u.userId, triggerDate: NOW };
  return { u, alertId, message };
}

async function summaries(alertId: string) {
  const { results } = await env.DB.prepare(`SELECT * FROM "AlertSummary" WHERE "alertId" = ? ORDER BY "triggerDate"`)
    .bind(alertId)
    .all<Record<string, unknown>>();
  return results;
}
async function items(userId: string) {
  const { results } = await env.DB.prepare(`SELECT * FROM "NotificationItem" WHERE "userId" = ?`).bind(userId).all<Record<string, unknown>>();
  return results;
}
async function mails(to: string) {
  const { results } = await env.DB.prepare(`SELECT * FROM "EmailOutbox" WHERE "to" = ? AND "kind" LIKE 'alert-summary%'`)
    .bind(to)
    .all<Record<string, unknown>>();
  return results;
}
const balanceOf = async (accountId: string) => (await getLedgerState(appContext(env), accountId)).balance.currentBalance;

describe("alert consumer: one cited summary, charged, notified", () => {
  it("writes a summary with [n] citations resolving to fetched items, charges credits and notifies in-app and by e-mail", async () => {
    const { u, alertId, message } = await setup();
    const before = await balanceOf(u.accountId);
    const result = await runAlertSummary(fakeSourcesCtx(), message);
    expect(result.outcome).toBe("written");
    const [row] = await summaries(alertId);
    expect(row).toMatchObject({ triggerDate: NOW, notice: expect.stringMatching(/^Offline digest/) });
    expect(Number(row!.sourceCount)).toBeGreaterThan(0);
    const content = String(row!.content);
    expect(content).toMatch(/\[1\]/);
    expect(content).toMatch(/\*\*Sources\*\*\n\n1\. \[[^\]]+\]\(http[^)]+\)/);
    // Every [n] in the text has a numbered source line.
    const cited = new Set([...content.matchAll(/\[(\d+)\](?!\()/g)].map((m) => Number(m[1])));
    for (const n of cited) expect(content).toContain(`\n${n}. [`);
    expect(String(row!.reportUrl)).toContain(`/intelligence?alert=${alertId}`);
    const charged = Number(row!.creditsCharged);
    expect(charged).toBeGreaterThan(0);
    expect(await balanceOf(u.accountId)).toBe(before - charged);
    const notes = await items(u.userId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: "alert-summary", inApp: 1, readAt: null, link: `/intelligence?alert=${alertId}` });
    const sent = await mails(u.email);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]!.text)).toContain("[1]");
    const alert = await env.DB.prepare(`SELECT "summaryContent" FROM "Alert" WHERE id = ?`).bind(alertId).first<{ summaryContent: string }>();
    expect(alert!.summaryContent).toBe(content);
  });

  it("writes exactly one summary, one charge, one notification and one e-mail when two runs overlap", async () => {
    const { u, alertId, message } = await setup();
    const before = await balanceOf(u.accountId);
    const results = await Promise.all([runAlertSummary(fakeSourcesCtx(), message), runAlertSummary(fakeSourcesCtx(), message)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["duplicate", "written"]);
    const rows = await summaries(alertId);
    expect(rows).toHaveLength(1);
    expect(await balanceOf(u.accountId)).toBe(before - Number(rows[0]!.creditsCharged));
    expect(await items(u.userId)).toHaveLength(1);
    expect(await mails(u.email)).toHaveLength(1);
    // A third, later delivery: nothing new.
    expect((await runAlertSummary(fakeSourcesCtx(), message)).outcome).toBe("duplicate");
    expect(await summaries(alertId)).toHaveLength(1);
    expect(await mails(u.email)).toHaveLength(1);
  });

  it("acknowledges a redelivered message through the queue consumer without a second summary", async () => {
    const { u, alertId, message } = await setup();
    const qenv = fakeSourcesEnv();
    for (let delivery = 0; delivery < 2; delivery++) {
      const batch = createMessageBatch("readyroom-alerts", [
        { id: `m-${alertId}-${delivery}`, timestamp: new Date(NOW), attempts: delivery + 1, body: message },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, qenv as never, ctx);
      const result = await getQueueResult(batch, ctx);
      await waitOnExecutionContext(ctx);
      expect(result.explicitAcks).toEqual([`m-${alertId}-${delivery}`]);
      expect(result.retryMessages).toEqual([]);
    }
    expect(await summaries(alertId)).toHaveLength(1);
    expect(await items(u.userId)).toHaveLength(1);
  });

  it("covers the window since the previous trigger date", async () => {
    const { alertId, message } = await setup();
    await runAlertSummary(fakeSourcesCtx(), { ...message, triggerDate: NOW - DAY });
    await runAlertSummary(fakeSourcesCtx(), message);
    const rows = await summaries(alertId);
    expect(rows.map((r) => r.triggerDate)).toEqual([NOW - DAY, NOW]);
  });
});

describe("alert consumer: credits, settings, state", () => {
  it("skips the summary with a notice, charges nothing and tells the owner when credits are short", async () => {
    const { u, alertId, message } = await setup({ credits: 0 });
    const result = await runAlertSummary(fakeSourcesCtx(), message);
    expect(result.outcome).toBe("skipped-credits");
    const [row] = await summaries(alertId);
    expect(row).toMatchObject({ notice: INSUFFICIENT_CREDITS_NOTICE, content: INSUFFICIENT_CREDITS_NOTICE, creditsCharged: 0 });
    expect(await balanceOf(u.accountId)).toBe(0);
    const notes = await items(u.userId);
    expect(notes.map((n) => n.kind)).toEqual(["alert-summary-skipped"]);
    expect(await mails(u.email)).toHaveLength(1);
  });

  it("honours the Notifications settings: e-mail off → in-app only; in-app off → e-mail only, nothing in the bell", async () => {
    const a = await setup();
    await env.DB.prepare(`INSERT INTO "Notifications" ("id", "userId", "emailNotifications") VALUES (?, ?, 0)`).bind(crypto.randomUUID(), a.u.userId).run();
    await runAlertSummary(fakeSourcesCtx(), a.message);
    expect((await items(a.u.userId)).map((n) => n.inApp)).toEqual([1]);
    expect(await mails(a.u.email)).toHaveLength(0);

    const b = await setup();
    await env.DB.prepare(`INSERT INTO "Notifications" ("id", "userId", "inAppNotifications") VALUES (?, ?, 0)`).bind(crypto.randomUUID(), b.u.userId).run();
    await runAlertSummary(fakeSourcesCtx(), b.message);
    expect((await items(b.u.userId)).map((n) => n.inApp)).toEqual([0]);
    expect(await mails(b.u.email)).toHaveLength(1);
  });

  it("writes nothing for a paused or deleted alert, or when the flag was turned off", async () => {
    const paused = await setup();
    await env.DB.prepare(`UPDATE "Alert" SET "isActive" = 0 WHERE id = ?`).bind(paused.alertId).run();
    expect((await runAlertSummary(fakeSourcesCtx(), paused.message)).outcome).toBe("paused");
    expect(await summaries(paused.alertId)).toHaveLength(0);

    const off = await setup({ flag: false });
    expect((await runAlertSummary(fakeSourcesCtx(), off.message)).outcome).toBe("disabled");

    const gone = await setup();
    await env.DB.prepare(`DELETE FROM "Alert" WHERE id = ?`).bind(gone.alertId).run();
    expect((await runAlertSummary(fakeSourcesCtx(), gone.message)).outcome).toBe("gone");
    // Another user's id in the message finds nothing either.
    const other = await setup();
    expect((await runAlertSummary(fakeSourcesCtx(), { ...other.message, userId: paused.u.userId })).outcome).toBe("gone");
  });
});
