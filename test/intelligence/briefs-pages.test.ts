import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "../helpers/auth";
import { insertBriefs, T0 } from "./brief-helpers";

let dana: TestUser;
let other: TestUser;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  [dana, other] = await Promise.all([createTestUser({ plan: "SOLO", onboarded: true }), createTestUser({ plan: "SOLO", onboarded: true })]);
  await insertBriefs(dana.userId, [
    { title: "Sable River crest outlook", at: T0, content: "Crest of **29 ft** expected." },
    { title: "Chlorine rail shipments", at: T0 + day, shareToken: `pg${crypto.randomUUID().replace(/-/g, "")}`.padEnd(43, "x").slice(0, 43) },
  ]);
  await insertBriefs(other.userId, [{ title: "Someone else's brief", at: T0 }]);
});

const get = (path: string, cookie: string) => SELF.fetch(`http://localhost${path}`, { headers: { cookie } });
/** What the page shows, without the loader data Remix inlines for hydration (the panel's data is there either way). */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

describe("/intelligence", () => {
  it("lists the caller's briefs newest first with their content and sharing, and nobody else's", async () => {
    const res = await get("/intelligence", dana.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Intelligence · Readyroom</title>");
    const newer = html.indexOf("Chlorine rail shipments");
    const older = html.indexOf("Sable River crest outlook");
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
    expect(html).toContain("<strong>29 ft</strong>");
    expect(html).toContain("Mar 20, 2027");
    expect(html).toContain("Public link");
    expect(html).not.toContain("Someone else");
    // The chat's place is marked, with nothing pretending to be a conversation.
    expect(html).toContain('id="intelligence-chat"');
  });

  it("shows the empty state to a planner without briefs", async () => {
    const fresh = await createTestUser({ plan: "SOLO", onboarded: true });
    const html = await (await get("/intelligence", fresh.cookie)).text();
    expect(html).toContain("No briefs yet");
    expect(html).toContain("New brief");
  });

  it("is a live page in the navigation, not Coming soon", async () => {
    const html = await (await get("/dashboard", dana.cookie)).text();
    expect(html).toMatch(/href="\/intelligence"[^>]*>/);
  });
});

describe("the dashboard's Threats panel", () => {
  it("shows the latest briefs by default, with a switch that is on", async () => {
    const html = await (await get("/dashboard", dana.cookie)).text();
    expect(html).toContain("Threats");
    expect(html).toContain("Chlorine rail shipments");
    expect(html).toContain(`href="/intelligence#brief-`);
    expect(html).toMatch(/role="switch"[^>]*aria-checked="true"/);
    expect(html).not.toContain("Someone else");
  });

  it("is hidden when threatIntelligenceEnabled=false, with the switch off", async () => {
    const html = markup(await (await get("/dashboard", `${dana.cookie}; threatIntelligenceEnabled=false`)).text());
    expect(html).not.toContain("Chlorine rail shipments");
    expect(html).toMatch(/role="switch"[^>]*aria-checked="false"/);
    const on = await (await get("/dashboard", `${dana.cookie}; threatIntelligenceEnabled=true`)).text();
    expect(on).toContain("Chlorine rail shipments");
  });
});
