import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { MAX_ALERTS_PER_USER } from "../../shared/alerts/cadence";
import { notifyUser } from "../../worker/notifications/service";
import { api, apiError, json, type Json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { alertsUser, insertAlert, retireAlerts } from "./alerts-helpers";

const BASE = "/api/intelligence/alerts";
const users: TestUser[] = [];
async function user(options: { flag?: boolean } = {}) {
  const u = await alertsUser(options);
  users.push(u);
  return u;
}

afterAll(async () => {
  await retireAlerts(users.map((u) => u.userId));
});

async function create(u: TestUser, body: Json = { queryText: "Brackwater County flooding", cadence: "daily" }) {
  const res = await api(BASE, { user: u, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).alert as Json;
}

describe("alerts API: the alertsEnabled flag", () => {
  it("answers 404 alerts_disabled without the flag, on every route", async () => {
    const off = await user({ flag: false });
    for (const [path, method, body] of [
      [BASE, "GET", undefined],
      [BASE, "POST", { queryText: "wildfire smoke" }],
      [`${BASE}/x`, "GET", undefined],
      [`${BASE}/x`, "PATCH", { isActive: false }],
      [`${BASE}/x/pause`, "POST", undefined],
      [`${BASE}/x`, "DELETE", undefined],
    ] as const) {
      const err = await apiError(await api(path, { user: off, method, body }));
      expect([path, method, err.status, err.code]).toEqual([path, method, 404, "alerts_disabled"]);
      expect(err.message).toBe("News alerts are not enabled for this account.");
    }
  });

  it("asks a signed-out caller to sign in", async () => {
    expect((await api(BASE)).status).toBe(401);
  });
});

describe("alerts API: create, list, get, update, pause, resume, delete", () => {
  it("creates an alert that is due at once and lists it with an empty history", async () => {
    const u = await user();
    const alert = await create(u);
    expect(alert).toMatchObject({ queryText: "Brackwater County flooding", cadence: "daily", isActive: true, latestSummary: null, history: [] });
    expect(typeof alert.nextRunAt).toBe("string");
    const list = await json(await api(BASE, { user: u }));
    expect(list.alerts.map((a: Json) => a.id)).toEqual([alert.id]);
    expect(list.limits).toEqual({ maxAlerts: MAX_ALERTS_PER_USER, queryMin: 3, queryMax: 300, cadences: ["hourly", "daily", "weekly"] });
    expect((await json(await api(`${BASE}/${alert.id}`, { user: u }))).alert.id).toBe(alert.id);
  });

  it("defaults the cadence to daily and trims the query", async () => {
    const u = await user();
    const alert = await create(u, { queryText: "  levee breach  " });
    expect(alert).toMatchObject({ queryText: "levee breach", cadence: "daily", isActive: true });
  });

  it("edits, pauses and resumes; a paused alert shows no next run", async () => {
    const u = await user();
    const alert = await create(u);
    const edited = (await json(await api(`${BASE}/${alert.id}`, { user: u, method: "PATCH", body: { queryText: "dam safety", cadence: "weekly" } }))).alert;
    expect(edited).toMatchObject({ queryText: "dam safety", cadence: "weekly", isActive: true });
    const paused = (await json(await api(`${BASE}/${alert.id}/pause`, { user: u, method: "POST" }))).alert;
    expect(paused).toMatchObject({ isActive: false, nextRunAt: null });
    const resumed = (await json(await api(`${BASE}/${alert.id}/resume`, { user: u, method: "POST" }))).alert;
    expect(resumed.isActive).toBe(true);
    expect(typeof resumed.nextRunAt).toBe("string");
  });

  it("deletes an alert; then it is 404", async () => {
    const u = await user();
    const alert = await create(u);
    expect(await json(await api(`${BASE}/${alert.id}`, { user: u, method: "DELETE" }))).toEqual({ success: true });
    expect((await api(`${BASE}/${alert.id}`, { user: u })).status).toBe(404);
    expect((await json(await api(BASE, { user: u }))).alerts).toEqual([]);
  });

  it("lists the latest summary and the trigger history, newest first", async () => {
    const u = await user();
    const alertId = await insertAlert(u.userId, { nextRunAt: Date.UTC(2100, 0, 1) });
    const t1 = Date.UTC(2031, 0, 1, 8);
    const t2 = Date.UTC(2031, 0, 2, 8);
    for (const [t, content] of [
      [t1, "first [1]"],
      [t2, "second [1]"],
    ] as const) {
      await env.DB.prepare(`INSERT INTO "AlertSummary" ("id", "alertId", "title", "content", "triggerDate", "sourceCount") VALUES (?, ?, ?, ?, ?, 3)`)
        .bind(crypto.randomUUID(), alertId, `t${t}`, content, t)
        .run();
    }
    const [alert] = (await json(await api(BASE, { user: u }))).alerts;
    expect(alert.latestSummary).toMatchObject({ content: "second [1]", triggerDate: new Date(t2).toISOString(), sourceCount: 3, notice: null });
    expect(alert.history.map((h: Json) => h.triggerDate)).toEqual([new Date(t2).toISOString(), new Date(t1).toISOString()]);
    expect(alert.history[0].content).toBeUndefined();
  });
});

describe("alerts API: tenancy and validation", () => {
  it("answers 404 for another user's alert on every route", async () => {
    const a = await user();
    const b = await user();
    const alert = await create(a);
    for (const [path, method, body] of [
      [`${BASE}/${alert.id}`, "GET", undefined],
      [`${BASE}/${alert.id}`, "PATCH", { queryText: "mine now" }],
      [`${BASE}/${alert.id}/pause`, "POST", undefined],
      [`${BASE}/${alert.id}/resume`, "POST", undefined],
      [`${BASE}/${alert.id}`, "DELETE", undefined],
    ] as const) {
      const err = await apiError(await api(path, { user: b, method, body }));
      expect([method, path, err.status, err.code]).toEqual([method, path, 404, "not_found"]);
    }
    expect((await json(await api(BASE, { user: b }))).alerts).toEqual([]);
    expect((await json(await api(`${BASE}/${alert.id}`, { user: a }))).alert.queryText).toBe(alert.queryText);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const u = await user();
    const cases: [unknown, string][] = [
      [{ queryText: "ab" }, "queryText"],
      [{ queryText: "x".repeat(301) }, "queryText"],
      [{ queryText: "flood", cadence: "monthly" }, "cadence"],
      [{ queryText: "flood", isActive: "yes" }, "isActive"],
      [{ queryText: "flood", extra: 1 }, "_"],
      [{}, "queryText"],
    ];
    for (const [body, field] of cases) {
      const err = await apiError(await api(BASE, { user: u, body }));
      expect([JSON.stringify(body), err.status, err.code]).toEqual([JSON.stringify(body), 400, "validation_error"]);
      expect(Object.keys(err.fieldErrors ?? {})).toContain(field);
    }
    expect((await apiError(await api(BASE, { user: u, raw: "{not json" }))).code).toBe("invalid_json");
    const alert = await create(u);
    expect((await apiError(await api(`${BASE}/${alert.id}`, { user: u, method: "PATCH", body: {} }))).status).toBe(400);
  });

  it("limits alerts per user", async () => {
    const u = await user();
    for (let i = 0; i < MAX_ALERTS_PER_USER; i++) await insertAlert(u.userId, { nextRunAt: Date.UTC(2100, 0, 1), queryText: `q${i}` });
    const err = await apiError(await api(BASE, { user: u, body: { queryText: "one too many" } }));
    expect([err.status, err.code]).toEqual([409, "alert_limit"]);
  });
});

describe("notifications API: settings and the in-app list", () => {
  it("has sensible defaults and saves switches one at a time", async () => {
    const u = await user();
    expect((await json(await api("/api/notifications/settings", { user: u }))).settings).toEqual({
      live: true,
      email: true,
      inApp: true,
      push: false,
      digest: false,
      saved: false,
    });
    const saved = (await json(await api("/api/notifications/settings", { user: u, method: "PUT", body: { email: false } }))).settings;
    expect(saved).toEqual({ live: true, email: false, inApp: true, push: false, digest: false, saved: true });
    const again = (await json(await api("/api/notifications/settings", { user: u, method: "PUT", body: { push: true } }))).settings;
    expect(again).toEqual({ live: true, email: false, inApp: true, push: true, digest: false, saved: true });
    expect((await api("/api/notifications/settings", { user: u, method: "PUT", body: { email: "no" } })).status).toBe(400);
    expect((await api("/api/notifications/settings", { user: u, method: "PUT", body: {} })).status).toBe(400);
  });

  it("lists the caller's items with the unread count, marks them read, and ignores others' ids", async () => {
    const u = await user();
    const other = await user();
    const ctx = appContext(env);
    for (const k of ["a", "b", "c"]) await notifyUser(ctx, { userId: u.userId, kind: "test", dedupeKey: `k-${k}`, title: `Item ${k}`, body: "body" });
    await notifyUser(ctx, { userId: u.userId, kind: "test", dedupeKey: "k-a", title: "Item a again", body: "dup" });
    await notifyUser(ctx, { userId: other.userId, kind: "test", dedupeKey: "k-x", title: "Other's", body: "" });
    const list = await json(await api("/api/notifications", { user: u }));
    expect(list.unreadCount).toBe(3);
    expect(list.items.map((i: Json) => i.title).sort()).toEqual(["Item a", "Item b", "Item c"]);
    const page = await json(await api("/api/notifications?limit=2", { user: u }));
    expect(page.items).toHaveLength(2);
    expect(typeof page.nextBefore).toBe("string");
    const otherId = (await json(await api("/api/notifications", { user: other }))).items[0].id;
    const afterOne = await json(await api("/api/notifications/read", { user: u, body: { ids: [list.items[0].id, otherId] } }));
    expect(afterOne).toEqual({ unreadCount: 2 });
    expect((await json(await api("/api/notifications/unread-count", { user: other }))).unreadCount).toBe(1);
    expect(await json(await api("/api/notifications/read", { user: u, body: { all: true } }))).toEqual({ unreadCount: 0 });
    expect((await json(await api("/api/notifications?unread=1", { user: u }))).items).toEqual([]);
    expect((await api("/api/notifications/read", { user: u, body: { ids: [] } })).status).toBe(400);
    expect((await api("/api/notifications")).status).toBe(401);
  });
});
