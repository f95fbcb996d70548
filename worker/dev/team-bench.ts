import { Hono } from "hono";
import { z } from "zod";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import { notFound } from "../lib/errors";
import type { AppEnv } from "../types";

/**
 * The team-members bench (bench/team-members.ts): grows the given admin's team to `members`
 * members with made-up users (bench-….test addresses, never signed in) and enough seats, so
 * GET /api/users/team-members can be timed on a large team. Idempotent: a team already that big is
 * left alone. Mounted under /api/dev (local and test only).
 */
const input = z.object({ userId: z.string().min(1), members: z.number().int().min(1).max(2_000).default(200) });
const ROWS_PER_INSERT = 12; // 8 bound values a User row: under D1's 100 per statement

export const teamBenchRoutes = new Hono<AppEnv>().post("/", describe({ summary: "Team bench: grow a team", internal: true }), jsonBody(input), async (c) => {
  const { userId, members } = c.req.valid("json");
  const db = c.env.DB;
  const team = await db
    .prepare(
      `SELECT t."id", (SELECT count(*) FROM "TeamMember" m WHERE m."teamId" = t."id") AS "n" FROM "Team" t JOIN "TeamMember" tm ON tm."teamId" = t."id" WHERE tm."userId" = ? AND tm."role" = 'ADMIN' LIMIT 1`,
    )
    .bind(userId)
    .first<{ id: string; n: number }>();
  if (!team) throw notFound("The bench user administers no team.");
  const missing = Math.max(0, members - team.n);
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  const ids: string[] = [];
  for (let i = 0; i < missing; i += ROWS_PER_INSERT) {
    const n = Math.min(ROWS_PER_INSERT, missing - i);
    const values: unknown[] = [];
    for (let k = 0; k < n; k++) {
      const id = crypto.randomUUID();
      ids.push(id);
      values.push(id, `Bench Member ${i + k}`, "Bench", `Member ${i + k}`, `bench-${id}@bench.test`, 1, now, now);
    }
    statements.push(
      db
        .prepare(
          `INSERT INTO "User" ("id", "name", "firstName", "lastName", "email", "onboarded", "createdAt", "updatedAt") VALUES ${Array(n).fill("(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        )
        .bind(...values),
    );
  }
  for (let i = 0; i < ids.length; i += 20) {
    const chunk = ids.slice(i, i + 20);
    statements.push(
      db
        .prepare(
          `INSERT INTO "TeamMember" ("id", "teamId", "userId", "role", "collaborateRole", "joinedAt") VALUES ${chunk.map(() => "(?, ?, ?, 'MEMBER', 'STANDARD_USER', ?)").join(", ")}`,
        )
        .bind(...chunk.flatMap((id) => [crypto.randomUUID(), team.id, id, now])),
    );
  }
  statements.push(db.prepare(`UPDATE "Team" SET "seats" = max("seats", ?) WHERE "id" = ?`).bind(members + 5, team.id));
  for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50));
  return c.json({ teamId: team.id, members: team.n + missing, added: missing });
});
