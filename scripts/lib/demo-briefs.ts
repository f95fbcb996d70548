/**
 * The demo user's intelligence briefs (worker/sample/brackwater/briefs.ts). Fixed ids keep the
 * seed idempotent; the shared one gets a fresh random token when first seeded, so no
 * working public link is ever written down in the repository.
 */
import { BRACKWATER_BRIEFS } from "../../worker/sample/brackwater/briefs.ts";
import { lit } from "./sql.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const DEMO_BRIEF_IDS = [
  "5eed0000-0000-4000-8000-0000000000b1",
  "5eed0000-0000-4000-8000-0000000000b2",
  "5eed0000-0000-4000-8000-0000000000b3",
  "5eed0000-0000-4000-8000-0000000000b4",
] as const;

/** The briefs with their fixed ids. */
export const DEMO_BRIEFS = BRACKWATER_BRIEFS.map((b, i) => ({ ...b, id: DEMO_BRIEF_IDS[i]! }));

/** 256 random bits, base64url: the same shape as the app's share tokens (worker/briefs/sharing.ts). */
function randomShareToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/(?<!=)=+$/, "");
}

/**
 * The briefs as statements. A brief the user edited, shared or unshared is left as it is; a deleted
 * one comes back on the next seed, as the demo documents do.
 */
export function briefSeedSql(userId: string, now: number): string[] {
  return DEMO_BRIEFS.map((b) => {
    const at = now - b.daysAgo * DAY_MS;
    return `INSERT INTO "IntelBrief" ("id", "userId", "title", "content", "shareToken", "createdAt", "updatedAt")
     VALUES (${lit(b.id)}, ${lit(userId)}, ${lit(b.title)}, ${lit(b.content)}, ${b.shared ? lit(randomShareToken()) : "NULL"}, ${at}, ${at})
     ON CONFLICT DO NOTHING;`;
  });
}
