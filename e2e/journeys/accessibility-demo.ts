import type { Page } from "playwright-core";
import { DEMO_ALERT } from "../../scripts/lib/demo-alerts.ts";
import { DEMO_FINDINGS_CAMPAIGN } from "../../scripts/lib/demo-campaign.ts";
import { DEMO_CONDUCT } from "../../scripts/lib/demo-conduct.ts";
import { DEMO_CONSULTANT } from "../../scripts/lib/demo-enterprise.ts";
import { DEMO, DEMO_TEAM, demoCampaignExercisePath } from "../../scripts/lib/demo.ts";
import { axeAudit, expectNoSeriousViolations, type AxeFinding } from "../lib/axe.ts";
import { check, closeWelcomeIfShown, gotoAndHydrate, navigateInApp, signIn, signInAsDemo, waitForPath } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** The demo planner's pages, full of the seeded workspace: campaigns, a conducted exercise, AAR/IP, briefs. */
const DEMO_PAGES = [
  "/dashboard",
  "/documents",
  "/intelligence",
  "/improvement",
  "/collaborate",
  `/collaborate/campaigns/${DEMO_TEAM.campaignId}`,
  `/collaborate/campaigns/${DEMO_FINDINGS_CAMPAIGN.campaignId}`,
  `/collaborate/campaigns/${DEMO_FINDINGS_CAMPAIGN.campaignId}/findings`,
  demoCampaignExercisePath,
  `/conduct/sessions/${DEMO_CONDUCT.sessionId}`,
  `/conduct/sessions/${DEMO_CONDUCT.sessionId}/eeg`,
  `/conduct/sessions/${DEMO_CONDUCT.sessionId}/aar`,
  `/conduct/sessions/${DEMO_CONDUCT.sessionId}/feedback`,
  `/conduct/sessions/${DEMO_CONDUCT.sessionId}/replay`,
  "/account/profile",
  "/account/user-management",
];

async function post<T>(page: Page, path: string): Promise<T> {
  const res = await page.evaluate(async (p) => {
    const r = await fetch(p, { method: "POST" });
    return { status: r.status, body: await r.json() };
  }, path);
  check(res.status < 300, `POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/**
 * Accessibility of a workspace in use (issue 29 item 9): axe-core finds no serious or critical
 * violation on the demo planner's pages with the seeded data (campaign tables, findings, the
 * conducted session's EEG and AAR/IP, corrective actions), on the public pages of a shared brief
 * and a shared alert, and on the enterprise consultant's client pages.
 */
test(
  "accessibility: the demo workspace's pages, shared brief and alert pages, and client pages pass axe-core",
  { tag: "@demo" },
  async ({ page, baseURL, newContext }) => {
    const findings: AxeFinding[] = [];
    await signInAsDemo(page, baseURL);
    // Page to page as the app's links go (client-side), as in accessibility-planner.ts.
    for (const path of DEMO_PAGES) {
      await navigateInApp(page, path);
      await axeAudit(page, path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}"), findings);
    }

    // The public share pages (static HTML, no Remix), opened signed out.
    const { briefs } = await page.evaluate(async () => (await fetch("/api/intelligence/briefs")).json() as Promise<{ briefs: { id: string }[] }>);
    check(briefs.length > 0, "the demo planner has no brief to share.");
    const { brief } = await post<{ brief: { shareToken: string } }>(page, `/api/intelligence/briefs/${briefs[0]!.id}/share`);
    const { alert } = await post<{ alert: { shareToken: string } }>(page, `/api/intelligence/alerts/${DEMO_ALERT.id}/share`);
    const guest = await newContext();
    for (const path of [`/share/briefs/${brief.shareToken}`, `/share/alerts/${alert.shareToken}`]) {
      const res = await guest.page.goto(baseURL + path);
      check(res?.ok(), `${path} answered ${res?.status()}`);
      await axeAudit(guest.page, `${path.slice(0, path.lastIndexOf("/"))}/{token}`, findings);
    }

    // The enterprise consultant's clients.
    const consultant = await newContext();
    await signIn(consultant.page, baseURL, DEMO_CONSULTANT.email, DEMO.password);
    await waitForPath(consultant.page, "/dashboard");
    await closeWelcomeIfShown(consultant.page);
    await gotoAndHydrate(consultant.page, baseURL, "/clients");
    await axeAudit(consultant.page, "/clients (consultant)", findings);
    expectNoSeriousViolations(findings);
  },
);
