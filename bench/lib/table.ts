/** Prints an aligned plain-text table: numbers right-aligned, text left-aligned. */
export function printTable(title: string, headers: string[], rows: (string | number)[][]) {
  const cells = rows.map((row) => row.map((cell) => String(cell)));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? "").length)));
  const numeric = headers.map(
    (_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === "number" || /^[\d.,x%—-]+( [a-zA-Z]+)?$/.test(String(row[i]))),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric[i] && i > 0 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells) console.log(line(row));
}

export function ms(value: number) {
  return Number.isFinite(value) ? value.toFixed(2) : "—";
}

export function kib(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** `value ÷ baseline` as "1.23x", or "—" when either is missing or the baseline is 0. */
export function ratio(value: number, baseline: number) {
  return Number.isFinite(value) && Number.isFinite(baseline) && baseline > 0 ? `${(value / baseline).toFixed(2)}x` : "—";
}
