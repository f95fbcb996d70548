import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../worker/env";
import { legalView } from "../../worker/legal/service";
import { stripeEnv } from "../payments/helpers";

const ORIGIN = "http://localhost";
const html = async (path: string) => {
  const res = await SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual" });
  return { status: res.status, text: (await res.text()).replaceAll("<!-- -->", "") };
};

describe("public pages a SaaS has: /pricing, /terms, /privacy, and the footer", () => {
  it("/pricing shows the plans as cards, signed out: what each includes and its monthly credits", async () => {
    const page = await html("/pricing");
    expect(page.status).toBe(200);
    for (const text of ["Solo", "Team", "Enterprise", "1,000 credits a month", "5,000 credits a month", "20,000 credits a month", "Everything in Solo"]) {
      expect(page.text).toContain(text);
    }
  });

  it("/terms and /privacy answer signed out, in plain words, with the configured operator's details", async () => {
    const terms = await html("/terms");
    expect(terms.status).toBe(200);
    expect(terms.text).toContain("Terms of use");
    expect(terms.text).toContain("not an emergency service");
    const privacy = await html("/privacy");
    expect(privacy.status).toBe(200);
    for (const text of ["What data we handle", "Who else processes it", "How long it is kept", "Cloudflare"]) expect(privacy.text).toContain(text);
  });

  it("the subprocessors and the operator follow the configuration, and LEGAL_SUBPROCESSORS replaces the worked-out list", () => {
    const withStripe = legalView(
      parseConfig(stripeEnv({ OPERATOR_NAME: "Brackwater County OEM", OPERATOR_CONTACT: "privacy@brackwater.example", OPENAI_API_KEY: "sk-x" })),
    );
    expect(withStripe).toMatchObject({ operatorName: "Brackwater County OEM", contact: "privacy@brackwater.example", billingMode: "stripe", deletionDays: 30 });
    expect(withStripe.subprocessors.map((s) => s.name)).toEqual(["Cloudflare", "Stripe", "OpenAI"]);
    const plain = legalView(parseConfig({ ...env, BILLING_MODE: "off" }));
    expect(plain.subprocessors.map((s) => s.name)).toEqual(["Cloudflare"]);
    const own = legalView(parseConfig({ ...env, LEGAL_SUBPROCESSORS: JSON.stringify([{ name: "County IT", purpose: "Hosting" }]), LEGAL_DELETION_DAYS: "14" }));
    expect(own).toMatchObject({ subprocessors: [{ name: "County IT", purpose: "Hosting" }], deletionDays: 14 });
  });

  it("the landing page shows the product in real screenshots with sizes, alt text and lazy loading, and public pages have the footer", async () => {
    const landing = await html("/");
    expect(landing.status).toBe(200);
    const images = [...landing.text.matchAll(/<img [^>]*src="\/screens\/[a-z]+\.webp"[^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(9);
    for (const img of images) {
      expect(img).toMatch(/ alt="[^"]{20,}"/);
      expect(img).toContain('width="960"');
      expect(img).toContain('height="600"');
    }
    expect(images.slice(1).every((img) => img.includes('loading="lazy"'))).toBe(true);
    for (const section of [
      "live",
      "Exercise Evaluation Guides",
      "After-action report",
      "Corrective actions",
      "design assistant",
      "Ask Readyroom",
      "Campaigns",
    ]) {
      expect(landing.text).toContain(section);
    }
    for (const path of ["/", "/pricing", "/terms", "/privacy", "/login", "/signup"]) {
      const page = await html(path);
      expect(page.text, path).toContain('aria-label="Footer"');
      for (const link of ['href="/pricing"', 'href="/terms"', 'href="/privacy"']) expect(page.text, path).toContain(link);
    }
  });
});
