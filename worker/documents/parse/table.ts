/**
 * Spreadsheet rows as text a planner's question can match: the first non-empty row is the header,
 * and every later row reads "Shelter: Lincoln High, Capacity: 450" — a passage cut from the middle
 * of a long sheet still says what each value is. Empty cells are left out; a header cell that is
 * empty falls back to the column letter.
 */
export function rowsWithHeaders(rows: string[][]): string {
  const clean = rows.map((r) => r.map((cell) => cell.replace(/\s+/g, " ").trim())).filter((r) => r.some((c) => c !== ""));
  const [header, ...body] = clean;
  if (!header) return "";
  if (body.length === 0) return header.filter(Boolean).join(" | ");
  const names = header.map((name, i) => name || columnLetter(i));
  const lines = [header.filter(Boolean).join(" | ")];
  for (const row of body) {
    const pairs = row.flatMap((cell, i) => (cell ? [`${names[i] ?? columnLetter(i)}: ${cell}`] : []));
    if (pairs.length) lines.push(pairs.join(", "));
  }
  return lines.join("\n");
}

/** 0 → A, 25 → Z, 26 → AA (spreadsheet column names). */
export function columnLetter(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
