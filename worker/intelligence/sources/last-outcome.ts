import { nowMs } from "../../lib/clock";
import type { SourceId } from "./ids";
import type { SourceOutcome } from "./types";

/**
 * The last outcome of each source, for /status. Recorded from real searches rather than probed by
 * the status page: a probe would spend the operator's AskNews quota and GDELT's one-request-per-5-s
 * allowance on every status check (and a monitor polls it every minute), and would only show
 * what the next real search shows anyway. Kept in SchedulerTaskState rows named
 * `intel-source:<id>` (lastRun = when, error = the outcome's sentence or null), as the queue probes
 * are, so no new table is needed.
 */
const outcomeStateName = (id: SourceId) => `intel-source:${id}`;

/** Per isolate: the last row written per source, so a busy isolate writes a source's row at most once a minute while nothing changes. */
const REWRITE_AFTER_MS = 60_000;
const written = new Map<string, { error: string | null; at: number }>();

/** Records ok and error outcomes (skipped and not-configured say nothing about reachability). Never throws. */
export async function recordOutcomes(db: D1Database, outcomes: SourceOutcome[], now = nowMs()): Promise<void> {
  const rows = outcomes.flatMap((o) => {
    if (o.status !== "ok" && o.status !== "error") return [];
    const error = o.status === "error" ? o.message : null;
    const name = outcomeStateName(o.source);
    const last = written.get(name);
    if (last && last.error === error && now >= last.at && now - last.at < REWRITE_AFTER_MS) return [];
    return [{ name, error }];
  });
  if (rows.length === 0) return;
  try {
    await db.batch(
      rows.map((r) =>
        db
          .prepare(
            `INSERT INTO "SchedulerTaskState" ("id", "name", "lastRun", "isRunning", "error", "createdAt", "updatedAt") VALUES (?1, ?2, ?3, 0, ?4, ?3, ?3)
             ON CONFLICT ("name") DO UPDATE SET "lastRun" = ?3, "error" = ?4, "updatedAt" = ?3 WHERE coalesce("lastRun", 0) <= ?3`,
          )
          .bind(crypto.randomUUID(), r.name, now, r.error),
      ),
    );
    for (const r of rows) written.set(r.name, { error: r.error, at: now });
  } catch (err) {
    console.warn("[intel] could not record source outcomes", err);
  }
}

export type LastOutcome = { at: number; error: string | null };

/** The recorded last outcome of each source that has one. */
export async function readLastOutcomes(db: D1Database): Promise<Map<SourceId, LastOutcome>> {
  const result = await db
    .prepare(`SELECT "name", "lastRun", "error" FROM "SchedulerTaskState" WHERE "name" LIKE 'intel-source:%'`)
    .all<{ name: string; lastRun: number | null; error: string | null }>();
  const map = new Map<SourceId, LastOutcome>();
  for (const row of result.results) {
    if (row.lastRun !== null) map.set(row.name.slice("intel-source:".length) as SourceId, { at: row.lastRun, error: row.error });
  }
  return map;
}

/** Test-only: forget what this isolate wrote, so a test's outcome is written. */
export function forgetRecordedOutcomes(): void {
  written.clear();
}
