import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "../../shared/profile/languages";
import { CUSTOM_INSTRUCTION_FIELDS, customInstructionsSchema, FIELD_LABELS } from "../../shared/profile/model";
import { createTestUser } from "../helpers/auth";
import { intelRegion } from "../../worker/intelligence/sources/region";

const URL_CI = "http://localhost/api/profile/custom-instructions";

type ErrorBody = { message: string; code: string; fieldErrors?: Record<string, string> };

function put(cookie: string, body: unknown) {
  return SELF.fetch(URL_CI, { method: "PUT", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
}

const full = {
  language: "pt-BR",
  focus: "Harbor County, a coastal-river county",
  threats: "Riverine flooding, hurricanes",
  frameworks: "HSEEP, NIMS",
  goals: "Annual flood TTX",
  resources: "Two EOC staff",
  lessons: "2024 levee breach",
  findings: "Sheltering gaps",
  typeOfUse: "Professional",
  intelligenceFindings: "NWS river forecasts",
  askReadyroom: "Answer briefly",
};

describe("custom instructions model", () => {
  it("uses the spec's labels", () => {
    expect(FIELD_LABELS).toEqual({
      language: "Language Preference",
      focus: "Organizational & Regional Focus",
      threats: "Threats Hazards and Concerns",
      frameworks: "Capabilities & Frameworks",
      goals: "Goals Objectives and Participants",
      resources: "Resource Needs & Constraints",
      lessons: "Lessons Learned & Events",
      findings: "Extracts & Findings",
      typeOfUse: "Type of Use",
      intelligenceFindings: "Intelligence Findings",
      askReadyroom: "Ask Readyroom",
    });
  });

  it("supports about 58 languages including English, Brazilian Portuguese and Mexican Spanish", () => {
    expect(SUPPORTED_LANGUAGES.length).toBeGreaterThanOrEqual(55);
    expect(SUPPORTED_LANGUAGES.length).toBeLessThanOrEqual(62);
    const byCode = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l.code, l.name]));
    expect(byCode.en).toBe("English");
    expect(byCode["pt-BR"]).toBe("Brazilian Portuguese");
    expect(byCode["es-MX"]).toBe("Mexican Spanish");
    expect(new Set(SUPPORTED_LANGUAGES.map((l) => l.code)).size).toBe(SUPPORTED_LANGUAGES.length);
  });

  it("accepts exactly the limits and refuses one more, with the spec's messages", () => {
    for (const field of CUSTOM_INSTRUCTION_FIELDS) {
      if (field === "language" || field === "typeOfUse") continue;
      const limit = field === "askReadyroom" ? 30000 : 50000;
      expect(customInstructionsSchema.safeParse({ [field]: "a".repeat(limit) }).success, field).toBe(true);
      const over = customInstructionsSchema.safeParse({ [field]: "a".repeat(limit + 1) });
      expect(over.success, field).toBe(false);
      expect(over.error!.issues[0]!.message).toBe(`Must be less than ${limit} characters`);
    }
    const typeOver = customInstructionsSchema.safeParse({ typeOfUse: "a".repeat(50001) });
    expect(typeOver.error!.issues[0]!.message).toBe("Must be less than 50000 characters");
  });

  it("takes the type of use options and nothing else", () => {
    for (const t of ["Individual", "Household / Family", "Community Group", "Professional", ""]) {
      expect(customInstructionsSchema.safeParse({ typeOfUse: t }).success, t).toBe(true);
    }
    expect(customInstructionsSchema.safeParse({ typeOfUse: "Corporate" }).success).toBe(false);
  });
});

describe("GET/PUT /api/profile/custom-instructions", () => {
  it("needs a session", async () => {
    const res = await SELF.fetch(URL_CI);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Sign in to continue.", code: "unauthorized" });
  });

  it("starts empty and round-trips every field", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const empty = await (await SELF.fetch(URL_CI, { headers: { cookie: user.cookie } })).json();
    expect(empty).toMatchObject({ language: "", focus: "", typeOfUse: "" });

    const saved = await put(user.cookie, full);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(full);
    const read = await (await SELF.fetch(URL_CI, { headers: { cookie: user.cookie } })).json();
    expect(read).toEqual(full);
  });

  it("keeps each user's instructions to their own account", async () => {
    const a = await createTestUser({ plan: "SOLO" });
    const b = await createTestUser({ plan: "SOLO" });
    await put(a.cookie, { ...full, focus: "A's county" });
    const bRead = (await (await SELF.fetch(URL_CI, { headers: { cookie: b.cookie } })).json()) as { focus: string };
    expect(bRead.focus).toBe("");
  });

  it("saves at the limits and refuses one character more with the exact messages", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const atLimit = await put(user.cookie, { ...full, focus: "x".repeat(50000), askReadyroom: "y".repeat(30000) });
    expect(atLimit.status).toBe(200);

    const tooLong = await put(user.cookie, { ...full, threats: "x".repeat(50001) });
    expect(tooLong.status).toBe(400);
    const body = (await tooLong.json()) as ErrorBody;
    expect(body).toEqual({
      message: "Must be less than 50000 characters",
      code: "validation_error",
      fieldErrors: { threats: "Must be less than 50000 characters" },
    });

    const askTooLong = await put(user.cookie, { ...full, askReadyroom: "y".repeat(30001) });
    expect(askTooLong.status).toBe(400);
    expect(((await askTooLong.json()) as ErrorBody).fieldErrors).toEqual({ askReadyroom: "Must be less than 30000 characters" });

    // The refused saves changed nothing.
    const read = (await (await SELF.fetch(URL_CI, { headers: { cookie: user.cookie } })).json()) as { focus: string; threats: string };
    expect(read.focus).toHaveLength(50000);
    expect(read.threats).toBe(full.threats);
  });

  it("accepts a supported language or empty, and refuses anything else", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    for (const language of ["", "en", "pt-BR", "es-MX"]) {
      expect((await put(user.cookie, { ...full, language })).status, language).toBe(200);
    }
    for (const language of ["klingon", "pt-br", "EN", "xx"]) {
      const res = await put(user.cookie, { ...full, language });
      expect(res.status, language).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.code).toBe("validation_error");
      expect(Object.keys(body.fieldErrors!)).toEqual(["language"]);
    }
  });

  it("refuses a value of the wrong type by field", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const res = await put(user.cookie, { ...full, goals: 42 });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as ErrorBody).fieldErrors!)).toEqual(["goals"]);
  });
});

describe("GET/PUT /api/profile/details", () => {
  it("round-trips the personal details and requires names", async () => {
    const user = await createTestUser({ plan: "SOLO", firstName: "Ada", lastName: "Marsh" });
    const headers = { cookie: user.cookie, "content-type": "application/json" };
    const before = (await (await SELF.fetch("http://localhost/api/profile/details", { headers })).json()) as Record<string, unknown>;
    expect(before).toMatchObject({ firstName: "Ada", lastName: "Marsh", email: user.email });

    const res = await SELF.fetch("http://localhost/api/profile/details", {
      method: "PUT",
      headers,
      body: JSON.stringify({
        firstName: "Ada",
        lastName: "Marsh-Lee",
        organization: "Harbor County OEM",
        city: "Brackwater",
        state: "Washington",
        country: "US",
        preferredLanguage: "es-MX",
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      lastName: "Marsh-Lee",
      organization: "Harbor County OEM",
      city: "Brackwater",
      state: "Washington",
      preferredLanguage: "es-MX",
    });
    // The place Intelligence searches (NWS alerts by state, the county's first) is the one saved here.
    const row = await env.DB.prepare(`SELECT "city", "state", "country" FROM "User" WHERE "id" = ?`).bind(user.userId).first<Record<string, string>>();
    expect(intelRegion(row!)).toEqual({ state: "WA", area: "Brackwater" });
    const long = await SELF.fetch("http://localhost/api/profile/details", {
      method: "PUT",
      headers,
      body: JSON.stringify({ firstName: "Ada", lastName: "Marsh", state: "W".repeat(101) }),
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as ErrorBody).fieldErrors).toMatchObject({ state: "State must be at most 100 characters" });

    const bad = await SELF.fetch("http://localhost/api/profile/details", {
      method: "PUT",
      headers,
      body: JSON.stringify({ firstName: "", lastName: "X", preferredLanguage: "zz" }),
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as ErrorBody;
    expect(body.fieldErrors).toMatchObject({ firstName: "First name is required", preferredLanguage: "Choose a language from the list" });
  });
});
