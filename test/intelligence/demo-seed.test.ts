import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_BRIEFS } from "../../scripts/lib/demo-briefs.ts";
import { DEMO, seedSql } from "../../scripts/lib/demo.ts";
import { userContext } from "../../worker/context";
import { listBriefs } from "../../worker/briefs/service";
import { listAlerts } from "../../worker/alerts/service";
import { DEMO_ALERT } from "../../scripts/lib/demo-alerts.ts";

async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

const T = Date.UTC(2027, 2, 20, 12);

describe("demo seed: Brackwater County briefs and news alert", () => {
  it("gives the demo user the briefs newest first, one of them shared, and a second run changes nothing", async () => {
    // The password hash is irrelevant here (the credential rows are the platform seed test's concern).
    await run(seedSql("", T));
    const first = await listBriefs(userContext(env, DEMO.userId), { limit: 50 });
    await run(seedSql("", T + 1000));
    const second = await listBriefs(userContext(env, DEMO.userId), { limit: 50 });

    const demo = first.briefs.filter((b) => DEMO_BRIEFS.some((d) => d.id === b.id));
    expect(demo.map((b) => b.title)).toEqual([...DEMO_BRIEFS].sort((a, b) => a.daysAgo - b.daysAgo).map((b) => b.title));
    const shared = demo.filter((b) => b.shareToken);
    expect(shared).toHaveLength(1);
    expect(shared[0]!.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.briefs.find((b) => b.id === shared[0]!.id)?.shareToken).toBe(shared[0]!.shareToken);

    const page = await SELF.fetch(`http://localhost${shared[0]!.sharePath}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sable River crest outlook");
  });

  it("gives the demo user the alerts flag and a daily Sable River alert with this morning's summary, next due tomorrow morning", async () => {
    // Other files seed the demo workspace at their own time into the same database: start from no
    // demo alert, so the one read back is the one seeded at 12:00 UTC here.
    await run([`DELETE FROM "Alert" WHERE "id" = '${DEMO_ALERT.id}'`]);
    await run(seedSql("", T));
    await run(seedSql("", T + 60_000));
    const { alerts } = await listAlerts(userContext(env, DEMO.userId));
    const alert = alerts.find((a) => a.id === DEMO_ALERT.id);
    expect(alert).toMatchObject({ queryText: DEMO_ALERT.queryText, cadence: "daily", isActive: true, nextRunAt: "2027-03-21T06:00:00.000Z" });
    expect(alert!.history).toHaveLength(1);
    expect(alert!.latestSummary).toMatchObject({ triggerDate: "2027-03-20T06:00:00.000Z", sourceCount: 3, creditsCharged: 0 });
    expect(alert!.latestSummary!.content).toContain("Sample summary");
  });
});
