/**
 * Rows appended to an MSEL from outside the editor (issue 32 item 11), shared with the browser: the
 * limit, what an append answers, and how the editor's URL names the rows to highlight.
 */

/** Most rows an MSEL may hold after an append (an MSEL import's own limit). */
export const MSEL_MAX_ROWS = 5_000;

import type { MselRow } from "../db/exercise-shapes";

/**
 * What an append answers: where the rows landed, 0-based in the MSEL (the editor highlights them),
 * their event numbers, and the rows as stored (the open editor adds them without reloading).
 */
export type MselAppendResult = { exerciseId: string; firstIndex: number; count: number; events: string[]; rows: MselRow[] };

/** The editor's MSEL step with the rows [from, to] (1-based, as its # column) highlighted. */
export function addedRowsQuery(result: Pick<MselAppendResult, "firstIndex" | "count">): string {
  const from = result.firstIndex + 1;
  const to = result.firstIndex + result.count;
  return `added=${from === to ? from : `${from}-${to}`}`;
}

/** The range `addedRowsQuery` wrote, as 0-based indexes; null when absent or not one. */
export function parseAddedRows(value: string | null): { from: number; to: number } | null {
  const m = value ? /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(value) : null;
  if (!m) return null;
  const from = Number(m[1]) - 1;
  const to = (m[2] ? Number(m[2]) : Number(m[1])) - 1;
  return from >= 0 && to >= from ? { from, to } : null;
}

/**
 * The rows an MSEL on the server has past the editor's own, when the editor's rows are exactly the
 * server's first ones (rows appended elsewhere — "Use as inject" or a CAP file from another tab —
 * while this editor was open); null when the two differ otherwise, which only the planner can settle.
 */
export function rowsAddedElsewhere(local: readonly MselRow[], server: readonly MselRow[]): MselRow[] | null {
  if (server.length <= local.length) return null;
  // By value: a drafted row's `source` is an object, a fresh one in each copy of the MSEL.
  const value = (v: unknown) => (v !== null && typeof v === "object" ? JSON.stringify(v) : (v ?? ""));
  const same = (a: MselRow, b: MselRow) => {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (value(a[k as keyof MselRow]) !== value(b[k as keyof MselRow])) return false;
    return true;
  };
  for (let i = 0; i < local.length; i++) if (!same(local[i]!, server[i]!)) return null;
  return server.slice(local.length);
}
