import { applyD1Migrations, env } from "cloudflare:test";

// Each test file gets isolated storage; the migrations make its D1 match production's schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
