import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../helpers/auth";

const LABELS = [
  "Language Preference",
  "Organizational &amp; Regional Focus",
  "Threats Hazards and Concerns",
  "Capabilities &amp; Frameworks",
  "Goals Objectives and Participants",
  "Resource Needs &amp; Constraints",
  "Lessons Learned &amp; Events",
  "Extracts &amp; Findings",
  "Type of Use",
  "Intelligence Findings",
  "Ask Readyroom",
];

describe("/account/profile", () => {
  it("renders every spec label as a <label>, the saved values and the Save profile button", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    await SELF.fetch("http://localhost/api/profile/custom-instructions", {
      method: "PUT",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ focus: "Saved focus text", language: "es-MX", typeOfUse: "Community Group" }),
    });
    const res = await SELF.fetch("http://localhost/account/profile", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const label of LABELS) expect(html, label).toMatch(new RegExp(`<label[^>]*>${label}</label>`));
    expect(html).toContain("Saved focus text");
    expect(html).toMatch(/<option value="es-MX" selected="">Mexican Spanish<\/option>/);
    // One language control on the page (issue 30 item 8): the personal details no longer repeat it.
    expect(html.match(/<option value="es-MX"/g)).toHaveLength(1);
    expect(html).not.toContain("Preferred language");
    expect(html).toContain("Save profile");
    expect(html).toContain("/ 50,000 characters");
    expect(html).toContain("/ 30,000 characters");
  });

  it("saves through the form post (no JavaScript) and reports field errors", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const form = new URLSearchParams({ intent: "instructions", language: "pt-BR", focus: "Posted focus", typeOfUse: "Professional" });
    const res = await SELF.fetch("http://localhost/account/profile", {
      method: "POST",
      headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(res.status).toBe(200);
    const saved = (await (await SELF.fetch("http://localhost/api/profile/custom-instructions", { headers: { cookie: user.cookie } })).json()) as Record<
      string,
      string
    >;
    expect(saved).toMatchObject({ language: "pt-BR", focus: "Posted focus", typeOfUse: "Professional" });

    const bad = await SELF.fetch("http://localhost/account/profile", {
      method: "POST",
      headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "instructions", focus: "x".repeat(50001) }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Must be less than 50000 characters");
  });

  it("sends a signed-out visitor to /login", async () => {
    const res = await SELF.fetch("http://localhost/account/profile", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/login");
  });
});
