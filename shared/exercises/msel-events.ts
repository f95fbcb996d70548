/**
 * Event numbers for rows appended to an MSEL: they continue the sequence the MSEL already uses.
 * Planners number injects "1, 2, 3", "INJ-07" or "M2-3": the last row whose event ends in digits
 * gives the prefix and the zero padding, and the next number is one more than the largest number
 * any row with that prefix carries (so a reordered MSEL does not repeat one). No such row: 1, 2…
 */

const NUMBERED = /^(.*?)(\d{1,9})$/;

export function nextEvents(existing: readonly { event?: string | null }[], count: number): string[] {
  const events = existing.map((r) => (r.event ?? "").trim());
  let last: RegExpExecArray | null = null;
  for (let i = events.length - 1; i >= 0 && !last; i--) last = NUMBERED.exec(events[i]!);
  const prefix = last?.[1] ?? "";
  const width = last && last[2]!.startsWith("0") ? last[2]!.length : 0;
  let max = 0;
  for (const event of events) {
    const m = NUMBERED.exec(event);
    if (m && m[1] === prefix) max = Math.max(max, Number(m[2]));
  }
  return Array.from({ length: count }, (_, i) => `${prefix}${String(max + i + 1).padStart(width, "0")}`);
}
