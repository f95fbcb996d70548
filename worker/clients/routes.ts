import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { CLIENTS_MAX_BYTES, createClientBodySchema, createGroupBodySchema, groupIdBodySchema, updateClientBodySchema, userIdBodySchema } from "./schemas";
import { addGroupMember, assignGroup, assignUser, createClient, createGroup, getClientsPage, removeGroupMember, unassignGroup, unassignUser, updateClient } from "./service";

/**
 * The Clients page's API (mounted at /api/clients beside GET /user/{userId}/list): enterprise
 * accounts only (403 enterprise_required), changes for owners and admins (403 client_admin_required),
 * another account's client or person 404.
 */
export const clientManagementRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await getClientsPage(ctxOf(c))))
  .post("/", async (c) => c.json(await createClient(ctxOf(c), await readJson(c, createClientBodySchema, CLIENTS_MAX_BYTES)), 201))
  .post("/groups", async (c) => c.json(await createGroup(ctxOf(c), await readJson(c, createGroupBodySchema, CLIENTS_MAX_BYTES)), 201))
  .post("/groups/:groupId/users", async (c) => {
    const { userId } = await readJson(c, userIdBodySchema, CLIENTS_MAX_BYTES);
    return c.json(await addGroupMember(ctxOf(c), c.req.param("groupId"), userId));
  })
  .delete("/groups/:groupId/users/:userId", async (c) => c.json(await removeGroupMember(ctxOf(c), c.req.param("groupId"), c.req.param("userId"))))
  .patch("/:id", async (c) => c.json(await updateClient(ctxOf(c), c.req.param("id"), await readJson(c, updateClientBodySchema, CLIENTS_MAX_BYTES))))
  .post("/:id/users", async (c) => {
    const { userId } = await readJson(c, userIdBodySchema, CLIENTS_MAX_BYTES);
    return c.json(await assignUser(ctxOf(c), c.req.param("id"), userId));
  })
  .delete("/:id/users/:userId", async (c) => c.json(await unassignUser(ctxOf(c), c.req.param("id"), c.req.param("userId"))))
  .post("/:id/groups", async (c) => {
    const { groupId } = await readJson(c, groupIdBodySchema, CLIENTS_MAX_BYTES);
    return c.json(await assignGroup(ctxOf(c), c.req.param("id"), groupId));
  })
  .delete("/:id/groups/:groupId", async (c) => c.json(await unassignGroup(ctxOf(c), c.req.param("id"), c.req.param("groupId"))));
