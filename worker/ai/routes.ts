import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { getTenancyAccountId } from "../accounts/service";
import { requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { accounts } from "../db/schema";
import type { AppEnv } from "../types";
import { listModels } from "./catalogue";

/** Mounted at /api/ai. The model picker (shown when the account has modelSelectionEnabled). */
export const aiRoutes = new Hono<AppEnv>().use(requireUser).get("/models", async (c) => {
  const db = getDb(c.env.DB);
  const accountId = await getTenancyAccountId(db, c.get("user").id);
  const account = accountId ? await db.select({ enabled: accounts.modelSelectionEnabled }).from(accounts).where(eq(accounts.id, accountId)).get() : undefined;
  return c.json(listModels(c.get("config"), Boolean(account?.enabled)));
});
