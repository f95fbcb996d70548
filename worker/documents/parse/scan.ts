/**
 * Helpers for scanning untrusted markup in time linear in its length. The parsers move forward
 * only; searches they repeat (the next ">", the next closing tag) are remembered so that an input
 * full of unclosed constructs does not make each one search to the end of the file again, which is
 * what made the old lazy regexes quadratic.
 */

/**
 * A search for the first occurrence at or after `from`, remembered: while the scan has not passed
 * the answer it stays right, and "none" stays right for good. So however many calls, the text is
 * read about once.
 */
export function forwardSearch(find: (from: number) => number): (from: number) => number {
  let searchedFrom = Number.POSITIVE_INFINITY;
  let found = -1;
  return (from) => {
    if (from >= searchedFrom && (found === -1 || found >= from)) return found;
    searchedFrom = from;
    found = find(from);
    return found;
  };
}

/** A regex word character ([A-Za-z0-9_]): what `\b` after a tag name tests against. */
function isWordChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/** Whether `open` (e.g. "<w:p") starts at `at` as a whole name: "<w:p>" or "<w:p " but not "<w:pPr". */
export function startsTag(text: string, at: number, open: string): boolean {
  return text.startsWith(open, at) && !isWordChar(text.charCodeAt(at + open.length));
}

/** Where `open` next starts as a whole name at or after `from`, else -1. */
export function findTag(text: string, open: string, from: number): number {
  for (let at = text.indexOf(open, from); at >= 0; at = text.indexOf(open, at + 1)) {
    if (!isWordChar(text.charCodeAt(at + open.length))) return at;
  }
  return -1;
}
