import { env, SELF } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { runAlertSummary } from "../../worker/alerts/run";
import type { AlertMessage } from "../../worker/alerts/schedule";
import { appContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { alertSummaries } from "../../worker/db/schema";
import { configSchema } from "../../worker/env";
import type { IntelCitation } from "../../worker/intelligence/digest";
import { api, expectStatus, json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { HOSTILE_URLS } from "../fakes/intel/gdelt";
import { alertsUser, insertAlert, retireAlerts } from "../intelligence/alerts-helpers";
import { askAt, intelEnv, newChat, planner, savedChat, textOf } from "../intelligence/chat-helpers";
import { fakeSourceVars, NOW } from "../intelligence/helpers";

/**
 * Issue 27, item 14: links in intelligence answers and alert summaries come from third parties
 * (the sources' feeds, the model's text). They pass the same safeHref filter as every other link
 * (http(s), mailto, relative): in what the API sends, and in every page that draws them. The GDELT
 * fake's hostile-links scenario links its articles to javascript:, data: and vbscript: URLs.
 */

const HOSTILE = fakeSourceVars({ gdelt: "hostile-links" });
const UNSAFE = /javascript:|data:|vbscript:/i;
const NOT_SOON = Date.UTC(2100, 0, 1);

const users: TestUser[] = [];
afterAll(async () => {
  await retireAlerts(users.map((u) => u.userId));
});

describe("third-party citation links", () => {
  it("intelligence answers: a source's javascript:/data: link is null in the stream, the saved answer and the chat API, also for answers saved before", async () => {
    const me = await planner(100);
    const chatId = await newChat(me);
    const events = await askAt(me, chatId, "Flood news?", intelEnv(HOSTILE));
    const streamed = events.find((e) => e.type === "citations")!.citations as IntelCitation[];
    const news = streamed.filter((c) => c.kind === "news");
    expect(news.length).toBeGreaterThan(0);
    expect(news.every((c) => c.url === null)).toBe(true);
    // The official sources' links are untouched.
    expect(streamed.filter((c) => c.kind !== "news").every((c) => c.url?.startsWith("https://"))).toBe(true);
    expect(JSON.stringify(streamed)).not.toMatch(UNSAFE);
    expect(textOf(events)).toMatch(/\[\d+\]/);

    const saved = (await savedChat(chatId))![1]!.metadata as { citations: IntelCitation[] };
    expect(saved.citations).toEqual(streamed);
    const read = async () =>
      (
        await json<{ messages: { metadata: { citations: IntelCitation[] } | null }[] }>(
          await expectStatus(await api(`/api/intelligence/chats/${chatId}`, { user: me }), 200),
        )
      ).messages[1]!.metadata!.citations;
    expect(await read()).toEqual(streamed);

    // An answer saved before the filter kept the source's URLs as they came: the API filters them on the way out.
    const stored = (await savedChat(chatId))!;
    const legacy = stored.map((m, i) =>
      i === 1
        ? {
            ...m,
            metadata: {
              ...m.metadata,
              citations: (m.metadata!.citations as IntelCitation[]).map((c, j) => ({ ...c, url: HOSTILE_URLS[j % HOSTILE_URLS.length] })),
            },
          }
        : m,
    );
    await env.DB.prepare(`UPDATE "IntelligenceChat" SET "messages" = ? WHERE "id" = ?`).bind(JSON.stringify(legacy), chatId).run();
    const filtered = await read();
    expect(filtered.length).toBe(streamed.length);
    expect(filtered.every((c) => c.url === null)).toBe(true);
  });

  it("alert summaries: no javascript:/data: link is written into a summary, and the public page links none, also in summaries written before", async () => {
    const u = await alertsUser({ credits: 500, plan: "SOLO" });
    users.push(u);
    const alertId = await insertAlert(u.userId, { nextRunAt: NOT_SOON, queryText: "flood" });
    const message: AlertMessage = { kind: "alert-summary", alertId, userId: u.userId, triggerDate: NOW };
    const ctx = { ...appContext(env), config: configSchema.parse(HOSTILE) };
    expect((await runAlertSummary(ctx, message)).outcome).toBe("written");
    const row = await env.DB.prepare(`SELECT "content" FROM "AlertSummary" WHERE "alertId" = ?`).bind(alertId).first<{ content: string }>();
    expect(row!.content).toContain("**Sources**");
    expect(row!.content).not.toMatch(UNSAFE);
    // The news items are listed by title, unlinked; the official ones keep their links.
    expect(row!.content).toMatch(/\n\d+\. Levee inspections ordered as flood waters rise — /);
    expect(row!.content).toMatch(/\n\d+\. \[[^\]]+\]\(https:\/\//);

    // A summary stored before: its Sources list links javascript: and data: URLs.
    await getDb(env.DB)
      .insert(alertSummaries)
      .values({
        alertId,
        title: "Earlier",
        content: `Flooding reported [1] [2].\n\n**Sources**\n\n1. [Feed](${HOSTILE_URLS[0]}) — x, 2026-03-01\n2. [Other](${HOSTILE_URLS[1]}) — y, 2026-03-01`,
        triggerDate: new Date(NOW + 60_000),
        sourceCount: 2,
        creditsCharged: 0,
      });
    const shared = await json<{ alert: { sharePath: string } }>(
      await expectStatus(await api(`/api/intelligence/alerts/${alertId}/share`, { user: u, method: "POST" }), 200),
    );
    const html = await (await SELF.fetch(`http://localhost${shared.alert.sharePath}`)).text();
    expect(html).toContain("Flooding reported");
    expect(html).not.toMatch(/href="(?:javascript|data|vbscript):/i);
    expect([...html.matchAll(/href="([^"]*)"/g)].every(([, href]) => /^(https?:\/\/|mailto:|\/)/.test(href!))).toBe(true);
  });
});
