/**
 * The demo user's news alert (issue 12): a daily watch on the Sable River with one earlier summary,
 * so the alerts panel on /intelligence opens with something to read. Brackwater County is fictional
 * and so is the summary; its sources are named, not linked, so no made-up address looks real.
 * Fixed ids keep the seed idempotent; an alert the user edited, paused or deleted is left alone
 * (a deleted one comes back on the next seed, as the demo briefs do).
 */
import { lit } from "./sql.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const MORNING_MS = 6 * 60 * 60 * 1000;

export const DEMO_ALERT = {
  id: "5eed0000-0000-4000-8000-0000000000a1",
  summaryId: "5eed0000-0000-4000-8000-0000000000a2",
  queryText: "Sable River flooding Brackwater County",
  cadence: "daily",
  summaryTitle: "Sable River flooding Brackwater County — daily summary",
  summary: `**Sample summary — Brackwater County is fictional.**

The Sable River at Fennick Landing rose 0.6 m overnight after 70 mm of rain on the upper basin [1]. The county's river stage bulletin expects minor flooding of the low-lying roads south of the Ostrander Bay causeway by Thursday [2], and the water authority has asked residents near the Kessel Street pumping station to report standing water [3].

- Check that the Fennick Landing sandbag site is staffed before the crest.
- Confirm the causeway detour signs are staged with Public Works.

Sources
1. Brackwater Courier — "Upper basin rain lifts the Sable River" (fictional)
2. Brackwater County Emergency Management — river stage bulletin (fictional)
3. Sable River Water Authority — service notice (fictional)`,
  sourceCount: 3,
} as const;

/**
 * The alert and its latest summary as statements. The next run is a day after the summary's
 * trigger date, on the same grid (shared/alerts/cadence.ts), so a seeded workspace is not due at
 * once and the cron does not spend the demo user's credits on start.
 */
export function alertSeedSql(userId: string, now: number): string[] {
  const a = DEMO_ALERT;
  // The latest 06:00 UTC at or before now: a morning summary, as a planner would schedule it.
  const trigger = Math.floor((now - MORNING_MS) / DAY_MS) * DAY_MS + MORNING_MS;
  const created = trigger - 3 * DAY_MS;
  return [
    `INSERT INTO "Alert" ("id", "userId", "queryText", "isActive", "cadence", "nextRunAt", "createdAt", "updatedAt")
     VALUES (${lit(a.id)}, ${lit(userId)}, ${lit(a.queryText)}, 1, ${lit(a.cadence)}, ${trigger + DAY_MS}, ${created}, ${created})
     ON CONFLICT DO NOTHING;`,
    `INSERT INTO "AlertSummary" ("id", "alertId", "title", "content", "triggerDate", "sourceCount", "creditsCharged", "createdAt")
     SELECT ${lit(a.summaryId)}, ${lit(a.id)}, ${lit(a.summaryTitle)}, ${lit(a.summary)}, ${trigger}, ${a.sourceCount}, 0, ${trigger}
     WHERE EXISTS (SELECT 1 FROM "Alert" WHERE "id" = ${lit(a.id)} AND "userId" = ${lit(userId)})
     ON CONFLICT DO NOTHING;`,
  ];
}
