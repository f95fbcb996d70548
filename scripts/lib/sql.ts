/**
 * SQL the seed and the admin CLI run through `wrangler d1 execute` (which takes no bound
 * parameters, so every value goes through `lit`). The account administration statements (plans,
 * roles, flags, the user list) live in worker/admin/sql.ts, shared with the admin console, and are
 * re-exported here, as are the team and campaign statements (worker/admin/team-sql.ts).
 * Mutations return a list of statements; test/platform/seed-and-admin-sql.test.ts runs them
 * against the migrated schema. Table and column names follow worker/db/schema; instants are epoch
 * milliseconds, booleans 0/1.
 */
export * from "../../worker/admin/sql.ts";
export * from "../../worker/admin/team-sql.ts";
