import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import { INSUFFICIENT_CREDITS_NOTICE } from "../../worker/alerts/run";
import type { AlertMessage } from "../../worker/alerts/schedule";
import { purgeSharedAlert, sharedAlertCacheKey } from "../../worker/alerts/share-cache";
import { getDb } from "../../worker/db/client";
import { alertSummaries } from "../../worker/db/schema";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { alertsUser, fakeSourcesEnv, insertAlert, retireAlerts, setAlertsFlag } from "./alerts-helpers";
import { NOW } from "./helpers";

const BASE = "/api/intelligence/alerts";
const HOUR = 60 * 60 * 1000;
/** Far in the future: no cron in another test file picks these alerts up. */
const NOT_SOON = Date.UTC(2100, 0, 1);

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  // Sharing needs an active plan (issue 27); test/security/share-pages-live-account.test.ts proves it.
  [alice, bob] = await Promise.all([alertsUser({ credits: 500, plan: "SOLO" }), alertsUser({ credits: 500, plan: "SOLO" })]);
});
afterAll(async () => {
  await retireAlerts([alice.userId, bob.userId]);
});

const page = (path: string) => SELF.fetch(`http://localhost${path}`);
/** Through the app with the request's waitUntil work (the edge-cache put) finished. */
const pageSettled = (path: string) => api(path);
const edgeCopy = (token: string) => (caches as unknown as { default: Cache }).default.match(sharedAlertCacheKey(appContext(env as unknown as Env), token));

async function shareOk(user: TestUser, id: string, path = "share", method = "POST"): Promise<Json> {
  const res = await expectStatus(await api(`${BASE}/${id}/${path}`, { user, method }), 200, `${method} ${path}`);
  return (await json(res)).alert as Json;
}

async function newAlert(user: TestUser, queryText = "Brackwater River flood"): Promise<string> {
  return insertAlert(user.userId, { nextRunAt: NOT_SOON, queryText });
}

async function insertSummary(alertId: string, values: { title: string; content: string; at: number; sourceCount?: number; notice?: string }) {
  await getDb(env.DB)
    .insert(alertSummaries)
    .values({
      alertId,
      title: values.title,
      content: values.content,
      triggerDate: new Date(values.at),
      sourceCount: values.sourceCount ?? 2,
      notice: values.notice ?? null,
      creditsCharged: 3,
    });
}

function expectPublicPageHeaders(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/default-src 'none'/);
  expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("set-cookie")).toBeNull();
}

describe("alert share lifecycle", () => {
  it("shares an alert: a token, the public page signed out with only this alert's summaries, noindex and CSP", async () => {
    const alertId = await newAlert(alice, "Sable River crest");
    const other = await newAlert(alice, "Private wildfire watch");
    await insertSummary(other, { title: "Private summary", content: "Private words.", at: NOW });
    await insertSummary(alertId, { title: "Sable River crest — 2026-02-28", content: "Older words.", at: NOW - 2 * 24 * HOUR });
    await insertSummary(alertId, {
      title: "Sable River crest — 2026-03-01 (skipped)",
      content: INSUFFICIENT_CREDITS_NOTICE,
      notice: INSUFFICIENT_CREDITS_NOTICE,
      at: NOW - 24 * HOUR,
    });
    await insertSummary(alertId, {
      title: "Sable River crest — 2026-03-02",
      content:
        "Crest of **29 ft** expected [1]. Levee patrols doubled [1, 2].\n\n**Sources**\n\n1. [River forecast](https://water.noaa.gov/gauges/fnkl1) — NWS, 2026-03-02\n2. [County update](https://example.org/news/levee) — Brackwater Herald, 2026-03-02",
      at: NOW,
      sourceCount: 2,
    });

    const shared = await shareOk(alice, alertId);
    expect(shared.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shared.sharePath).toBe(`/share/alerts/${shared.shareToken}`);
    expect(shared.latestSummary.title).toBe("Sable River crest — 2026-03-02");
    // Sharing again keeps the link; the list shows it too.
    expect((await shareOk(alice, alertId)).shareToken).toBe(shared.shareToken);
    const listed = (await json(await api(BASE, { user: alice }))).alerts.find((a: Json) => a.id === alertId);
    expect(listed).toMatchObject({ shareToken: shared.shareToken, sharePath: shared.sharePath });

    const res = await page(shared.sharePath);
    expect(res.status).toBe(200);
    expectPublicPageHeaders(res);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<p class="eyebrow">News alert</p>');
    expect(html).toContain("<h1>Sable River crest</h1>");
    expect(html).toContain("Sable River crest — 2026-03-02</h2>");
    expect(html).toContain('<time datetime="2026-03-02T12:00:00.000Z">March 2, 2026, 12:00 UTC</time> · 2 sources');
    expect(html).toContain("<strong>29 ft</strong>");
    // Citations link to their sources; the Sources list links too.
    expect(html).toContain('expected [<a href="https://water.noaa.gov/gauges/fnkl1" rel="noopener noreferrer nofollow">1</a>]');
    expect(html).toContain(
      '[<a href="https://water.noaa.gov/gauges/fnkl1" rel="noopener noreferrer nofollow">1</a>, <a href="https://example.org/news/levee" rel="noopener noreferrer nofollow">2</a>]',
    );
    expect(html).toContain('<a href="https://example.org/news/levee" rel="noopener noreferrer nofollow">County update</a>');
    // The earlier summary by its heading and date; the skipped one (the owner's credits) not at all.
    expect(html).toContain('<h2 id="earlier-summaries">Earlier summaries</h2>');
    expect(html).toContain("<h3>Sable River crest — 2026-02-28</h3>");
    expect(html).not.toContain("Older words.");
    expect(html).not.toContain("skipped");
    expect(html).not.toContain("credits");
    // Nothing of the owner or their other alerts, no app shell, no script.
    expect(html).not.toContain("Private");
    expect(html).not.toContain(alice.email);
    expect(html).not.toContain(alice.userId);
    expect(html).not.toContain(alertId);
    expect(html).not.toMatch(/<script/i);
  });

  it("an alert with no summary yet shows a calm empty state", async () => {
    const alertId = await newAlert(alice, "Levee seepage");
    const { sharePath } = await shareOk(alice, alertId);
    const res = await page(sharePath);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Levee seepage</h1>");
    expect(html).toContain("No summary yet.");
    expect(html).not.toContain('class="date"');
  });

  it("rotate: the old link is 404, the new one shows the alert; rotating an unshared alert is 409 not_shared", async () => {
    const alertId = await newAlert(alice, "Rotated alert");
    const err = await apiError(await api(`${BASE}/${alertId}/share/rotate`, { user: alice, method: "POST" }));
    expect([err.status, err.code, err.message]).toEqual([409, "not_shared", "This alert is not shared. Share it first."]);

    const first = await shareOk(alice, alertId);
    expect((await pageSettled(first.sharePath)).status).toBe(200);
    expect(await edgeCopy(first.shareToken)).toBeDefined();
    const second = await shareOk(alice, alertId, "share/rotate");
    expect(second.shareToken).not.toBe(first.shareToken);
    expect(await edgeCopy(first.shareToken)).toBeUndefined();
    expect((await page(first.sharePath)).status).toBe(404);
    const res = await page(second.sharePath);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Rotated alert");
  });

  it("revoke: the page is 404 (the same page as an unknown token) and the edge copy is gone", async () => {
    const alertId = await newAlert(alice, "Revoked alert");
    const shared = await shareOk(alice, alertId);
    expect((await pageSettled(shared.sharePath)).status).toBe(200);
    expect(await edgeCopy(shared.shareToken)).toBeDefined();

    const revoked = await shareOk(alice, alertId, "share", "DELETE");
    expect(revoked).toMatchObject({ shareToken: null, sharePath: null });
    expect(await edgeCopy(shared.shareToken)).toBeUndefined();
    const gone = await page(shared.sharePath);
    expect(gone.status).toBe(404);
    expectPublicPageHeaders(gone);
    const goneHtml = await gone.text();
    expect(goneHtml).not.toContain("Revoked alert");
    const unknown = await page(`/share/alerts/${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(goneHtml);
    for (const path of ["/share/alerts/short", "/share/alerts/", `/share/alerts/${"D".repeat(43)}/extra`]) expect((await page(path)).status, path).toBe(404);
    // A brief's path does not open an alert's token, nor the other way round.
    expect((await page(`/share/briefs/${(await shareOk(alice, alertId)).shareToken}`)).status).toBe(404);
  });

  it("edit, pause and delete purge the cached page", async () => {
    const alertId = await newAlert(alice, "Before edit");
    const { sharePath, shareToken } = await shareOk(alice, alertId);
    expect(await (await pageSettled(sharePath)).text()).toContain("<h1>Before edit</h1>");
    expect(await edgeCopy(shareToken)).toBeDefined();

    await expectStatus(await api(`${BASE}/${alertId}`, { user: alice, method: "PATCH", body: { queryText: "After edit" } }), 200);
    expect(await edgeCopy(shareToken)).toBeUndefined();
    expect(await (await pageSettled(sharePath)).text()).toContain("<h1>After edit</h1>");

    await expectStatus(await api(`${BASE}/${alertId}/pause`, { user: alice, method: "POST" }), 200);
    expect(await edgeCopy(shareToken)).toBeUndefined();
    expect(await (await pageSettled(sharePath)).text()).toContain("Updates are paused.");
    expect(await edgeCopy(shareToken)).toBeDefined();

    await expectStatus(await api(`${BASE}/${alertId}`, { user: alice, method: "DELETE" }), 200);
    expect(await edgeCopy(shareToken)).toBeUndefined();
    expect((await page(sharePath)).status).toBe(404);
  });

  it("a new summary from the queue consumer purges the cached page: the page shows it", async () => {
    const alertId = await newAlert(alice, "Brackwater River flood");
    const { sharePath, shareToken } = await shareOk(alice, alertId);
    expect(await (await pageSettled(sharePath)).text()).toContain("No summary yet.");
    expect(await edgeCopy(shareToken)).toBeDefined();

    const message: AlertMessage = { kind: "alert-summary", alertId, userId: alice.userId, triggerDate: NOW };
    const batch = createMessageBatch("readyroom-alerts", [{ id: `share-${alertId}`, timestamp: new Date(NOW), attempts: 1, body: message }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, fakeSourcesEnv() as never, ctx);
    const result = await getQueueResult(batch, ctx);
    await waitOnExecutionContext(ctx);
    expect(result.explicitAcks).toEqual([`share-${alertId}`]);

    expect(await edgeCopy(shareToken)).toBeUndefined();
    const html = await (await page(sharePath)).text();
    expect(html).not.toContain("No summary yet.");
    expect(html).toContain("Brackwater River flood — 2026-03-02</h2>");
    expect(html).toMatch(/\[<a href="https?:\/\/[^"]+" rel="noopener noreferrer nofollow">1<\/a>\]/);
  });
});

describe("alert sharing is the owner's, behind the flag", () => {
  it("another user gets 404 on every share route and the alert stays unshared", async () => {
    const alertId = await newAlert(alice);
    for (const [path, method] of [
      ["share", "POST"],
      ["share/rotate", "POST"],
      ["share", "DELETE"],
    ] as const) {
      const err = await apiError(await api(`${BASE}/${alertId}/${path}`, { user: bob, method }));
      expect([path, method, err.status, err.message]).toEqual([path, method, 404, "Alert not found."]);
    }
    expect((await json(await api(`${BASE}/${alertId}`, { user: alice }))).alert.shareToken).toBeNull();
  });

  it("answers 404 alerts_disabled on the share routes without the flag, and the public page is gone while it is off", async () => {
    const carol = await alertsUser({ plan: "SOLO" });
    const alertId = await newAlert(carol, "Flagged alert");
    const { sharePath, shareToken } = await shareOk(carol, alertId);
    expect((await pageSettled(sharePath)).status).toBe(200);
    await setAlertsFlag(carol.accountId, false);
    try {
      for (const [path, method] of [
        ["share", "POST"],
        ["share/rotate", "POST"],
        ["share", "DELETE"],
      ] as const) {
        const err = await apiError(await api(`${BASE}/${alertId}/${path}`, { user: carol, method }));
        expect([path, err.status, err.code]).toEqual([path, 404, "alerts_disabled"]);
      }
      // A flag change purges nothing: the edge copy lives out its TTL, then the page is gone.
      await purgeSharedAlert(appContext(env as unknown as Env), shareToken);
      expect((await pageSettled(sharePath)).status).toBe(404);
    } finally {
      await retireAlerts([carol.userId]);
    }
  });

  it("asks a signed-out caller to sign in on the share routes", async () => {
    expect((await api(`${BASE}/x/share`, { method: "POST" })).status).toBe(401);
  });
});
