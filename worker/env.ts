import { z } from "zod";

/**
 * Bindings and configuration the Worker receives. Bindings are typed here; plain vars and secrets
 * are validated by `parseConfig` on each request so a misconfigured deploy fails loudly and names
 * what is missing, instead of failing later inside a feature.
 */
export interface Env {
  DB: D1Database;
  UPLOADS: R2Bucket;
  DOC_INDEX: VectorizeIndex;
  INGEST: Queue<unknown>;
  SYNTHESIS: Queue<unknown>;
  EXERCISE_LOCK: DurableObjectNamespace;
  CREDIT_LEDGER: DurableObjectNamespace;
  CAMPAIGN_SYNTHESIS: DurableObjectNamespace;
  ASSETS?: Fetcher;
  [key: string]: unknown;
}

const optional = z.string().trim().min(1).optional().catch(undefined);

export const configSchema = z.object({
  APP_ENV: z.enum(["local", "test", "production"]).default("local"),
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
  AI_API_KEY: optional,
  AI_BASE_URL: optional,
  AI_PROVIDER: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
});

export type Config = z.infer<typeof configSchema>;

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
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
  }
  const config = result.data;
  if (config.APP_ENV === "production") {
    for (const name of requiredInProduction) {
      if (!config[name]) throw new ConfigError(`Missing required secret ${name}. Set it with: wrangler secret put ${name}`);
    }
  }
  cache.set(env, config);
  return config;
}
