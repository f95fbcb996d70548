import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { notFound } from "../lib/errors";
import type { AppEnv } from "../types";
import { enterpriseClientsOf } from "./clients";

/**
 * GET /api/clients/user/{userId}/list (mounted at /api/clients): the clients an enterprise user
 * can file an exercise under (active ones; none for other accounts, spec §6). Only for themself; another user's id is "not found".
 */
export const clientRoutes = new Hono<AppEnv>().use(requireUser).get("/user/:userId/list", async (c) => {
  if (c.req.param("userId") !== c.get("user").id) throw notFound("User not found.");
  return c.json({ clients: await enterpriseClientsOf(ctxOf(c)) });
});
