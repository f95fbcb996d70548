import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createCampaign } from "../exercises/helpers";
import { ORIGIN } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";

// The collaborate pages' loaders (web/routes/collaborate.*): who sees the manager's side, and the
// 404 for anyone who may not manage a campaign. The content itself comes from the API in the browser.

const page = (user: TestUser, path: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: user.cookie }, redirect: "manual" });

async function setup() {
  const [admin, plain, outsider] = await Promise.all([
    createTestUser({ plan: "TEAM", onboarded: true, firstName: "Ada", lastName: "Admin" }),
    createTestUser({ plan: "TEAM", onboarded: true, firstName: "Pat", lastName: "Plain" }),
    createTestUser({ plan: "TEAM", onboarded: true, firstName: "Olu", lastName: "Outsider" }),
  ]);
  const campaignId = await createCampaign(admin, [plain]);
  return { admin, plain, outsider, campaignId };
}

describe("collaborate pages", () => {
  it("/collaborate: a campaign manager gets the campaigns section, a plain member only their interviews", async () => {
    const { admin, plain } = await setup();
    const managerHtml = await (await page(admin, "/collaborate")).text();
    expect(managerHtml).toContain('id="campaigns-heading"');
    expect(managerHtml).toContain("Campaigns gather what colleagues");
    const plainRes = await page(plain, "/collaborate");
    expect(plainRes.status).toBe(200);
    const plainHtml = await plainRes.text();
    expect(plainHtml).not.toContain('id="campaigns-heading"');
    expect(plainHtml).toContain("The campaigns you were invited to contribute to.");
  });

  it("the campaign and findings pages open for the team's managers and answer 404 to anyone else", async () => {
    const { admin, plain, outsider, campaignId } = await setup();
    for (const path of [`/collaborate/campaigns/${campaignId}`, `/collaborate/campaigns/${campaignId}/findings`]) {
      expect((await page(admin, path)).status, `${path} as the admin`).toBe(200);
      expect((await page(plain, path)).status, `${path} as a plain member`).toBe(404);
      expect((await page(outsider, path)).status, `${path} as someone from another account`).toBe(404);
    }
    expect((await page(admin, `/collaborate/campaigns/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
