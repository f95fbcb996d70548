import { env } from "cloudflare:test";
import { seedSampleSession, type SeededSession } from "../../worker/aar/sample-seed";
import { getDb } from "../../worker/db/client";
import type { TestUser } from "../helpers/auth";

export const db = () => getDb(env.DB);

/** A played conduct session of `owner` (worker/aar/sample-seed.ts), "ended" unless told. */
export function seedSession(
  owner: TestUser,
  options: { status?: "ready" | "running" | "ended"; observations?: number; exerciseId?: string; withEeg?: boolean } = {},
): Promise<SeededSession> {
  return seedSampleSession(db(), { userId: owner.userId, ...options });
}
