/** RFC 4180 reader, independent of the writer under test. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else if (ch === "\r" || ch === "\n" || ch === '"') {
      throw new Error(`bare ${JSON.stringify(ch)} outside quotes at ${i}: not RFC 4180`);
    } else field += ch;
  }
  if (field || row.length) throw new Error("CSV does not end with CRLF");
  return rows;
}
