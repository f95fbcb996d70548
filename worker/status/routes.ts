import { Hono } from "hono";
import type { AppEnv } from "../types";
import { getStatus } from "./service";

/** Public: no session needed, and the report holds no secrets or error internals. */
export const statusRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const report = await getStatus(c.env, c.get("config"));
  c.header("cache-control", "no-store");
  return c.json(report, report.status === "ok" ? 200 : 503);
});
