import type { z } from "zod";
import { SourceError, SUMMARY_MAX } from "./types";

/** Plain, single-spaced text of at most `max` characters: providers send HTML fragments, CAP line breaks and very long bodies. */
export function plain(text: string | null | undefined, max = SUMMARY_MAX): string {
  const flat = withoutTags(text ?? "")
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

/**
 * Each "<…>" replaced by a space, as /<[^>]*>/g did, in one pass: the pattern looked for a ">"
 * from every "<", quadratic on a body of "<" without one. (No ">" after a "<" means none after
 * any later "<" either, so the rest is text.)
 */
export function withoutTags(text: string): string {
  let out = "";
  let at = 0;
  for (let lt = text.indexOf("<"); lt !== -1; lt = text.indexOf("<", at)) {
    const gt = text.indexOf(">", lt + 1);
    if (gt === -1) break;
    out += `${text.slice(at, lt)} `;
    at = gt + 1;
  }
  return out + text.slice(at);
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
 * The valid entries of a provider's list; the rest are dropped, since one odd item must not cost
 * the user every other one. No list at all, or a list whose every entry is invalid, is the
 * provider changing its shape: an error for that source (`message`).
 */
export function parseFeed<T>(list: unknown[] | null | undefined, entry: (value: unknown) => T | null, message: string): T[] {
  if (!Array.isArray(list)) throw new SourceError("malformed", message);
  const items = list.map(entry).filter((item): item is T => item !== null);
  if (list.length > 0 && items.length === 0) throw new SourceError("malformed", message);
  return items;
}

/** An entry parser from a zod schema: the parsed value (mapped), or null when it does not fit. */
export function entryOf<S extends z.ZodType, T = z.infer<S>>(schema: S, map?: (value: z.infer<S>) => T | null): (value: unknown) => T | null {
  return (value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return null;
    return map ? map(parsed.data) : (parsed.data as T);
  };
}
