import { z } from "zod";
import type { BenchCounter } from "../durable-objects/bench-counter";
import type { CampaignSynthesis } from "../durable-objects/campaign-synthesis";
import type { ConductSession } from "../durable-objects/conduct-session";
import type { CreditLedger } from "../durable-objects/credit-ledger";
import type { ExerciseLock } from "../durable-objects/exercise-lock";
import { HOT_WASH_MAX_MINUTES } from "../shared/db/conduct-shapes";
import { INTEL_SOURCE_IDS, isSourceId, type SourceId } from "./intelligence/sources/ids";

/**
 * Bindings and configuration the Worker receives. Bindings are typed here; plain vars and secrets
 * are validated by `parseConfig` on each request so a misconfigured deploy fails loudly and names
 * what is missing, instead of failing later inside a feature.
 */
export interface Env {
  DB: D1Database;
  UPLOADS: R2Bucket;
  DOC_INDEX: VectorizeIndex;
  /** Workers AI (embeddings, OCR; wrangler.toml's [ai]); absent where not bound (local, tests). */
  AI?: Ai;
  INGEST: Queue<unknown>;
  SYNTHESIS: Queue<unknown>;
  /** News alerts due for a summary (worker/alerts/schedule.ts → run.ts). */
  ALERTS: Queue<unknown>;
  EXERCISE_LOCK: DurableObjectNamespace<ExerciseLock>;
  CREDIT_LEDGER: DurableObjectNamespace<CreditLedger>;
  CAMPAIGN_SYNTHESIS: DurableObjectNamespace<CampaignSynthesis>;
  CONDUCT_SESSION: DurableObjectNamespace<ConductSession>;
  /** The ledger bench's bare baseline object (worker/dev/counter-bench.ts), local and test only. */
  BENCH_COUNTER: DurableObjectNamespace<BenchCounter>;
  ASSETS?: Fetcher;
  [key: string]: unknown;
}

const optional = z.string().trim().min(1).optional().catch(undefined);

const BILLING_MODES = ["stripe", "off"] as const;

/**
 * The Workers AI engines of text recognition (OCR_WORKERS_AI_MODEL; worker/documents/ocr):
 * toMarkdown (Cloudflare's document conversion, which describes an image) or a vision model
 * prompted to transcribe verbatim. ADR 0009.
 */
export const WORKERS_AI_VISION_MODEL = "@cf/meta/llama-3.2-11b-vision-instruct";
const WORKERS_AI_OCR_ENGINES = ["toMarkdown", WORKERS_AI_VISION_MODEL] as const;

/** A var holding JSON: parsed, then validated; unparseable JSON fails validation like any bad value. */
function jsonVar<S extends z.ZodType>(schema: S, fallback: z.input<S>) {
  return z.preprocess((value) => {
    if (value === undefined || value === "") return fallback;
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);
}

/**
 * INTEL_SOURCES: a comma list of source ids, or "none". Unset (undefined here) means the defaults
 * (worker/intelligence/sources/config.ts). An unknown name fails loudly: a typo must not silently
 * turn a feed off.
 */
const intelSources = z
  .string()
  .optional()
  .transform((value, ctx): SourceId[] | undefined => {
    if (value === undefined || !value.trim()) return undefined;
    const names = value
      .split(",")
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean);
    if (names.length === 1 && names[0] === "none") return [];
    const unknown = names.filter((n) => !isSourceId(n));
    if (unknown.length > 0) {
      ctx.addIssue({ code: "custom", message: `unknown source ${unknown.join(", ")}: use a comma list of ${INTEL_SOURCE_IDS.join(", ")}, or none` });
      return z.NEVER;
    }
    return [...new Set(names)] as SourceId[];
  });

export const configSchema = z.object({
  /** Absent means production (fail safe): npm start sets local, the tests test. */
  APP_ENV: z.enum(["local", "test", "production"]).default("production"),
  /** Must be https in production (parseConfig); the default only serves local runs. */
  APP_URL: z.string().url().default("http://localhost:8787"),
  /** Signs sessions and tokens. Required in production; a fixed development value otherwise. */
  AUTH_SECRET: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  COGNITO_CLIENT_ID: optional,
  COGNITO_CLIENT_SECRET: optional,
  COGNITO_USER_POOL_ID: optional,
  COGNITO_REGION: optional,
  COGNITO_DOMAIN: optional,
  OIDC_ISSUER: optional,
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_DISCOVERY_URL: optional,
  OIDC_PROVIDER_NAME: optional,
  EMAIL_FROM: z.string().default("Readyroom <no-reply@readyroom.local>"),
  /** Outbound mail over an HTTP API (Resend-compatible). Without it, mail lands in the local outbox. */
  EMAIL_API_KEY: optional,
  EMAIL_API_URL: optional,
  /** AI (worker/ai/config.ts): openai | gemini | anthropic | custom (self-hosted) | offline. */
  AI_API_KEY: optional,
  AI_BASE_URL: optional,
  AI_PROVIDER: optional,
  /** Model a self-hosted OpenAI-compatible server (AI_BASE_URL) serves, e.g. "llama3.1". */
  AI_MODEL: optional,
  /**
   * Embeddings for semantic retrieval (worker/ai/embedder.ts): workers-ai (the AI
   * binding), openai-compatible (EMBEDDINGS_BASE_URL) or none (keyword-only). Unset: openai-compatible
   * when EMBEDDINGS_BASE_URL is set, else none.
   */
  EMBEDDINGS_PROVIDER: z.enum(["workers-ai", "openai-compatible", "none"]).optional().catch(undefined),
  EMBEDDINGS_BASE_URL: optional,
  EMBEDDINGS_API_KEY: optional,
  EMBEDDINGS_MODEL: optional,
  /** Cosine similarity from which a passage is relevant on meaning alone (model-specific). */
  EMBEDDINGS_MIN_SCORE: z.coerce.number().min(0).max(1).optional().catch(undefined),
  /**
   * Ask Readyroom's search with a chat model (worker/ask/search-assist.ts): model (rewrite the
   * question into search queries and rerank the passages, charged) or off (keyword retrieval only).
   */
  ASK_SEARCH_ASSIST: z.enum(["model", "off"]).default("model").catch("model"),
  /** The deadline of that search (both calls); past it the answer comes from keyword retrieval. */
  ASK_SEARCH_ASSIST_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4000).catch(4000),
  /**
   * Text recognition for images and scanned PDFs (worker/documents/ocr): auto (Workers AI when the
   * AI binding is there in production, else the configured AI provider), workers-ai, provider, off.
   */
  OCR_PROVIDER: z.enum(["auto", "workers-ai", "provider", "off"]).default("auto").catch("auto"),
  /**
   * Which Workers AI engine reads images (ADR 0009): toMarkdown (describes the image with the text
   * it saw) or the vision model prompted to transcribe verbatim. An unknown value fails the config.
   */
  OCR_WORKERS_AI_MODEL: z.preprocess((value) => (value === "" ? undefined : value), z.enum(WORKERS_AI_OCR_ENGINES).default("toMarkdown")),
  /**
   * A vision model of its own for the provider path (an OpenAI-compatible /chat/completions that
   * reads images), so text recognition need not use the chat provider. Unset: the AI provider.
   */
  OCR_BASE_URL: optional,
  OCR_API_KEY: optional,
  OCR_MODEL: optional,
  /** Per-provider keys, so several providers can be configured at once. */
  OPENAI_API_KEY: optional,
  GEMINI_API_KEY: optional,
  ANTHROPIC_API_KEY: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  /** Stripe price ids per plan and interval (worker/payments/config.ts); a missing one disables that checkout. */
  STRIPE_PRICE_SOLO_MONTHLY: optional,
  STRIPE_PRICE_SOLO_YEARLY: optional,
  STRIPE_PRICE_TEAM_MONTHLY: optional,
  STRIPE_PRICE_TEAM_YEARLY: optional,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optional,
  STRIPE_PRICE_ENTERPRISE_YEARLY: optional,
  /**
   * stripe: plans are bought through Stripe Checkout (with the trial below). off (self-hosted,
   * local): every confirmed account gets DEFAULT_PLAN and its PLAN_MONTHLY_CREDITS, no checkout.
   * Unset: stripe when STRIPE_SECRET_KEY is set, else off; read it through billingMode(config).
   */
  BILLING_MODE: z.preprocess((value) => (value === "" ? undefined : value), z.enum(BILLING_MODES).optional()),
  /** The plan every confirmed account gets when BILLING_MODE is off (worker/accounts/default-plan.ts). */
  DEFAULT_PLAN: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["SOLO", "TEAM", "ENTERPRISE"]).default("TEAM")),
  /** Free-trial days of a first subscription; 0 turns trials off. */
  STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(14),
  /** One-time credit packs, JSON: [{"id":"pack-1000","credits":1000,"priceId":"price_…"}]. */
  STRIPE_CREDIT_PACKS: jsonVar(z.array(z.object({ id: z.string().min(1), credits: z.number().int().positive(), priceId: z.string().min(1) })), []),
  /** Credits per month of each plan (a yearly invoice grants twelve months; admin-granted plans get them monthly, worker/billing/allowance.ts). JSON. */
  PLAN_MONTHLY_CREDITS: jsonVar(z.object({ SOLO: z.number().int().min(0), TEAM: z.number().int().min(0), ENTERPRISE: z.number().int().min(0) }), {
    SOLO: 1000,
    TEAM: 5000,
    ENTERPRISE: 20000,
  }),
  /**
   * How long a server render may stream deferred data and lazy chunks before it gives up (ms).
   * The test suite raises it as margin for a busy CI machine; the server build is one module
   * (vite.config.ts), so no render waits on a chunk's import.
   */
  SSR_ABORT_DELAY_MS: z.coerce.number().int().min(1_000).max(120_000).default(5_000),
  /** Who runs this installation, named on /terms and /privacy and in "ask your organisation" messages (worker/legal). */
  OPERATOR_NAME: optional,
  /** How to reach the operator (an e-mail address or a URL): privacy requests, plan requests. */
  OPERATOR_CONTACT: optional,
  /** Subprocessors listed on /privacy, JSON; unset: worked out from what is configured (worker/legal/subprocessors.ts). */
  LEGAL_SUBPROCESSORS: jsonVar(
    z.array(z.object({ name: z.string().min(1), purpose: z.string().min(1), location: z.string().min(1).optional() })).optional(),
    undefined,
  ),
  /** Days within which a closed account's data is deleted (backups included), as /privacy promises. */
  LEGAL_DELETION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Threat intelligence sources (worker/intelligence/sources): which are on, and how they are reached. */
  INTEL_SOURCES: intelSources,
  /** Budget of one source in one search (all attempts and waits): the slowest source bounds an answer's wait. */
  INTEL_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(6000),
  /** Attempts after the first on 429, 5xx or a network failure, within INTEL_TIMEOUT_MS. */
  INTEL_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Sent to every source; NWS requires one that identifies the app and a contact. Unset: built from APP_URL. */
  INTEL_USER_AGENT: optional,
  ASKNEWS_API_KEY: optional,
  ASKNEWS_CLIENT_ID: optional,
  ASKNEWS_CLIENT_SECRET: optional,
  ASKNEWS_API_BASE: z.string().url().default("https://api.asknews.app"),
  ASKNEWS_TOKEN_URL: z.string().url().default("https://auth.asknews.app/oauth2/token"),
  GDELT_API_BASE: z.string().url().default("https://api.gdeltproject.org"),
  NWS_API_BASE: z.string().url().default("https://api.weather.gov"),
  USGS_API_BASE: z.string().url().default("https://earthquake.usgs.gov"),
  OPENFEMA_API_BASE: z.string().url().default("https://www.fema.gov"),
  /**
   * The team-accounts flag of spec §9, part of the public runtime configuration: off hides team
   * features (user management, invitations, the team members API). On unless "false", "0" or "off".
   */
  TEAM_ACCOUNTS_ENABLED: z.preprocess(
    (value) =>
      value === undefined || value === ""
        ? true
        : typeof value === "boolean"
          ? value
          : !["false", "0", "off", "no"].includes(String(value).trim().toLowerCase()),
    z.boolean(),
  ),
  /**
   * Spec §7 direct mode of the synthesis API: the browser calls SYNTHESIS_DIRECT_URL with a bearer
   * token (worker/collaborate/synthesis/token.ts) instead of /api. Off unless "true", "1" or "on".
   */
  SYNTHESIS_DIRECT_MODE: z.preprocess(
    (value) =>
      typeof value === "boolean"
        ? value
        : ["true", "1", "on", "yes"].includes(
            String(value ?? "")
              .trim()
              .toLowerCase(),
          ),
    z.boolean(),
  ),
  SYNTHESIS_DIRECT_URL: z.string().url().optional().catch(undefined),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  SIGN_IN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  SIGN_UP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  DOCUMENTS_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(10),
  DOCUMENTS_MAX_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * 1024 * 1024),
  /** PDFs with more pages are refused before any page is read (worker/documents/parse/pdf.ts). */
  DOCUMENTS_MAX_PDF_PAGES: z.coerce.number().int().positive().default(2000),
  /** Invitation e-mails (team and campaign, sends and resends) one person may send in 24 hours (worker/audit/invitation-limit.ts). */
  INVITATIONS_MAX_PER_DAY: z.coerce.number().int().positive().default(50),
  /** Participant feedback forms (worker/evaluation/feedback-rules.ts): responses per session, then "This form is full". */
  FEEDBACK_MAX_RESPONSES: z.coerce.number().int().positive().default(500),
  /** Days a feedback form stays open after its session ends (0: it closes at the end). */
  FEEDBACK_CLOSE_AFTER_DAYS: z.coerce.number().min(0).max(365).default(7),
  /** Feedback posts one link takes per minute, and one client address (CF-Connecting-IP) across every link; then 429. */
  FEEDBACK_MAX_PER_LINK_PER_MINUTE: z.coerce.number().int().positive().default(60),
  FEEDBACK_MAX_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** The hot wash: minutes evaluator links stay open after a session ends (worker/conduct/evaluation-window.ts). */
  EVALUATION_HOT_WASH_MINUTES: z.coerce.number().int().min(0).max(HOT_WASH_MAX_MINUTES).default(60),
});

export type Config = z.infer<typeof configSchema>;

export type BillingMode = (typeof BILLING_MODES)[number];

/** BILLING_MODE as set, else stripe when a Stripe key is configured, else off (self-hosted, npm start). */
export function billingMode(config: Pick<Config, "BILLING_MODE" | "STRIPE_SECRET_KEY">): BillingMode {
  return config.BILLING_MODE ?? (config.STRIPE_SECRET_KEY ? "stripe" : "off");
}

/** Secrets a production deploy cannot run without. */
const requiredInProduction = ["AUTH_SECRET"] as const;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const cache = new WeakMap<object, Config>();

export function parseConfig(env: Record<string, unknown>): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const config = result.data;
  if (config.APP_ENV === "production") {
    for (const name of requiredInProduction) {
      if (!config[name]) throw new ConfigError(`Missing required secret ${name}. Set it with: wrangler secret put ${name}`);
    }
    // Over plain http the session cookie would go out without Secure (worker/auth/auth.ts).
    if (new URL(config.APP_URL).protocol !== "https:") {
      throw new ConfigError(
        `APP_URL must be the app's https:// address in production, not ${config.APP_URL}. Deploy with: npm run deploy -- --app-url https://your.domain (or wrangler deploy --var APP_URL:https://your.domain)`,
      );
    }
  }
  cache.set(env, config);
  return config;
}
