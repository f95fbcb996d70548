import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { getStatus } from "../../worker/status/service";
import { configSchema } from "../../worker/env";
import { api } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";

type Report = {
  status: string;
  checkedAt: string;
  subsystems: { key: string; name: string; status: string }[];
  checks: { key: string; name: string; status: string; latencyMs: number | null; detail: string }[];
  cron: { name: string; lastRun: string | null; isRunning: boolean; error: string | null; startedAt: string | null }[];
};

async function admin(): Promise<TestUser> {
  const user = await createTestUser({ plan: "SOLO", onboarded: true });
  await env.DB.prepare('UPDATE "User" SET "role" = \'admin\' WHERE "id" = ?').bind(user.userId).run();
  return user;
}

describe("GET /api/status", () => {
  it("answers everyone an up/down per subsystem, 200 when all are up", async () => {
    const res = await SELF.fetch("http://localhost/api/status");
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as Report;
    expect(res.status).toBe(200);
    expect(body.status).toBe("ok");
    expect(Number.isNaN(Date.parse(body.checkedAt))).toBe(false);
    expect(body.subsystems).toEqual([
      { key: "database", name: "Database", status: "up" },
      { key: "storage", name: "File storage", status: "up" },
      { key: "jobs", name: "Background jobs", status: "up" },
      { key: "coordination", name: "Editing locks, credits and campaign synthesis", status: "up" },
    ]);
    expect(body).not.toHaveProperty("checks");
    expect(body).not.toHaveProperty("cron");
  });

  it("reports every binding live to an admin, providers as not configured", async () => {
    // A fresh env object: its own probe cache, so this test sees a probe of its own.
    const res = await api("/api/status", { user: await admin(), env: { ...env } });
    const body = (await res.json()) as Report;
    expect(res.status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.checks.map((c) => c.key)).toEqual([
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
    // Providers and intelligence sources are reported, not called (test/intelligence covers the sources).
    for (const check of body.checks.filter((c) => !["ai", "payments"].includes(c.key) && !c.key.startsWith("intel_"))) {
      expect(check.status, check.key).toBe("ok");
      expect(typeof check.latencyMs).toBe("number");
    }
    expect(body.checks.find((c) => c.key === "d1")!.detail).toMatch(/[1-9]\d* migrations? applied/);
    const ai = body.checks.find((c) => c.key === "ai")!;
    expect(ai).toMatchObject({ status: "not_configured", latencyMs: null });
    expect(body.checks.find((c) => c.key === "payments")).toMatchObject({ status: "not_configured", latencyMs: null });
    expect(body.cron.map((c) => c.name).sort()).toEqual([
      "alert-summaries",
      "corrective-action-reminders",
      "credit-expiry",
      "housekeeping",
      "ingest-sweep",
      "notification-digest",
      "synthesis-sweep",
    ]);
    expect(body.cron.every((c) => c.lastRun === null || typeof c.lastRun === "string")).toBe(true);
  });

  it("shows configured providers without revealing their keys", async () => {
    const config = configSchema.parse({ APP_ENV: "test", AI_API_KEY: "sk-secret-ai", STRIPE_SECRET_KEY: "sk_test_secret", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    const report = await getStatus({ ...appContext(env), config });
    expect(report.checks.find((c) => c.key === "ai")!.status).toBe("ok");
    expect(report.checks.find((c) => c.key === "payments")!.status).toBe("ok");
    const text = JSON.stringify(report);
    expect(text).not.toContain("sk-secret-ai");
    expect(text).not.toContain("sk_test_secret");
    expect(text).not.toContain("whsec_x");
  });

  it("marks a broken binding degraded with a public sentence, and the whole report degraded", async () => {
    expectConsoleError(/^\[status (d1|cron|intel)\] Error: SQLITE_INTERNAL/);
    const brokenDb = {
      prepare: () => {
        throw new Error("SQLITE_INTERNAL secret path /var/db");
      },
      batch: async () => {
        throw new Error("SQLITE_INTERNAL secret path /var/db");
      },
    } as unknown as D1Database;
    const report = await getStatus({ ...appContext({ ...env, DB: brokenDb }), config: configSchema.parse({ APP_ENV: "test" }) });
    expect(report.status).toBe("degraded");
    const d1 = report.checks.find((c) => c.key === "d1")!;
    expect(d1.status).toBe("degraded");
    expect(report.subsystems.find((s) => s.key === "database")!.status).toBe("down");
    expect(report.subsystems.find((s) => s.key === "storage")!.status).toBe("up");
    expect(JSON.stringify(report)).not.toContain("SQLITE_INTERNAL");
    expect(report.cron.every((c) => c.lastRun === null)).toBe(true);
  });

  it("shows when a cron task last ran and hides its error text", async () => {
    const t = Date.UTC(2026, 10, 22, 3, 0, 0);
    await env.DB.prepare(
      'INSERT INTO "SchedulerTaskState" (id, name, lastRun, isRunning, error, startedAt, createdAt, updatedAt) VALUES (?, ?, ?, 0, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET lastRun = excluded.lastRun, error = excluded.error',
    )
      .bind(crypto.randomUUID(), "housekeeping", t, "D1_ERROR: internal detail", t, t, t)
      .run();
    const body = (await (await api("/api/status", { user: await admin(), env: { ...env } })).json()) as Report;
    const hk = body.cron.find((c) => c.name === "housekeeping")!;
    expect(hk.lastRun).toBe(new Date(t).toISOString());
    expect(hk.error).toBe("The last run failed; see the Worker logs.");
    expect(JSON.stringify(body)).not.toContain("internal detail");
  });
});

describe("/status page", () => {
  it("renders the subsystems as an accessible table without signing in", async () => {
    const res = await SELF.fetch("http://localhost/status");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("System status");
    expect(html).toContain('<th scope="col"');
    expect(html).toContain("Database");
    expect(html).toContain("Editing locks, credits and campaign synthesis");
  });

  it("adds the checks and scheduled tasks for an admin", async () => {
    const user = await admin();
    const res = await SELF.fetch("http://localhost/status", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Database (D1)");
    expect(html).toContain("Durable Object ExerciseLock");
    expect(html).toContain("housekeeping");
  });
});
