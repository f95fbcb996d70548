import { env } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import { intelBriefs, intelligenceChats } from "../../worker/db/schema";
import { api, expectStatus, json, type Json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";

export const BRIEFS = "/api/intelligence/briefs";

/** A fixed instant for rows the tests date themselves: nothing depends on today's date or zone. */
export const T0 = Date.UTC(2027, 2, 20, 12, 0, 0);

export async function createBriefOk(user: TestUser, body: Json = {}): Promise<Json> {
  const res = await expectStatus(
    await api(BRIEFS, { user, body: { title: "Sable River crest", content: "Crest of **29 ft** at Fennick Landing.", ...body } }),
    201,
    "create brief",
  );
  return (await json(res)).brief as Json;
}

/** Rows written straight to D1 with their own dates (the API stamps createdAt with D1's clock). */
export async function insertBriefs(userId: string, rows: { title: string; at: number; content?: string; shareToken?: string }[]) {
  return getDb(env.DB)
    .insert(intelBriefs)
    .values(
      rows.map((r) => ({
        userId,
        title: r.title,
        content: r.content ?? `${r.title} content`,
        shareToken: r.shareToken ?? null,
        createdAt: new Date(r.at),
        updatedAt: new Date(r.at),
      })),
    )
    .returning();
}

/** An intelligence chat of the user's with `count` messages (the chat feature writes these later). */
export async function insertChat(userId: string, count = 2): Promise<string> {
  const messages = Array.from({ length: count }, (_, i) => ({ role: i % 2 === 0 ? ("user" as const) : ("assistant" as const), content: `message ${i}` }));
  const [row] = await getDb(env.DB).insert(intelligenceChats).values({ userId, messages }).returning({ id: intelligenceChats.id });
  return row!.id;
}

export async function shareOk(user: TestUser, id: string, path = "share", method = "POST"): Promise<Json> {
  const res = await expectStatus(await api(`${BRIEFS}/${id}/${path}`, { user, method }), 200, `${method} ${path}`);
  return (await json(res)).brief as Json;
}
