import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertPage, alertPages } from "../../worker/alerts/share-page";
import type { AlertMessage } from "../../worker/alerts/schedule";
import { briefPage, briefPages, type SharedBrief } from "../../worker/briefs/share-page";
import { purgeSharedBrief } from "../../worker/briefs/share-cache";
import { appContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { alertSummaries, sharedPages } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import { nowDate, nowMs } from "../../worker/lib/clock";
import { HttpError } from "../../worker/lib/errors";
import { SHARED_PAGE_MAX_BYTES, SHARED_PAGE_RENDER_BUDGET_MS } from "../../worker/share/stored-page";
import type { SharePage } from "../../worker/share/page";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";
import { BRIEFS, createBriefOk, insertBriefs, shareOk, T0 } from "../intelligence/brief-helpers";
import { alertsUser, fakeSourcesEnv, insertAlert, retireAlerts } from "../intelligence/alerts-helpers";
import { NOW } from "../intelligence/helpers";

/**
 * Issue 27, item 3: a public share page's Markdown is rendered once, when what it shows changes,
 * and stored; a reader's request serves the stored HTML and renders nothing. A failed render is
 * stored as the error page and not tried again until the content changes.
 */

const ctx = () => appContext(env as unknown as Env);
const db = () => getDb(env.DB);
const page = (path: string) => SELF.fetch(`http://localhost${path}`);

/** A page renderer with a count of its calls, injected where the public route passes none. */
function counted<S>(render: (source: S) => SharePage) {
  const counter = {
    calls: 0,
    render: (source: S) => {
      counter.calls++;
      return render(source);
    },
  };
  return counter;
}

async function shareAlertOk(user: TestUser, alertId: string): Promise<string> {
  const res = await expectStatus(await api(`/api/intelligence/alerts/${alertId}/share`, { user, method: "POST" }), 200, "share alert");
  return (await json(res)).alert.shareToken as string;
}

const storedBrief = async (briefId: string) => (await db().select().from(sharedPages).where(eq(sharedPages.briefId, briefId)))[0];
const storedAlert = async (alertId: string) => (await db().select().from(sharedPages).where(eq(sharedPages.alertId, alertId)))[0];

/** A 43-character token, as a brief shared before stored pages existed has it. */
const legacyToken = () => `L${crypto.randomUUID().replace(/-/g, "")}`.padEnd(43, "q");

async function notShown(serving: Promise<Response>): Promise<number> {
  try {
    return (await serving).status;
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}

let alice: TestUser;
beforeAll(async () => {
  alice = await createTestUser({ plan: "SOLO" });
});

describe("a shared brief's page is rendered once and served from its stored HTML", () => {
  it("sharing renders and stores it; readers get the stored copy, and nothing renders again", async () => {
    const brief = await createBriefOk(alice, { title: "Stored brief", content: "## Outlook\n\nCrest of **29 ft**." });
    const { sharePath, shareToken } = await shareOk(alice, brief.id);
    const row = await storedBrief(brief.id);
    expect(row).toMatchObject({ state: "ready", title: "Stored brief · Intelligence brief" });
    expect(row!.html).toContain("<strong>29 ft</strong>");

    const renders = counted(briefPage);
    expect((await briefPages.serve(ctx(), shareToken, renders.render)).status).toBe(200);
    expect(renders.calls).toBe(0);

    // Only the stored copy changes: the page shows it, so the page is the stored copy.
    await db().update(sharedPages).set({ html: "<header><h1>The stored copy</h1></header>" }).where(eq(sharedPages.briefId, brief.id));
    await purgeSharedBrief(ctx(), shareToken);
    const html = await (await page(sharePath)).text();
    expect(html).toContain("<h1>The stored copy</h1>");
    expect(html).not.toContain("29 ft");
    // Still in the shell, under the page's CSP.
    expect(html).toContain("@media print");
  });

  it("a brief shared before pages were stored renders on its first read, once", async () => {
    const token = legacyToken();
    const [brief] = await insertBriefs(alice.userId, [{ title: "Legacy brief", at: T0, content: "Shared **before**.", shareToken: token }]);
    expect(await storedBrief(brief!.id)).toBeUndefined();

    const renders = counted(briefPage);
    const first = await briefPages.serve(ctx(), token, renders.render);
    expect(await first.text()).toContain("<strong>before</strong>");
    expect(renders.calls).toBe(1);
    expect(await storedBrief(brief!.id)).toMatchObject({ state: "ready" });
    for (let i = 0; i < 3; i++) expect((await briefPages.serve(ctx(), token, renders.render)).status).toBe(200);
    expect(renders.calls).toBe(1);
  });

  it("a render that throws is stored once as the error page, served until the brief is edited", async () => {
    expectConsoleError(/Shared brief page not rendered/);
    const token = legacyToken();
    const [brief] = await insertBriefs(alice.userId, [{ title: "Breaks the renderer", at: T0, content: "Anything.", shareToken: token }]);
    const renders = counted<SharedBrief>(() => {
      throw new RangeError("Maximum call stack size exceeded");
    });

    const first = await briefPages.serve(ctx(), token, renders.render);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("This page could not be displayed");
    expect(await storedBrief(brief!.id)).toMatchObject({ state: "failed" });
    for (let i = 0; i < 3; i++) expect(await (await briefPages.serve(ctx(), token, renders.render)).text()).toContain("This page could not be displayed");
    expect(renders.calls).toBe(1);
    // The public route (the real renderer) serves the stored error page too: not retried per request.
    const res = await page(`/share/briefs/${token}`);
    expect(await res.text()).toContain("This page could not be displayed");
    expect(await storedBrief(brief!.id)).toMatchObject({ state: "failed" });

    // An edit renders it again, at once.
    await expectStatus(await api(`${BRIEFS}/${brief!.id}`, { user: alice, method: "PATCH", body: { content: "Fixed words." } }), 200);
    expect(await storedBrief(brief!.id)).toMatchObject({ state: "ready" });
    expect(await (await page(`/share/briefs/${token}`)).text()).toContain("Fixed words.");
  });

  it("a page over the size budget is stored as the error page", async () => {
    const token = legacyToken();
    const [brief] = await insertBriefs(alice.userId, [{ title: "Huge", at: T0, content: "Small source.", shareToken: token }]);
    const renders = counted((b: SharedBrief) => ({ ...briefPage(b), bodyHtml: "<p>x</p>".repeat(SHARED_PAGE_MAX_BYTES / 8 + 1) }));
    expect(await (await briefPages.serve(ctx(), token, renders.render)).text()).toContain("This page could not be displayed");
    expect(await (await briefPages.serve(ctx(), token, renders.render)).text()).toContain("This page could not be displayed");
    expect(renders.calls).toBe(1);
    expect(await storedBrief(brief!.id)).toMatchObject({ state: "failed" });
  });

  it("a render that never finished (killed at the CPU limit): readers are asked to come back, then shown the error page; nothing renders it again", async () => {
    const token = legacyToken();
    const [brief] = await insertBriefs(alice.userId, [{ title: "Killed render", at: T0, content: "Words.", shareToken: token }]);
    await briefPages.serve(ctx(), token);
    // What a render killed mid-way leaves: its claim on the version it read.
    await db().update(sharedPages).set({ state: "rendering", title: "", html: "", renderedAt: nowDate() }).where(eq(sharedPages.briefId, brief!.id));

    const renders = counted(briefPage);
    const waiting = await briefPages.serve(ctx(), token, renders.render);
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get("retry-after")).toBe("2");
    expect(waiting.headers.get("cache-control")).toBe("no-store");
    expect(await waiting.text()).toContain("This page is being prepared");

    await db()
      .update(sharedPages)
      .set({ renderedAt: new Date(nowMs() - SHARED_PAGE_RENDER_BUDGET_MS) })
      .where(eq(sharedPages.briefId, brief!.id));
    const failed = await briefPages.serve(ctx(), token, renders.render);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain("This page could not be displayed");
    expect(renders.calls).toBe(0);
  });

  it("an edit renders the page at save, before anyone reads it", async () => {
    const brief = await createBriefOk(alice, { title: "Before", content: "Old outlook." });
    const { shareToken } = await shareOk(alice, brief.id);
    await expectStatus(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "PATCH", body: { title: "After", content: "New **outlook**." } }), 200);
    const row = await storedBrief(brief.id);
    expect(row).toMatchObject({ state: "ready", title: "After · Intelligence brief" });
    expect(row!.html).toContain("New <strong>outlook</strong>.");

    const renders = counted(briefPage);
    expect(await (await briefPages.serve(ctx(), shareToken, renders.render)).text()).toContain("New <strong>outlook</strong>.");
    expect(renders.calls).toBe(0);
  });

  it("a rotated or revoked token is 404 although the page is stored", async () => {
    const brief = await createBriefOk(alice, { title: "Rotate me" });
    const first = await shareOk(alice, brief.id);
    const second = await shareOk(alice, brief.id, "share/rotate");
    expect(await storedBrief(brief.id)).toMatchObject({ state: "ready" });
    expect(await notShown(briefPages.serve(ctx(), first.shareToken))).toBe(404);
    expect((await page(first.sharePath)).status).toBe(404);

    // The new link serves the same stored page: rotating renders nothing.
    const renders = counted(briefPage);
    expect((await briefPages.serve(ctx(), second.shareToken, renders.render)).status).toBe(200);
    expect(renders.calls).toBe(0);

    await shareOk(alice, brief.id, "share", "DELETE");
    expect(await notShown(briefPages.serve(ctx(), second.shareToken))).toBe(404);
    expect((await page(second.sharePath)).status).toBe(404);
  });
});

describe("a shared alert's page is rendered when it is summarised", () => {
  let carol: TestUser;
  beforeAll(async () => {
    carol = await alertsUser({ credits: 500, plan: "SOLO" });
  });
  afterAll(async () => {
    await retireAlerts([carol.userId]);
  });

  it("the queue consumer renders the new summary's page; readers render nothing", async () => {
    const alertId = await insertAlert(carol.userId, { nextRunAt: Date.UTC(2100, 0, 1), queryText: "Brackwater River flood" });
    const shareToken = await shareAlertOk(carol, alertId);
    expect((await storedAlert(alertId))!.html).toContain("No summary yet.");

    const message: AlertMessage = { kind: "alert-summary", alertId, userId: carol.userId, triggerDate: NOW };
    const batch = createMessageBatch("readyroom-alerts", [{ id: `stored-${alertId}`, timestamp: new Date(NOW), attempts: 1, body: message }]);
    const exec = createExecutionContext();
    await worker.queue(batch, fakeSourcesEnv() as never, exec);
    await getQueueResult(batch, exec);
    await waitOnExecutionContext(exec);

    const row = await storedAlert(alertId);
    expect(row).toMatchObject({ state: "ready" });
    expect(row!.html).toContain("Brackwater River flood — 2026-03-02</h2>");
    const renders = counted(alertPage);
    expect(await (await alertPages.serve(ctx(), shareToken, renders.render)).text()).toContain("Brackwater River flood — 2026-03-02</h2>");
    expect(renders.calls).toBe(0);
  });

  it("a summary no hook saw makes the page stale: the next read renders it once", async () => {
    const alertId = await insertAlert(carol.userId, { nextRunAt: Date.UTC(2100, 0, 1), queryText: "Levee seepage" });
    const shareToken = await shareAlertOk(carol, alertId);
    await db()
      .insert(alertSummaries)
      .values({ alertId, title: "Levee seepage — written aside", content: "Seepage at **L-3**.", triggerDate: new Date(NOW), sourceCount: 1 });

    const renders = counted(alertPage);
    expect(await (await alertPages.serve(ctx(), shareToken, renders.render)).text()).toContain("Seepage at <strong>L-3</strong>.");
    expect(await (await alertPages.serve(ctx(), shareToken, renders.render)).text()).toContain("Seepage at <strong>L-3</strong>.");
    expect(renders.calls).toBe(1);
  });
});
