import { isAiConfigured, readAiSettings } from "../ai/config";
import type { AppContext } from "../context";
import { billingMode, type Config, type Env } from "../env";
import { isBillingConfigured } from "../payments/stripe";
import { type ProbeMessage, probeStateName } from "../jobs/queue";
import { allTaskNames } from "../jobs/tasks";
import { nowMs, nowDate } from "../lib/clock";
import { planSources } from "../intelligence/sources/config";
import { readLastOutcomes, type LastOutcome } from "../intelligence/sources/last-outcome";
import { SOURCE_NAMES } from "../intelligence/sources/registry";
import type { SourceId } from "../intelligence/sources/ids";

export type CheckStatus = "ok" | "degraded" | "not_configured";

type Check = {
  key: string;
  name: string;
  status: CheckStatus;
  /** Wall time of the check in ms; null when nothing was called. */
  latencyMs: number | null;
  /** One human sentence. Never an exception message, even for admins: errors go to the logs. */
  detail: string;
};

type CronRun = {
  name: string;
  lastRun: string | null;
  isRunning: boolean;
  error: string | null;
  startedAt: string | null;
};

/** What anyone may see: one up/down per subsystem, nothing about providers, latency or cron. */
type Subsystem = { key: string; name: string; status: "up" | "down" };

export type PublicStatusReport = {
  status: "ok" | "degraded";
  checkedAt: string;
  subsystems: Subsystem[];
};

/** The detailed report, for signed-in admins only: the public fields plus every check and cron task. */
export type StatusReport = PublicStatusReport & {
  checks: Check[];
  cron: CronRun[];
};

/**
 * The public subsystems and the checks each one aggregates. AI and payments are left out: whether
 * (and which) providers are configured is the operator's business, and neither is called here.
 */
const SUBSYSTEMS: { key: string; name: string; checks: string[] }[] = [
  { key: "database", name: "Database", checks: ["d1"] },
  { key: "storage", name: "File storage", checks: ["r2"] },
  { key: "jobs", name: "Background jobs", checks: ["ingest", "synthesis", "alerts"] },
  { key: "coordination", name: "Editing locks, credits and campaign synthesis", checks: ["exercise_lock", "credit_ledger", "campaign_synthesis"] },
];

/** How long one live probe answers for, per isolate. */
const STATUS_PROBE_TTL_MS = 60_000;

/**
 * Live checks of every binding and configured provider. Not for request handlers: they go through
 * statusFor, which probes at most once a minute per isolate. Each check catches its own failure so
 * one broken binding shows as degraded instead of failing the page. Details are fixed sentences:
 * errors are logged, not shown.
 *
 * Side effects, per probe: D1 reads, an R2 `head` of a fixed key (read-only: nothing is written),
 * one small probe message per queue (a producer binding has no read call, so sending is the only
 * check that it accepts messages; the consumer only records when it saw one), and one storage
 * read from a "status-probe" instance of each Durable Object class.
 */
export async function getStatus(ctx: AppContext): Promise<StatusReport> {
  const { env, config } = ctx;
  const checks = await Promise.all([
    checkD1(env),
    checkR2(env),
    checkQueue(env, "INGEST", "Queue INGEST", "readyroom-ingest"),
    checkQueue(env, "SYNTHESIS", "Queue SYNTHESIS", "readyroom-synthesis"),
    checkQueue(env, "ALERTS", "Queue ALERTS", "readyroom-alerts"),
    checkDurableObject(env, "EXERCISE_LOCK", "Durable Object ExerciseLock"),
    checkDurableObject(env, "CREDIT_LEDGER", "Durable Object CreditLedger"),
    checkDurableObject(env, "CAMPAIGN_SYNTHESIS", "Durable Object CampaignSynthesis"),
    checkAi(config),
    checkPayments(config),
  ]);
  checks.push(...(await checkIntelSources(env, config)));
  const cron = await readCronRuns(env);
  const subsystems = SUBSYSTEMS.map(({ key, name, checks: keys }): Subsystem => ({
    key,
    name,
    status: checks.some((c) => keys.includes(c.key) && c.status !== "ok") ? "down" : "up",
  }));
  return {
    // A third party's outage (NWS, GDELT…) is not ours: it shows in its own check, and the chat
    // says which source did not answer, but it does not turn the app's status (and a monitor) red.
    status: checks.some((c) => c.status === "degraded" && !isIntelCheck(c.key)) ? "degraded" : "ok",
    checkedAt: nowDate().toISOString(),
    subsystems,
    checks,
    cron,
  };
}

type CacheEntry = { checkedAtMs: number; report: Promise<StatusReport> };

/**
 * Per isolate, keyed by the env object like getAuth (a context is made per request, the env is not): the last probe, finished or under way. Kept on
 * globalThis, not in this module: the Remix server build bundles its own copy of this file, and the
 * page and the API must share one probe (as worker/lib/clock.ts shares one offset).
 */
const PROBES = Symbol.for("readyroom.status-probes");
const probes: WeakMap<object, CacheEntry> = ((globalThis as { [PROBES]?: WeakMap<object, CacheEntry> })[PROBES] ??= new WeakMap());

/** The request's execution context: a probe it starts finishes even if its client goes away. */
export type Background = { waitUntil(promise: Promise<unknown>): void };

/**
 * The last probe if it started under STATUS_PROBE_TTL_MS ago (app clock), else a new one; requests
 * that arrive while a probe runs share it. The request that starts a probe keeps it alive with
 * waitUntil, so a client hanging up cannot leave the others waiting on cancelled I/O (and a probe
 * still pending after the minute is replaced anyway). A probe that throws is not kept.
 */
function getCachedStatus(ctx: AppContext, background?: Background): Promise<StatusReport> {
  const { env } = ctx;
  const now = nowMs();
  const cached = probes.get(env);
  if (cached && now >= cached.checkedAtMs && now - cached.checkedAtMs < STATUS_PROBE_TTL_MS) return cached.report;
  const entry: CacheEntry = { checkedAtMs: now, report: getStatus(ctx) };
  probes.set(env, entry);
  const settled = entry.report.then(
    () => undefined,
    () => {
      if (probes.get(env) === entry) probes.delete(env);
    },
  );
  background?.waitUntil(settled);
  return entry.report;
}

function publicStatus(report: StatusReport): PublicStatusReport {
  return { status: report.status, checkedAt: report.checkedAt, subsystems: report.subsystems };
}

export type StatusAnswer = {
  /** "admin" only for a signed-in user whose role is admin. */
  view: "public" | "admin";
  report: PublicStatusReport | StatusReport;
  /** 200 when ok, 503 when degraded, so an uptime monitor can watch the page or the JSON. */
  httpStatus: 200 | 503;
  cacheControl: string;
};

/**
 * The one entry for GET /api/status and the /status page: the cached probe, in full for a signed-in
 * admin (never cached downstream), reduced to the public subsystems for everyone else.
 */
export async function statusFor(ctx: AppContext, user: { role: string } | null | undefined, background?: Background): Promise<StatusAnswer> {
  const report = await getCachedStatus(ctx, background);
  const httpStatus = report.status === "ok" ? 200 : 503;
  if (user?.role === "admin") return { view: "admin", report, httpStatus, cacheControl: "no-store" };
  return { view: "public", report: publicStatus(report), httpStatus, cacheControl: "private, max-age=30" };
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
      if (one?.results[0]?.v !== 1) throw new Error("unexpected SELECT 1 result");
      const n = migrations?.results[0]?.n ?? 0;
      return `Query answered; ${n} migration${n === 1 ? "" : "s"} applied.`;
    },
    "The database did not answer, or its migrations are not applied.",
  );
}

/** A `head` of a fixed key: proves the bucket answers without writing anything. */
const R2_PROBE_KEY = "status-probe";

function checkR2(env: Env): Promise<Check> {
  return timed(
    "r2",
    "File storage (R2)",
    async () => {
      await env.UPLOADS.head(R2_PROBE_KEY);
      return "Answered a metadata read.";
    },
    "Did not answer a metadata read.",
  );
}

async function checkQueue(env: Env, binding: "INGEST" | "SYNTHESIS" | "ALERTS", name: string, queueName: string): Promise<Check> {
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
  EXERCISE_LOCK: async (env: Env) => {
    const state = await probeStub(env.EXERCISE_LOCK).get();
    if (state.ok !== true) throw new Error("unexpected lock state");
  },
  CREDIT_LEDGER: async (env: Env) => {
    const rows = await probeStub(env.CREDIT_LEDGER).listTransactions({ limit: 1 });
    if (!Array.isArray(rows)) throw new Error("unexpected ledger answer");
  },
  CAMPAIGN_SYNTHESIS: async (env: Env) => {
    const state = await probeStub(env.CAMPAIGN_SYNTHESIS).get();
    if (typeof state.status !== "string") throw new Error("unexpected synthesis state");
  },
} as const;

function probeStub<T extends Rpc.DurableObjectBranded | undefined>(ns: DurableObjectNamespace<T>): DurableObjectStub<T> {
  return ns.get(ns.idFromName("status-probe"));
}

function checkDurableObject(env: Env, binding: keyof typeof durableObjectProbes, name: string): Promise<Check> {
  return timed(
    binding.toLowerCase(),
    name,
    async () => {
      await durableObjectProbes[binding](env);
      return "Answered from its storage.";
    },
    "The object did not answer.",
  );
}

// Provider checks report configuration only (admin view): the status probe must not spend the
// operator's API quota or surface upstream error text.
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
  const configured = isBillingConfigured(config);
  return {
    key: "payments",
    name: "Payments (Stripe)",
    status: configured ? "ok" : "not_configured",
    latencyMs: null,
    detail: configured
      ? `Configured${config.STRIPE_WEBHOOK_SECRET ? " with webhook verification" : "; webhook secret missing"} (not called from this page).`
      : billingMode(config) === "off"
        ? `Billing is off: every confirmed account gets the ${config.DEFAULT_PLAN} plan and its monthly credits.`
        : "Not configured: plans are granted with the admin script.",
  };
}

const INTEL_CHECK_PREFIX = "intel_";
const isIntelCheck = (key: string) => key.startsWith(INTEL_CHECK_PREFIX);

/**
 * One check per intelligence source, from the outcome of the last real search that used it
 * (worker/intelligence/sources/last-outcome.ts explains why this page does not call them).
 */
async function checkIntelSources(env: Env, config: Config): Promise<Check[]> {
  let last: Map<SourceId, LastOutcome> | null = null;
  try {
    last = await readLastOutcomes(env.DB);
  } catch (err) {
    console.error("[status intel]", err);
  }
  return planSources(config).map((plan): Check => {
    const base = { key: `${INTEL_CHECK_PREFIX}${plan.id}`, name: `Intelligence: ${SOURCE_NAMES[plan.id]}`, latencyMs: null };
    if (!plan.on) return { ...base, status: "not_configured", detail: plan.reason };
    // Nothing is known about the source itself then; the database check says what is wrong.
    if (!last) return { ...base, status: "ok", detail: "On; its last outcome could not be read." };
    const outcome = last.get(plan.id);
    if (!outcome) return { ...base, status: "ok", detail: "On; no search has used it yet (not called from this page)." };
    const at = new Date(outcome.at).toISOString();
    // The error is a sentence of ours (SourceError), never the provider's text.
    if (outcome.error) return { ...base, status: "degraded", detail: `The last search, at ${at}, got no answer: ${outcome.error}` };
    return { ...base, status: "ok", detail: `Answered the last search, at ${at} (not called from this page).` };
  });
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
      // A task's own error text can name internals; even the admin view only says that it failed.
      error: r?.error ? "The last run failed; see the Worker logs." : null,
      startedAt: r?.startedAt ? new Date(r.startedAt).toISOString() : null,
    };
  });
}
