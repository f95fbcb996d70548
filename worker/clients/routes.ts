import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { notFound } from "../lib/errors";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { enterpriseClientsOf } from "./access";
import { CLIENTS_MAX_BYTES, createClientBodySchema, createGroupBodySchema, groupIdBodySchema, updateClientBodySchema, userIdBodySchema } from "./schemas";
import {
  addGroupMember,
  assignGroup,
  assignUser,
  createClient,
  createGroup,
  getClientsPage,
  removeGroupMember,
  unassignGroup,
  unassignUser,
  updateClient,
} from "./service";

/**
 * /api/clients. GET /user/{userId}/list: the clients an enterprise user can file an exercise or a
 * document under (active ones; none for other accounts, spec §6), only for themself — another
 * user's id is "not found". The rest is the Clients page's API: enterprise accounts only (403
 * enterprise_required), changes for owners and admins (403 client_admin_required), another
 * account's client or person 404.
 */
export const clientRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/user/:userId/list", describe({ summary: "The active clients the caller may file things under" }), async (c) => {
    if (c.req.param("userId") !== c.get("user").id) throw notFound("User not found.");
    return c.json({ clients: await enterpriseClientsOf(ctxOf(c)) });
  })
  .get("/", describe({ summary: "The Clients page: clients, groups and people of the caller's enterprise account", errors: [403] }), async (c) =>
    c.json(await getClientsPage(ctxOf(c))),
  )
  .post("/", describe({ summary: "Create a client", errors: [403] }), jsonBody(createClientBodySchema, { maxBytes: CLIENTS_MAX_BYTES }), async (c) =>
    c.json(await createClient(ctxOf(c), c.req.valid("json")), 201),
  )
  .post(
    "/groups",
    describe({ summary: "Create a group of people", errors: [403] }),
    jsonBody(createGroupBodySchema, { maxBytes: CLIENTS_MAX_BYTES }),
    async (c) => c.json(await createGroup(ctxOf(c), c.req.valid("json")), 201),
  )
  .post(
    "/groups/:groupId/users",
    describe({ summary: "Add a person to a group", errors: [403] }),
    jsonBody(userIdBodySchema, { maxBytes: CLIENTS_MAX_BYTES }),
    async (c) => c.json(await addGroupMember(ctxOf(c), c.req.param("groupId"), c.req.valid("json").userId)),
  )
  .delete("/groups/:groupId/users/:userId", describe({ summary: "Remove a person from a group", errors: [403] }), async (c) =>
    c.json(await removeGroupMember(ctxOf(c), c.req.param("groupId"), c.req.param("userId"))),
  )
  .patch(
    "/:id",
    describe({ summary: "Rename, archive or unarchive a client", errors: [403] }),
    jsonBody(updateClientBodySchema, { maxBytes: CLIENTS_MAX_BYTES }),
    async (c) => c.json(await updateClient(ctxOf(c), c.req.param("id"), c.req.valid("json"))),
  )
  .post(
    "/:id/users",
    describe({ summary: "Assign a person to a client", errors: [403] }),
    jsonBody(userIdBodySchema, { maxBytes: CLIENTS_MAX_BYTES }),
    async (c) => c.json(await assignUser(ctxOf(c), c.req.param("id"), c.req.valid("json").userId)),
  )
  .delete("/:id/users/:userId", describe({ summary: "Unassign a person from a client", errors: [403] }), async (c) =>
    c.json(await unassignUser(ctxOf(c), c.req.param("id"), c.req.param("userId"))),
  )
  .post(
    "/:id/groups",
    describe({ summary: "Assign a group to a client", errors: [403] }),
    jsonBody(groupIdBodySchema, { maxBytes: CLIENTS_MAX_BYTES }),
    async (c) => c.json(await assignGroup(ctxOf(c), c.req.param("id"), c.req.valid("json").groupId)),
  )
  .delete("/:id/groups/:groupId", describe({ summary: "Unassign a group from a client", errors: [403] }), async (c) =>
    c.json(await unassignGroup(ctxOf(c), c.req.param("id"), c.req.param("groupId"))),
  );

export type ClientRoutes = typeof clientRoutes;
