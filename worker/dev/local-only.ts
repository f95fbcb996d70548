import type { Config } from "../env";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * The one rule for everything development-only (the dev and bench routes, the local mailbox page):
 * a local or test app reached on a loopback address. Anywhere else — production, or a deploy that
 * forgot APP_ENV=production but is reached by its domain — such a path answers 404 as if it did not exist.
 */
export function isLocalRequest(config: Pick<Config, "APP_ENV">, url: string | URL): boolean {
  const appEnv = config.APP_ENV;
  return (appEnv === "local" || appEnv === "test") && LOOPBACK.has(new URL(url).hostname);
}
