/**
 * Who an inject comes from, as players see it (issue 30): the simulated originator, never the
 * controllers' machinery. MSELs write the sender as the SimCell that plays it — "SimCell", "SimCell
 * (National Weather Service)", "SimCell as County PIO", "NWS (via SimCell)" — and players should read
 * "National Weather Service", "County PIO", "NWS", or nothing when only the SimCell is named.
 */

const SIMCELL = /\bsim(?:ulation)?[ -]?cell\b/i;
const SIMCELL_ALL = new RegExp(SIMCELL.source, "gi");
/** Words that tie the SimCell to who it plays ("SimCell as NWS", "NWS via SimCell"), at either end once it is taken out. */
const LINKING_START = /^(?:as|playing|via|for|from|on behalf of)\b/i;
const LINKING_END = /\b(?:as|playing|via|for|from|on behalf of)$/i;
/** Separators left at either end once the SimCell is taken out. */
const SEPARATORS = new Set([" ", ":", ";", ",", "/", "|", "–", "—", "-"]);

/** Drops separators at both ends (a scan: a regular expression anchored at the end would backtrack). */
function trimSeparators(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && SEPARATORS.has(s[start]!)) start += 1;
  while (end > start && SEPARATORS.has(s[end - 1]!)) end -= 1;
  return s.slice(start, end);
}

function withoutSimCell(text: string): string {
  const s = trimSeparators(text.replace(SIMCELL_ALL, " ").replace(/\s+/g, " "));
  return trimSeparators(s.replace(LINKING_START, "").replace(LINKING_END, "").trim());
}

/** The sender players see: the MSEL's "from" without the SimCell; null when nobody else is named. */
export function simulatedSender(from: string | null): string | null {
  const raw = from?.trim() ?? "";
  if (!raw) return null;
  if (!SIMCELL.test(raw)) return raw;
  // "X (Y)": the side that is not the SimCell is who sends it.
  const open = raw.lastIndexOf("(");
  if (open > 0 && raw.endsWith(")")) {
    const outside = raw.slice(0, open);
    const inside = raw.slice(open + 1, -1);
    const named = SIMCELL.test(outside) ? [inside, outside] : [outside, inside];
    return named.map(withoutSimCell).find(Boolean) ?? null;
  }
  return withoutSimCell(raw) || null;
}
