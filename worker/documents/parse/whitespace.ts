/**
 * The same result as normalizeWhitespace (./types) — unified newlines, no spaces before a newline,
 * at most one blank line in a row, trimmed — in time linear in the input. normalizeWhitespace's
 * `/[ \t\f\v\u00a0]+\n/g` backtracks over every position of a long run of spaces that is not
 * followed by a newline, which is quadratic: 80,000 spaces take seconds, a few MB hours.
 */
export function tidyWhitespace(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let end = line.length;
    while (end > 0) {
      const c = line.charCodeAt(end - 1);
      // space, \t, \v, \f, no-break space: the class normalizeWhitespace strips before a newline
      if (c !== 0x20 && c !== 0x09 && c !== 0x0b && c !== 0x0c && c !== 0xa0) break;
      end--;
    }
    if (end !== line.length) lines[i] = line.slice(0, end);
  }
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
