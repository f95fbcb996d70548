import { desc } from "drizzle-orm";
import type { AppContext } from "../context";
import { emailOutbox } from "../db/schema";
import { notFound } from "../lib/errors";

/**
 * The local mailbox (/dev/mailbox): the messages the outbox sender stored instead of sending, so
 * reset links and sign-in codes can be followed without a mail server. Local and test apps only;
 * production answers 404 as if the page did not exist.
 */
export async function listLocalMailbox(ctx: AppContext, limit = 50) {
  if (ctx.config.APP_ENV === "production") throw notFound("Not found.");
  const rows = await ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  return rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, kind: m.kind, createdAt: m.createdAt.toISOString() }));
}
