/** Citation markers in an answer, for the browser (links) and for briefs composed on the server (their source lists). */

export type CitedPart<C> = { kind: "text"; text: string } | { kind: "cite"; n: number; citation: C | null };

/**
 * Splits an answer into text and citation markers. "[1]", "[2, 3]" and "[1][2]" become markers;
 * numbers with no matching citation stay plain text, so "[2024]" in a quote is not a source.
 */
export function answerParts<C extends { n: number }>(text: string, citations: readonly C[] = []): CitedPart<C>[] {
  const byN = new Map(citations.map((c) => [c.n, c]));
  const parts: CitedPart<C>[] = [];
  const pushText = (t: string) => {
    if (!t) return;
    const last = parts[parts.length - 1];
    if (last?.kind === "text") last.text += t;
    else parts.push({ kind: "text", text: t });
  };
  const re = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const numbers = m[1]!.split(",").map((s) => Number(s.trim()));
    if (!numbers.every((n) => byN.has(n))) continue;
    pushText(text.slice(last, m.index));
    for (const n of numbers) parts.push({ kind: "cite", n, citation: byN.get(n) ?? null });
    last = m.index + m[0].length;
  }
  pushText(text.slice(last));
  return parts;
}
