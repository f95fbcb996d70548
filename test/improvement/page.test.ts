import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { insertAction } from "./helpers";

// The /improvement page and the dashboard's trends card (run `npm run build` first: pages are the Remix build).

const page = (user: TestUser, path: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: user.cookie }, redirect: "manual" });

describe("/improvement", () => {
  it("lists the caller's corrective actions with an Overdue badge, filters from the URL, and nobody else's", async () => {
    const [me, other] = await Promise.all([createTestUser({ plan: "TEAM", onboarded: true }), createTestUser({ plan: "TEAM", onboarded: true })]);
    await insertAction({
      userId: me.userId,
      dueDate: "2020-01-31",
      status: "open",
      issue: "Sandbag stock covers one day.",
      action: "Pre-position 40,000 more sandbags.",
    });
    await insertAction({ userId: me.userId, dueDate: "2999-12-31", status: "in_progress", capability: "Mass Care Services", issue: "No pet sheltering plan." });
    await insertAction({ userId: other.userId, dueDate: "2020-01-31", issue: "Someone else's secret issue." });

    const res = await page(me, "/improvement");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Improvement");
    expect(html).toContain("Sandbag stock covers one day.");
    expect(html).toContain("No pet sheltering plan.");
    expect(html).toContain(">Overdue</span>");
    expect(html).toContain("Mark complete");
    expect(html).not.toContain("Someone else&#x27;s secret issue.");
    expect(html).not.toContain("Someone else's secret issue.");
    // The navigation links here.
    expect(html).toContain('href="/improvement"');

    const filtered = await (await page(me, "/improvement?status=&capability=Mass+Care+Services")).text();
    expect(filtered).toContain("No pet sheltering plan.");
    expect(filtered).not.toContain("Sandbag stock covers one day.");
    const overdue = await (await page(me, "/improvement?overdue=true")).text();
    expect(overdue).toContain("Sandbag stock covers one day.");
    expect(overdue).not.toContain("No pet sheltering plan.");
    // A bad filter is ignored, not an error page.
    expect((await page(me, "/improvement?status=closed")).status).toBe(200);
  });

  it("explains where corrective actions come from when there are none; signed out goes to login", async () => {
    const me = await createTestUser({ plan: "TEAM", onboarded: true });
    const html = await (await page(me, "/improvement")).text();
    expect(html).toContain("No corrective actions yet");
    expect(html).toContain("publish it");
    const signedOut = await SELF.fetch(`${ORIGIN}/improvement`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/login");
  });

  it("the dashboard still renders, with the trends card waiting for the browser to load it", async () => {
    const me = await createTestUser({ plan: "TEAM", onboarded: true });
    const res = await page(me, "/dashboard");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Capability trends");
    expect(html).toContain("Loading capability trends…");
    expect(html).toContain('id="exercises"');
  });
});
