import type { Env } from "./env";
import type { Config } from "./env";

/** What every Hono handler sees: the bindings plus per-request values set by middleware. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
  };
};
