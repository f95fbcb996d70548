import { isAiConfigured, readAiSettings } from "../ai/config";
import type { Config, Env } from "../env";
import { type ProbeMessage, probeStateName } from "../jobs/queue";
import { allTaskNames } from "../jobs/tasks";
import { nowMs, nowDate } from "../lib/clock";

export type CheckStatus = "ok" | "degraded" | "not_configured";

export type Check = {
  key: string;
  name: string;
  status: CheckStatus;
  /** Wall time of the check in ms; null when nothing was called. */
  latencyMs: number | null;
  /** One human sentence. Never an exception message: this page is public. */
  detail: string;
};

export type CronRun = {
  name: string;
  lastRun: string | null;
  isRunning: boolean;
  error: string | null;
  startedAt: string | null;
};

export type StatusReport = {
  status: "ok" | "degraded";
  checkedAt: string;
  checks: Check[];
  cron: CronRun[];
};


/**
 * Live checks of every binding and configured provider, for GET /api/status and /status. Each
 * check catches its own failure so one broken binding shows as degraded instead of failing the
 * page. Details are fixed sentences: errors are logged, not shown, since the page is public.
 */
export async function getStatus(env: Env, config: Config): Promise<StatusReport> {
  const checks = await Promise.all([
    checkD1(env),
    checkR2(env),
    checkQueue(env, "INGEST", "Queue INGEST", "readyroom-ingest"),
    checkQueue(env, "SYNTHESIS", "Queue SYNTHESIS", "readyroom-synthesis"),
    checkDurableObject(env, "EXERCISE_LOCK", "Durable Object ExerciseLock"),
    checkDurableObject(env, "CREDIT_LEDGER", "Durable Object CreditLedger"),
    checkDurableObject(env, "CAMPAIGN_SYNTHESIS", "Durable Object CampaignSynthesis"),
    checkAi(config),
    checkPayments(config),
  ]);
  const cron = await readCronRuns(env);
  return {
    status: checks.some((c) => c.status === "degraded") ? "degraded" : "ok",
    checkedAt: nowDate().toISOString(),
    checks,
    cron,
  };
}

async function timed(key: string, name: string, fn: () => Promise<string>, failure: string): Promise<Check> {
  const started = performance.now();
  try {
    const detail = await fn();
    return { key, name, status: "ok", latencyMs: elapsed(started), detail };
  } catch (err) {
    console.error(`[status ${key}]`, err);
    return { key, name, status: "degraded", latencyMs: elapsed(started), detail: failure };
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

function checkD1(env: Env): Promise<Check> {
  return timed(
    "d1",
    "Database (D1)",
    async () => {
      const [one, migrations] = await env.DB.batch<{ v?: number; n?: number }>([
        env.DB.prepare("SELECT 1 AS v"),
        env.DB.prepare("SELECT count(*) AS n FROM d1_migrations"),
      ]);
      if (one.results[0]?.v !== 1) throw new Error("unexpected SELECT 1 result");
      const n = migrations.results[0]?.n ?? 0;
      return `Query answered; ${n} migration${n === 1 ? "" : "s"} applied.`;
    },
    "The database did not answer, or its migrations are not applied.",
  );
}

function checkR2(env: Env): Promise<Check> {
  return timed(
    "r2",
    "File storage (R2)",
    async () => {
      const key = `status-probe/${crypto.randomUUID()}`;
      const body = `probe ${nowMs()}`;
      await env.UPLOADS.put(key, body);
      try {
        const read = await env.UPLOADS.get(key);
        if (!read || (await read.text()) !== body) throw new Error("probe object did not read back");
      } finally {
        await env.UPLOADS.delete(key);
      }
      return "Wrote, read back and deleted a probe object.";
    },
    "Could not write, read or delete a probe object.",
  );
}

async function checkQueue(env: Env, binding: "INGEST" | "SYNTHESIS", name: string, queueName: string): Promise<Check> {
  const check = await timed(
    binding.toLowerCase(),
    name,
    async () => {
      const probe: ProbeMessage = { kind: "probe", sentAt: nowMs() };
      await env[binding].send(probe);
      return "Accepted a probe message.";
    },
    "The queue refused a probe message.",
  );
  if (check.status !== "ok") return check;
  // Consumption is asynchronous: report when the consumer last acknowledged a probe, if ever.
  const row = await lastProbeDelivery(env, queueName);
  const delivered = row?.lastRun ? ` Last probe consumed ${new Date(row.lastRun).toISOString()}.` : " No probe consumed yet.";
  return { ...check, detail: check.detail + delivered };
}

async function lastProbeDelivery(env: Env, queueName: string): Promise<{ lastRun: number | null } | null> {
  try {
    return await env.DB.prepare('SELECT "lastRun" FROM "SchedulerTaskState" WHERE "name" = ?')
      .bind(probeStateName(queueName))
      .first<{ lastRun: number | null }>();
  } catch {
    return null;
  }
}

/**
 * Calls each class's cheapest read: it proves the namespace routes to a live object whose storage
 * answers. The probe objects are named "status-probe", so they never touch a real exercise,
 * account or campaign.
 */
const durableObjectProbes = {
  EXERCISE_LOCK: async (stub: unknown) => {
    const state = await (stub as { get(): Promise<{ ok: boolean }> }).get();
    if (state.ok !== true) throw new Error("unexpected lock state");
  },
  CREDIT_LEDGER: async (stub: unknown) => {
    const rows = await (stub as { listTransactions(input: { limit?: number }): Promise<unknown> }).listTransactions({ limit: 1 });
    if (!Array.isArray(rows)) throw new Error("unexpected ledger answer");
  },
  CAMPAIGN_SYNTHESIS: async (stub: unknown) => {
    const state = await (stub as { get(): Promise<{ status: string }> }).get();
    if (typeof state.status !== "string") throw new Error("unexpected synthesis state");
  },
} as const;

function checkDurableObject(env: Env, binding: keyof typeof durableObjectProbes, name: string): Promise<Check> {
  return timed(
    binding.toLowerCase(),
    name,
    async () => {
      const ns = env[binding] as DurableObjectNamespace;
      await durableObjectProbes[binding](ns.get(ns.idFromName("status-probe")));
      return "Answered from its storage.";
    },
    "The object did not answer.",
  );
}

// Provider checks report configuration only: a public page must not spend the operator's API
// quota or leak upstream error text on every visit.
function checkAi(config: Config): Check {
  const settings = readAiSettings(config);
  const names = [...Object.keys(settings.endpoints), ...(settings.custom ? ["self-hosted"] : [])];
  const configured = isAiConfigured(settings);
  return {
    key: "ai",
    name: "AI provider",
    status: configured ? "ok" : "not_configured",
    latencyMs: null,
    detail: configured ? `Configured: ${names.join(", ")} (not called from this page).` : "Not configured: the offline drafting provider answers.",
  };
}

function checkPayments(config: Config): Check {
  const configured = Boolean(config.STRIPE_SECRET_KEY);
  return {
    key: "payments",
    name: "Payments (Stripe)",
    status: configured ? "ok" : "not_configured",
    latencyMs: null,
    detail: configured
      ? `Configured${config.STRIPE_WEBHOOK_SECRET ? " with webhook verification" : "; webhook secret missing"} (not called from this page).`
      : "Not configured: plans are granted with the admin script.",
  };
}

async function readCronRuns(env: Env): Promise<CronRun[]> {
  const names = allTaskNames();
  const placeholders = names.map(() => "?").join(", ");
  type Row = { name: string; lastRun: number | null; isRunning: number; error: string | null; startedAt: number | null };
  let rows: Row[] = [];
  try {
    const result = await env.DB.prepare(
      `SELECT "name", "lastRun", "isRunning", "error", "startedAt" FROM "SchedulerTaskState" WHERE "name" IN (${placeholders})`,
    )
      .bind(...names)
      .all<Row>();
    rows = result.results;
  } catch (err) {
    console.error("[status cron]", err);
  }
  const byName = new Map(rows.map((r) => [r.name, r]));
  return names.map((name) => {
    const r = byName.get(name);
    return {
      name,
      lastRun: r?.lastRun ? new Date(r.lastRun).toISOString() : null,
      isRunning: Boolean(r?.isRunning),
      // A task's own error text can name internals; the public page only says that it failed.
      error: r?.error ? "The last run failed; see the Worker logs." : null,
      startedAt: r?.startedAt ? new Date(r.startedAt).toISOString() : null,
    };
  });
}

