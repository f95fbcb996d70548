import { desc } from "drizzle-orm";
import type { AppContext } from "../context";
import { emailOutbox } from "../db/schema";
import { notFound } from "../lib/errors";
import { isLocalRequest } from "./local-only";

/**
 * The local mailbox (/dev/mailbox): the messages the outbox sender stored instead of sending, so
 * reset links and sign-in codes can be followed without a mail server. Local only, by the dev
 * routes' rule (./local-only.ts: a local or test app on a loopback address); anywhere else 404 as
 * if the page did not exist. `url` is the request's.
 */
export async function listLocalMailbox(ctx: AppContext, url: string, limit = 50) {
  if (!isLocalRequest(ctx.config, url)) throw notFound("Not found.");
  const rows = await ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  return rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, kind: m.kind, createdAt: m.createdAt.toISOString() }));
}
