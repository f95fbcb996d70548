/** Trimmed, non-empty values, each once whatever its case, in first-seen order (lists of names people typed). */
export function uniqueText(values: readonly (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of values) {
    const v = (raw ?? "").trim();
    if (v && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  }
  return [...seen.values()];
}
