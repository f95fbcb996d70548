import { SUMMARY_MAX } from "./types";

/** Plain, single-spaced text of at most `max` characters: providers send HTML fragments, CAP line breaks and very long bodies. */
export function plain(text: string | null | undefined, max = SUMMARY_MAX): string {
  const flat = (text ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** ISO-8601 UTC of a date-time a provider gave (with any offset), or null when it is not one. */
export function toIso(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const ms = typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** "SEVERE STORMS AND STRAIGHT-LINE WINDS" → "Severe Storms and Straight-Line Winds" (OpenFEMA titles are upper case). */
export function titleCase(text: string): string {
  const small = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"]);
  return text
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((word, i) => (i > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join("");
}

/**
 * Keeps the valid entries of a provider's list and drops the rest: one odd item must not cost the
 * user every other one. A list whose every entry is invalid is the provider changing its shape,
 * which is an error for that source (the caller throws).
 */
export function validEntries<T>(entries: unknown[], parse: (entry: unknown) => T | null): { items: T[]; allInvalid: boolean } {
  const items: T[] = [];
  for (const entry of entries) {
    const item = parse(entry);
    if (item !== null) items.push(item);
  }
  return { items, allInvalid: entries.length > 0 && items.length === 0 };
}
