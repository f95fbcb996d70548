import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, api, expectStatus } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { seedSession } from "./helpers";

// The after-action report page (web/routes/conduct.sessions.$sessionId.aar.tsx): its loader's
// empty states, the drafted report rendered on the server, and 404 for anyone else.

const page = (user: TestUser, path: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: user.cookie }, redirect: "manual" });

let owner: TestUser;
let outsider: TestUser;
beforeAll(async () => {
  [owner, outsider] = await Promise.all([createTestUser({ plan: "SOLO", onboarded: true }), createTestUser({ plan: "SOLO", onboarded: true })]);
});

describe("the after-action report page", () => {
  it("says to end the session first, offers the draft once ended, renders the report once drafted; 404 for others", async () => {
    const running = await seedSession(owner, { status: "running", observations: 3 });
    const runningHtml = await (await page(owner, `/conduct/sessions/${running.sessionId}/aar`)).text();
    expect(runningHtml).toContain("End the session before drafting the after-action report.");
    expect(runningHtml).not.toContain("Generate draft");

    const ended = await seedSession(owner, { observations: 12 });
    const path = `/conduct/sessions/${ended.sessionId}/aar`;
    const emptyRes = await page(owner, path);
    expect(emptyRes.status).toBe(200);
    expect(await emptyRes.text()).toContain("Generate draft");

    await expectStatus(await api(`/api/conduct/sessions/${ended.sessionId}/aar/generate`, { user: owner, body: {} }), 200);
    const html = await (await page(owner, path)).text();
    for (const text of [
      "Executive summary",
      "Exercise overview",
      "Operational Coordination",
      "Improvement plan",
      "Capability element",
      "Publish",
      "Export PDF",
    ])
      expect(html).toContain(text);
    // Each capability's two lists, headed in the plural HSEEP uses.
    expect(html).toMatch(/<h3[^>]*>Strengths<\/h3>/);
    expect(html).toMatch(/<h3[^>]*>Areas for improvement<\/h3>/);
    expect(html).not.toContain("Area for improvements");
    // Evidence is quoted with its time.
    expect(html).toMatch(/\d\d:\d\d UTC/);

    expect((await page(outsider, path)).status).toBe(404);

    // Published: read-only, pointing to where its corrective actions are tracked.
    await expectStatus(await api(`/api/conduct/sessions/${ended.sessionId}/aar/publish`, { user: owner, body: {} }), 200);
    const final = await (await page(owner, path)).text();
    expect(final).toContain('href="/improvement"');
    expect(final).not.toContain("Regenerate");
    expect(final).toContain("Export docx");
  });
});
