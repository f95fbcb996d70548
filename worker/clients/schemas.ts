import { z } from "zod";

// Request shapes of the Clients page's API (issue 13), parsed at the edge by worker/clients/routes.ts.

/** The bodies are a name or an id: a few kilobytes is plenty. */
export const CLIENTS_MAX_BYTES = 4096;

const name = (what: string) => z.string(`${what} is required.`).trim().min(1, `${what} is required.`).max(120, `${what} must be at most 120 characters.`);
const idField = (what: string) => z.string(`${what} is required.`).trim().min(1, `${what} is required.`).max(100, `${what} is too long.`);

export const createClientBodySchema = z.object({ name: name("Client name") });
export type CreateClientBody = z.infer<typeof createClientBodySchema>;

/** Rename, archive (`archived: true`) or unarchive; at least one of them. */
export const updateClientBodySchema = z
  .object({ name: name("Client name").optional(), archived: z.boolean("archived must be true or false.").optional() })
  .refine((b) => b.name !== undefined || b.archived !== undefined, { message: "Send a name or archived.", path: ["name"] });
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

export const userIdBodySchema = z.object({ userId: idField("userId") });
export const groupIdBodySchema = z.object({ groupId: idField("groupId") });
export const createGroupBodySchema = z.object({ name: name("Group name") });
