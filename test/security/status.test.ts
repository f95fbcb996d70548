import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { clockOffsetMs, shiftClock } from "../../worker/lib/clock";
import { api, expectStatus, json, ORIGIN, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";

// Security item 16: /status and /api/status are public. Anyone gets one up/down per subsystem from
// a probe run at most once a minute per isolate; providers, latencies, check details and cron runs
// are for signed-in admins only.

/** What a public answer must never contain: provider names or keys, configuration, cron, latency. */
const LEAKS = [
  /openai|anthropic|gemini|self-hosted|stripe|webhook/i,
  /configured/i,
  /sk-status-leak|sk_test_status_leak|whsec_status_leak/,
  /cron|scheduled|housekeeping|credit-expiry|alert-summaries/i,
  /latency|\d ms\b/i,
  /Durable Object|Queue INGEST|\bR2\b|\bD1\b|migration/,
];

function expectNoLeak(text: string, label: string) {
  for (const pattern of LEAKS) expect(text, `${label} reveals ${pattern}`).not.toMatch(pattern);
}

/** Every provider configured, so a leak would show: with none, "Not configured" is all there is to find. */
const providerVars = {
  OPENAI_API_KEY: "sk-status-leak",
  ANTHROPIC_API_KEY: "sk-status-leak",
  STRIPE_SECRET_KEY: "sk_test_status_leak",
  STRIPE_WEBHOOK_SECRET: "whsec_status_leak",
};

async function makeAdmin(user: TestUser) {
  await env.DB.prepare('UPDATE "User" SET "role" = \'admin\' WHERE "id" = ?').bind(user.userId).run();
}

/** The requirement: at most one live probe per minute per isolate. */
const STATUS_PROBE_TTL_MS = 60_000;

const page = (path: string, user?: TestUser) => SELF.fetch(`${ORIGIN}${path}`, { headers: user ? { cookie: user.cookie } : {}, redirect: "manual" });

type Calls = string[];

/** Wraps a binding so every method call is recorded as `label.method` and then made for real. */
function counted<T extends object>(target: T, calls: Calls, label: string): T {
  return new Proxy(target, {
    get(t, prop) {
      const value = Reflect.get(t, prop) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push(`${label}.${String(prop)}`);
        return (value as (...a: unknown[]) => unknown).apply(t, args);
      };
    },
  });
}

/** A fresh env object (so a probe cache of its own) whose R2, queue and Durable Object bindings count their calls. */
function spiedEnv(calls: Calls) {
  return {
    ...env,
    ...providerVars,
    UPLOADS: counted(env.UPLOADS, calls, "r2"),
    INGEST: counted(env.INGEST, calls, "ingest"),
    SYNTHESIS: counted(env.SYNTHESIS, calls, "synthesis"),
    ALERTS: counted(env.ALERTS, calls, "alerts"),
    EXERCISE_LOCK: counted(env.EXERCISE_LOCK, calls, "lock"),
    CREDIT_LEDGER: counted(env.CREDIT_LEDGER, calls, "ledger"),
    CAMPAIGN_SYNTHESIS: counted(env.CAMPAIGN_SYNTHESIS, calls, "campaign"),
  };
}

const probeCount = (calls: Calls) => calls.filter((c) => c === "lock.get").length;

describe("/api/status and /status: public summary, admin detail (security item 16)", () => {
  const startOffset = clockOffsetMs();
  afterEach(() => shiftClock(startOffset));

  it("signed out and as a non-admin, the API answers only an up/down per subsystem", async () => {
    const calls: Calls = [];
    const spied = spiedEnv(calls);
    const basic = await createTestUser({ plan: "SOLO", onboarded: true });
    for (const [label, user] of [
      ["signed out", null],
      ["non-admin", basic],
    ] as const) {
      const res = await api("/api/status", { user, env: spied });
      await expectStatus(res, 200, label);
      expect(res.headers.get("cache-control")).not.toContain("public");
      const raw = await res.text();
      expectNoLeak(raw, label);
      const body = JSON.parse(raw) as Json;
      expect(Object.keys(body).sort()).toEqual(["checkedAt", "status", "subsystems"]);
      expect(body.status).toBe("ok");
      expect(body.subsystems.map((s: Json) => s.key)).toEqual(["database", "storage", "jobs", "coordination"]);
      for (const s of body.subsystems) {
        expect(Object.keys(s).sort()).toEqual(["key", "name", "status"]);
        expect(s.status).toBe("up");
      }
    }
  });

  it("signed out and as a non-admin, the page shows the subsystems and none of the detail", async () => {
    const basic = await createTestUser({ plan: "SOLO", onboarded: true });
    for (const [label, user] of [
      ["signed out", undefined],
      ["non-admin", basic],
    ] as const) {
      const res = await page("/status", user);
      expect(res.status, label).toBe(200);
      const html = await res.text();
      expect(html).toContain("System status");
      expect(html).toContain("File storage");
      expect(html).toContain("Background jobs");
      expect(html).not.toContain("Scheduled tasks");
      // The HTML holds the loader data too (the hydration script), so this covers both. Hashed
      // asset paths are dropped first: a build hash could spell "D1" or "9 ms" by chance.
      expectNoLeak(html.replace(/\/assets\/[^"'\s)]+/g, "/assets/…"), `${label} page`);
    }
  });

  it("a signed-in admin gets every check, the providers and the cron runs, never stored by a cache", async () => {
    const admin = await createTestUser({ plan: "SOLO", onboarded: true });
    await makeAdmin(admin);
    const res = await api("/api/status", { user: admin, env: spiedEnv([]) });
    await expectStatus(res, 200, "admin");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json(res);
    expect(body.subsystems).toHaveLength(4);
    expect(body.checks.map((c: Json) => c.key)).toEqual([
      "d1",
      "r2",
      "ingest",
      "synthesis",
      "alerts",
      "exercise_lock",
      "credit_ledger",
      "campaign_synthesis",
      "ai",
      "payments",
      "intel_nws",
      "intel_usgs",
      "intel_openfema",
      "intel_asknews",
      "intel_gdelt",
    ]);
    expect(typeof body.checks.find((c: Json) => c.key === "d1").latencyMs).toBe("number");
    expect(body.checks.find((c: Json) => c.key === "ai")).toMatchObject({ status: "ok", detail: expect.stringMatching(/Configured: openai, anthropic/) });
    expect(body.checks.find((c: Json) => c.key === "payments")).toMatchObject({
      status: "ok",
      detail: expect.stringMatching(/^Configured with webhook verification/),
    });
    expect(body.cron.map((c: Json) => c.name).sort()).toEqual([
      "alert-summaries",
      "corrective-action-reminders",
      "credit-expiry",
      "housekeeping",
      "ingest-sweep",
      "notification-digest",
      "synthesis-sweep",
    ]);
    // Configured is shown, the secrets never are.
    expect(JSON.stringify(body)).not.toMatch(/sk-status-leak|sk_test_status_leak|whsec_status_leak/);

    const html = await (await page("/status", admin)).text();
    expect(html).toContain("Scheduled tasks");
    expect(html).toContain("housekeeping");
    expect(html).toContain("Payments (Stripe)");
    expect(html).toContain("Durable Object ExerciseLock");
  });

  it("probes at most once a minute per isolate: repeated and concurrent requests share one probe", async () => {
    const calls: Calls = [];
    const spied = spiedEnv(calls);
    const admin = await createTestUser({ plan: "SOLO", onboarded: true });
    await makeAdmin(admin);

    // Two at once while no probe is cached, then more within the minute, signed out and as admin.
    const first = await Promise.all([api("/api/status", { env: spied }), api("/api/status", { env: spied })]);
    for (const res of first) await expectStatus(res, 200);
    const [a, b] = await Promise.all(first.map((res) => json(res)));
    expect(a!.checkedAt).toBe(b!.checkedAt);
    await expectStatus(await api("/api/status", { env: spied }), 200);
    await expectStatus(await api("/api/status", { user: admin, env: spied }), 200);
    shiftClock(startOffset + STATUS_PROBE_TTL_MS - 1_000);
    await expectStatus(await api("/api/status", { env: spied }), 200);

    expect(probeCount(calls)).toBe(1);
    // One probe: a read-only R2 head (nothing written or deleted), one message per queue, one read per Durable Object.
    expect(calls.filter((c) => c.startsWith("r2."))).toEqual(["r2.head"]);
    expect(calls.filter((c) => c.endsWith(".send")).sort()).toEqual(["alerts.send", "ingest.send", "synthesis.send"]);
    expect(calls.filter((c) => c.endsWith(".idFromName")).sort()).toEqual(["campaign.idFromName", "ledger.idFromName", "lock.idFromName"]);

    // Past the minute, the next request probes again, once.
    shiftClock(startOffset + STATUS_PROBE_TTL_MS + 1_000);
    const later = await Promise.all([api("/api/status", { env: spied }), api("/api/status", { env: spied })]);
    const laterBody = await json(later[0]);
    expect(Date.parse(laterBody.checkedAt)).toBeGreaterThan(Date.parse(a!.checkedAt));
    expect(probeCount(calls)).toBe(2);
    expect(calls.filter((c) => c.startsWith("r2."))).toEqual(["r2.head", "r2.head"]);
    expect(calls.filter((c) => c.endsWith(".send"))).toHaveLength(6);
  });

  it("the page and the API share one probe (the Remix build bundles its own copy of the service)", async () => {
    // Two minutes on: whatever either path cached is stale, so the first request below probes.
    shiftClock(startOffset + 2 * STATUS_PROBE_TTL_MS);
    const apiBody = await json(await SELF.fetch(`${ORIGIN}/api/status`));
    const html = await (await page("/status")).text();
    expect(html.match(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g)).toContain(apiBody.checkedAt);
  });

  it("writes nothing to R2", async () => {
    const before = (await env.UPLOADS.list({ prefix: "status-probe" })).objects.length;
    const calls: Calls = [];
    await expectStatus(await api("/api/status", { env: spiedEnv(calls) }), 200);
    expect(calls.some((c) => /^r2\.(put|delete|createMultipartUpload)$/.test(c))).toBe(false);
    expect((await env.UPLOADS.list({ prefix: "status-probe" })).objects).toHaveLength(before);
  });
});
